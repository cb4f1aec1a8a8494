/**
 * `client.products`: the products of your catalog, with their SKUs: listed, read, created or
 * updated by your own ID, changed, and given SKUs.
 *
 * @module
 */
import { array, closed, identity, integer, upsertKey, isoDateTime, object, oneOf, required, text, type Rules } from '../core/inputs.js';
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Effect, type Relies, type RequestOptions } from '../core/call.js';
import type { Metadata } from '../core/metadata.js';
import { walks, type APIPromise, type PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { CatalogProduct, CatalogSku, ProductList } from '../schemas/product.js';
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

  /**
   * Creates a product, or updates the one your `source_id` (or its `id`) names: the service
   * upserts on either, answering 200 with the product either way.
   *
   * `POST /v1/products`. With `source_id` or `id`, an upsert: sending it twice leaves one product
   * with these fields, so it is retried like a PUT (network errors, timeouts, 408, 429 and 5xx).
   * Without either, each call makes a new product: sent once, never again after it may have
   * reached the service (a timeout, a 5xx: `outcome: 'unknown'`), and `client.reconcile` cannot
   * look for it (no operation finds a product by its name). Send your own `source_id`.
   *
   * @throws {InvalidRequestError} A blank `id` or `source_id`, a `price` that is not an integer,
   *   `attributes` that are not names, `metadata` that is not an object; nothing is sent.
   *
   * @example
   * ```ts
   * // POST /v1/products
   * const product = await client.products.create({ source_id: 'flat-white', name: 'Flat white', price: 380, attributes: ['size', 'milk'] });
   * console.log(product.id); // prod_…, the same on every call with this source_id
   * ```
   */
  create(params: CreateProductParams, options?: RequestOptions): APIPromise<CatalogProduct> {
    return this.core.request(productOperations['products.create'], {}, params, options);
  }

  /**
   * Changes a product: only the fields sent change, the others stay as they are.
   *
   * `PUT /v1/products/{productId}`. An idempotent write: retried on network errors, timeouts,
   * 408, 429 and 5xx.
   *
   * @param productId The service's product ID (`prod_…`) or your own source ID of the product.
   * @throws {InvalidRequestError} `id` or `source_id` among the fields (the product is named by
   *   `productId`, and its keys do not change), a `price` that is not an integer; nothing is sent.
   * @throws {NotFoundError} No such product (404), though the service's reference declares none.
   *
   * @example
   * ```ts
   * // PUT /v1/products/{productId}
   * const product = await client.products.update('flat-white', { price: 420 });
   * console.log(product.price);
   * ```
   */
  update(productId: string, params: UpdateProductParams, options?: RequestOptions): APIPromise<CatalogProduct> {
    return this.core.request(productOperations['products.update'], { productId }, params, options);
  }

  /**
   * Adds a SKU (a variant) to a product, or updates the SKU your `source_id` (or its `id`) names:
   * the service upserts on either, in all of the project's SKUs.
   *
   * `POST /v1/products/{productId}/skus`. With `source_id` or `id`, an upsert: retried like a PUT
   * (network errors, timeouts, 408, 429 and 5xx), and readable afterwards with
   * `client.skus.get(source_id)`. Without either, each call makes a new SKU: sent once, never
   * again after it may have reached the service, and `client.reconcile` cannot look for it.
   *
   * @param productId The parent product's ID (`prod_…`) or your own source ID of it.
   * @throws {InvalidRequestError} A blank `id` or `source_id`, a `price` that is not an integer,
   *   `attributes` or `metadata` that are not objects; nothing is sent.
   * @throws {NotFoundError} No such product (404), though the service's reference declares none.
   *
   * @example
   * ```ts
   * // POST /v1/products/{productId}/skus
   * const sku = await client.products.createSku('flat-white', { source_id: 'flat-white-large-oat', sku: 'Large, oat milk', price: 450, currency: 'EUR', attributes: { size: 'large', milk: 'oat' } });
   * console.log(sku.id, sku.product_id);
   * ```
   */
  createSku(productId: string, params: CreateSkuParams, options?: RequestOptions): APIPromise<CatalogSku> {
    return this.core.request(productOperations['products.createSku'], { productId }, params, options);
  }
}

/** An upsert by `source_id` (or `id`): sent twice, the same record. Without either, a new record each call. */
const upsertOrCreate = (params: unknown): Effect => (upsertKey(params) ? 'idempotent-write' : 'create');

const productFieldRules: Rules<UpdateProductParams> = {
  name: text(1),
  price: integer(),
  attributes: array(1_000, text(1)),
  metadata: object(),
  image_url: text(1),
};

const skuFieldRules: Rules<CreateSkuParams> = {
  id: identity(),
  source_id: identity(),
  sku: text(1),
  price: integer(),
  currency: text(1),
  attributes: object(),
  image_url: text(1),
  metadata: object(),
};

/** The operations of {@link Products}, as the registry lists them (resources/registry.ts). */
export const productOperations = operations(loadManagementResponses, {
  'products.list': operation<ProductList, ListProductsParams>({
    method: 'GET',
    path: '/v1/products',
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
  'products.get': operation<CatalogProduct>({ method: 'GET', path: '/v1/products/{productId}' }),
  'products.create': operation<CatalogProduct, CreateProductParams>({
    method: 'POST',
    path: '/v1/products',
    effect: upsertOrCreate,
    trace: 'no-product-lookup',
    rules: required(object<CreateProductParams>({ ...productFieldRules, id: identity(), source_id: identity() })),
    metadataPlaces: { metadata: 'product' },
  }),
  'products.update': operation<CatalogProduct, UpdateProductParams>({
    method: 'PUT',
    path: '/v1/products/{productId}',
    rules: required(
      closed<UpdateProductParams>(productFieldRules, 'the product is named by productId, and only name, price, attributes, metadata and image_url change'),
    ),
    metadataPlaces: { metadata: 'product' },
  }),
  'products.createSku': operation<CatalogSku, CreateSkuParams>({
    method: 'POST',
    path: '/v1/products/{productId}/skus',
    effect: upsertOrCreate,
    trace: 'no-product-lookup',
    rules: required(object<CreateSkuParams>(skuFieldRules)),
  }),
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
    'products.create': 'create a product, or update it by your own ID',
    'products.update': "change a product's name, price or metadata",
    'products.createSku': 'add a SKU to a product, or update it by your own ID',
  },
};

/**
 * The response fields each operation of `client.products` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const productRelies: Relies<keyof typeof productOperations> = {
  'products.list': ['products.*.id'],
  'products.get': ['id'],
  'products.create': ['id'],
  'products.update': ['id'],
  'products.createSku': ['id'],
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

/**
 * What a product holds, each optional: the fields {@link Products.update} changes and
 * {@link Products.create} sets.
 * @category Products
 */
export interface UpdateProductParams {
  /** The product's name. */
  name?: string | undefined;
  /** Unit price, an integer in the smallest currency unit (`380` is 3.80). */
  price?: number | undefined;
  /** The names of the attributes its SKUs vary by, e.g. `['size', 'milk']`. */
  attributes?: string[] | undefined;
  /** Custom key/value pairs, checked against the client's `metadataSchemas.product` when it has one. */
  metadata?: Metadata<'product'> | undefined;
  /** An HTTPS URL of a .png or .jpg image. */
  image_url?: string | undefined;
}

/**
 * Params of {@link Products.create}: the product's fields, and the key that makes it an upsert.
 * @category Products
 */
export interface CreateProductParams extends UpdateProductParams {
  /**
   * Your own ID of the product: the service creates it, or updates the product it already names.
   * Send one: with it the create is safe to send again.
   */
  source_id?: string | undefined;
  /** The service's ID (`prod_…`) of a product to update; the service assigns it to a new one. */
  id?: string | undefined;
}

/**
 * Params of {@link Products.createSku}: the SKU's fields, and the key that makes it an upsert.
 * @category Products
 */
export interface CreateSkuParams {
  /** Your own ID of the SKU: the service creates it, or updates the SKU it already names (across the project's SKUs). */
  source_id?: string | undefined;
  /** The service's ID (`sku_…`) of a SKU to update. */
  id?: string | undefined;
  /** The SKU's name, e.g. `Large, oat milk`. */
  sku?: string | undefined;
  /** Unit price, an integer in the smallest currency unit. */
  price?: number | undefined;
  /** ISO 4217 currency code of `price`, e.g. `EUR`. */
  currency?: string | undefined;
  /** Values of the product's attributes for this SKU, by attribute name, e.g. `{ size: 'large' }`. */
  attributes?: Record<string, unknown> | undefined;
  /** An HTTPS URL of a .png or .jpg image. */
  image_url?: string | undefined;
  /** Custom key/value pairs. */
  metadata?: Record<string, unknown> | undefined;
}
