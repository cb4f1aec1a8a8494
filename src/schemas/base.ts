/**
 * Building blocks of the response schemas. Every schema is tolerant by construction: unknown keys
 * are kept (`looseObject`), enums are open (known values for the editor, any string accepted),
 * and fields the service may omit or send as null are `nullish`.
 *
 * @module
 */
import * as z from 'zod/mini';

/**
 * Defers building a schema until its first use and then keeps it, so importing the SDK builds no
 * schema at all (fast cold starts) and each schema is built once.
 */
export function lazy<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}

/**
 * A string enum that stays open: the known values are offered by the editor, and any other string
 * the service starts sending is accepted, in every validation mode.
 */
export function openEnum<const V extends readonly string[]>(_known: V): z.ZodMiniType<V[number] | (string & {})> {
  return z.string() as z.ZodMiniType<V[number] | (string & {})>;
}

/** Free-form key/value pairs (`metadata`). */
export const metadata = (): z.ZodMiniType<Record<string, unknown>> => z.record(z.string(), z.unknown());

/** A `{ id, object }` reference to another record. */
export const reference = lazy(() => z.looseObject({ id: z.nullish(z.string()), object: z.nullish(z.string()) }));

/**
 * The list envelope of a list response, holding its records under `key` (`data` unless the
 * service names another attribute in `data_ref`). Every envelope field is optional because lists
 * differ in which ones they carry (`total` only on some, `has_more` missing on others).
 */
export function listOf<T extends z.ZodMiniType, K extends string = 'data'>(record: T, key: K = 'data' as K) {
  const records = { [key]: z.optional(z.array(record)) } as { [P in K]: z.ZodMiniOptional<z.ZodMiniArray<T>> };
  return z.looseObject({
    /** Always `list`. */
    object: z.nullish(z.string()),
    /** Name of the attribute holding the records, usually `data`. */
    data_ref: z.nullish(z.string()),
    ...records,
    /** Number of all records matching the filters; only some lists carry it. */
    total: z.nullish(z.number()),
    /** True when more records exist after this page. */
    has_more: z.nullish(z.boolean()),
    /** Record ID to pass as `starting_after_id` to get the next page (cursor lists). */
    more_starting_after: z.nullish(z.string()),
  });
}
