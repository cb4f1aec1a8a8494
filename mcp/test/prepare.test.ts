// Prepare, then commit: a stacked validation under a lock keyed by the operation, a quote and a
// prepared_id bound to its principal; a commit under that lock and nothing else; a release.
import { afterEach, describe, expect, it } from 'vitest';
import { type Setup, setup } from './harness.js';

let s: Setup | undefined;
let other: Setup | undefined;
afterEach(async () => {
  await s?.close();
  await other?.close();
  s = other = undefined;
});

const cart = (s: Setup) => ({
  redeemables: [{ object: 'voucher', id: s.mock.ids.vouchers.valid }],
  order: { source_id: 'cart-7731', amount: 10_000, items: [{ product_id: s.mock.ids.products.beans, quantity: 1, price: 10_000 }] },
  customer: { id: s.mock.ids.customers.ada },
});

describe('prepare, then commit', () => {
  it('prepares a quote under a lock, commits it once, and the commit replays', async () => {
    s = await setup();
    const prepared = await s.call('prepare_redemption', { ...cart(s), operation_key: 'cart-7731-prepare' });
    expect(prepared.structured).toMatchObject({ write: 'applied', record: { kind: 'prepared_redemption', id: expect.stringMatching(/^prep_[0-9a-f]{32}$/) } });
    expect(prepared.structured.data.quote).toMatchObject({ valid: true, redeemables: [{ id: s.mock.ids.vouchers.valid, status: 'APPLICABLE' }] });
    const session = s.mock.list('sessions').at(-1) as any;
    expect(session.key).toMatch(/^ssn_mcp_[0-9a-f]{32}$/);
    const preparedId = prepared.structured.record.id;
    const commit = await s.call('commit_redemption', { prepared_id: preparedId, operation_key: 'cart-7731-commit' });
    expect(commit.structured, commit.text).toMatchObject({ write: 'applied', record: { kind: 'redemption' } });
    // The redemption under the lock consumed it.
    expect(s.mock.get('sessions', session.key)).toBeUndefined();
    const again = await s.call('commit_redemption', { prepared_id: preparedId, operation_key: 'cart-7731-commit' });
    expect(again.structured).toMatchObject({ write: 'applied', replayed: true, record: commit.structured.record });
    expect(s.served('redemptions.redeem')).toBe(1);
  });

  it('a prepared cart is used up by its first commit: a second commit under another key is refused, nothing sent', async () => {
    s = await setup();
    const prepared = await s.call('prepare_redemption', { ...cart(s), operation_key: 'cart-used-prepare' });
    const preparedId = prepared.structured.record.id;
    const first = await s.call('commit_redemption', { prepared_id: preparedId, operation_key: 'cart-used-commit-a' });
    expect(first.structured.write).toBe('applied');
    const before = s.mock.list('redemptions').length;
    const second = await s.call('commit_redemption', { prepared_id: preparedId, operation_key: 'cart-used-commit-b' });
    expect(second.structured).toMatchObject({ write: 'not_applied', retry: 'never', refusal: { code: 'prepared_used' } });
    expect(second.structured.refusal.message).toContain('cart-used-commit-a');
    expect(s.served('redemptions.redeem')).toBe(1);
    expect(s.mock.list('redemptions').length).toBe(before);
  });

  it('a cart the service finds not valid is not_applied with its reasons, and no prepared_id', async () => {
    s = await setup();
    const r = await s.call('prepare_redemption', {
      ...cart(s),
      redeemables: [{ object: 'voucher', id: s.mock.ids.vouchers.expired }],
      operation_key: 'cart-bad-prepare',
    });
    expect(r.structured).toMatchObject({ write: 'not_applied', retry: 'never', refusal: { code: 'voucher_expired', key: 'voucher_expired' } });
    expect(r.structured.data.quote.redeemables[0]).toMatchObject({ status: 'INAPPLICABLE' });
    expect(r.structured.record).toBeUndefined();
  });

  it('a release sent once more after an unknown outcome, then refused, is unknown (never not_applied): the lock may be gone', async () => {
    s = await setup();
    const prepared = await s.call('prepare_redemption', { ...cart(s), operation_key: 'cart-mj-prepare' });
    // Both answers unreadable: the first released the lock, the second is a 404 that cannot be read as the session's own.
    s.mock.inject({ operation: 'vouchers.releaseSession', fault: 'malformed-json', times: 2 });
    const r = await s.call('release_prepared', { prepared_id: prepared.structured.record.id, operation_key: 'cart-mj-release' });
    expect(s.served('vouchers.releaseSession')).toBe(2);
    expect(s.mock.list('sessions')).toHaveLength(0);
    expect(r.structured).toMatchObject({ write: 'unknown', retry: 'person', evidence: { outcome: 'unknown', attempts: 2 } });
  });

  it('a prepared_id is bound to its principal, and gone once released', async () => {
    s = await setup('memory', { principal: 'tenant-a' });
    const prepared = await s.call('prepare_redemption', { ...cart(s), operation_key: 'cart-bound-prepare' });
    const preparedId = prepared.structured.record.id;
    // The same server, another principal: the prepared cart is not theirs.
    const { createServer } = await import('../src/index.js');
    const { connect } = await import('./harness.js');
    const stranger = await createServer({ client: s.client, allow: ['spend'], principal: 'tenant-b' });
    const mcp = await connect(stranger.factory, 'memory');
    const foreign = (await mcp.callTool({ name: 'commit_redemption', arguments: { prepared_id: preparedId, operation_key: 'cart-bound-commit' } })) as any;
    expect(foreign.structuredContent).toMatchObject({ write: 'not_applied', refusal: { code: 'prepared_not_found' } });
    await mcp.close();
    const released = await s.call('release_prepared', { prepared_id: preparedId, operation_key: 'cart-bound-release' });
    expect(released.structured).toMatchObject({ write: 'applied', record: { kind: 'released_session', id: preparedId } });
    expect(s.served('vouchers.releaseSession')).toBe(1);
    const late = await s.call('commit_redemption', { prepared_id: preparedId, operation_key: 'cart-bound-commit-2' });
    expect(late.structured).toMatchObject({ write: 'not_applied', refusal: { code: 'prepared_not_found' } });
    expect(s.served('redemptions.redeem')).toBe(0);
  });
});
