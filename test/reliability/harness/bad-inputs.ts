/**
 * Inputs that break a limit or a required field of the service interface (INTERFACE.md §4, §8).
 * Each must be refused before anything is sent, by an `InvalidRequestError` naming `field`.
 *
 * The params are deliberately wrong, so the calls go through an untyped view of the client: the
 * check under test is the run-time one, which plain-JavaScript callers and `as any` casts reach.
 */
import type { Client, RequestOptions } from '../../../src/index.js';

export interface BadInput {
  operation: string;
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

export const BAD_INPUTS: readonly BadInput[] = [
  // §8 limit / page / order of lists
  {
    operation: 'loyalties.listTransactions',
    input: '`limit: 0`',
    field: 'limit',
    call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 0 }, o),
  },
  {
    operation: 'loyalties.listTransactions',
    input: '`limit: 101`',
    field: 'limit',
    call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 101 }, o),
  },
  {
    operation: 'loyalties.listTransactions',
    input: '`limit: 2.5`',
    field: 'limit',
    call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { limit: 2.5 }, o),
  },
  {
    operation: 'loyalties.listTransactions',
    input: "`order: 'name'`",
    field: 'order',
    call: (c, o) => loose(c).loyalties.listTransactions('camp_1', { order: 'name' }, o),
  },
  {
    operation: 'loyalties.listPendingPoints',
    input: '`limit: 0`',
    field: 'limit',
    call: (c, o) => loose(c).loyalties.listPendingPoints('LOY-1', { limit: 0 }, o),
  },
  {
    operation: 'loyalties.listRewardAssignments',
    input: '`page: 0`',
    field: 'page',
    call: (c, o) => loose(c).loyalties.listRewardAssignments('camp_1', { page: 0 }, o),
  },
  {
    operation: 'loyalties.listRewardAssignments',
    input: '`page: 101`',
    field: 'page',
    call: (c, o) => loose(c).loyalties.listRewardAssignments('camp_1', { page: 101 }, o),
  },
  { operation: 'rewards.listAssignments', input: '`limit: 101`', field: 'limit', call: (c, o) => loose(c).rewards.listAssignments('rew_1', { limit: 101 }, o) },
  { operation: 'rewards.listAssignments', input: '`page: 0`', field: 'page', call: (c, o) => loose(c).rewards.listAssignments('rew_1', { page: 0 }, o) },
  { operation: 'templates.list', input: "`order: 'name'`", field: 'order', call: (c, o) => loose(c).templates.list({ order: 'name' }, o) },
  {
    operation: 'customers.listRedeemables',
    input: '`limit: 101`',
    field: 'limit',
    call: (c, o) => loose(c).customers.listRedeemables('cust_1', { limit: 101 }, o),
  },
  { operation: 'asyncActions.list', input: '`limit: 0`', field: 'limit', call: (c, o) => loose(c).asyncActions.list({ limit: 0 }, o) },
  {
    operation: 'asyncActions.list',
    input: "`end_date: 'yesterday'` (not ISO 8601)",
    field: 'end_date',
    call: (c, o) => loose(c).asyncActions.list({ end_date: 'yesterday' }, o),
  },
  {
    operation: 'asyncActions.list',
    input: "`end_date: '2026-13-01'` (month 13)",
    field: 'end_date',
    call: (c, o) => loose(c).asyncActions.list({ end_date: '2026-13-01' }, o),
  },
  // §8 order items, stack tiers, event name
  { operation: 'orders.create', input: '501 items', field: 'items', call: (c, o) => loose(c).orders.create({ items: items(501) }, o) },
  {
    operation: 'loyalties.redeemReward',
    input: 'an order of 501 items',
    field: 'order.items',
    call: (c, o) => loose(c).loyalties.redeemReward('LOY-1', { reward: { id: 'rew_1' }, order: { items: items(501) } }, o),
  },
  {
    operation: 'promotions.updateStack',
    input: '31 stack tiers',
    field: 'tiers.ids',
    call: (c, o) => loose(c).promotions.updateStack('camp_1', 'stack_1', { tiers: { ids: tierIds(31) } }, o),
  },
  {
    operation: 'clientEvents.track',
    input: "`event: ''`",
    field: 'event',
    call: (c, o) => loose(c).clientEvents.track({ event: '', customer: { source_id: 'c' } }, o),
  },
  {
    operation: 'clientEvents.track',
    input: '301-character event name',
    field: 'event',
    call: (c, o) => loose(c).clientEvents.track({ event: 'e'.repeat(301), customer: { source_id: 'c' } }, o),
  },
  // money amounts are integers in the smallest currency unit
  { operation: 'orders.create', input: '`amount: 10.5`', field: 'amount', call: (c, o) => loose(c).orders.create({ amount: 10.5 }, o) },
  {
    operation: 'orders.create',
    input: '`items[0].price: 9.99`',
    field: 'items[0].price',
    call: (c, o) => loose(c).orders.create({ items: [{ product_id: 'prod_1', quantity: 1, price: 9.99 }] }, o),
  },
  {
    operation: 'orders.create',
    input: "`items[0].quantity: '1'` (a string)",
    field: 'items[0].quantity',
    call: (c, o) => loose(c).orders.create({ items: [{ product_id: 'prod_1', quantity: '1' }] }, o),
  },
  {
    operation: 'vouchers.validate',
    input: "`order.amount: '5000'` (a string)",
    field: 'order.amount',
    call: (c, o) => loose(c).vouchers.validate('SPRING-1', { order: { amount: '5000' } }, o),
  },
  {
    operation: 'vouchers.create',
    input: '`discount.amount_off: 10.5`',
    field: 'discount.amount_off',
    call: (c, o) => loose(c).vouchers.create('SPRING-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 10.5 } }, o),
  },
  {
    operation: 'loyalties.redeemReward',
    input: '`reward.points: 0`',
    field: 'reward.points',
    call: (c, o) => loose(c).loyalties.redeemReward('LOY-1', { reward: { id: 'rew_1', points: 0 } }, o),
  },
  {
    operation: 'redemptions.rollbackStackable',
    input: '`order.discount_amount: 0.5`',
    field: 'order.discount_amount',
    call: (c, o) => loose(c).redemptions.rollbackStackable('r_1', { order: { discount_amount: 0.5 } }, o),
  },
  // required fields
  { operation: 'vouchers.create', input: '`type` missing', field: 'type', call: (c, o) => loose(c).vouchers.create('SPRING-1', {}, o) },
  {
    operation: 'vouchers.create',
    input: "`type: 'COUPON'` (unknown)",
    field: 'type',
    call: (c, o) => loose(c).vouchers.create('SPRING-1', { type: 'COUPON' }, o),
  },
  {
    operation: 'vouchers.create',
    input: "`start_date: 'tomorrow'` (not ISO 8601)",
    field: 'start_date',
    call: (c, o) =>
      loose(c).vouchers.create('SPRING-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, start_date: 'tomorrow' }, o),
  },
  {
    operation: 'vouchers.create',
    input: "`type: 'GIFT_VOUCHER'` without `gift`",
    field: 'gift',
    call: (c, o) => loose(c).vouchers.create('SPRING-1', { type: 'GIFT_VOUCHER' }, o),
  },
  {
    operation: 'publications.create',
    input: '`customer` missing',
    field: 'customer',
    call: (c, o) => loose(c).publications.create({ voucher: 'SPRING-1' }, o),
  },
  {
    operation: 'publications.create',
    input: 'voucher code missing (no `voucher`, no `campaign`)',
    field: 'voucher',
    call: (c, o) => loose(c).publications.create({ customer: { source_id: 'c' } }, o),
  },
  {
    operation: 'templates.setupPromotionTier',
    input: '`campaign_id` missing',
    field: 'campaign_id',
    call: (c, o) => loose(c).templates.setupPromotionTier('camp_tpl_1', { name: 'T' }, o),
  },
  {
    operation: 'templates.setupPromotionTier',
    input: '`name` missing',
    field: 'name',
    call: (c, o) => loose(c).templates.setupPromotionTier('camp_tpl_1', { campaign_id: 'camp_1' }, o),
  },
  { operation: 'promotions.createTier', input: '`name` missing', field: 'name', call: (c, o) => loose(c).promotions.createTier('camp_1', {}, o) },
  {
    operation: 'promotions.createTier',
    input: "`expiration_date: '31/12/2026'` (not ISO 8601)",
    field: 'expiration_date',
    call: (c, o) => loose(c).promotions.createTier('camp_1', { name: 'T', expiration_date: '31/12/2026' }, o),
  },
  { operation: 'clientEvents.track', input: '`customer` missing', field: 'customer', call: (c, o) => loose(c).clientEvents.track({ event: 'signup' }, o) },
  { operation: 'oauth.introspect', input: "access token `''`", field: 'access_token', call: (c, o) => loose(c).oauth.introspect('', o) },
  // empty path ids
  { operation: 'vouchers.validate', input: "voucher code `''`", field: 'code', call: (c, o) => loose(c).vouchers.validate('', {}, o) },
  {
    operation: 'vouchers.create',
    input: "voucher code `''`",
    field: 'code',
    call: (c, o) => loose(c).vouchers.create('', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } }, o),
  },
  { operation: 'loyalties.getMember', input: "member id `''`", field: 'memberId', call: (c, o) => loose(c).loyalties.getMember('', {}, o) },
  {
    operation: 'loyalties.getMember',
    input: "`campaign_id: ''`",
    field: 'campaign_id',
    call: (c, o) => loose(c).loyalties.getMember('LOY-1', { campaign_id: '' }, o),
  },
  { operation: 'asyncActions.get', input: "id `''`", field: 'asyncActionId', call: (c, o) => loose(c).asyncActions.get('', o) },
  { operation: 'locations.get', input: "id `'..'` (a dot segment)", field: 'locationId', call: (c, o) => loose(c).locations.get('..', o) },
  {
    operation: 'redemptions.rollbackStackable',
    input: '`reason` with a lone surrogate (query string)',
    field: 'reason',
    call: (c, o) => loose(c).redemptions.rollbackStackable('r_1', { reason: 'bad \uD800' }, o),
  },
  {
    operation: 'redemptions.rollbackStackable',
    input: "parent redemption id `''`",
    field: 'parentRedemptionId',
    call: (c, o) => loose(c).redemptions.rollbackStackable('', {}, o),
  },
  {
    operation: 'promotions.updateStack',
    input: "stack id `''`",
    field: 'stackId',
    call: (c, o) => loose(c).promotions.updateStack('camp_1', '', { name: 'S' }, o),
  },
  {
    operation: 'templates.setupPromotionTier',
    input: 'template id `undefined`',
    field: 'campaignTemplateId',
    call: (c, o) => loose(c).templates.setupPromotionTier(undefined, { campaign_id: 'camp_1', name: 'T' }, o),
  },
  // the checkout (CHECKOUT.md §3.1, §4.1, §4.2, §4.10)
  {
    operation: 'validations.validate',
    input: '`redeemables: []`',
    field: 'redeemables',
    call: (c, o) => loose(c).validations.validate({ redeemables: [] }, o),
  },
  {
    operation: 'validations.validate',
    input: '31 redeemables',
    field: 'redeemables',
    call: (c, o) => loose(c).validations.validate({ redeemables: Array.from({ length: 31 }, (_, i) => ({ object: 'voucher', id: `C-${i}` })) }, o),
  },
  {
    operation: 'redemptions.redeem',
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
    operation: 'redemptions.redeem',
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
    operation: 'redemptions.redeem',
    input: '`gift.credits: 10.5`',
    field: 'redeemables[0].gift.credits',
    call: (c, o) => loose(c).redemptions.redeem({ redeemables: [{ object: 'voucher', id: 'G', gift: { credits: 10.5 } }] }, o),
  },
  {
    operation: 'validations.validate',
    input: "`session: { type: 'SOFT' }`",
    field: 'session.type',
    call: (c, o) => loose(c).validations.validate({ redeemables: [{ object: 'voucher', id: 'A' }], session: { type: 'SOFT' } }, o),
  },
  {
    operation: 'validations.validate',
    input: 'an order of 501 items',
    field: 'order.items',
    call: (c, o) => loose(c).validations.validate({ redeemables: [{ object: 'voucher', id: 'A' }], order: { items: items(501) } }, o),
  },
  { operation: 'redemptions.list', input: '`page: 100`', field: 'page', call: (c, o) => loose(c).redemptions.list({ page: 100 }, o) },
  {
    operation: 'qualifications.check',
    input: '`options.limit: 51`',
    field: 'options.limit',
    call: (c, o) => loose(c).qualifications.check({ options: { limit: 51 } }, o),
  },
  { operation: 'redemptions.rollback', input: "redemption id `''`", field: 'redemptionId', call: (c, o) => loose(c).redemptions.rollback('', {}, o) },
  { operation: 'redemptions.get', input: "id `'.'` (a dot segment)", field: 'redemptionId', call: (c, o) => loose(c).redemptions.get('.', o) },
  { operation: 'vouchers.getRedemptions', input: "voucher code `''`", field: 'code', call: (c, o) => loose(c).vouchers.getRedemptions('', o) },
  {
    operation: 'vouchers.releaseSession',
    input: 'session key of spaces',
    field: 'sessionKey',
    call: (c, o) => loose(c).vouchers.releaseSession('SPRING15', '   ', o),
  },
];
