/** The test data of every operation of `client.products` (src/resources/products.ts). */
import * as fx from '../fixtures/every-field.js';
import { enc, loose } from './shared.js';
import type { SubClientTestData } from './types.js';

/** The spec's example answer to `POST /v1/products`: no `skus`. */
const specProduct = {
  id: 'prod_0bae2dc5a090fd0184',
  source_id: 'test_prod_id_1',
  name: 'test_prod_id_1',
  price: 200000,
  attributes: ['color', 'size', 'ranking'],
  metadata: { test: true, vendor: 'Online Store' },
  image_url: 'https://images.example.test/product.png',
  created_at: '2022-05-23T06:52:55.008Z',
  updated_at: '2022-05-23T09:24:07.405Z',
  object: 'product',
};

/** The spec's example answer to `POST /v1/products/{productId}/skus`: `updated_at` null, `currency` a free string. */
const specSku = {
  id: 'sku_0b661e41fc8d1f0f42',
  source_id: 'first_product_sku_1',
  product_id: 'prod_0bae2dc5a090fd0184',
  sku: 'Large Blue',
  price: 1300,
  currency: 'USD',
  attributes: { color: 'blue', size: 'L', ranking: 1 },
  image_url: 'https://images.example.test/sku.png',
  metadata: {},
  created_at: '2022-05-23T09:24:07.405Z',
  updated_at: null,
  object: 'sku',
};

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
  'products.create': {
    fixtures: { product: fx.catalogProduct, "the spec's example, without skus": specProduct },
    mockCalls: ({ client }) => [
      ['new product', () => client.products.create({ source_id: 'tolerance-product', name: 'Cortado', price: 320, attributes: ['milk'] })],
      ['upsert', () => client.products.create({ source_id: 'tolerance-product', price: 340 })],
    ],
    faults: [
      {
        name: 'products.create (source_id)',
        class: 'upsert',
        call: (c, k, o) => c.products.create({ source_id: k, name: 'Cortado' }, o),
        path: () => '/v1/products',
        body: fx.catalogProduct,
      },
      {
        name: 'products.create',
        class: 'keyless create',
        call: (c, _k, o) => c.products.create({ name: 'Cortado', price: 320 }, o),
        path: () => '/v1/products',
        body: fx.catalogProduct,
      },
    ],
    badInputs: [
      { input: "`source_id: '  '` (blank)", field: 'source_id', call: (c, o) => loose(c).products.create({ source_id: '  ' }, o) },
      { input: '`price: 3.5` (not an integer)', field: 'price', call: (c, o) => loose(c).products.create({ price: 3.5 }, o) },
      { input: "`attributes: 'size'` (not a list of names)", field: 'attributes', call: (c, o) => loose(c).products.create({ attributes: 'size' }, o) },
    ],
    contract: (client) => [
      [
        'POST /v1/products',
        () => client.products.create({ source_id: 'contract-product', name: 'Contract mug', price: 1500, attributes: ['color'], metadata: { origin: 'test' } }),
      ],
    ],
  },
  'products.update': {
    fixtures: { product: fx.catalogProduct },
    mockCalls: ({ client }) => [['price change', () => client.products.update('espresso', { price: 260 })]],
    faults: [
      {
        name: 'products.update',
        class: 'PUT',
        call: (c, k, o) => c.products.update(k, { price: 420 }, o),
        path: (k) => `/v1/products/${enc(k)}`,
        body: fx.catalogProduct,
      },
    ],
    badInputs: [
      {
        input: "`source_id` among the fields (the product's key)",
        field: 'source_id',
        call: (c, o) => loose(c).products.update('flat-white', { source_id: 'x' }, o),
      },
      { input: "`price: '4.20'` (text)", field: 'price', call: (c, o) => loose(c).products.update('flat-white', { price: '4.20' }, o) },
    ],
    contract: (client) => [
      ['PUT /v1/products/{productId}', () => client.products.update('prod_0bae2dc5a090fd0184', { price: 210000 }), 'D38 (the example is another state)'],
    ],
  },
  'products.createSku': {
    fixtures: { sku: fx.catalogSku, "the spec's example, updated_at null": specSku },
    mockCalls: ({ client }) => [
      [
        'new SKU',
        () => client.products.createSku('flat-white', { source_id: 'tolerance-sku', sku: 'Small', price: 300, currency: 'EUR', attributes: { size: 'small' } }),
      ],
      ['upsert', () => client.products.createSku('flat-white', { source_id: 'tolerance-sku', price: 310 })],
    ],
    faults: [
      {
        name: 'products.createSku (source_id)',
        class: 'upsert',
        call: (c, k, o) => c.products.createSku(k, { source_id: 'sku-large', price: 450 }, o),
        path: (k) => `/v1/products/${enc(k)}/skus`,
        body: fx.catalogSku,
      },
      {
        name: 'products.createSku',
        class: 'keyless create',
        call: (c, k, o) => c.products.createSku(k, { sku: 'Large', price: 450 }, o),
        path: (k) => `/v1/products/${enc(k)}/skus`,
        body: fx.catalogSku,
      },
    ],
    badInputs: [
      {
        input: "`attributes: ['large']` (values by name, not a list)",
        field: 'attributes',
        call: (c, o) => loose(c).products.createSku('flat-white', { attributes: ['large'] }, o),
      },
      { input: "product id `'..'` (a dot segment)", field: 'productId', call: (c, o) => loose(c).products.createSku('..', { sku: 'Large' }, o) },
    ],
    contract: (client) => [
      [
        'POST /v1/products/{productId}/skus',
        () =>
          client.products.createSku('prod_0bae2dc5a090fd0184', {
            source_id: 'contract-sku',
            sku: 'Large',
            price: 450,
            currency: 'USD',
            attributes: { color: 'red' },
          }),
      ],
    ],
  },
};
