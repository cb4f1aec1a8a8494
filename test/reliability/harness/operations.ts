/**
 * Every public operation, as the reliability suite calls it: its class (what the retry policy
 * treats it as), how to call it with a per-call key, the path the server must see, and a body
 * that passes the operation's schema in `strict` mode.
 */
import type { Client, OperationName, RequestOptions } from '../../../src/index.js';
import { operationNames } from '../../../src/resources/registry.js';
import * as checkout from '../../fixtures/checkout.js';
import * as fx from '../../fixtures/every-field.js';
import type { Echo } from './server.js';

/** The columns of the fault matrix. */
export const CLASSES = [
  'GET',
  'PUT',
  'validation',
  'introspection',
  'redemption',
  'rollback',
  'order',
  'publication',
  'voucher create',
  'tier create',
  'tier setup',
  'event',
  'session validation',
  'join_once publication',
  'DELETE',
  'idempotent POST',
  'customer upsert',
  'customer create',
  'guarded rollback',
] as const;

export type OperationClass = (typeof CLASSES)[number];

/**
 * The classes the retry policy may send twice: reads, an idempotent write, and a publication with
 * `join_once` (the service answers every repeat with the customer's one code). Every other class
 * spends, creates, records or locks something.
 */
export const IDEMPOTENT_CLASSES: ReadonlySet<OperationClass> = new Set([
  'GET',
  'PUT',
  'validation',
  'introspection',
  'join_once publication',
  'DELETE',
  'idempotent POST',
  'customer upsert',
  'guarded rollback',
]);

/**
 * The columns of the outcome table: the classes grouped by what a repeat would do. `spend or
 * create` is every class that is sent once (a repeat could spend or create twice) but the
 * session-locking validation, which has a column of its own.
 */
export const OUTCOME_GROUPS = {
  read: ['GET', 'validation', 'introspection'],
  'idempotent write': ['PUT', 'DELETE', 'idempotent POST', 'customer upsert', 'guarded rollback'],
  'spend or create': ['redemption', 'rollback', 'order', 'publication', 'voucher create', 'tier create', 'tier setup', 'event', 'customer create'],
  'session-locking validate': ['session validation'],
  'join_once publication': ['join_once publication'],
} as const satisfies Record<string, readonly OperationClass[]>;

export type OutcomeGroup = keyof typeof OUTCOME_GROUPS;

/** What a class is, in the words of the retry policy. */
export const CLASS_KIND: Record<OperationClass, string> = {
  GET: 'read',
  PUT: 'idempotent write',
  validation: 'read-only POST',
  introspection: 'read-only POST',
  redemption: 'spending POST',
  rollback: 'spending POST',
  order: 'spending POST',
  publication: 'spending POST',
  'voucher create': 'spending POST',
  'tier create': 'spending POST',
  'tier setup': 'spending POST',
  event: 'spending POST',
  'session validation': 'session-locking POST',
  'join_once publication': 'POST safe to repeat',
  DELETE: 'idempotent write (answers 204 without a body)',
  'idempotent POST': 'idempotent write',
  'customer upsert': 'idempotent write (an upsert by `source_id`)',
  'customer create': 'spending POST (a new customer each call)',
  'guarded rollback': 'idempotent POST (a repeat is refused as already done)',
};

export interface OperationCase {
  /** `subClient.method`, plus a variant when one method has two paths. */
  name: string;
  class: OperationClass;
  /** Calls the operation; `key` goes into the path where the operation has a path parameter. */
  call(client: Client, key: string, options: RequestOptions): Promise<unknown>;
  /** The path the server must receive for `key` (percent-encoded as on the wire). */
  path(key: string): string;
  /** A response body valid in `strict` mode. */
  body: Record<string, unknown>;
}

const enc = encodeURIComponent;

const introspection = {
  active: true,
  client_id: 'app-id-reliability',
  expires_at: 1_900_000_000,
  expires_in: 3600,
  scope: 'api loyalties',
  token_type: 'Bearer',
};

/**
 * Every operation of the registry, as the fault matrix calls it: one case or more (a variant of
 * its path or its params, named in parentheses). Keyed by `OperationName`, so an operation added to
 * the registry without its row does not compile.
 */
const CASES: { readonly [N in OperationName]: readonly OperationCase[] } = {
  'loyalties.getMember': [
    {
      name: 'loyalties.getMember',
      class: 'GET',
      call: (c, k, o) => c.loyalties.getMember(k, {}, o),
      path: (k) => `/v1/loyalties/members/${enc(k)}`,
      body: fx.loyaltyMember,
    },
    {
      name: 'loyalties.getMember (campaign)',
      class: 'GET',
      call: (c, k, o) => c.loyalties.getMember('LOY-1', { campaign_id: k }, o),
      path: (k) => `/v1/loyalties/${enc(k)}/members/LOY-1`,
      body: fx.loyaltyMember,
    },
  ],
  'loyalties.listTransactions': [
    {
      name: 'loyalties.listTransactions',
      class: 'GET',
      call: (c, k, o) => c.loyalties.listTransactions(k, { limit: 10 }, o),
      path: (k) => `/v1/loyalties/${enc(k)}/transactions`,
      body: fx.transactionList,
    },
  ],
  'loyalties.listPendingPoints': [
    {
      name: 'loyalties.listPendingPoints',
      class: 'GET',
      call: (c, k, o) => c.loyalties.listPendingPoints(k, {}, o),
      path: (k) => `/v1/loyalties/members/${enc(k)}/pending-points`,
      body: fx.pendingPointsList,
    },
  ],
  'loyalties.listRewardAssignments': [
    {
      name: 'loyalties.listRewardAssignments',
      class: 'GET',
      call: (c, k, o) => c.loyalties.listRewardAssignments(k, { page: 1 }, o),
      path: (k) => `/v1/loyalties/${enc(k)}/rewards`,
      body: fx.rewardAssignmentList,
    },
  ],
  'templates.list': [
    {
      name: 'templates.list',
      class: 'GET',
      call: (c, _k, o) => c.templates.list({ limit: 5 }, o),
      path: () => '/v1/templates/campaigns',
      body: fx.templateListData,
    },
  ],
  'customers.listRedeemables': [
    {
      name: 'customers.listRedeemables',
      class: 'GET',
      call: (c, k, o) => c.customers.listRedeemables(k, {}, o),
      path: (k) => `/v1/customers/${enc(k)}/redeemables`,
      body: fx.customerRedeemableList,
    },
  ],
  'rewards.listAssignments': [
    {
      name: 'rewards.listAssignments',
      class: 'GET',
      call: (c, k, o) => c.rewards.listAssignments(k, {}, o),
      path: (k) => `/v1/rewards/${enc(k)}/assignments`,
      body: fx.rewardAssignmentList,
    },
  ],
  'asyncActions.get': [
    { name: 'asyncActions.get', class: 'GET', call: (c, k, o) => c.asyncActions.get(k, o), path: (k) => `/v1/async-actions/${enc(k)}`, body: fx.asyncAction },
  ],
  'asyncActions.list': [
    {
      name: 'asyncActions.list',
      class: 'GET',
      call: (c, _k, o) => c.asyncActions.list({ limit: 10 }, o),
      path: () => '/v1/async-actions',
      body: fx.asyncActionList,
    },
  ],
  'locations.get': [
    { name: 'locations.get', class: 'GET', call: (c, k, o) => c.locations.get(k, o), path: (k) => `/v1/locations/${enc(k)}`, body: fx.circleLocation },
  ],
  'redemptions.list': [
    {
      name: 'redemptions.list',
      class: 'GET',
      call: (c, k, o) => c.redemptions.list({ customer: k, limit: 10 }, o),
      path: () => '/v1/redemptions',
      body: checkout.redemptionList,
    },
  ],
  'redemptions.get': [
    {
      name: 'redemptions.get',
      class: 'GET',
      call: (c, k, o) => c.redemptions.get(k, o),
      path: (k) => `/v1/redemptions/${enc(k)}`,
      body: checkout.redemptionEntry,
    },
  ],
  'vouchers.getRedemptions': [
    {
      name: 'vouchers.getRedemptions',
      class: 'GET',
      call: (c, k, o) => c.vouchers.getRedemptions(k, o),
      path: (k) => `/v1/vouchers/${enc(k)}/redemption`,
      body: checkout.voucherRedemptions,
    },
  ],
  'promotions.updateStack': [
    {
      name: 'promotions.updateStack',
      class: 'PUT',
      call: (c, k, o) => c.promotions.updateStack('camp_1', k, { name: 'Weekend stack' }, o),
      path: (k) => `/v1/promotions/camp_1/stacks/${enc(k)}`,
      body: fx.promotionStack,
    },
  ],
  'vouchers.validate': [
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
  'oauth.introspect': [
    {
      name: 'oauth.introspect',
      class: 'introspection',
      call: (c, _k, o) => c.oauth.introspect('token-under-inspection', o),
      path: () => '/v1/oauth/introspect',
      body: introspection,
    },
  ],
  'validations.validate': [
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
  'qualifications.check': [
    {
      name: 'qualifications.check',
      class: 'validation',
      call: (c, k, o) => c.qualifications.check({ customer: { source_id: k } }, o),
      path: () => '/v1/qualifications',
      body: checkout.qualification,
    },
  ],
  'loyalties.redeemReward': [
    {
      name: 'loyalties.redeemReward',
      class: 'redemption',
      call: (c, k, o) => c.loyalties.redeemReward(k, { reward: { id: 'rew_1' } }, o),
      path: (k) => `/v1/loyalties/members/${enc(k)}/redemption`,
      body: fx.redemption,
    },
    {
      name: 'loyalties.redeemReward (campaign)',
      class: 'redemption',
      call: (c, k, o) => c.loyalties.redeemReward('LOY-1', { campaign_id: k, reward: { id: 'rew_1', points: 100 } }, o),
      path: (k) => `/v1/loyalties/${enc(k)}/members/LOY-1/redemption`,
      body: fx.redemption,
    },
  ],
  'redemptions.rollbackStackable': [
    {
      name: 'redemptions.rollbackStackable',
      class: 'rollback',
      call: (c, k, o) => c.redemptions.rollbackStackable(k, { metadata: { why: 'test' } }, o),
      path: (k) => `/v1/redemptions/${enc(k)}/rollbacks`,
      body: fx.rollbackResult,
    },
  ],
  'redemptions.redeem': [
    {
      name: 'redemptions.redeem',
      class: 'redemption',
      call: (c, k, o) => c.redemptions.redeem({ redeemables: [{ object: 'voucher', id: k }], order: { source_id: 'web-1', amount: 5000 } }, o),
      path: () => '/v1/redemptions',
      body: checkout.stackedRedemption,
    },
  ],
  'orders.create': [
    {
      name: 'orders.create',
      class: 'order',
      call: (c, _k, o) => c.orders.create({ source_id: 'web-1', amount: 5000, items: [{ product_id: 'prod_1', quantity: 1, price: 5000 }] }, o),
      path: () => '/v1/orders',
      body: fx.order,
    },
  ],
  'publications.create': [
    {
      name: 'publications.create',
      class: 'publication',
      call: (c, _k, o) => c.publications.create({ voucher: 'SPRING-1', customer: { source_id: 'cust-1' } }, o),
      path: () => '/v1/publications',
      body: fx.publicationSingle,
    },
    {
      name: 'publications.create (join_once)',
      class: 'join_once publication',
      call: (c, _k, o) => c.publications.create({ voucher: 'SPRING-1', customer: { source_id: 'cust-1' }, join_once: true }, o),
      path: () => '/v1/publications',
      body: fx.publicationSingle,
    },
  ],
  'vouchers.create': [
    {
      name: 'vouchers.create',
      class: 'voucher create',
      call: (c, k, o) => c.vouchers.create(k, { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } }, o),
      path: (k) => `/v1/vouchers/${enc(k)}`,
      body: fx.discountVoucher,
    },
  ],
  'promotions.createTier': [
    {
      name: 'promotions.createTier',
      class: 'tier create',
      call: (c, k, o) => c.promotions.createTier(k, { name: 'Tier 1' }, o),
      path: (k) => `/v1/promotions/${enc(k)}/tiers`,
      body: fx.promotionTier,
    },
  ],
  'templates.setupPromotionTier': [
    {
      name: 'templates.setupPromotionTier',
      class: 'tier setup',
      call: (c, k, o) => c.templates.setupPromotionTier(k, { campaign_id: 'camp_1', name: 'From template' }, o),
      path: (k) => `/v1/templates/campaigns/${enc(k)}/tier-setup`,
      body: fx.tierSetup,
    },
  ],
  'clientEvents.track': [
    {
      name: 'clientEvents.track',
      class: 'event',
      call: (c, _k, o) => c.clientEvents.track({ event: 'newsletter_subscribed', customer: { source_id: 'cust-1' } }, o),
      path: () => '/client/v1/events',
      body: fx.eventAcknowledgment,
    },
  ],
  'customers.list': [
    {
      name: 'customers.list',
      class: 'GET',
      call: (c, _k, o) => c.customers.list({ limit: 10 }, o),
      path: () => '/v1/customers',
      body: fx.customerList,
    },
  ],
  'customers.get': [
    { name: 'customers.get', class: 'GET', call: (c, k, o) => c.customers.get(k, o), path: (k) => `/v1/customers/${enc(k)}`, body: fx.customer },
  ],
  'vouchers.list': [
    {
      name: 'vouchers.list',
      class: 'GET',
      call: (c, _k, o) => c.vouchers.list({ limit: 10 }, o),
      path: () => '/v1/vouchers',
      body: fx.voucherList,
    },
  ],
  'vouchers.get': [
    { name: 'vouchers.get', class: 'GET', call: (c, k, o) => c.vouchers.get(k, o), path: (k) => `/v1/vouchers/${enc(k)}`, body: fx.discountVoucher },
  ],
  'products.list': [
    {
      name: 'products.list',
      class: 'GET',
      call: (c, _k, o) => c.products.list({ limit: 10 }, o),
      path: () => '/v1/products',
      body: fx.productList,
    },
  ],
  'products.get': [
    { name: 'products.get', class: 'GET', call: (c, k, o) => c.products.get(k, o), path: (k) => `/v1/products/${enc(k)}`, body: fx.catalogProduct },
  ],
  'metadataSchemas.list': [
    {
      name: 'metadataSchemas.list',
      class: 'GET',
      call: (c, _k, o) => c.metadataSchemas.list(o),
      path: () => '/v1/metadata-schemas',
      body: fx.metadataSchemaList,
    },
  ],
  'metadataSchemas.get': [
    {
      name: 'metadataSchemas.get',
      class: 'GET',
      call: (c, k, o) => c.metadataSchemas.get(k, o),
      path: (k) => `/v1/metadata-schemas/${enc(k)}`,
      body: fx.metadataSchema,
    },
  ],
  'customers.update': [
    {
      name: 'customers.update',
      class: 'PUT',
      call: (c, k, o) => c.customers.update(k, { name: 'Ada L.' }, o),
      path: (k) => `/v1/customers/${enc(k)}`,
      body: fx.customer,
    },
  ],
  'vouchers.update': [
    {
      name: 'vouchers.update',
      class: 'PUT',
      call: (c, k, o) => c.vouchers.update(k, { active: false }, o),
      path: (k) => `/v1/vouchers/${enc(k)}`,
      body: fx.discountVoucher,
    },
  ],
  'customers.delete': [
    { name: 'customers.delete', class: 'DELETE', call: (c, k, o) => c.customers.delete(k, o), path: (k) => `/v1/customers/${enc(k)}`, body: {} },
  ],
  'vouchers.delete': [
    {
      name: 'vouchers.delete',
      class: 'DELETE',
      call: (c, k, o) => c.vouchers.delete(k, { force: true }, o),
      path: (k) => `/v1/vouchers/${enc(k)}`,
      body: {},
    },
  ],
  'vouchers.enable': [
    {
      name: 'vouchers.enable',
      class: 'idempotent POST',
      call: (c, k, o) => c.vouchers.enable(k, o),
      path: (k) => `/v1/vouchers/${enc(k)}/enable`,
      body: fx.discountVoucher,
    },
  ],
  'vouchers.disable': [
    {
      name: 'vouchers.disable',
      class: 'idempotent POST',
      call: (c, k, o) => c.vouchers.disable(k, o),
      path: (k) => `/v1/vouchers/${enc(k)}/disable`,
      body: fx.discountVoucher,
    },
  ],
  'customers.create': [
    {
      name: 'customers.create (source_id)',
      class: 'customer upsert',
      call: (c, k, o) => c.customers.create({ source_id: k, name: 'Ada' }, o),
      path: () => '/v1/customers',
      body: fx.customer,
    },
    {
      name: 'customers.create',
      class: 'customer create',
      call: (c, _k, o) => c.customers.create({ name: 'Walk-in', email: 'walk-in@example.test' }, o),
      path: () => '/v1/customers',
      body: fx.customer,
    },
  ],
  'vouchers.releaseSession': [
    {
      name: 'vouchers.releaseSession',
      class: 'DELETE',
      call: (c, k, o) => c.vouchers.releaseSession('SPRING15', k, o),
      path: (k) => `/v1/vouchers/SPRING15/sessions/${enc(k)}`,
      body: {},
    },
  ],
  'redemptions.rollback': [
    {
      name: 'redemptions.rollback',
      class: 'guarded rollback',
      call: (c, k, o) => c.redemptions.rollback(k, { reason: 'returned' }, o),
      path: (k) => `/v1/redemptions/${enc(k)}/rollback`,
      body: checkout.redemptionRollback,
    },
  ],
};

/** Every case of the fault matrix, in the registry's order. */
export const OPERATIONS: readonly OperationCase[] = operationNames.flatMap((name) => CASES[name]);

/**
 * The first operation of each class, in the order of {@link CLASSES}: the ones the fault matrix
 * also runs over a real socket (every operation runs in process).
 */
export const ONE_PER_CLASS: readonly OperationCase[] = CLASSES.map((cls) => OPERATIONS.find((op) => op.class === cls)!);

/** The `echo` the server put in a result (a plain response, or a list page's envelope). */
export function echoOf(result: unknown): Echo | undefined {
  const r = result as { echo?: Echo; body?: { echo?: Echo } } | undefined;
  return r?.echo ?? r?.body?.echo;
}
