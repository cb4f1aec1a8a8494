/** The test data of every operation of `client.products` (src/resources/products.ts). */
import * as fx from '../fixtures/every-field.js';
import { enc, loose } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const productTestData: SubClientTestData<'products'> = {
  'products.list': {
    fixtures: { 'product list': fx.productList },
    mockCalls: ({ client }) => [['products', () => client.products.list({ limit: 2 })]],
    faults: [
      {
        name: 'products.list',
        class: 'GET',
        call: (c, _k, o) => c.products.list({ limit: 10 }, o),
        path: () => '/v1/products',
        body: fx.productList,
      },
    ],
    badInputs: [
      { input: '`page: 101`', field: 'page', call: (c, o) => loose(c).products.list({ page: 101 }, o) },
      { input: "`order: 'code'` (a vouchers' order)", field: 'order', call: (c, o) => loose(c).products.list({ order: 'code' }, o) },
    ],
    contract: (client) => [
      [
        'GET /v1/products',
        () => client.products.list({ limit: 10, page: 100, order: 'created_at', start_date: '2022-01-01T00:00:00Z', end_date: '2026-01-01T00:00:00Z' }),
        'D16, D17, D20 (pages to 100)',
      ],
    ],
  },
  'products.get': {
    fixtures: { product: fx.catalogProduct },
    mockCalls: ({ client }) => [['by source ID', () => client.products.get('flat-white')]],
    faults: [{ name: 'products.get', class: 'GET', call: (c, k, o) => c.products.get(k, o), path: (k) => `/v1/products/${enc(k)}`, body: fx.catalogProduct }],
    badInputs: [{ input: 'id with a lone surrogate', field: 'productId', call: (c, o) => loose(c).products.get('p\uDC00', o) }],
    contract: (client) => [['GET /v1/products/{productId}', () => client.products.get('prod_0b1da8105693710357')]],
  },
};
