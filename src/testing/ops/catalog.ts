/**
 * The catalog and the project's metadata schemas (CHECKOUT.md §3.14, §3.15; LONG-TAIL.md
 * §3.4–§3.7): products listed oldest first, page by page (1–100), read by ID or source ID with
 * their SKUs, created or updated by `id` or `source_id` (an upsert), changed; SKUs added to a
 * product or updated by `id` or `source_id` (across every product's SKUs), and read alone; every
 * metadata schema listed (under `schemas`, not paged), and one read by its kind or name.
 *
 * @module
 */
import { snapshot } from '../domain.js';
import { badRequest, MockHttpError, notFound, type MockRequest } from '../http.js';
import { intParam, orderParam, timeParam } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { find, iso, put, type MockState, type Rec } from '../store.js';

/** A product as the service answers with it: with its SKUs (the mock keeps none of its own). */
function productView(product: Rec): Rec {
  const { skus, ...rest } = snapshot(product);
  const list = Array.isArray(skus?.data) ? skus.data : [];
  return { ...rest, skus: { object: 'list', data_ref: 'data', data: list, total: list.length } };
}

/** `GET /v1/products`: created between `start_date` and `end_date`, oldest first unless `order` says otherwise. */
function listProducts(state: MockState, req: MockRequest): Rec {
  const { query } = req;
  const limit = intParam(query, 'limit', 1, 100, 10);
  const page = intParam(query, 'page', 1, 100, 1);
  const { compare } = orderParam(query, ['created_at', 'updated_at'], 'created_at');
  const from = timeParam(query, 'start_date');
  const to = timeParam(query, 'end_date');
  const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
  const records = [...state.store.products.values()]
    .filter((p) => (from === undefined || time(p.created_at) >= from) && (to === undefined || time(p.created_at) <= to))
    .sort(compare);
  return { object: 'list', data_ref: 'products', products: records.slice((page - 1) * limit, page * limit).map(productView), total: records.length };
}

function getProduct(state: MockState, req: MockRequest): Rec {
  const key = req.params.productId!;
  const product = find(state.store, 'products', key);
  if (!product)
    throw new MockHttpError(404, 'not_found', 'Resource not found', `Cannot find product with id ${key}`, { resource_id: key, resource_type: 'product' });
  return productView(product);
}

/** The fields a product create or update sets, and a SKU's. */
const productFields = ['name', 'price', 'attributes', 'metadata', 'image_url'] as const;
const skuFields = ['sku', 'price', 'currency', 'attributes', 'image_url', 'metadata'] as const;

/** The body of a create or update: a JSON object, its fields of the types the service takes. */
function bodyOf(req: MockRequest): Rec {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('invalid_payload', 'The body must be a JSON object', 'Invalid payload');
  const given = body as Rec;
  if (given.price !== undefined && given.price !== null && !Number.isInteger(given.price))
    throw badRequest('invalid_payload', 'price must be an integer', 'Invalid payload');
  for (const key of ['metadata', ...(Array.isArray(given.attributes) ? [] : ['attributes'])])
    if (given[key] !== undefined && (typeof given[key] !== 'object' || given[key] === null || Array.isArray(given[key])))
      throw badRequest('invalid_payload', `${key} must be an object`, 'Invalid payload');
  return given;
}

/** A non-empty string key of the body, if sent. */
const keyOf = (given: Rec, name: string): string | undefined => (typeof given[name] === 'string' && given[name] !== '' ? given[name] : undefined);

/** Sets the fields sent on a record, and its `updated_at`. */
function apply(state: MockState, record: Rec, given: Rec, fields: readonly string[]): Rec {
  for (const key of fields) if (given[key] !== undefined) record[key] = structuredClone(given[key]);
  record.updated_at = iso(state.now());
  return record;
}

/**
 * `POST /v1/products`: the product of the `id` (404 when unknown: the service assigns IDs) or
 * `source_id` sent, updated with the fields sent; without either, a new product on every call.
 */
function createProduct(state: MockState, req: MockRequest): Rec {
  const given = bodyOf(req);
  const id = keyOf(given, 'id');
  const sourceId = keyOf(given, 'source_id');
  const existing = id !== undefined ? state.store.products.get(id) : sourceId !== undefined ? find(state.store, 'products', sourceId) : undefined;
  if (id !== undefined && !existing) throw notFound('product', id);
  if (existing) return productView(apply(state, existing, given, productFields));
  const product = put(state.store, 'products', {
    id: state.ids.next('prod_'),
    source_id: sourceId ?? null,
    name: null,
    price: null,
    attributes: [],
    metadata: {},
    image_url: null,
    created_at: iso(state.now()),
    updated_at: null,
    object: 'product',
  });
  for (const key of productFields) if (given[key] !== undefined) product[key] = structuredClone(given[key]);
  return productView(product);
}

function productOf(state: MockState, req: MockRequest): Rec {
  const key = req.params.productId!;
  const product = find(state.store, 'products', key);
  if (!product) throw notFound('product', key);
  return product;
}

/** `PUT /v1/products/{productId}`: only the fields sent change; `id` and `source_id` are not among them. */
function updateProduct(state: MockState, req: MockRequest): Rec {
  const product = productOf(state, req);
  return productView(apply(state, product, bodyOf(req), productFields));
}

/** Every SKU of every product, each with the product holding it. */
function* allSkus(state: MockState): Generator<[sku: Rec, product: Rec]> {
  for (const product of state.store.products.values()) for (const sku of Array.isArray(product.skus?.data) ? product.skus.data : []) yield [sku, product];
}

/** The SKU an ID or a source ID names, among every product's. */
function findSku(state: MockState, key: string, by: 'id' | 'either' = 'either'): Rec | undefined {
  for (const [sku] of allSkus(state)) if (sku.id === key || (by === 'either' && sku.source_id === key)) return sku;
  return undefined;
}

/**
 * `POST /v1/products/{productId}/skus`: the SKU of the `id` (404 when unknown) or `source_id`
 * sent, wherever it is, updated with the fields sent; without either, a new SKU of the product on
 * every call.
 */
function createSku(state: MockState, req: MockRequest): Rec {
  const product = productOf(state, req);
  const given = bodyOf(req);
  const id = keyOf(given, 'id');
  const sourceId = keyOf(given, 'source_id');
  const existing =
    id !== undefined ? findSku(state, id, 'id') : sourceId !== undefined ? [...allSkus(state)].find(([s]) => s.source_id === sourceId)?.[0] : undefined;
  if (id !== undefined && !existing) throw notFound('sku', id);
  if (existing) return snapshot(apply(state, existing, given, skuFields));
  const sku: Rec = {
    id: state.ids.next('sku_'),
    source_id: sourceId ?? null,
    product_id: product.id,
    sku: null,
    price: null,
    currency: null,
    attributes: {},
    image_url: null,
    metadata: {},
    created_at: iso(state.now()),
    updated_at: null,
    object: 'sku',
  };
  for (const key of skuFields) if (given[key] !== undefined) sku[key] = structuredClone(given[key]);
  product.skus = { ...(product.skus ?? {}), data: [...(Array.isArray(product.skus?.data) ? product.skus.data : []), sku] };
  return snapshot(sku);
}

/** `GET /v1/skus/{skuId}`: the SKU by its ID or source ID, among every product's. */
function getSku(state: MockState, req: MockRequest): Rec {
  const key = req.params.skuId!;
  const sku = findSku(state, key);
  if (!sku) throw notFound('sku', key);
  return snapshot(sku);
}

/** `GET /v1/metadata-schemas`: every schema, under `schemas` as `data_ref` says. */
function listSchemas(state: MockState): Rec {
  const schemas = [...state.store.metadataSchemas.values()].map((s) => snapshot(s));
  return { object: 'list', data_ref: 'schemas', schemas, total: schemas.length };
}

/** `GET /v1/metadata-schemas/{resource}`: one schema by its kind or name; 404 `metadata schema` (with a space) otherwise. */
function getSchema(state: MockState, req: MockRequest): Rec {
  const name = req.params.resource!;
  const schema = state.store.metadataSchemas.get(name);
  if (!schema)
    throw new MockHttpError(404, 'not_found', 'Resource not found', `Cannot find metadata schema with id ${name}`, {
      resource_id: name,
      resource_type: 'metadata schema',
    });
  return snapshot(schema);
}

/** The mock's routes for products, their SKUs and metadata schemas. */
export const catalogHandlers = {
  'products.list': { method: 'GET', path: '/v1/products', auth: 'server', handle: listProducts },
  'products.get': { method: 'GET', path: '/v1/products/{productId}', auth: 'server', handle: getProduct },
  'products.create': { method: 'POST', path: '/v1/products', auth: 'server', handle: createProduct },
  'products.update': { method: 'PUT', path: '/v1/products/{productId}', auth: 'server', handle: updateProduct },
  'products.createSku': { method: 'POST', path: '/v1/products/{productId}/skus', auth: 'server', handle: createSku },
  'skus.get': { method: 'GET', path: '/v1/skus/{skuId}', auth: 'server', handle: getSku },
  'metadataSchemas.list': { method: 'GET', path: '/v1/metadata-schemas', auth: 'server', handle: listSchemas },
  'metadataSchemas.get': { method: 'GET', path: '/v1/metadata-schemas/{resource}', auth: 'server', handle: getSchema },
} satisfies MockHandlers;
