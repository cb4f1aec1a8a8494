/**
 * The catalog and the project's metadata schemas (CHECKOUT.md §3.14, §3.15): products listed
 * oldest first, page by page (1–100), and read by ID or source ID, with their SKUs; every
 * metadata schema listed (under `schemas`, not paged), and one read by its kind or name.
 *
 * @module
 */
import { snapshot } from '../domain.js';
import { MockHttpError, type MockRequest } from '../http.js';
import { intParam, orderParam, timeParam } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { find, type MockState, type Rec } from '../store.js';

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

/** The mock's routes for products and metadata schemas. */
export const catalogHandlers = {
  'products.list': { method: 'GET', path: '/v1/products', auth: 'server', handle: listProducts },
  'products.get': { method: 'GET', path: '/v1/products/{productId}', auth: 'server', handle: getProduct },
  'metadataSchemas.list': { method: 'GET', path: '/v1/metadata-schemas', auth: 'server', handle: listSchemas },
  'metadataSchemas.get': { method: 'GET', path: '/v1/metadata-schemas/{resource}', auth: 'server', handle: getSchema },
} satisfies MockHandlers;
