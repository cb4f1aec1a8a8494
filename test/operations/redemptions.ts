/** The test data of every operation of `client.redemptions` (src/resources/redemptions.ts). */
import * as checkout from '../fixtures/checkout.js';
import * as realWorld from '../fixtures/real-world.js';
import * as redemptions from '../fixtures/redemptions.js';
import * as fx from '../fixtures/every-field.js';
import { enc, loose, order, customer, tiers } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const redemptionTestData: SubClientTestData<'redemptions'> = {
  'redemptions.rollbackStackable': {
    fixtures: { 'rollback result': fx.rollbackResult },
    resourceTestFixtures: { 'rollback result': redemptions.rollbackResult },
    realWorldFixtures: { 'rollbacks without object': realWorld.rollbacksWithoutObjects },
    mockCalls: ({ client, ids }) => [['stacked redemption', () => client.redemptions.rollbackStackable(ids.stackedRedemption)]],
    faults: [
      {
        name: 'redemptions.rollbackStackable',
        class: 'rollback',
        call: (c, k, o) => c.redemptions.rollbackStackable(k, { metadata: { why: 'test' } }, o),
        path: (k) => `/v1/redemptions/${enc(k)}/rollbacks`,
        body: fx.rollbackResult,
      },
    ],
    badInputs: [
      {
        input: '`order.discount_amount: 0.5`',
        field: 'order.discount_amount',
        call: (c, o) => loose(c).redemptions.rollbackStackable('r_1', { order: { discount_amount: 0.5 } }, o),
      },
      {
        input: '`reason` with a lone surrogate (query string)',
        field: 'reason',
        call: (c, o) => loose(c).redemptions.rollbackStackable('r_1', { reason: 'bad \uD800' }, o),
      },
      {
        input: "parent redemption id `''`",
        field: 'parentRedemptionId',
        call: (c, o) => loose(c).redemptions.rollbackStackable('', {}, o),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/redemptions/{parentRedemptionId}/rollbacks',
        () => client.redemptions.rollbackStackable('r_1', { reason: 'customer returned the order', customer, order: { source_id: 'order-1' } }),
      ],
    ],
  },
  'redemptions.redeem': {
    fixtures: { 'stacked redemption': checkout.stackedRedemption },
    realWorldFixtures: { 'one redeemable, no parent': checkout.singleRedemption, 'nothing (D18)': checkout.emptyRedemption },
    mockCalls: ({ client, ids }) => [
      [
        'stacked',
        () =>
          client.redemptions.redeem({
            redeemables: [
              { object: 'voucher', id: ids.vouchers.valid },
              { object: 'promotion_tier', id: ids.tiers[0]! },
            ],
            order: { source_id: 'tolerance-checkout-2', items: [{ product_id: 'prod_any', quantity: 2, price: 3000 }] },
            customer: { source_id: 'shop-user-1001' },
            marker: true,
          }),
      ],
      [
        'one voucher',
        () =>
          client.redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'WELCOME-7KQ2PX' }], order: { source_id: 'tolerance-checkout-3', amount: 2000 } }),
      ],
      ['inapplicable', () => client.redemptions.redeem({ redeemables: [{ object: 'voucher', id: ids.vouchers.usedUp }], order: { amount: 2000 } })],
    ],
    faults: [
      {
        name: 'redemptions.redeem',
        class: 'redemption',
        call: (c, k, o) => c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: k }], order: { source_id: 'web-1', amount: 5000 } }, o),
        path: () => '/v1/redemptions',
        body: checkout.stackedRedemption,
      },
    ],
    badInputs: [
      {
        input: 'the same voucher twice',
        field: 'redeemables[1]',
        call: (c, o) =>
          loose(c).redemptions.redeem(
            {
              redeemables: [
                { object: 'voucher', id: 'A' },
                { object: 'voucher', id: 'A' },
              ],
            },
            o,
          ),
      },
      {
        input: 'a promotion stack with a voucher',
        field: 'redeemables',
        call: (c, o) =>
          loose(c).redemptions.redeem(
            {
              redeemables: [
                { object: 'promotion_stack', id: 'stack_1' },
                { object: 'voucher', id: 'A' },
              ],
            },
            o,
          ),
      },
      {
        input: '`gift.credits: 10.5`',
        field: 'redeemables[0].gift.credits',
        call: (c, o) => loose(c).redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'G', gift: { credits: 10.5 } }] }, o),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/redemptions',
        () => client.redemptions.redeem({ redeemables: tiers, order: { ...order, source_id: 'order-1' }, customer, marker: true }),
        'D1, D2, D18 (no example: Prism makes one)',
      ],
    ],
  },
  'redemptions.list': {
    fixtures: { 'redemption list': checkout.redemptionList },
    realWorldFixtures: {
      'bare records (D7, D8, D9)': { object: 'list', data_ref: 'redemptions', redemptions: [checkout.failedBare, checkout.rollbackBare], total: 2 },
    },
    mockCalls: ({ client }) => [['redemptions and rollbacks', () => client.redemptions.list({ limit: 10 })]],
    faults: [
      {
        name: 'redemptions.list',
        class: 'GET',
        call: (c, k, o) => c.redemptions.list({ customer: k, limit: 10 }, o),
        path: () => '/v1/redemptions',
        body: checkout.redemptionList,
      },
    ],
    badInputs: [{ input: '`page: 100`', field: 'page', call: (c, o) => loose(c).redemptions.list({ page: 100 }, o) }],
    contract: (client) => [
      [
        'GET /v1/redemptions',
        () =>
          client.redemptions.list({
            limit: 10,
            page: 99,
            result: 'SUCCESS',
            customer: 'cust-42',
            order: '-created_at',
            created_at: { after: '2026-01-01T00:00:00.000Z' },
          }),
        'D7, D8, D20 (pages to 99), D21',
      ],
    ],
  },
  'redemptions.get': {
    fixtures: { redemption: checkout.redemptionEntry },
    realWorldFixtures: { 'failed, bare (D7, D8)': checkout.failedBare, 'rollback, bare (D9)': checkout.rollbackBare },
    mockCalls: ({ client, ids }) => [
      ['stacked parent', () => client.redemptions.get(ids.stackedRedemption)],
      [
        'rollback',
        async () =>
          client.redemptions.get((await client.redemptions.list({ filters: { object: { conditions: { $is: 'redemption_rollback' } } } })).data[0]!.id),
      ],
    ],
    faults: [
      {
        name: 'redemptions.get',
        class: 'GET',
        call: (c, k, o) => c.redemptions.get(k, o),
        path: (k) => `/v1/redemptions/${enc(k)}`,
        body: checkout.redemptionEntry,
      },
    ],
    badInputs: [{ input: "id `'.'` (a dot segment)", field: 'redemptionId', call: (c, o) => loose(c).redemptions.get('.', o) }],
    contract: (client) => [['GET /v1/redemptions/{redemptionId}', () => client.redemptions.get('r_1'), 'D7, D8, D10, D11, D12']],
  },
  'redemptions.rollback': {
    fixtures: { rollback: checkout.redemptionRollback },
    realWorldFixtures: { 'no status, no channel (D9)': checkout.rollbackBare },
    mockCalls: ({ client }) => [
      [
        'one voucher',
        async () =>
          client.redemptions.rollback((await client.redemptions.list({ filters: { voucher_code: { conditions: { $is: 'WELCOME-7KQ2PX' } } } })).data[0]!.id, {
            reason: 'returned',
          }),
      ],
    ],
    faults: [
      {
        name: 'redemptions.rollback',
        class: 'guarded rollback',
        call: (c, k, o) => c.redemptions.rollback(k, { reason: 'returned' }, o),
        path: (k) => `/v1/redemptions/${enc(k)}/rollback`,
        body: checkout.redemptionRollback,
      },
    ],
    badInputs: [{ input: "redemption id `''`", field: 'redemptionId', call: (c, o) => loose(c).redemptions.rollback('', {}, o) }],
    contract: (client) => [
      [
        'POST /v1/redemptions/{redemptionId}/rollback',
        () => client.redemptions.rollback('r_1', { reason: 'returned', customer, order: { source_id: 'order-1' } }),
        'D9, D10, D11',
      ],
    ],
  },
};
