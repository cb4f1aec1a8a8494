/**
 * The project's metadata schemas, as the service holds them (`client.metadataSchemas`): for each
 * kind of record (and each custom nested schema), the definition of every metadata key.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, nullishStrings, openEnum, type ShapeOf } from './base.js';

/**
 * The type of a metadata key: `string`, `number`, `boolean`, `date` (`YYYY-MM-DD`), `datetime`
 * (ISO 8601), `image_url`, `geopoint`, or `object` (a nested schema, named by `objectType`).
 * Open: any other string the service starts sending is accepted.
 * @category Typed metadata
 */
export type MetadataPropertyType = 'string' | 'number' | 'boolean' | 'date' | 'datetime' | 'object' | 'geopoint' | 'image_url' | (string & {});

/**
 * The definition of one metadata key: its type, whether it is an array and whether a record may
 * be created without it, and the values it may take.
 * @category Typed metadata
 */
export interface MetadataPropertyDefinition {
  /** The key's type. */
  type?: MetadataPropertyType | null;
  /** True: the value is an array, each element of `type` and within the rules. */
  array?: boolean | null;
  /** False: a record of this kind must be created with the key. */
  optional?: boolean | null;
  /** For `type: object`: the name (`related_object`) of the nested schema. */
  objectType?: string | null;
  /** The only values allowed. */
  eq?: unknown[] | null;
  /** Values not allowed. */
  ne?: unknown[] | null;
  /** A `number` must be below this. */
  lt?: number | null;
  /** A `number` must be at most this. */
  lte?: number | null;
  /** A `number` must be above this. */
  gt?: number | null;
  /** A `number` must be at least this. */
  gte?: number | null;
  /** A `string` must be at least this long. */
  minLength?: number | null;
  /** A `string` must be at most this long. */
  maxLength?: number | null;
  /** A `string` must be exactly this long. */
  exactLength?: number | null;
  /** True: the definition was removed (it still counts toward the service's limit of definitions). */
  deleted?: boolean | null;
}

/**
 * The metadata schema of one kind of record (`related_object`: `customer`, `order`,
 * `order_item`, …) or of a custom nested schema (its own name): every key it defines.
 * `related_object` and `properties` are always there.
 * @category Typed metadata
 */
export interface MetadataSchema {
  /** `ms_…` */
  id?: string | null;
  /** The kind of record (`customer`, `order_item`, …), or the name of a custom nested schema. */
  related_object: string;
  /** Each defined key's definition, by key (a null one is read as a key of any value). */
  properties: Record<string, MetadataPropertyDefinition | null>;
  /** True: keys the schema does not define are refused. */
  allow_defined_only?: boolean | null;
  /** ISO 8601 date-time. */
  created_at?: string | null;
  /** ISO 8601 date-time; null until the first change. */
  updated_at?: string | null;
  /** Always `metadata_schema`. */
  object?: string | null;
}

/**
 * Every metadata schema of the project (`client.metadataSchemas.list()`), under `schemas`, with
 * `total`. Not paged.
 * @category Typed metadata
 */
export interface MetadataSchemaList extends ListEnvelope {
  /** The schemas. */
  schemas?: MetadataSchema[] | null;
}

const n = () => z.nullish(z.number());

const definitionSchema: () => z.ZodMiniType<MetadataPropertyDefinition> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: z.nullish(openEnum()),
    array: z.nullish(z.boolean()),
    optional: z.nullish(z.boolean()),
    objectType: z.nullish(z.string()),
    eq: z.nullish(z.array(z.unknown())),
    ne: z.nullish(z.array(z.unknown())),
    lt: n(),
    lte: n(),
    gt: n(),
    gte: n(),
    minLength: n(),
    maxLength: n(),
    exactLength: n(),
    deleted: z.nullish(z.boolean()),
  } satisfies ShapeOf<MetadataPropertyDefinition>),
);

/** Schema of {@link MetadataSchema}. */
export const metadataSchemaSchema: () => z.ZodMiniType<MetadataSchema> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    related_object: z.string(),
    properties: z.record(z.string(), z.nullable(definitionSchema())),
    allow_defined_only: z.nullish(z.boolean()),
    ...nullishStrings('created_at', 'updated_at', 'object'),
  } satisfies ShapeOf<MetadataSchema>),
);

/**
 * Schema of {@link MetadataSchemaList}: the schemas under `schemas`. The published spec requires
 * `data` and names no such array (its defect D15); the service sends `schemas`, as `data_ref` says.
 */
export const metadataSchemaListSchema: () => z.ZodMiniType<MetadataSchemaList> = /* @__PURE__ */ lazy(() => listOf(metadataSchemaSchema(), 'schemas'));
