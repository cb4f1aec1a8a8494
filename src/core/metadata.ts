/**
 * The types a user declares by module augmentation of `promokit` ({@link MetadataTypes}, {@link
 * CustomEventTypes}), what the SDK's params and response types read from them, and the Standard
 * Schema interface of the `metadataSchemas` and `eventSchemas` options. Types only: this module has
 * no code.
 *
 * The rule of the client options `metadataSchemas` and `eventSchemas`, and where each operation's
 * params hold metadata of which kind ({@link MetadataPlaces}). Running the schemas is the work of
 * user-schema-check.ts, loaded on first use by a client that has them.
 *
 * @module
 */
import { isRecord } from './inputs.js';
import type { OptionRule } from './inputs.js';

/**
 * The metadata of your records, by kind. Empty as shipped: declare the kinds your project uses
 * by module augmentation, and every params and response type of that kind types its `metadata`
 * with your type, wherever the record appears (an order inside a validation result or a
 * redemption, the customer inside an event, an item inside an order). Kinds you do not declare
 * stay `Record<string, unknown>`; `metadata` stays optional where it is.
 *
 * The kinds: `voucher`, `customer`, `order`, `orderItem`, `product`, `promotionTier`,
 * `publication`, `redemption` (validations, redemptions and rollbacks) and `reward`.
 *
 * ```ts
 * declare module 'promokit' {
 *   interface MetadataTypes {
 *     order: { channel: 'web' | 'pos'; store_id?: string };
 *     customer: { tier: 'gold' | 'silver' };
 *   }
 * }
 * ```
 *
 * The guide: [Typed metadata and events](../../docs/typed-metadata-and-events.md).
 *
 * @category Typed metadata
 */
export interface MetadataTypes {}

/**
 * Your custom events: each event name with the type of its metadata. Empty as shipped, and then
 * `track` takes any event name with any metadata; declared by module augmentation, `track`
 * takes only these names, each with its own metadata (required when its type has a required key).
 *
 * ```ts
 * declare module 'promokit' {
 *   interface CustomEventTypes {
 *     newsletter_signup: { source: string };
 *     review_written: { stars: 1 | 2 | 3 | 4 | 5 };
 *   }
 * }
 * ```
 *
 * @category Typed metadata
 */
export interface CustomEventTypes {}

/**
 * The metadata key of the marker `client.reconcile` finds the record of a call by: a spend or a
 * create whose record keeps its metadata (`redemptions.redeem`, `loyalties.redeemReward`,
 * `customers.create` without `source_id` or `id`, `vouchers.create`) carries one unless sent with
 * `marker: false`. It is promokit's key, not checked against the client's `metadataSchemas`.
 */
export const MARKER_KEY = 'promokit_marker';

/** `metadata` without promokit's {@link MARKER_KEY}, for the checks of the client's own schemas. */
export function withoutMarker(metadata: Record<string, unknown>): Record<string, unknown> {
  if (!(MARKER_KEY in metadata)) return metadata;
  const { [MARKER_KEY]: _marker, ...rest } = metadata;
  return rest;
}

/**
 * The kinds of record whose metadata {@link MetadataTypes} may type and `metadataSchemas` may check.
 * @category Typed metadata
 */
export type MetadataKind = 'voucher' | 'customer' | 'order' | 'orderItem' | 'product' | 'promotionTier' | 'publication' | 'redemption' | 'reward';

/**
 * The metadata of records of kind `K`: your declared type when {@link MetadataTypes} has `K`,
 * else `Record<string, unknown>`.
 * @category Typed metadata
 */
export type Metadata<K extends MetadataKind> = K extends keyof MetadataTypes ? MetadataTypes[K] : Record<string, unknown>;

/**
 * The event names `track` takes: those of {@link CustomEventTypes} once declared, else any string.
 * @category Typed metadata
 */
export type CustomEventName = [keyof CustomEventTypes] extends [never] ? string : Extract<keyof CustomEventTypes, string>;

/**
 * The metadata of the custom event `E`: its declared type in {@link CustomEventTypes}, else
 * `Record<string, unknown>`.
 * @category Typed metadata
 */
export type CustomEventMetadata<E extends string> = E extends keyof CustomEventTypes ? CustomEventTypes[E] : Record<string, unknown>;

/**
 * The `metadataSchemas` option: one Standard Schema per kind of record, checking the metadata of
 * that kind wherever it is sent (nothing is sent when it fails) and wherever a response carries
 * it (in the client's validation mode). Each schema's output must fit the kind's declared type.
 * @category Typed metadata
 */
export type MetadataSchemas = { readonly [K in MetadataKind]?: StandardSchemaV1<unknown, Metadata<K>> | undefined };

/**
 * The `eventSchemas` option: one Standard Schema per custom event name, checking the metadata
 * `track` sends with that event (nothing is sent when it fails) and the metadata its
 * acknowledgment carries. An event without a schema is sent unchecked.
 * @category Typed metadata
 */
export type EventSchemas = { readonly [E in CustomEventName]?: StandardSchemaV1<unknown, CustomEventMetadata<E>> | undefined };

// The Standard Schema v1 interface, declared here so that promokit's declarations need no other
// package: the same declarations as `@standard-schema/spec` 1.1.0 (MIT License, Copyright (c)
// 2024 Colin McDonnell; https://standardschema.dev), which zod, valibot and arktype implement.

/**
 * A Standard Schema v1 (zod 4, valibot 1, arktype 2 and others): what `metadataSchemas` and
 * `eventSchemas` take. The same interface as `@standard-schema/spec`'s, declared by promokit so
 * that its types depend on no other package.
 * @category Typed metadata
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

/**
 * The parts of {@link StandardSchemaV1}.
 * @category Typed metadata
 */
export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties. */
  interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1;
    /** The vendor name of the schema library. */
    readonly vendor: string;
    /** Validates unknown input values. */
    readonly validate: (value: unknown, options?: Options | undefined) => Result<Output> | Promise<Result<Output>>;
    /** Inferred types associated with the schema. */
    readonly types?: Types<Input, Output> | undefined;
  }
  /** The result of `validate`. */
  type Result<Output> = SuccessResult<Output> | FailureResult;
  /** The result when validation succeeds. */
  interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output;
    /** A falsy value for `issues` indicates success. */
    readonly issues?: undefined;
  }
  /** Options of `validate`. */
  interface Options {
    /** Explicit support for additional vendor-specific parameters, if needed. */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  /** The result when validation fails. */
  interface FailureResult {
    /** The issues of failed validation. */
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One issue of a failed validation. */
  interface Issue {
    /** The error message of the issue. */
    readonly message: string;
    /** The path of the issue, if any. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  /** A segment of an issue's path. */
  interface PathSegment {
    /** The key representing a path segment. */
    readonly key: PropertyKey;
  }
  /** The types the schema infers. */
  interface Types<Input = unknown, Output = Input> {
    /** The input type of the schema. */
    readonly input: Input;
    /** The output type of the schema. */
    readonly output: Output;
  }
}

/**
 * The rule of `metadataSchemas` and `eventSchemas`: an object whose values are Standard Schemas
 * (or `undefined`, left out), copied without a prototype, so an event named `constructor` finds
 * no schema it was not given. The server `Client` holds `metadataSchemas` to
 * `metadataSchemasRule()` too; in the browser entry its list of kinds would cost every
 * storefront its bytes (and an event carries only a customer's metadata).
 */
export const schemasRule: OptionRule = [
  (v) =>
    isRecord(v) &&
    Object.values(v).every((schema) => schema === undefined || typeof (schema as Partial<StandardSchemaV1> | null)?.['~standard']?.validate === 'function'),
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
