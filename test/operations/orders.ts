/** The test data of every operation of `client.orders` (src/resources/orders.ts). */
import * as orders from '../fixtures/orders.js';
import * as realWorld from '../fixtures/real-world.js';
import * as fx from '../fixtures/every-field.js';
import { loose, items, item, customer } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const orderTestData: SubClientTestData<'orders'> = {
  'orders.create': {
    fixtures: { order: fx.order },
    resourceTestFixtures: { 'created order': orders.createdOrder },
    realWorldFixtures: { 'nulls and bare items': realWorld.orderWithNulls },
    mockCalls: ({ client }) => [
      [
        'order',
        () =>
          client.orders.create({
            source_id: 'tolerance-1',
            items: [{ product_id: 'prod_any', quantity: 1, price: 900 }],
            customer: { source_id: 'shop-user-1001' },
          }),
      ],
    ],
    faults: [
      {
        name: 'orders.create',
        class: 'order',
        call: (c, _k, o) => c.orders.create({ source_id: 'web-1', amount: 5000, items: [{ product_id: 'prod_1', quantity: 1, price: 5000 }] }, o),
        path: () => '/v1/orders',
        body: fx.order,
      },
    ],
    badInputs: [
      { input: '501 items', field: 'items', call: (c, o) => loose(c).orders.create({ items: items(501) }, o) },
      { input: '`amount: 10.5`', field: 'amount', call: (c, o) => loose(c).orders.create({ amount: 10.5 }, o) },
      {
        input: '`items[0].price: 9.99`',
        field: 'items[0].price',
        call: (c, o) => loose(c).orders.create({ items: [{ product_id: 'prod_1', quantity: 1, price: 9.99 }] }, o),
      },
      {
        input: "`items[0].quantity: '1'` (a string)",
        field: 'items[0].quantity',
        call: (c, o) => loose(c).orders.create({ items: [{ product_id: 'prod_1', quantity: '1' }] }, o),
      },
    ],
    contract: (client) => [['POST /v1/orders', () => client.orders.create({ source_id: 'order-1', status: 'CREATED', items: [item], customer })]],
  },
};
