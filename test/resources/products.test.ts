import { describe, expect, expectTypeOf, it } from 'vitest';
import { NotFoundError, PaginationLimitError, type CatalogProduct } from '../../src/index.js';
import { catalogProduct, productList } from '../fixtures/every-field.js';
import { json, respond, seen, serverHeaders, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

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
