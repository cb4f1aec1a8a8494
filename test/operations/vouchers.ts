/** The test data of every operation of `client.vouchers` (src/resources/vouchers.ts). */
import * as checkout from '../fixtures/checkout.js';
import * as realWorld from '../fixtures/real-world.js';
import * as vouchers from '../fixtures/vouchers.js';
import * as fx from '../fixtures/every-field.js';
import { cursorList, enc, loose, order, customer } from './shared.js';
import type { SubClientTestData } from './types.js';

/** A gift card's transaction as the spec's example shows one: an addition sent with its own `source_id` and `reason`. */
const creditAddition = {
  id: 'vtx_0c9dcc920ac0e9ef82',
  source_id: '20230317_add_1',
  voucher_id: 'v_dky7ksKfPX50Wb2Bxvcoeb1xT20b6tcp',
  campaign_id: 'camp_FNYR4jhqZBM9xTptxDGgeNBV',
  source: 'API',
  reason: 'Adding more points to card',
  type: 'CREDITS_ADDITION',
  details: {
    balance: {
      type: 'gift_voucher',
      total: 130020,
      amount: 20,
      object: 'balance',
      balance: 123020,
      related_object: { id: 'v_dky7ksKfPX50Wb2Bxvcoeb1xT20b6tcp', type: 'voucher' },
    },
  },
  related_transaction_id: null,
  created_at: '2023-03-17T15:49:08.768Z',
};

/** A gift card's transactions, newest first: a removal, the addition, a refund of a redemption (no `source_id`, no `source`). */
const cardTransactions = cursorList([
  { ...creditAddition, id: 'vtx_0c9dccc4d5813e71bd', source_id: '20230317_subtract_1', type: 'CREDITS_REMOVAL', reason: 'Subtracting credits from card' },
  creditAddition,
  { ...creditAddition, id: 'vtx_0c94edbbaccbef5db6', source_id: null, source: null, reason: null, type: 'CREDITS_REFUND' },
]);

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const voucherTestData: SubClientTestData<'vouchers'> = {
  'vouchers.list': {
    fixtures: { 'voucher list': fx.voucherList },
    mockCalls: ({ client }) => [['vouchers', () => client.vouchers.list({ limit: 3 })]],
    faults: [
      {
        name: 'vouchers.list',
        class: 'GET',
        call: (c, _k, o) => c.vouchers.list({ limit: 10 }, o),
        path: () => '/v1/vouchers',
        body: fx.voucherList,
      },
    ],
    badInputs: [
      { input: "`ids: 'v_1'` (not an array)", field: 'ids', call: (c, o) => loose(c).vouchers.list({ ids: 'v_1' }, o) },
      { input: '`page: 100` (vouchers stop at 99)', field: 'page', call: (c, o) => loose(c).vouchers.list({ page: 100 }, o) },
    ],
    contract: (client) => [
      [
        'GET /v1/vouchers',
        () =>
          client.vouchers.list({
            limit: 10,
            page: 1,
            campaign: 'Summer Sale',
            created_at: { after: '2022-01-01T00:00:00Z' },
            ids: ['v_1', 'v_2'],
            order: '-created_at',
          }),
        'D11, D20',
      ],
    ],
  },
  'vouchers.get': {
    fixtures: { 'discount voucher': fx.discountVoucher, 'gift voucher': fx.giftVoucher },
    mockCalls: ({ client, ids }) => [
      ['discount voucher', () => client.vouchers.get(ids.vouchers.valid)],
      ['gift card', () => client.vouchers.get(ids.vouchers.giftCard)],
    ],
    faults: [{ name: 'vouchers.get', class: 'GET', call: (c, k, o) => c.vouchers.get(k, o), path: (k) => `/v1/vouchers/${enc(k)}`, body: fx.discountVoucher }],
    badInputs: [{ input: "code `'..'` (a dot segment)", field: 'code', call: (c, o) => loose(c).vouchers.get('..', o) }],
    contract: (client) => [['GET /v1/vouchers/{code}', () => client.vouchers.get('SUMMER-10'), 'D11']],
  },
  'vouchers.update': {
    fixtures: { 'discount voucher': fx.discountVoucher },
    mockCalls: ({ client, ids }) => [
      ['validity', () => client.vouchers.update(ids.vouchers.lunchHours, { expiration_date: '2026-12-31T23:59:59Z', metadata: { channel: 'app' } })],
    ],
    faults: [
      {
        name: 'vouchers.update',
        class: 'PUT',
        call: (c, k, o) => c.vouchers.update(k, { active: false }, o),
        path: (k) => `/v1/vouchers/${enc(k)}`,
        body: fx.discountVoucher,
      },
    ],
    badInputs: [
      {
        input: '`gift: { balance }` (a field the service ignores)',
        field: 'gift',
        call: (c, o) => loose(c).vouchers.update('GIFT-1', { gift: { balance: 100 } }, o),
      },
    ],
    contract: (client) => [
      [
        'PUT /v1/vouchers/{code}',
        () => client.vouchers.update('SUMMER-10', { expiration_date: '2026-12-31T23:59:59Z', active: true, metadata: { channel: 'newsletter' } }),
        'D14',
        'D14',
      ],
    ],
  },
  'vouchers.delete': {
    fixtures: { 'no content': undefined },
    mockCalls: ({ client, ids }) => [['to the bin', () => client.vouchers.delete(ids.vouchers.weekendOnly)]],
    faults: [
      {
        name: 'vouchers.delete',
        class: 'DELETE',
        call: (c, k, o) => c.vouchers.delete(k, { force: true }, o),
        path: (k) => `/v1/vouchers/${enc(k)}`,
        body: {},
      },
    ],
    badInputs: [{ input: "`force: 'true'`", field: 'force', call: (c, o) => loose(c).vouchers.delete('V-1', { force: 'true' }, o) }],
    contract: (client) => [['DELETE /v1/vouchers/{code}', () => client.vouchers.delete('SUMMER-10', { force: true })]],
  },
  'vouchers.enable': {
    fixtures: { 'discount voucher': fx.discountVoucher },
    mockCalls: ({ client, ids }) => [['enabled', () => client.vouchers.enable(ids.vouchers.disabled)]],
    faults: [
      {
        name: 'vouchers.enable',
        class: 'idempotent POST',
        call: (c, k, o) => c.vouchers.enable(k, o),
        path: (k) => `/v1/vouchers/${enc(k)}/enable`,
        body: fx.discountVoucher,
      },
    ],
    badInputs: [{ input: 'code `null`', field: 'code', call: (c, o) => loose(c).vouchers.enable(null, o) }],
    contract: (client) => [['POST /v1/vouchers/{code}/enable', () => client.vouchers.enable('SUMMER-10'), 'D11']],
  },
  'vouchers.disable': {
    fixtures: { 'gift voucher': fx.giftVoucher },
    mockCalls: ({ client, ids }) => [['disabled', () => client.vouchers.disable(ids.vouchers.disabled)]],
    faults: [
      {
        name: 'vouchers.disable',
        class: 'idempotent POST',
        call: (c, k, o) => c.vouchers.disable(k, o),
        path: (k) => `/v1/vouchers/${enc(k)}/disable`,
        body: fx.discountVoucher,
      },
    ],
    badInputs: [{ input: "code `'..'`", field: 'code', call: (c, o) => loose(c).vouchers.disable('..', o) }],
    contract: (client) => [['POST /v1/vouchers/{code}/disable', () => client.vouchers.disable('SUMMER-10'), 'D11']],
  },
  'vouchers.create': {
    fixtures: { 'discount voucher': fx.discountVoucher, 'gift voucher': fx.giftVoucher },
    resourceTestFixtures: { 'discount voucher': vouchers.discountVoucher, 'gift card': vouchers.giftCard },
    mockCalls: ({ client }) => [
      ['discount voucher', () => client.vouchers.create('TOLERANCE-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } })],
    ],
    faults: [
      {
        name: 'vouchers.create',
        class: 'voucher create',
        call: (c, k, o) => c.vouchers.create(k, { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } }, o),
        path: (k) => `/v1/vouchers/${enc(k)}`,
        body: fx.discountVoucher,
      },
    ],
    badInputs: [
      {
        input: '`discount.amount_off: 10.5`',
        field: 'discount.amount_off',
        call: (c, o) => loose(c).vouchers.create('SPRING-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 10.5 } }, o),
      },
      { input: '`type` missing', field: 'type', call: (c, o) => loose(c).vouchers.create('SPRING-1', {}, o) },
      {
        input: "`type: 'COUPON'` (unknown)",
        field: 'type',
        call: (c, o) => loose(c).vouchers.create('SPRING-1', { type: 'COUPON' }, o),
      },
      {
        input: "`start_date: 'tomorrow'` (not ISO 8601)",
        field: 'start_date',
        call: (c, o) =>
          loose(c).vouchers.create('SPRING-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, start_date: 'tomorrow' }, o),
      },
      {
        input: "`type: 'GIFT_VOUCHER'` without `gift`",
        field: 'gift',
        call: (c, o) => loose(c).vouchers.create('SPRING-1', { type: 'GIFT_VOUCHER' }, o),
      },
      {
        input: "voucher code `''`",
        field: 'code',
        call: (c, o) => loose(c).vouchers.create('', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } }, o),
      },
    ],
    contract: (client) => [
      ['POST /v1/vouchers/{code}', () => client.vouchers.create('NEW-CODE-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } })],
    ],
  },
  'vouchers.validate': {
    fixtures: { valid: fx.validResult, invalid: fx.invalidResult },
    resourceTestFixtures: { valid: vouchers.validResult, expired: vouchers.expiredResult },
    realWorldFixtures: {
      'order and items without object': realWorld.validResultWithBareOrder,
      'custom rule failure': realWorld.customRuleFailure,
    },
    mockCalls: ({ client, ids }) => [
      [
        'valid with order',
        () =>
          client.vouchers.validate(ids.vouchers.valid, {
            customer: { id: ids.customers.ada },
            order: { items: [{ product_id: 'prod_any', quantity: 2, price: 1500 }] },
          }),
      ],
      ['expired', () => client.vouchers.validate(ids.vouchers.expired)],
    ],
    faults: [
      {
        name: 'vouchers.validate',
        class: 'validation',
        call: (c, k, o) => c.vouchers.validate(k, { order: { amount: 5000 } }, o),
        path: (k) => `/v1/vouchers/${enc(k)}/validate`,
        body: fx.validResult,
      },
      {
        name: 'vouchers.validate (session)',
        class: 'session validation',
        call: (c, k, o) => c.vouchers.validate(k, { order: { amount: 5000 }, session: { type: 'LOCK' } }, o),
        path: (k) => `/v1/vouchers/${enc(k)}/validate`,
        body: fx.validResult,
      },
    ],
    badInputs: [
      {
        input: "`order.amount: '5000'` (a string)",
        field: 'order.amount',
        call: (c, o) => loose(c).vouchers.validate('SPRING-1', { order: { amount: '5000' } }, o),
      },
      { input: "voucher code `''`", field: 'code', call: (c, o) => loose(c).vouchers.validate('', {}, o) },
    ],
    contract: (client) => [['POST /v1/vouchers/{code}/validate', () => client.vouchers.validate('SUMMER-10', { customer, order })]],
  },
  'vouchers.getRedemptions': {
    fixtures: { 'voucher redemptions': checkout.voucherRedemptions },
    realWorldFixtures: { 'partial history': checkout.partialHistory },
    mockCalls: ({ client, ids }) => [['history', () => client.vouchers.getRedemptions(ids.vouchers.valid)]],
    faults: [
      {
        name: 'vouchers.getRedemptions',
        class: 'GET',
        call: (c, k, o) => c.vouchers.getRedemptions(k, o),
        path: (k) => `/v1/vouchers/${enc(k)}/redemption`,
        body: checkout.voucherRedemptions,
      },
    ],
    badInputs: [{ input: "voucher code `''`", field: 'code', call: (c, o) => loose(c).vouchers.getRedemptions('', o) }],
    contract: (client) => [['GET /v1/vouchers/{code}/redemption', () => client.vouchers.getRedemptions('SUMMER-10')]],
  },
  'vouchers.releaseSession': {
    fixtures: { 'no content': undefined },
    mockCalls: ({ client, ids }) => [
      [
        'released',
        async () =>
          client.vouchers.releaseSession(
            ids.vouchers.valid,
            (await client.validations.validate({ redeemables: [{ object: 'voucher', id: ids.vouchers.valid }], order: { amount: 2000 }, session: {} })).session!
              .key!,
          ),
      ],
    ],
    faults: [
      {
        name: 'vouchers.releaseSession',
        class: 'DELETE',
        call: (c, k, o) => c.vouchers.releaseSession('SPRING15', k, o),
        path: (k) => `/v1/vouchers/SPRING15/sessions/${enc(k)}`,
        body: {},
      },
    ],
    badInputs: [
      {
        input: 'session key of spaces',
        field: 'sessionKey',
        call: (c, o) => loose(c).vouchers.releaseSession('SPRING15', '   ', o),
      },
    ],
    contract: (client) => [['DELETE /v1/vouchers/{code}/sessions/{sessionKey}', () => client.vouchers.releaseSession('SUMMER-10', 'ssn_pk_contract')]],
  },
  'vouchers.listTransactions': {
    fixtures: { "a gift card's transactions": cardTransactions },
    mockCalls: ({ client, ids }) => [['loyalty card', () => client.vouchers.listTransactions(ids.members.ada, { limit: 3 })]],
    faults: [
      {
        name: 'vouchers.listTransactions',
        class: 'GET',
        call: (c, k, o) => c.vouchers.listTransactions(k, { limit: 10 }, o),
        path: (k) => `/v1/vouchers/${enc(k)}/transactions`,
        body: cardTransactions,
      },
    ],
    badInputs: [
      {
        input: "`order: 'created_at'` (only `id` or `-id`)",
        field: 'order',
        call: (c, o) => loose(c).vouchers.listTransactions('GIFT-1', { order: 'created_at' }, o),
      },
      { input: '`limit: 101`', field: 'limit', call: (c, o) => loose(c).vouchers.listTransactions('GIFT-1', { limit: 101 }, o) },
    ],
    contract: (client) => [['GET /v1/vouchers/{code}/transactions', () => client.vouchers.listTransactions('GIFT-1', { limit: 10, order: '-id' })]],
  },
  'vouchers.updateBalance': {
    fixtures: {
      'gift card topped up (the spec example: no operation_type)': {
        amount: 10000,
        total: 20100,
        balance: 20100,
        type: 'gift_voucher',
        object: 'balance',
        related_object: { type: 'voucher', id: 'v_abCdEfghI1JKLMNPqRS2Tu3vWXyza4bc' },
      },
    },
    mockCalls: ({ client, ids }) => [
      ['gift card', () => client.vouchers.updateBalance(ids.vouchers.giftCard, { amount: 1500, reason: 'goodwill' })],
      ['loyalty card', () => client.vouchers.updateBalance(ids.members.ada, { amount: -10, source_id: 'crm-adjust-1' })],
    ],
    faults: [
      {
        name: 'vouchers.updateBalance',
        class: 'redemption',
        call: (c, k, o) => c.vouchers.updateBalance(k, { amount: 500 }, o),
        path: (k) => `/v1/vouchers/${enc(k)}/balance`,
        body: {
          amount: 500,
          total: 5500,
          balance: 3700,
          type: 'gift_voucher',
          operation_type: 'MANUAL',
          object: 'balance',
          related_object: { type: 'voucher', id: 'v_1' },
        },
      },
    ],
    badInputs: [
      { input: '`amount` missing', field: 'amount', call: (c, o) => loose(c).vouchers.updateBalance('GIFT-1', { reason: 'top-up' }, o) },
      { input: '`amount: 10.5` (not an integer)', field: 'amount', call: (c, o) => loose(c).vouchers.updateBalance('GIFT-1', { amount: 10.5 }, o) },
      { input: "`source_id: ''`", field: 'source_id', call: (c, o) => loose(c).vouchers.updateBalance('GIFT-1', { amount: 100, source_id: '' }, o) },
    ],
    contract: (client) => [['POST /v1/vouchers/{code}/balance', () => client.vouchers.updateBalance('GIFT-1', { amount: 10000, reason: 'top-up' }), 'D29']],
  },
};
