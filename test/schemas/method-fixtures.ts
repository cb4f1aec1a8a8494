/**
 * Every response fixture of the test suite, by the SDK method that receives it: the bodies written
 * for the schema tests (./fixtures.ts) and the resource tests (../fixtures/*.ts), the real-world
 * shapes (../fixtures/real-world.ts), and the mock service's answers to each method.
 */
import { Client } from '../../src/index.js';
import type { ResponseSchema } from '../../src/core/response-check.js';
import { asyncActionListSchema, asyncActionSchema } from '../../src/schemas/async-action.js';
import { customerRedeemableListSchema } from '../../src/schemas/customer-redeemable.js';
import type { MethodName } from '../../src/schemas/tolerance-policy.js';
import { eventAcknowledgmentSchema } from '../../src/schemas/event.js';
import { locationSchema } from '../../src/schemas/location.js';
import { loyaltyTransactionListSchema } from '../../src/schemas/loyalty-transaction.js';
import { pendingPointsListSchema } from '../../src/schemas/pending-points.js';
import { rewardAssignmentListSchema } from '../../src/schemas/reward.js';
import { tokenIntrospectionSchema } from '../../src/schemas/oauth.js';
import { orderSchema } from '../../src/schemas/order.js';
import { promotionStackSchema, promotionTierSchema, promotionTierSetupSchema } from '../../src/schemas/promotion.js';
import { publicationSchema } from '../../src/schemas/publication.js';
import { redemptionSchema } from '../../src/schemas/redemption.js';
import { redemptionRollbackResultSchema } from '../../src/schemas/redemption-rollback.js';
import { campaignTemplateListSchema } from '../../src/schemas/template.js';
import { validationResultSchema } from '../../src/schemas/validation.js';
import { loyaltyMemberSchema, voucherSchema } from '../../src/schemas/voucher.js';
import { createMockService } from '../../src/testing/index.js';
import * as asyncActions from '../fixtures/async-actions.js';
import * as customers from '../fixtures/customers.js';
import * as locations from '../fixtures/locations.js';
import * as loyalty from '../fixtures/loyalty.js';
import * as orders from '../fixtures/orders.js';
import * as promotions from '../fixtures/promotions.js';
import * as publications from '../fixtures/publications.js';
import * as realWorld from '../fixtures/real-world.js';
import * as redemptions from '../fixtures/redemptions.js';
import * as rewards from '../fixtures/rewards.js';
import * as vouchers from '../fixtures/vouchers.js';
import * as fx from './fixtures.js';

/** The response schema each method checks its body with (the `schema` of its operation). */
export const methodSchemas: { readonly [M in MethodName]: () => ResponseSchema<unknown> } = {
  'asyncActions.get': asyncActionSchema,
  'asyncActions.list': asyncActionListSchema,
  'clientEvents.track': eventAcknowledgmentSchema,
  'customers.listRedeemables': customerRedeemableListSchema,
  'locations.get': locationSchema,
  'loyalties.getMember': loyaltyMemberSchema,
  'loyalties.listPendingPoints': pendingPointsListSchema,
  'loyalties.listRewardAssignments': rewardAssignmentListSchema,
  'loyalties.listTransactions': loyaltyTransactionListSchema,
  'loyalties.redeemReward': redemptionSchema,
  'oauth.introspect': tokenIntrospectionSchema,
  'orders.create': orderSchema,
  'promotions.createTier': promotionTierSchema,
  'promotions.updateStack': promotionStackSchema,
  'publications.create': publicationSchema,
  'redemptions.rollbackStackable': redemptionRollbackResultSchema,
  'rewards.listAssignments': rewardAssignmentListSchema,
  'templates.list': campaignTemplateListSchema,
  'templates.setupPromotionTier': promotionTierSetupSchema,
  'vouchers.create': voucherSchema,
  'vouchers.validate': validationResultSchema as () => ResponseSchema<unknown>,
};

/** Where a fixture was written. */
export type FixtureSource = 'schema tests' | 'resource tests' | 'real world' | 'mock service';

/** One response body and the method that receives it. */
export interface ResponseFixture {
  method: MethodName;
  name: string;
  source: FixtureSource;
  body: unknown;
}

const cursorList = (data: unknown[], hasMore = false) => ({ object: 'list', data_ref: 'data', data, has_more: hasMore, more_starting_after: hasMore ? (data.at(-1) as { id: string }).id : null });
const pageList = (data: unknown[]) => ({ object: 'list', data_ref: 'data', data, total: data.length });
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const of = (source: FixtureSource, method: MethodName, fixtures: Record<string, unknown>): ResponseFixture[] =>
  Object.entries(fixtures).map(([name, body]) => ({ method, name, source, body }));

/** The fixtures written by hand: schema tests, resource tests and the real-world shapes. */
export const writtenFixtures: readonly ResponseFixture[] = [
  ...of('schema tests', 'vouchers.create', { 'discount voucher': fx.discountVoucher, 'gift voucher': fx.giftVoucher }),
  ...of('schema tests', 'loyalties.getMember', { 'loyalty member': fx.loyaltyMember }),
  ...of('schema tests', 'loyalties.listPendingPoints', { 'pending points list': fx.pendingPointsList }),
  ...of('schema tests', 'loyalties.listTransactions', { 'transaction list': fx.transactionList }),
  ...of('schema tests', 'loyalties.listRewardAssignments', { 'reward assignment list': fx.rewardAssignmentList }),
  ...of('schema tests', 'rewards.listAssignments', { 'reward assignment list': fx.rewardAssignmentList }),
  ...of('schema tests', 'loyalties.redeemReward', { redemption: fx.redemption }),
  ...of('schema tests', 'redemptions.rollbackStackable', { 'rollback result': fx.rollbackResult }),
  ...of('schema tests', 'promotions.createTier', { 'promotion tier': fx.promotionTier }),
  ...of('schema tests', 'templates.setupPromotionTier', { 'tier setup': fx.tierSetup }),
  ...of('schema tests', 'promotions.updateStack', { 'promotion stack': fx.promotionStack }),
  ...of('schema tests', 'templates.list', { 'records under campaign_templates': fx.templateListNamed, 'records under data': fx.templateListData }),
  ...of('schema tests', 'asyncActions.get', { 'async action': fx.asyncAction }),
  ...of('schema tests', 'asyncActions.list', { 'async action list': fx.asyncActionList }),
  ...of('schema tests', 'orders.create', { order: fx.order }),
  ...of('schema tests', 'publications.create', { 'one voucher': fx.publicationSingle, 'several vouchers': fx.publicationMultiple }),
  ...of('schema tests', 'locations.get', { circle: fx.circleLocation, polygon: fx.polygonLocation, 'multi-polygon': fx.multiPolygonLocation }),
  ...of('schema tests', 'customers.listRedeemables', { 'redeemable list': fx.customerRedeemableList }),
  ...of('schema tests', 'clientEvents.track', { acknowledgment: fx.eventAcknowledgment }),
  ...of('schema tests', 'vouchers.validate', { valid: fx.validResult, invalid: fx.invalidResult }),
  ...of('schema tests', 'oauth.introspect', { active: fx.activeToken, inactive: fx.inactiveToken }),

  ...of('resource tests', 'vouchers.create', { 'discount voucher': vouchers.discountVoucher, 'gift card': vouchers.giftCard }),
  ...of('resource tests', 'vouchers.validate', { valid: vouchers.validResult, expired: vouchers.expiredResult }),
  ...of('resource tests', 'loyalties.getMember', { 'loyalty member': loyalty.loyaltyMember }),
  ...of('resource tests', 'loyalties.listTransactions', { 'two transactions': cursorList([loyalty.transaction(1), loyalty.transaction(2, 'POINTS_REDEMPTION')], true) }),
  ...of('resource tests', 'loyalties.listPendingPoints', { 'three entries': cursorList(range(3).map(loyalty.pendingPoints)) }),
  ...of('resource tests', 'loyalties.listRewardAssignments', { 'three rewards': pageList(range(3).map(loyalty.campaignReward)) }),
  ...of('resource tests', 'rewards.listAssignments', { 'three assignments': pageList(range(3).map((n) => rewards.rewardAssignment(n))) }),
  ...of('resource tests', 'loyalties.redeemReward', { 'pay with points': redemptions.payWithPoints, failed: redemptions.failedRedemption }),
  ...of('resource tests', 'redemptions.rollbackStackable', { 'rollback result': redemptions.rollbackResult }),
  ...of('resource tests', 'orders.create', { 'created order': orders.createdOrder }),
  ...of('resource tests', 'publications.create', { publication: publications.publication }),
  ...of('resource tests', 'customers.listRedeemables', { 'two redeemables': { ...cursorList([customers.redeemable(1), customers.redeemable(2, 'REFERRER')]), total: 2 } }),
  ...of('resource tests', 'promotions.createTier', { 'weekend tier': promotions.createdTier }),
  ...of('resource tests', 'templates.setupPromotionTier', { 'tier setup': promotions.tierSetup }),
  ...of('resource tests', 'promotions.updateStack', { 'updated stack': promotions.updatedStack }),
  ...of('resource tests', 'templates.list', { 'two templates': cursorList([promotions.campaignTemplate(1), promotions.campaignTemplate(2, 'GIFT_VOUCHERS')]) }),
  ...of('resource tests', 'asyncActions.get', { 'import done': asyncActions.importDone }),
  ...of('resource tests', 'asyncActions.list', { 'three actions': { object: 'list', data_ref: 'async_actions', async_actions: range(3).map(asyncActions.listedAction) } }),
  ...of('resource tests', 'locations.get', { circle: locations.circleLocation, polygon: locations.polygonLocation }),

  ...of('real world', 'publications.create', { 'voucher without id and object, with nulls': realWorld.publicationOfSparseVoucher, 'several codes': realWorld.publicationOfSeveralCodes }),
  ...of('real world', 'vouchers.validate', { 'order and items without object': realWorld.validResultWithBareOrder, 'custom rule failure': realWorld.customRuleFailure }),
  ...of('real world', 'loyalties.redeemReward', { 'reward without object': realWorld.rewardRedemptionWithoutObjects, 'older redemption': realWorld.olderRedemption }),
  ...of('real world', 'redemptions.rollbackStackable', { 'rollbacks without object': realWorld.rollbacksWithoutObjects }),
  ...of('real world', 'orders.create', { 'nulls and bare items': realWorld.orderWithNulls }),
  ...of('real world', 'promotions.createTier', { 'null metadata': realWorld.tierWithNullMetadata }),
];

/**
 * The mock service's answers to every method (`responses: 'complete'`, the default, or `'sparse'`):
 * each call is made through a client in the given validation mode (a call the SDK refuses
 * rejects), and the body is taken as received.
 */
export async function mockServiceFixtures(responses: 'complete' | 'sparse' = 'complete', validation: 'off' | 'strict' = 'off'): Promise<ResponseFixture[]> {
  const mock = createMockService({ now: '2026-03-18T09:30:00.000Z', responses });
  const ids = mock.ids;
  let body: unknown;
  const client = new Client({
    baseUrl: mock.baseUrl,
    ...mock.credentials,
    validation,
    logLevel: 'off',
    maxRetries: 0,
    fetch: async (input, init) => {
      const response = await mock.fetch(input, init);
      body = await response.clone().json();
      return response;
    },
  });
  const calls: Array<[MethodName, string, () => Promise<unknown>]> = [
    ['oauth.introspect', 'active token', () => client.oauth.introspect(mock.credentials.accessToken)],
    ['oauth.introspect', 'unknown token', () => client.oauth.introspect('never-issued')],
    ['loyalties.getMember', 'member', () => client.loyalties.getMember(ids.members.ada, { campaign_id: ids.campaigns.coffeeClub })],
    ['loyalties.listPendingPoints', 'pending points', () => client.loyalties.listPendingPoints(ids.members.ada, { limit: 2 })],
    ['loyalties.listTransactions', 'transactions', () => client.loyalties.listTransactions(ids.campaigns.coffeeClub, { limit: 3 })],
    ['loyalties.listRewardAssignments', 'campaign rewards', () => client.loyalties.listRewardAssignments(ids.campaigns.coffeeClub, { limit: 3 })],
    ['loyalties.redeemReward', 'coupon reward', () => client.loyalties.redeemReward(ids.members.ada, { reward: { id: ids.rewards.coupon } })],
    ['loyalties.redeemReward', 'pay with points', () => client.loyalties.redeemReward(ids.members.ada, { reward: { id: ids.rewards.payWithPoints, points: 100 }, order: { amount: 4500 } })],
    ['vouchers.create', 'discount voucher', () => client.vouchers.create('TOLERANCE-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } })],
    ['vouchers.validate', 'valid with order', () => client.vouchers.validate(ids.vouchers.valid, { customer: { id: ids.customers.ada }, order: { items: [{ product_id: 'prod_any', quantity: 2, price: 1500 }] } })],
    ['vouchers.validate', 'expired', () => client.vouchers.validate(ids.vouchers.expired)],
    ['templates.list', 'templates', () => client.templates.list({ limit: 2, include_total: true })],
    ['templates.setupPromotionTier', 'tier setup', () => client.templates.setupPromotionTier(ids.template, { campaign_id: ids.campaigns.checkout, name: 'From template' })],
    ['promotions.createTier', 'tier', () => client.promotions.createTier(ids.campaigns.checkout, { name: 'Tolerance 5%', action: { discount: { type: 'PERCENT', percent_off: 5 } } })],
    ['promotions.updateStack', 'stack', () => client.promotions.updateStack(ids.campaigns.checkout, ids.stack, { name: 'Renamed stack' })],
    ['orders.create', 'order', () => client.orders.create({ source_id: 'tolerance-1', items: [{ product_id: 'prod_any', quantity: 1, price: 900 }], customer: { source_id: 'shop-user-1001' } })],
    ['publications.create', 'one voucher', () => client.publications.create({ voucher: ids.vouchers.unpublished, customer: { id: ids.customers.grace } })],
    ['publications.create', 'several codes', () => client.publications.create({ campaign: { name: 'Welcome Offer', count: 2 }, customer: { id: ids.customers.alan } })],
    ['redemptions.rollbackStackable', 'stacked redemption', () => client.redemptions.rollbackStackable(ids.stackedRedemption)],
    ['customers.listRedeemables', 'redeemables', () => client.customers.listRedeemables(ids.customers.ada, { limit: 3 })],
    ['rewards.listAssignments', 'assignments', () => client.rewards.listAssignments(ids.rewards.espresso)],
    ['asyncActions.get', 'in progress', () => client.asyncActions.get(ids.asyncAction)],
    ['asyncActions.list', 'actions', () => client.asyncActions.list({ limit: 3 })],
    ['locations.get', 'location', () => client.locations.get(ids.location)],
    ['clientEvents.track', 'event', () => client.clientEvents.track({ event: 'newsletter_subscribed', customer: { source_id: 'visitor-1' } })],
  ];
  const out: ResponseFixture[] = [];
  for (const [method, name, call] of calls) {
    body = undefined;
    await call();
    out.push({ method, name: responses === 'sparse' ? `${name} (sparse)` : name, source: 'mock service', body });
  }
  return out;
}
