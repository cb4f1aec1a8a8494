/**
 * Inputs that break a limit or a required field of the service interface (INTERFACE.md §4, §8).
 * Each must be refused before anything is sent, by an `InvalidRequestError` naming `field`.
 *
 * The params are deliberately wrong, so the calls go through an untyped view of the client: the
 * check under test is the run-time one, which plain-JavaScript callers and `as any` casts reach.
 */
import type { Client, OperationName, RequestOptions } from '../../../src/index.js';
import { operationNames } from '../../../src/resources/registry.js';

export interface BadInput {
  operation: OperationName;
  /** What is wrong, for the report. */
  input: string;
  /** The field path the error must name, as `formatPath` writes it. */
  field: string;
  call(client: Client, options: RequestOptions): Promise<unknown>;
}

type Loose = any;
const loose = (client: Client): Loose => client;

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ product_id: `prod_${i}`, quantity: 1, price: 100 }));
const tierIds = (n: number) => Array.from({ length: n }, (_, i) => `promo_${i}`);

/**
 * The bad inputs of every operation of the registry, keyed by `OperationName`: an operation added
 * without its rows does not compile. An operation whose params have no rule to break (a read of one
 * record by its id) breaks its path parameter.
 */
const BY_OPERATION: { readonly [N in OperationName]: ReadonlyArray<Omit<BadInput, 'operation'>> } = {
  'loyalties.listTransactions': [
    {
      input: '`limit: 0`',
      field: 'limit',
      call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 0 }, o),
    },
    {
      input: '`limit: 101`',
      field: 'limit',
      call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 101 }, o),
    },
    {
      input: '`limit: 2.5`',
      field: 'limit',
      call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 2.5 }, o),
    },
    {
      input: "`order: 'name'`",
      field: 'order',
      call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { order: 'name' }, o),
    },
  ],
  'loyalties.listPendingPoints': [
    {
      input: '`limit: 0`',
      field: 'limit',
      call: (c, o) => loose(c).loyalties.listPendingPoints('LOY-1', { limit: 0 }, o),
    },
  ],
  'loyalties.listRewardAssignments': [
    {
      input: '`page: 0`',
      field: 'page',
      call: (c, o) => loose(c).loyalties.listRewardAssignments('camp_1', { page: 0 }, o),
    },
    {
      input: '`page: 101`',
      field: 'page',
      call: (c, o) => loose(c).loyalties.listRewardAssignments('camp_1', { page: 101 }, o),
    },
  ],
  'rewards.listAssignments': [
    { input: '`limit: 101`', field: 'limit', call: (c, o) => loose(c).rewards.listAssignments('rew_1', { limit: 101 }, o) },
    { input: '`page: 0`', field: 'page', call: (c, o) => loose(c).rewards.listAssignments('rew_1', { page: 0 }, o) },
  ],
  'templates.list': [{ input: "`order: 'name'`", field: 'order', call: (c, o) => loose(c).templates.list({ order: 'name' }, o) }],
  'customers.listRedeemables': [
    {
      input: '`limit: 101`',
      field: 'limit',
      call: (c, o) => loose(c).customers.listRedeemables('cust_1', { limit: 101 }, o),
    },
  ],
  'asyncActions.list': [
    { input: '`limit: 0`', field: 'limit', call: (c, o) => loose(c).asyncActions.list({ limit: 0 }, o) },
    {
      input: "`end_date: 'yesterday'` (not ISO 8601)",
      field: 'end_date',
      call: (c, o) => loose(c).asyncActions.list({ end_date: 'yesterday' }, o),
    },
    {
      input: "`end_date: '2026-13-01'` (month 13)",
      field: 'end_date',
      call: (c, o) => loose(c).asyncActions.list({ end_date: '2026-13-01' }, o),
    },
  ],
  'orders.create': [
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
  'loyalties.redeemReward': [
    {
      input: 'an order of 501 items',
      field: 'order.items',
      call: (c, o) => loose(c).loyalties.redeemReward('LOY-1', { reward: { id: 'rew_1' }, order: { items: items(501) } }, o),
    },
    {
      input: '`reward.points: 0`',
      field: 'reward.points',
      call: (c, o) => loose(c).loyalties.redeemReward('LOY-1', { reward: { id: 'rew_1', points: 0 } }, o),
    },
  ],
  'promotions.updateStack': [
    {
      input: '31 stack tiers',
      field: 'tiers.ids',
      call: (c, o) => loose(c).promotions.updateStack('camp_1', 'stack_1', { tiers: { ids: tierIds(31) } }, o),
    },
    {
      input: "stack id `''`",
      field: 'stackId',
      call: (c, o) => loose(c).promotions.updateStack('camp_1', '', { name: 'S' }, o),
    },
  ],
  'clientEvents.track': [
    {
      input: "`event: ''`",
      field: 'event',
      call: (c, o) => loose(c).clientEvents.track({ event: '', customer: { source_id: 'c' } }, o),
    },
    {
      input: '301-character event name',
      field: 'event',
      call: (c, o) => loose(c).clientEvents.track({ event: 'e'.repeat(301), customer: { source_id: 'c' } }, o),
    },
    { input: '`customer` missing', field: 'customer', call: (c, o) => loose(c).clientEvents.track({ event: 'signup' }, o) },
  ],
  'vouchers.validate': [
    {
      input: "`order.amount: '5000'` (a string)",
      field: 'order.amount',
      call: (c, o) => loose(c).vouchers.validate('SPRING-1', { order: { amount: '5000' } }, o),
    },
    { input: "voucher code `''`", field: 'code', call: (c, o) => loose(c).vouchers.validate('', {}, o) },
  ],
  'vouchers.create': [
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
  'redemptions.rollbackStackable': [
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
  'publications.create': [
    {
      input: '`customer` missing',
      field: 'customer',
      call: (c, o) => loose(c).publications.create({ voucher: 'SPRING-1' }, o),
    },
    {
      input: 'voucher code missing (no `voucher`, no `campaign`)',
      field: 'voucher',
      call: (c, o) => loose(c).publications.create({ customer: { source_id: 'c' } }, o),
    },
  ],
  'templates.setupPromotionTier': [
    {
      input: '`campaign_id` missing',
      field: 'campaign_id',
      call: (c, o) => loose(c).templates.setupPromotionTier('camp_tpl_1', { name: 'T' }, o),
    },
    {
      input: '`name` missing',
      field: 'name',
      call: (c, o) => loose(c).templates.setupPromotionTier('camp_tpl_1', { campaign_id: 'camp_1' }, o),
    },
    {
      input: 'template id `undefined`',
      field: 'campaignTemplateId',
      call: (c, o) => loose(c).templates.setupPromotionTier(undefined, { campaign_id: 'camp_1', name: 'T' }, o),
    },
  ],
  'promotions.createTier': [
    { input: '`name` missing', field: 'name', call: (c, o) => loose(c).promotions.createTier('camp_1', {}, o) },
    {
      input: "`expiration_date: '31/12/2026'` (not ISO 8601)",
      field: 'expiration_date',
      call: (c, o) => loose(c).promotions.createTier('camp_1', { name: 'T', expiration_date: '31/12/2026' }, o),
    },
  ],
  'oauth.introspect': [{ input: "access token `''`", field: 'access_token', call: (c, o) => loose(c).oauth.introspect('', o) }],
  'loyalties.getMember': [
    { input: "member id `''`", field: 'memberId', call: (c, o) => loose(c).loyalties.getMember('', {}, o) },
    {
      input: "`campaign_id: ''`",
      field: 'campaign_id',
      call: (c, o) => loose(c).loyalties.getMember('LOY-1', { campaign_id: '' }, o),
    },
  ],
  'asyncActions.get': [{ input: "id `''`", field: 'asyncActionId', call: (c, o) => loose(c).asyncActions.get('', o) }],
  'locations.get': [{ input: "id `'..'` (a dot segment)", field: 'locationId', call: (c, o) => loose(c).locations.get('..', o) }],
  'customers.list': [
    { input: '`page: 100` (customers stop at 99)', field: 'page', call: (c, o) => loose(c).customers.list({ page: 100 }, o) },
    {
      input: "`created_at: { after: 'yesterday' }`",
      field: 'created_at.after',
      call: (c, o) => loose(c).customers.list({ created_at: { after: 'yesterday' } }, o),
    },
  ],
  'customers.create': [
    { input: "`source_id: ''`", field: 'source_id', call: (c, o) => loose(c).customers.create({ source_id: '' }, o) },
    { input: "`source_id: '  '` (only spaces)", field: 'source_id', call: (c, o) => loose(c).customers.create({ source_id: '  ' }, o) },
    {
      input: "`birthdate: '1990-02-30'`",
      field: 'birthdate',
      call: (c, o) => loose(c).customers.create({ source_id: 'c', birthdate: '1990-02-30' }, o),
    },
  ],
  'customers.get': [{ input: "id `'.'` (a dot segment)", field: 'customerId', call: (c, o) => loose(c).customers.get('.', o) }],
  'customers.update': [
    {
      input: '`source_id` among the fields (the customer is named by the path)',
      field: 'source_id',
      call: (c, o) => loose(c).customers.update('cust_1', { source_id: 'other' }, o),
    },
  ],
  'customers.delete': [{ input: "id `'  '`", field: 'customerId', call: (c, o) => loose(c).customers.delete('  ', o) }],
  'vouchers.get': [{ input: "code `'..'` (a dot segment)", field: 'code', call: (c, o) => loose(c).vouchers.get('..', o) }],
  // It takes no params: nothing to break but its options, which are checked as every call's are.
  'metadataSchemas.list': [],
  'vouchers.list': [
    { input: "`ids: 'v_1'` (not an array)", field: 'ids', call: (c, o) => loose(c).vouchers.list({ ids: 'v_1' }, o) },
    { input: '`page: 100` (vouchers stop at 99)', field: 'page', call: (c, o) => loose(c).vouchers.list({ page: 100 }, o) },
  ],
  'vouchers.update': [
    {
      input: '`gift: { balance }` (a field the service ignores)',
      field: 'gift',
      call: (c, o) => loose(c).vouchers.update('GIFT-1', { gift: { balance: 100 } }, o),
    },
  ],
  'vouchers.delete': [{ input: "`force: 'true'`", field: 'force', call: (c, o) => loose(c).vouchers.delete('V-1', { force: 'true' }, o) }],
  'vouchers.enable': [{ input: 'code `null`', field: 'code', call: (c, o) => loose(c).vouchers.enable(null, o) }],
  'vouchers.disable': [{ input: "code `'..'`", field: 'code', call: (c, o) => loose(c).vouchers.disable('..', o) }],
  'products.list': [
    { input: '`page: 101`', field: 'page', call: (c, o) => loose(c).products.list({ page: 101 }, o) },
    { input: "`order: 'code'` (a vouchers' order)", field: 'order', call: (c, o) => loose(c).products.list({ order: 'code' }, o) },
  ],
  'products.get': [{ input: 'id with a lone surrogate', field: 'productId', call: (c, o) => loose(c).products.get('p\uDC00', o) }],
  'metadataSchemas.get': [{ input: "resource `''`", field: 'resource', call: (c, o) => loose(c).metadataSchemas.get('', o) }],
  'validations.validate': [
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
  'redemptions.redeem': [
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
  'redemptions.list': [{ input: '`page: 100`', field: 'page', call: (c, o) => loose(c).redemptions.list({ page: 100 }, o) }],
  'qualifications.check': [
    {
      input: '`options.limit: 51`',
      field: 'options.limit',
      call: (c, o) => loose(c).qualifications.check({ options: { limit: 51 } }, o),
    },
    {
      input: "`session: { type: 'LOCK', key }` (its session is `{ type }` alone)",
      field: 'session.key',
      call: (c, o) => loose(c).qualifications.check({ session: { type: 'LOCK', key: 'checkout-1' } }, o),
    },
  ],
  'redemptions.rollback': [{ input: "redemption id `''`", field: 'redemptionId', call: (c, o) => loose(c).redemptions.rollback('', {}, o) }],
  'redemptions.get': [{ input: "id `'.'` (a dot segment)", field: 'redemptionId', call: (c, o) => loose(c).redemptions.get('.', o) }],
  'vouchers.getRedemptions': [{ input: "voucher code `''`", field: 'code', call: (c, o) => loose(c).vouchers.getRedemptions('', o) }],
  'vouchers.releaseSession': [
    {
      input: 'session key of spaces',
      field: 'sessionKey',
      call: (c, o) => loose(c).vouchers.releaseSession('SPRING15', '   ', o),
    },
  ],
};

/** Every bad input, in the registry's order. */
export const BAD_INPUTS: readonly BadInput[] = operationNames.flatMap((operation) => BY_OPERATION[operation].map((bad) => ({ operation, ...bad })));
