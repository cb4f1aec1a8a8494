/** The test data of every operation of `client.skus` (src/resources/skus.ts). */
import * as fx from '../fixtures/every-field.js';
import { enc, loose } from './shared.js';
import type { SubClientTestData } from './types.js';

/** The spec's example answer to `GET /v1/skus/{skuId}`: a number among the attribute values, `updated_at` set. */
const specSku = {
  id: 'sku_0b661e41fc8d1f0f42',
  source_id: 'first_product_sku_1',
  product_id: 'prod_0bae2dc5a090fd0184',
  sku: 'Large Blue',
  price: 1300,
  currency: 'USD',
  attributes: { color: 'blue', size: 'L', ranking: 1 },
  image_url: null,
  metadata: {},
  created_at: '2022-05-23T09:24:07.405Z',
  updated_at: '2022-05-23T10:02:11.128Z',
  object: 'sku',
};

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const skuTestData: SubClientTestData<'skus'> = {
  'skus.get': {
    fixtures: { sku: fx.catalogSku, "the spec's example": specSku },
    mockCalls: ({ client }) => [
      [
        'by source ID, after its create',
        async () => (await client.products.createSku('espresso', { source_id: 'espresso-double', price: 350 }), client.skus.get('espresso-double')),
      ],
    ],
    faults: [{ name: 'skus.get', class: 'GET', call: (c, k, o) => c.skus.get(k, o), path: (k) => `/v1/skus/${enc(k)}`, body: fx.catalogSku }],
    badInputs: [{ input: "id `'..'` (a dot segment)", field: 'skuId', call: (c, o) => loose(c).skus.get('..', o) }],
    contract: (client) => [['GET /v1/skus/{skuId}', () => client.skus.get('sku_0b661e41fc8d1f0f42')]],
  },
};
