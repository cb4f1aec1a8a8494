/**
 * `client.metadataSchemas`: the metadata schemas your project defines on the service, one per
 * kind of record and per custom nested schema. What `promokit metadata-types` and
 * `metadataSchemasFrom()` read.
 *
 * @module
 */
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import type { APIPromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { MetadataSchema, MetadataSchemaList } from '../schemas/metadata-schema.js';
import type { SubClientGuide } from './guide.js';

/**
 * The metadata schemas the service holds for your project (not the client's own run-time
 * schemas, its `metadataSchemas` option, which `metadataSchemasFrom()` builds from these).
 * @category Typed metadata
 */
export class ServiceMetadataSchemas extends APIResource {
  /**
   * Lists every metadata schema of the project: one per kind of record (`customer`, `order`,
   * `order_item`, …) and one per custom nested schema, each with the definition of every key.
   * Not paged: the schemas are under `schemas`, as the service sends them (the published spec
   * says `data`; see its defect D15). Its JSON is what `promokit metadata-types --from` and
   * `metadataSchemasFrom()` read.
   *
   * `GET /v1/metadata-schemas`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @example
   * ```ts
   * // GET /v1/metadata-schemas
   * const { schemas } = await client.metadataSchemas.list();
   * for (const schema of schemas ?? []) console.log(schema.related_object, Object.keys(schema.properties));
   * ```
   */
  list(options?: RequestOptions): APIPromise<MetadataSchemaList> {
    return this.core.request(metadataSchemaOperations['metadataSchemas.list'], {}, {}, options);
  }

  /**
   * Reads the metadata schema of one kind of record, or a custom nested schema by its name.
   *
   * `GET /v1/metadata-schemas/{resource}`. Read-only: retried on network errors, timeouts, 408,
   * 429 and 5xx.
   *
   * @param resource A kind of record (`campaign`, `customer`, `earning_rule`, `loyalty_tier`,
   *   `order`, `order_item`, `product`, `promotion_tier`, `publication`, `redemption`, `reward`,
   *   `voucher`) or the name of a custom schema (sent URL-encoded).
   * @throws {NotFoundError} No schema of that name (404, `resource_type` `metadata schema`).
   *
   * @example
   * ```ts
   * // GET /v1/metadata-schemas/{resource}
   * const schema = await client.metadataSchemas.get('customer');
   * for (const [key, definition] of Object.entries(schema.properties)) console.log(key, definition?.type, definition?.optional);
   * ```
   */
  get(resource: string, options?: RequestOptions): APIPromise<MetadataSchema> {
    return this.core.request(metadataSchemaOperations['metadataSchemas.get'], { resource }, {}, options);
  }
}

/** The operations of {@link ServiceMetadataSchemas}, as the registry lists them (resources/registry.ts). */
export const metadataSchemaOperations = operations(loadManagementResponses, {
  'metadataSchemas.list': operation<MetadataSchemaList>({
    method: 'GET',
    path: '/v1/metadata-schemas',
    records: 'schemas',
  }),
  'metadataSchemas.get': operation<MetadataSchema>({
    method: 'GET',
    path: '/v1/metadata-schemas/{resource}',
  }),
});

/**
 * Where `client.metadataSchemas` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const metadataSchemaGuide: SubClientGuide<keyof typeof metadataSchemaOperations> = {
  category: 'Typed metadata',
  tasks: {
    'metadataSchemas.list': "read your project's metadata schemas (`npx promokit metadata-types` types them)",
    'metadataSchemas.get': 'read one metadata schema',
  },
};

/**
 * The response fields each operation of `client.metadataSchemas` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const metadataSchemaRelies: Relies<keyof typeof metadataSchemaOperations> = {
  'metadataSchemas.list': ['schemas.*.related_object', 'schemas.*.properties'],
  'metadataSchemas.get': ['related_object', 'properties'],
};
