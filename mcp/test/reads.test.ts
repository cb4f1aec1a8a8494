// Every read tool against the mock, in both protocol eras: the record the mock holds, a list cut at
// max_records and saying so, a failure as promokit's scrubbed error.
import { afterEach, describe, expect, it } from 'vitest';
import { type Setup, setup, WAYS } from './harness.js';

let s: Setup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const order = (s: Setup) => ({ amount: 10_000, items: [{ product_id: s.mock.ids.products.beans, quantity: 1, price: 10_000 }] });

/** Each read tool with arguments the seed answers, and what the answer must hold. */
const reads: [string, (s: Setup) => Record<string, unknown>, (data: any, s: Setup) => void][] = [
  ['get_member', (s) => ({ member_id: s.mock.ids.members.ada }), (d) => expect(d.loyalty_card.points).toBe(1250)],
  ['list_member_transactions', (s) => ({ campaign_id: s.mock.ids.campaigns.coffeeClub, max_records: 2 }), (d) => expect(Array.isArray(d)).toBe(true)],
  ['find_customer', (s) => ({ customer_id: s.mock.ids.customers.ada }), (d, s) => expect(d.id).toBe(s.mock.ids.customers.ada)],
  ['list_customers', () => ({ max_records: 2 }), (d) => expect(d).toHaveLength(2)],
  ['list_customer_redeemables', (s) => ({ customer_id: s.mock.ids.customers.ada }), (d) => expect(d.length).toBeGreaterThan(0)],
  ['get_voucher', (s) => ({ code: s.mock.ids.vouchers.valid }), (d, s) => expect(d.code).toBe(s.mock.ids.vouchers.valid)],
  ['list_vouchers', () => ({ max_records: 3 }), (d) => expect(d).toHaveLength(3)],
  ['get_voucher_redemptions', (s) => ({ code: s.mock.ids.vouchers.valid }), (d) => expect(d).toBeTypeOf('object')],
  ['validate_voucher', (s) => ({ code: s.mock.ids.vouchers.valid, order: order(s) }), (d) => expect(d.valid).toBe(true)],
  ['validate_cart', (s) => ({ redeemables: [{ object: 'voucher', id: s.mock.ids.vouchers.valid }], order: order(s) }), (d) => expect(d.valid).toBe(true)],
  [
    'check_qualifications',
    (s) => ({ order: order(s), customer: { id: s.mock.ids.customers.ada }, max_records: 5 }),
    (d) => expect(Array.isArray(d)).toBe(true),
  ],
  ['get_redemption', (s) => ({ redemption_id: s.mock.ids.stackedRedemption }), (d, s) => expect(d.id).toBe(s.mock.ids.stackedRedemption)],
  ['list_redemptions', () => ({ max_records: 2 }), (d) => expect(d.length).toBeLessThanOrEqual(2)],
  ['list_products', () => ({ max_records: 2 }), (d) => expect(d).toHaveLength(2)],
  ['get_product', (s) => ({ product_id: s.mock.ids.products.beans }), (d, s) => expect(d.id).toBe(s.mock.ids.products.beans)],
  ['get_metadata_schema', () => ({ resource: 'customer' }), (d) => expect(d).toBeTypeOf('object')],
  ['get_async_action', (s) => ({ async_action_id: s.mock.ids.asyncAction }), (d, s) => expect(d.id).toBe(s.mock.ids.asyncAction)],
  ['get_operation', () => ({ tool: 'redeem_reward', operation_key: 'never-used-key' }), (d) => expect(d).toBeNull()],
];

describe.each(WAYS)('over %s', (way) => {
  it.each(reads)('%s', async (name, args, check) => {
    s = await setup(way, { allow: [] });
    const tools = (await s.mcp.listTools()).tools;
    expect(tools.map((t) => t.name)).toContain(name);
    const r = await s.call(name, args(s));
    expect(r.isError, r.text).toBe(false);
    check(r.structured.data, s);
    expect(
      s.mock.requests.every(
        (q) => q.method === 'GET' || q.operation === 'vouchers.validate' || q.operation === 'validations.validate' || q.operation === 'qualifications.check',
      ),
    ).toBe(true);
  });
});

describe('lists and failures', () => {
  it('a list cut at max_records says so', async () => {
    s = await setup();
    const r = await s.call('list_customers', { max_records: 1, limit: 1 });
    expect(r.structured).toMatchObject({ count: 1, truncated: true });
    expect(r.text.split('\n')[0]).toContain('cut at max_records');
  });

  it("a read that fails answers promokit's scrubbed error", async () => {
    s = await setup();
    const r = await s.call('get_voucher', { code: 'NO-SUCH/../CODE' });
    expect(r.isError).toBe(true);
    expect(r.structured.data.error).toMatchObject({ name: 'NotFoundError', outcome: 'rejected' });
    // The code goes to the path encoded: nothing but the voucher's path was asked.
    expect(s.mock.requests.at(-1)?.path).toBe('/v1/vouchers/NO-SUCH%2F..%2FCODE');
  });
});
