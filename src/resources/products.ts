/**
 * `client.products`: the products of your catalog, with their SKUs.
 *
 * @module
 */
import { isoDateTime, object, oneOf } from '../core/inputs.js';
import { operation, operations, type RequestOptions } from '../core/call.js';
import { walks, type APIPromise, type PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import { catalogProductSchema, productListSchema, type CatalogProduct, type ProductList } from '../schemas/product.js';
import { pageListRules, type PageListParams } from './inputs/lists.js';
import type { SubClientGuide } from './guide.js';

/**
 * Products: your catalog, which order items and rewards refer to.
 * @category Products
 */
export class Products extends APIResource {
  /**
   * Lists products, oldest first unless `order` says otherwise (unlike the other lists), with
   * their SKUs. A page-numbered list (pages 1 to 100) with `total`.
   *
   * `GET /v1/products`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @throws {InvalidRequestError} `limit` or `page` outside 1–100, an `order` other than by
   *   creation or update time, a date that is not an ISO 8601 date-time; nothing is sent.
   * @throws {PaginationLimitError} While iterating, when products remain past page 100.
   *
   * @example
   * ```ts
   * // GET /v1/products
   * for await (const product of client.products.list({ limit: 100 })) {
   *   console.log(product.id, product.source_id, product.name, product.price);
   * }
   * ```
   */
  list(params: ListProductsParams = {}, options?: RequestOptions): PagePromise<CatalogProduct, ListProductsParams> {
    return this.core.list(productOperations['products.list'], {}, params, options);
  }

  /**
   * Reads a product, with its SKUs.
   *
   * `GET /v1/products/{productId}`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @param productId The service's product ID (`prod_…`) or your own source ID of the product.
   * @throws {NotFoundError} No such product (404).
   *
   * @example
   * ```ts
   * // GET /v1/products/{productId}
   * const product = await client.products.get('flat-white');
   * console.log(product.name, product.price, product.skus?.total);
   * ```
   */
  get(productId: string, options?: RequestOptions): APIPromise<CatalogProduct> {
    return this.core.request(productOperations['products.get'], { productId }, {}, options);
  }
}

/** The operations of {@link Products}, as the registry lists them (resources/registry.ts). */
export const productOperations = operations({
  'products.list': operation<ProductList, ListProductsParams>({
    method: 'GET',
    path: '/v1/products',
    schema: productListSchema,
    relies: ['products.*.id'],
    rules: object<ListProductsParams>({
      ...pageListRules,
      // The published spec offers the vouchers' orders here too (its defect D17); only these sort products.
      order: oneOf(['created_at', '-created_at', 'updated_at', '-updated_at']),
      start_date: isoDateTime({ time: 'required' }),
      end_date: isoDateTime({ time: 'required' }),
    }),
    paging: walks.pageNumber,
    records: 'products',
  }),
  'products.get': operation<CatalogProduct>({ method: 'GET', path: '/v1/products/{productId}', schema: catalogProductSchema, relies: ['id'] }),
});

/**
 * Where `client.products` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const productGuide: SubClientGuide<keyof typeof productOperations> = {
  category: 'Products',
  tasks: {
    'products.list': 'list the products of your catalog',
    'products.get': 'read a product, with its SKUs',
  },
};

/**
 * Params of {@link Products.list}: order, a window of time, page size and page number (1 to 100).
 * Sent in the query string.
 * @category Products
 */
export interface ListProductsParams extends PageListParams {
  /** Sort order; by default oldest first. */
  order?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | undefined;
  /** Products from this moment on: an ISO 8601 date-time or a `Date`. */
  start_date?: string | Date | undefined;
  /** Products up to this moment: an ISO 8601 date-time or a `Date`. */
  end_date?: string | Date | undefined;
}
