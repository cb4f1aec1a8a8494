/** The test data of every operation of `client.validations` (src/resources/validations.ts). */
import * as checkout from '../fixtures/checkout.js';
import { loose, items, order, customer, tiers } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const validationTestData: SubClientTestData<'validations'> = {
  'validations.validate': {
    fixtures: { 'stacked validation': checkout.stackedValidation },
    realWorldFixtures: { 'PARTIAL with inapplicable and skipped among redeemables (D3, D4, D5, D25)': checkout.partialValidation },
    mockCalls: ({ client, ids }) => [
      [
        'stacked, with a session',
        () =>
          client.validations.validate({
            redeemables: [
              { object: 'voucher', id: ids.vouchers.valid },
              { object: 'voucher', id: ids.vouchers.giftCard, gift: { credits: 500 } },
              { object: 'promotion_tier', id: ids.tiers[0]! },
            ],
            order: { source_id: 'tolerance-checkout-1', items: [{ product_id: 'prod_any', quantity: 2, price: 3000 }] },
            customer: { source_id: 'shop-user-1001' },
            session: { type: 'LOCK' },
          }),
      ],
      [
        'inapplicable and skipped',
        () =>
          client.validations.validate({
            redeemables: [
              { object: 'voucher', id: ids.vouchers.expired },
              { object: 'voucher', id: ids.vouchers.valid },
            ],
            order: { amount: 2000 },
          }),
      ],
    ],
    faults: [
      {
        name: 'validations.validate',
        class: 'validation',
        call: (c, k, o) => c.validations.validate({ redeemables: [{ object: 'voucher', id: k }], order: { amount: 5000 } }, o),
        path: () => '/v1/validations',
        body: checkout.stackedValidation,
      },
      {
        name: 'validations.validate (session)',
        class: 'session validation',
        call: (c, k, o) => c.validations.validate({ redeemables: [{ object: 'voucher', id: k }], order: { amount: 5000 }, session: { type: 'LOCK' } }, o),
        path: () => '/v1/validations',
        body: checkout.stackedValidation,
      },
    ],
    badInputs: [
      {
        input: '`redeemables: []`',
        field: 'redeemables',
        call: (c, o) => loose(c).validations.validate({ redeemables: [] }, o),
      },
      {
        input: '31 redeemables',
        field: 'redeemables',
        call: (c, o) => loose(c).validations.validate({ redeemables: Array.from({ length: 31 }, (_, i) => ({ object: 'voucher', id: `C-${i}` })) }, o),
      },
      {
        input: "`session: { type: 'SOFT' }`",
        field: 'session.type',
        call: (c, o) => loose(c).validations.validate({ redeemables: [{ object: 'voucher', id: 'A' }], session: { type: 'SOFT' } }, o),
      },
      {
        input: 'an order of 501 items',
        field: 'order.items',
        call: (c, o) => loose(c).validations.validate({ redeemables: [{ object: 'voucher', id: 'A' }], order: { items: items(501) } }, o),
      },
      {
        input: '`gift.credits: NaN`',
        field: 'redeemables[0].gift.credits',
        call: (c, o) => loose(c).validations.validate({ redeemables: [{ object: 'voucher', id: 'G', gift: { credits: Number.NaN } }] }, o),
      },
      {
        input: "a voucher id of spaces, `'   '`",
        field: 'redeemables[0].id',
        call: (c, o) => loose(c).validations.validate({ redeemables: [{ object: 'voucher', id: '   ' }] }, o),
      },
      {
        input: "`'A'` beside `'A '`",
        field: 'redeemables[1].id',
        call: (c, o) =>
          loose(c).validations.validate(
            {
              redeemables: [
                { object: 'voucher', id: 'A' },
                { object: 'voucher', id: 'A ' },
              ],
            },
            o,
          ),
      },
    ],
    contract: (client) => [
      [
        'POST /v1/validations',
        () => client.validations.validate({ redeemables: tiers, order, customer, session: { type: 'LOCK' }, metadata: { lane: 'web' } }),
        'D1 (voucher redeemables match three oneOf branches: tiers sent), D2, D3, D5, D25',
      ],
    ],
  },
};
