#!/usr/bin/env node
// Calls every SDK method once against a mock of the service's published OpenAPI contract (Prism,
// request validation on) with `validation: 'strict'`, and prints for each of the 24 operations
// whether the request was accepted and the response parsed strictly.
//
//   CONTRACT_URL=http://127.0.0.1:4010 node scripts/contract-check.mjs   (after `npm run build`)
//
// Known defects of the published spec are handled deliberately, each noted in the output:
// - request order items must carry an `object` key the spec requires but does not define: the
//   SDK sends items as given, so the calls here pass `object: 'order_item'` themselves;
// - `origin` is declared as a bare hostname: the check configures `localhost`;
// - the validate body is a oneOf with overlapping branches: a discount-voucher body is sent.
import { Client, PromokitError, ApiError, ResponseValidationError } from '../dist/index.js';

const baseUrl = process.env.CONTRACT_URL ?? 'http://127.0.0.1:4010';
let last;
const client = new Client({
  baseUrl,
  appId: 'app-id',
  appToken: 'app-token',
  accessToken: 'access-token',
  clientApplicationId: 'client-app-id',
  clientToken: 'client-token',
  origin: 'localhost',
  validation: 'strict',
  maxRetries: 0,
  timeout: 10_000,
  logLevel: 'off',
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    last = { status: response.status, violations: response.headers.get('sl-violations') };
    return response;
  },
});

const item = { object: 'order_item', product_id: 'prod_0a1', quantity: 2, price: 1500 };
const order = { amount: 3000, items: [item] };
const customer = { source_id: 'cust-42', name: 'Ada' };

const calls = [
  ['POST /v1/oauth/introspect', () => client.oauth.introspect('some-token')],
  [
    'GET /v1/loyalties/{campaignId}/members/{memberId}/pending-points',
    () => client.loyalties.listPendingPoints('LOYAL-1', { campaign_id: 'camp_1', limit: 10, order: '-id' }),
  ],
  ['GET /v1/loyalties/{campaignId}/members/{memberId}', () => client.loyalties.getMember('LOYAL-1', { campaign_id: 'camp_1' })],
  ['GET /v1/loyalties/members/{memberId}/pending-points', () => client.loyalties.listPendingPoints('LOYAL-1', { limit: 10 })],
  ['GET /v1/loyalties/members/{memberId}', () => client.loyalties.getMember('LOYAL-1')],
  ['POST /v1/loyalties/members/{memberId}/redemption', () => client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1', points: 100 }, order })],
  [
    'POST /v1/templates/campaigns/{campaignTemplateId}/tier-setup',
    () => client.templates.setupPromotionTier('camp_tpl_1', { campaign_id: 'camp_1', name: 'Tier from template' }),
  ],
  ['GET /v1/templates/campaigns', () => client.templates.list({ limit: 10, include_total: true })],
  ['POST /v1/vouchers/{code}', () => client.vouchers.create('NEW-CODE-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } })],
  ['POST /v1/vouchers/{code}/validate', () => client.vouchers.validate('SUMMER-10', { customer, order })],
  [
    'POST /v1/loyalties/{campaignId}/members/{memberId}/redemption',
    () => client.loyalties.redeemReward('LOYAL-1', { campaign_id: 'camp_1', reward: { id: 'rew_1' } }),
  ],
  ['GET /v1/loyalties/{campaignId}/transactions', () => client.loyalties.listTransactions('camp_1', { limit: 10 })],
  ['POST /client/v1/events', () => client.clientEvents.track({ event: 'newsletter_subscribed', customer })],
  ['GET /v1/customers/{customerId}/redeemables', () => client.customers.listRedeemables('cust_1', { limit: 10 })],
  [
    'POST /v1/promotions/{campaignId}/tiers',
    () => client.promotions.createTier('camp_1', { name: 'Ten percent', action: { discount: { type: 'PERCENT', percent_off: 10 } } }),
  ],
  ['GET /v1/async-actions/{asyncActionId}', () => client.asyncActions.get('aa_1')],
  ['POST /v1/orders', () => client.orders.create({ source_id: 'order-1', status: 'CREATED', items: [item], customer })],
  ['POST /v1/publications', () => client.publications.create({ voucher: 'SUMMER-10', customer, join_once: true })],
  ['GET /v1/loyalties/{campaignId}/rewards', () => client.loyalties.listRewardAssignments('camp_1', { limit: 10, page: 1 })],
  ['GET /v1/rewards/{rewardId}/assignments', () => client.rewards.listAssignments('rew_1', { limit: 10, page: 1 })],
  [
    'PUT /v1/promotions/{campaignId}/stacks/{stackId}',
    () => client.promotions.updateStack('camp_1', 'stack_1', { name: 'Stack', tiers: { ids: ['promo_1', 'promo_2'], hierarchy_mode: 'MANUAL' } }),
  ],
  ['GET /v1/async-actions', () => client.asyncActions.list({ limit: 10 })],
  ['GET /v1/locations/{locationId}', () => client.locations.get('loc_1')],
  [
    'POST /v1/redemptions/{parentRedemptionId}/rollbacks',
    () => client.redemptions.rollbackStackable('r_1', { reason: 'customer returned the order', customer, order: { source_id: 'order-1' } }),
  ],
];

let ok = 0;
const rows = [];
for (const [operation, call] of calls) {
  last = undefined;
  try {
    await call();
    ok += 1;
    rows.push(
      `ok    ${last?.status ?? '-'}  ${operation}${last?.violations ? `\n        (response example breaks the spec's own schema: ${last.violations.slice(0, 200)})` : ''}`,
    );
  } catch (error) {
    let why = String(error?.message ?? error);
    if (error instanceof ApiError) why = `HTTP ${error.status} ${last?.violations ?? JSON.stringify(error.body).slice(0, 300)}`;
    else if (error instanceof ResponseValidationError)
      why = `response: ${error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`;
    else if (!(error instanceof PromokitError)) why = `not a promokit error: ${why}`;
    rows.push(`FAIL  ${last?.status ?? '-'}  ${operation}\n        ${why}`);
  }
}
console.log(rows.join('\n'));
console.log(`\n${ok} of ${calls.length} operations accepted by the contract and parsed strictly`);
process.exit(ok === calls.length ? 0 : 1);
