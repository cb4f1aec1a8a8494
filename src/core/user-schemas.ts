/**
 * The rule of the client options `metadataSchemas` and `eventSchemas`, and where each
 * operation's params hold metadata of which kind ({@link MetadataPlaces}). Running the schemas is
 * the work of user-schema-check.ts, loaded on first use by a client that has them.
 *
 * @module
 */
import { isRecord } from './is-record.js';
import type { MetadataKind, StandardSchemaV1 } from './metadata-types.js';
import type { OptionRule } from './option-check.js';

/**
 * The rule of `metadataSchemas` and `eventSchemas`: an object whose values are Standard Schemas
 * (or `undefined`, left out), copied without a prototype, so an event named `constructor` finds
 * no schema it was not given. The server `Client` holds `metadataSchemas` to
 * `metadataSchemasRule()` too; in the browser entry its list of kinds would cost every
 * storefront its bytes (and an event carries only a customer's metadata).
 */
export const schemasRule: OptionRule = [
  (v) => isRecord(v) && Object.values(v).every((schema) => schema === undefined || typeof (schema as Partial<StandardSchemaV1> | null)?.['~standard']?.validate === 'function'),
  'an object of Standard Schemas (with ~standard.validate)',
  (v) => (isRecord(v) ? Object.assign(Object.create(null), v) : v),
];

/** The kinds `metadataSchemas` may name. */
const kinds: readonly MetadataKind[] = ['voucher', 'customer', 'order', 'orderItem', 'product', 'promotionTier', 'publication', 'redemption', 'reward'];

/**
 * Rule of the server `Client`'s `metadataSchemas`: {@link schemasRule}, keyed by the kinds of
 * record. A function, so that a bundle without the server `Client` carries none of it.
 */
export function metadataSchemasRule(): OptionRule {
  return [
    (v) => schemasRule[0](v) === true && Object.keys(v as object).every((name) => kinds.includes(name as MetadataKind)),
    `an object of Standard Schemas (with ~standard.validate), keyed by kinds of record: ${kinds.join(', ')}`,
    schemasRule[2],
  ];
}

/** A client's `metadataSchemas` and `eventSchemas`, as checked and copied by {@link schemasRule}. */
export interface SchemaOptions {
  readonly metadataSchemas?: Readonly<Partial<Record<MetadataKind, StandardSchemaV1 | undefined>>> | undefined;
  readonly eventSchemas?: Readonly<Record<string, StandardSchemaV1 | undefined>> | undefined;
}

/**
 * Where a value holds metadata: at a field, the kind of the metadata it holds, or the places in
 * the object it holds; for the elements of an array, their places as the array's one element.
 * `MetadataPlaces<OrderInput>` names only fields of `OrderInput`.
 */
export type MetadataPlaces<T = Record<string, unknown>> = {
  readonly [K in Fields<T>]?: MetadataKind | PlacesIn<NonNullable<FieldType<T, K>>>;
};

/** The places inside a field's value: in its object, or in each element of its array. */
type PlacesIn<F> = F extends ReadonlyArray<infer E> ? readonly [MetadataPlaces<NonNullable<E>>] : MetadataPlaces<F>;

/** The field names of `T`, of every member when `T` is a union. */
type Fields<T> = T extends unknown ? keyof T : never;

/** The type of field `K` of `T`, across the members of a union that have it. */
type FieldType<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
