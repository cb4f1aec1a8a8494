/**
 * Building blocks of the response schemas. Every schema is tolerant by construction: unknown keys
 * are kept (`looseObject`), enums are open (any string accepted), and every field is `nullish`
 * except the few promokit relies on (the tolerance policy: the `relies` of each operation's record,
 * resources/registry.ts).
 *
 * The types of the responses are the hand-written interfaces next to each schema; the schemas are
 * checked against them twice over:
 *
 * - `export const xSchema: () => z.ZodMiniType<X> = ...` makes the compiler reject a schema whose
 *   output does not fit the interface (a nullish field the interface requires, a wrong type);
 * - `z.looseObject({ ... } satisfies ShapeOf<X>)` makes it reject a shape that lists other fields
 *   than the interface (a missing or misspelt field) or makes a field required that the interface
 *   marks optional.
 *
 * Neither check exists at run time.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata, MetadataKind, MetadataTypes } from '../core/metadata.js';
import type { ListEnvelope } from '../core/pagination.js';

/**
 * Defers building a schema until its first use and then keeps it, so importing the SDK builds no
 * schema at all (fast cold starts) and each schema is built once.
 *
 * It has no side effect, and every module-level call carries a pure annotation, so bundlers drop the
 * schemas an application never uses.
 */
export function lazy<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}

/**
 * A string enum that stays open: any string is accepted, in every validation mode, so a value the
 * service starts sending later never fails a response. The known values are listed by the type
 * of the field in the interface (e.g. `VoucherType`), which is what the editor offers.
 */
export function openEnum(): z.ZodMiniType<string> {
  return z.string();
}

/**
 * Fields that are each an optional, nullable string, named once: the commonest field of the
 * service's records (IDs, names, dates). `{ ...nullishStrings('id', 'name'), price: … }` is the
 * shape `{ id: z.nullish(z.string()), name: z.nullish(z.string()), price: … }`, and `ShapeOf`
 * checks its keys against the interface like any other field.
 */
export function nullishStrings<const K extends string>(...names: K[]): { [P in K]: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString>> } {
  const shape = {} as { [P in K]: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString>> };
  for (const name of names) shape[name] = z.nullish(z.string());
  return shape;
}

/**
 * The free-form key/value pairs (`metadata`) of a record of `kind`: any object, as received. Its
 * type is the user's declaration of the kind ({@link MetadataTypes}), which the service's answers
 * are not checked against here; the schema carries its kind as `metadataKind`, which is how a
 * client's `metadataSchemas` find the metadata of each kind in a response (metadata.ts).
 */
export function metadata<K extends MetadataKind>(kind: K): z.ZodMiniType<Metadata<K>> {
  return Object.assign(z.record(z.string(), z.unknown()), { metadataKind: kind }) as z.ZodMiniType<unknown> as z.ZodMiniType<Metadata<K>>;
}

/** The metadata of a SKU: free-form key/value pairs, of no kind users declare. */
export const skuMetadata = (): z.ZodMiniType<Record<string, unknown>> => z.record(z.string(), z.unknown());

/** The known (not index-signature) keys of `T`. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: unknown };

/** `T` without null and undefined, and the element type when `T` is an array. */
type Unwrap<T> = NonNullable<T> extends ReadonlyArray<infer E> ? NonNullable<E> : NonNullable<T>;

/**
 * What a `looseObject` shape of the interface `T` must satisfy: one schema for each field of `T`
 * (none missing, none extra), whose output fits the field's type, and which is optional exactly
 * when the field is. `T` may be a nullish or array field type (`ShapeOf<Voucher['assets']>`); its
 * object type is used.
 *
 * Nullability is not compared: a field typed `T | null` must still be written `z.nullish(...)`.
 */
export type ShapeOf<T, U = Unwrap<T>> = {
  [K in KnownKeys<U>]-?: K extends keyof U ? z.ZodMiniType<U[K]> & ({} extends Pick<U, K> ? { _zod: { optout: 'optional' } } : unknown) : never;
};

/**
 * The list envelope of a list response, holding its records under `key` (`data` unless the
 * service names another attribute in `data_ref`). Its type is given by the caller's annotation,
 * e.g. `() => z.ZodMiniType<RewardAssignmentList>`, which the output is checked against.
 *
 * Every envelope field may be absent or null: lists differ in which ones they carry (`total` only
 * on some, `has_more` missing on others), and absent or null records are an empty page. Lists
 * paged by cursor need `has_more`: see {@link cursorListOf}.
 */
export function listOf<T, K extends string = 'data'>(record: z.ZodMiniType<T>, key: K = 'data' as K) {
  const records = { [key]: z.nullish(z.array(record)) } as { [P in K]: z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniArray<z.ZodMiniType<T>>>> };
  // Its envelope's fields typed by ListEnvelope (`satisfies`; with the records under a generic key,
  // a field ListEnvelope lacks is not flagged).
  return z.looseObject({
    object: z.nullish(z.string()),
    data_ref: z.nullish(z.string()),
    ...records,
    total: z.nullish(z.number()),
    has_more: z.nullish(z.boolean()),
    more_starting_after: z.nullish(z.string()),
  } satisfies ShapeOf<ListEnvelope>);
}

/**
 * The list envelope of a list paged by cursor: {@link listOf} with `has_more` required, since
 * the cursor stops at the first page that does not say `has_more: true`.
 */
export function cursorListOf<T, K extends string = 'data'>(record: z.ZodMiniType<T>, key: K = 'data' as K) {
  return z.extend(listOf(record, key), { has_more: z.boolean() });
}

/**
 * The schema of an answer without a body (a DELETE's 204, which resolves before any check): a
 * body that comes all the same is not read.
 */
export const noContentSchema = /* @__PURE__ */ lazy(() => z.unknown() as z.ZodMiniType<void>);
