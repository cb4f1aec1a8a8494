/**
 * `client.skus`: the SKUs of your catalog, each read alone by its ID or your own ID of it.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { CatalogSku } from '../schemas/product.js';
import type { SubClientGuide } from './guide.js';

/**
 * SKUs: the variants of your products, read without naming their product.
 * @category Products
 */
export class Skus extends APIResource {
  /**
   * Reads a SKU by its ID or your own source ID of it, without naming its product (its
   * `product_id` says which). After `client.products.createSku` with a `source_id` whose answer
   * was lost, this reads what it made.
   *
   * `GET /v1/skus/{skuId}`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   * The service's reference lists it under its own OAuth scope, `skus`: a token scoped for
   * products alone may be refused (403).
   *
   * @param skuId The service's SKU ID (`sku_…`) or your own source ID of the SKU.
   * @throws {InvalidRequestError} An empty `skuId`, or a dot segment (`.`, `..`); nothing is sent.
   * @throws {NotFoundError} No such SKU (404).
   *
   * @example
   * ```ts
   * // GET /v1/skus/{skuId}
   * const sku = await client.skus.get('flat-white-large-oat');
   * console.log(sku.id, sku.product_id, sku.price, sku.currency);
   * ```
   */
  get(skuId: string, options?: RequestOptions): APIPromise<CatalogSku> {
    return this.core.request(skuOperations['skus.get'], { skuId }, {}, options);
  }
}

/** The operations of {@link Skus}, as the registry lists them (resources/registry.ts). */
export const skuOperations = operations(loadManagementResponses, {
  'skus.get': operation<CatalogSku>({ method: 'GET', path: '/v1/skus/{skuId}' }),
});

/**
 * Where `client.skus` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const skuGuide: SubClientGuide<keyof typeof skuOperations> = {
  category: 'Products',
  tasks: {
    'skus.get': 'read a SKU by its ID or your own ID, without its product',
  },
};

/**
 * The response fields each operation of `client.skus` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const skuRelies: Relies<keyof typeof skuOperations> = {
  'skus.get': ['id'],
};
