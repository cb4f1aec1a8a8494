// Every write tool as the fault matrix drives it: its arguments against the mock's seed, what must be
// done first (a prepare before a commit, a redemption before its rollback), the operation the mock
// logs for its spending request, and what it changes in the mock (the truth the answers are held to).
import type { MockService } from 'promokit/testing';
import type { Setup } from './harness.js';

export interface Case {
  tool: string;
  operation: string;
  /** Arguments without the operation key, after what must come first. */
  prepare(s: Setup): Promise<Record<string, unknown>>;
  /** What the call changes in the mock, as a value compared before and after. */
  effect(mock: MockService): unknown;
}

const cart = (mock: MockService) => ({
  redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
  order: { amount: 12_000, items: [{ product_id: mock.ids.products.beans, quantity: 1, price: 12_000 }] },
  customer: { id: mock.ids.customers.ada },
});

async function prepared(s: Setup): Promise<string> {
  const r = await s.call('prepare_redemption', { ...cart(s.mock), operation_key: `prep-${Math.random().toString(36).slice(2, 10)}` });
  if (r.structured.write !== 'applied') throw new Error(`prepare failed: ${r.text}`);
  return r.structured.record.id;
}

export const cases: Case[] = [
  {
    tool: 'redeem_reward',
    operation: 'loyalties.redeemReward',
    prepare: async (s) => ({ member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso }),
    effect: (mock) => mock.get('vouchers', mock.ids.members.ada)?.loyalty_card?.points,
  },
  {
    tool: 'prepare_redemption',
    operation: 'validations.validate',
    prepare: async (s) => cart(s.mock),
    effect: (mock) => mock.list('sessions').length,
  },
  {
    tool: 'commit_redemption',
    operation: 'redemptions.redeem',
    prepare: async (s) => ({ prepared_id: await prepared(s) }),
    effect: (mock) => mock.list('redemptions').length,
  },
  {
    tool: 'release_prepared',
    operation: 'vouchers.releaseSession',
    prepare: async (s) => ({ prepared_id: await prepared(s) }),
    effect: (mock) => JSON.stringify(mock.list('sessions')),
  },
  {
    tool: 'rollback_redemption',
    operation: 'redemptions.rollback',
    prepare: async (s) => {
      const r = await s.call('redeem_reward', { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: 'first-redeem-1' });
      return { redemption_id: r.structured.record.id, reason: 'customer changed their mind' };
    },
    effect: (mock) => mock.list('rollbacks').length,
  },
  {
    tool: 'publish_voucher',
    operation: 'publications.create',
    prepare: async (s) => ({ campaign: { id: s.mock.ids.campaigns.welcome }, customer: { source_id: 'shopper-77', email: 'shopper77@example.com' } }),
    effect: (mock) => mock.list('publications').length,
  },
  {
    tool: 'upsert_customer',
    operation: 'customers.create',
    prepare: async () => ({ source_id: 'shopper-88', name: 'Noor', email: 'noor@example.com' }),
    effect: (mock) => mock.list('customers').length,
  },
  {
    tool: 'create_order',
    operation: 'orders.create',
    prepare: async (s) => ({ source_id: 'order-5521', amount: 4_200, status: 'CREATED', customer: { id: s.mock.ids.customers.grace } }),
    effect: (mock) => mock.list('orders').length,
  },
  {
    tool: 'enable_voucher',
    operation: 'vouchers.enable',
    prepare: async (s) => ({ code: s.mock.ids.vouchers.disabled }),
    effect: (mock) => mock.get('vouchers', mock.ids.vouchers.disabled)?.active,
  },
  {
    tool: 'disable_voucher',
    operation: 'vouchers.disable',
    prepare: async (s) => ({ code: s.mock.ids.vouchers.valid }),
    effect: (mock) => mock.get('vouchers', mock.ids.vouchers.valid)?.active,
  },
  {
    tool: 'update_voucher',
    operation: 'vouchers.update',
    prepare: async (s) => ({ code: s.mock.ids.vouchers.valid, additional_info: 'Valid in every shop' }),
    effect: (mock) => mock.get('vouchers', mock.ids.vouchers.valid)?.additional_info,
  },
  {
    tool: 'update_customer',
    operation: 'customers.update',
    prepare: async (s) => ({ customer_id: s.mock.ids.customers.lin, name: 'Lin Q.' }),
    effect: (mock) => mock.get('customers', mock.ids.customers.lin)?.name,
  },
];

/** Every fault of `mock.inject`, with the statuses the contract names. */
export const faults = [
  { name: 'status 500', inject: { fault: 'status', status: 500 } },
  { name: 'status 502', inject: { fault: 'status', status: 502 } },
  { name: 'status 503', inject: { fault: 'status', status: 503, ms: 0 } },
  { name: 'status 429', inject: { fault: 'status', status: 429, ms: 0 } },
  { name: 'timeout', inject: { fault: 'timeout' } },
  { name: 'reset', inject: { fault: 'reset' } },
  { name: 'commit-then-reset', inject: { fault: 'commit-then-reset' } },
  { name: 'latency', inject: { fault: 'latency', ms: 50 } },
  { name: 'malformed-json', inject: { fault: 'malformed-json' } },
] as const;
