import { describe, expect, expectTypeOf, it } from 'vitest';
import { InternalServerError, NotFoundError, PaginationLimitError, type CatalogProduct } from '../../src/index.js';
import { catalogProduct, catalogSku, productList } from '../fixtures/every-field.js';
import { json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';
import { postedJson } from './requests.js';

useMockApi();

describe('products.list', () => {
  it('GETs /v1/products with its query and parses the products under data_ref, with their SKUs', async () => {
    respond('get', '/v1/products', json(productList));
    const page = await testClient({ validation: 'strict' }).products.list({
      limit: 100,
      page: 100,
      order: '-created_at',
      start_date: '2026-01-01T00:00:00Z',
      end_date: new Date(Date.UTC(2026, 11, 31)),
    });
    expect([seen[0]!.method, seen[0]!.path]).toEqual(['GET', '/v1/products']);
    expect(seen[0]!.search).toBe('limit=100&page=100&order=-created_at&start_date=2026-01-01T00%3A00%3A00Z&end_date=2026-12-31T00%3A00%3A00.000Z');
    expect(seen[0]!.headers).toMatchObject(serverHeaders);
    expect(page.data).toEqual([catalogProduct]);
    expect(page.data[0]!.skus?.data?.[0]?.currency).toBe('EUR');
    expectTypeOf(page.data[0]!).toEqualTypeOf<CatalogProduct>();
  });

  it('walks page by page to page 100 (one more than the other lists) and stops there', async () => {
    respond('get', '/v1/products', () =>
      json({ ...productList, products: [{ ...productList.products[0]!, id: `prod_${seen.at(-1)!.query.page}` }], total: 1_000 }),
    );
    const pages = testClient().products.list({ limit: 1, page: 99 }).pages();
    expect((await pages.next()).value?.params.page).toBe(99);
    expect((await pages.next()).value?.params.page).toBe(100);
    await expect(pages.next()).rejects.toMatchObject({ name: 'PaginationLimitError', maxPage: 100 });
    await expect(testClient().products.list({ page: 101 })).rejects.not.toBeInstanceOf(PaginationLimitError);
  });

  it.each([
    [{ page: 101 }, 'page'],
    [{ limit: 0 }, 'limit'],
    // The spec offers the vouchers' orders here (its defect D17): only the times sort products.
    [{ order: 'code' }, 'order'],
    [{ start_date: '2026-01-01' }, 'start_date'],
    [{ end_date: 'tomorrow' }, 'end_date'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().products.list(params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});

describe('products.get', () => {
  it('GETs /v1/products/{productId}, a source ID encoded once', async () => {
    respond('get', '/v1/products/:productId', json(catalogProduct));
    const product = await testClient({ validation: 'strict' }).products.get('flat white/large');
    expect(seen[0]!.path).toBe('/v1/products/flat%20white%2Flarge');
    expect(product.id).toBe(catalogProduct.id);
  });

  it('maps 404 to NotFoundError', async () => {
    respond('get', '/v1/products/prod_gone', json({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'product' }, 404));
    await rejection(testClient().products.get('prod_gone'), NotFoundError);
  });
});

const unavailable = json({ code: 503, message: 'Service unavailable' }, 503);

describe('products.create', () => {
  it('POSTs the product as the JSON body with the server keys, and parses the product', async () => {
    respond('post', '/v1/products', json(catalogProduct));
    const body = {
      source_id: 'flat-white',
      name: 'Flat white',
      price: 380,
      attributes: ['size', 'milk'],
      metadata: { roast: 'medium' },
      image_url: 'https://images.example.test/fw.jpg',
    };
    const product = await testClient({ validation: 'strict' }).products.create(body);
    postedJson('/v1/products', body);
    expect(seen[0]!.headers).toMatchObject(serverHeaders);
    expect(product).toEqual(catalogProduct);
  });

  it.each([
    ['source_id', { source_id: 'flat-white', price: 400 }],
    ['id', { id: 'prod_0b1da8105693710357', price: 400 }],
  ])('with %s (an upsert, the same product however often it is sent) is retried after a 503', async (_key, params) => {
    respond('post', '/v1/products', unavailable, json(catalogProduct));
    await expect(testClient({ maxRetryDelay: 10 }).products.create(params)).resolves.toEqual(catalogProduct);
    expect(seen).toHaveLength(2);
  });

  it('without source_id or id (each call a new product) is sent once: a 503 is an unknown outcome, not retried, and reconcile cannot look for it', async () => {
    respond('post', '/v1/products', unavailable, json(catalogProduct));
    const client = testClient({ maxRetryDelay: 10 });
    const error = await rejection(client.products.create({ name: 'Cortado', price: 320 }), InternalServerError);
    expect(error.outcome).toBe('unknown');
    expect(seen).toHaveLength(1);
    expect(await client.reconcile(error)).toEqual({ status: 'cannot_tell', reason: expect.stringContaining('send a source_id') });
    expect(seen).toHaveLength(1);
  });

  it.each([
    [{ source_id: '  ' }, 'source_id'],
    [{ id: 42 }, 'id'],
    [{ price: 3.5 }, 'price'],
    [{ attributes: 'size' }, 'attributes'],
    [{ attributes: [''] }, 'attributes.0'],
    [{ metadata: 'roast' }, 'metadata'],
    [{ name: '' }, 'name'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().products.create(params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });

  it('refuses a missing params object, with nothing sent', async () => {
    await refusal(testClient().products.create(undefined as never));
    expect(seen).toHaveLength(0);
  });
});

describe('products.update', () => {
  it('PUTs the fields to change to /v1/products/{productId}, retried after a 503 (an idempotent write)', async () => {
    respond('put', '/v1/products/:productId', unavailable, json(catalogProduct));
    const product = await testClient({ maxRetryDelay: 10, validation: 'strict' }).products.update('flat white', { price: 420 });
    expect(seen.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', '/v1/products/flat%20white', '{"price":420}'],
      ['PUT', '/v1/products/flat%20white', '{"price":420}'],
    ]);
    expect(product).toEqual(catalogProduct);
  });

  it.each([
    [{ source_id: 'x' }, 'source_id'],
    [{ id: 'prod_1' }, 'id'],
    [{ skus: [] }, 'skus'],
    [{ price: '4.20' }, 'price'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().products.update('flat-white', params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});

describe('products.createSku', () => {
  it('POSTs the SKU to /v1/products/{productId}/skus and parses it', async () => {
    respond('post', '/v1/products/:productId/skus', json(catalogSku));
    const body = { source_id: 'flat-white-large-oat', sku: 'Large, oat milk', price: 450, currency: 'EUR', attributes: { size: 'large', milk: 'oat' } };
    const sku = await testClient({ validation: 'strict' }).products.createSku('flat-white', body);
    postedJson('/v1/products/flat-white/skus', body);
    expect(sku).toEqual(catalogSku);
  });

  it('with source_id is retried after a 503; without, sent once with an unknown outcome', async () => {
    respond('post', '/v1/products/:productId/skus', unavailable, json(catalogSku), unavailable);
    const client = testClient({ maxRetryDelay: 10 });
    await expect(client.products.createSku('flat-white', { source_id: 'fw-l', price: 450 })).resolves.toEqual(catalogSku);
    expect(seen).toHaveLength(2);
    const error = await rejection(client.products.createSku('flat-white', { sku: 'Large' }), InternalServerError);
    expect(error.outcome).toBe('unknown');
    expect(seen).toHaveLength(3);
  });

  it.each([
    [{ attributes: ['large'] }, 'attributes'],
    [{ price: 4.5 }, 'price'],
    [{ id: '' }, 'id'],
  ])('refuses %j naming %s, with nothing sent', async (params, field) => {
    const error = await refusal(testClient().products.createSku('flat-white', params as never));
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([field]);
    expect(seen).toHaveLength(0);
  });
});
