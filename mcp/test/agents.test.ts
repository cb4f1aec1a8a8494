// What agents do: the same call twice at once, a retry after a cancel, a new key for the same
// intent, the same key with other arguments, 100 calls in a loop against the bucket.
import { afterEach, describe, expect, it } from 'vitest';
import { type Setup, setup, WAYS } from './harness.js';

let s: Setup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const redeem = (s: Setup, key: string, extra: Record<string, unknown> = {}) =>
  s.call('redeem_reward', { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: key, ...extra });
const points = (s: Setup) => s.mock.get('vouchers', s.mock.ids.members.ada)?.loyalty_card?.points;

describe.each(WAYS)('over %s', (way) => {
  it('the same call twice at once: one spend, one answer replayed', async () => {
    s = await setup(way);
    s.mock.inject({ operation: 'loyalties.redeemReward', fault: 'latency', ms: 200 });
    const [a, b] = await Promise.all([redeem(s, 'twice-at-once'), redeem(s, 'twice-at-once')]);
    expect([a.structured.write, b.structured.write]).toEqual(['applied', 'applied']);
    expect([a.structured.replayed, b.structured.replayed].sort()).toEqual([false, true]);
    expect(a.structured.record).toEqual(b.structured.record);
    expect(s.served('loyalties.redeemReward')).toBe(1);
    expect(points(s)).toBe(1250 - 200);
  });

  it('a retry after a cancel: the cancelled spend settles, the retry reads it', async () => {
    s = await setup(way);
    s.mock.inject({ operation: 'loyalties.redeemReward', fault: 'latency', ms: 300 });
    const controller = new AbortController();
    const aborted = s.call(
      'redeem_reward',
      { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: 'cancel-then-retry' },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 50);
    await expect(aborted).rejects.toBeDefined();
    // The spend went out before the cancel and settles; the retry with its key waits for it and reads it.
    const retry = await redeem(s, 'cancel-then-retry');
    expect(retry.structured).toMatchObject({ write: 'applied', replayed: true });
    expect(s.served('loyalties.redeemReward')).toBe(1);
    expect(points(s)).toBe(1250 - 200);
  });
});

describe('keys', () => {
  it('a new key for the same intent is a second change; while the first is in flight, the target is busy', async () => {
    s = await setup();
    s.mock.inject({ operation: 'loyalties.redeemReward', fault: 'latency', ms: 200, times: 1 });
    const [first, second] = await Promise.all([redeem(s, 'intent-key-1'), new Promise((r) => setTimeout(r, 50)).then(() => redeem(s!, 'intent-key-2'))]);
    expect(first.structured.write).toBe('applied');
    expect(second.structured).toMatchObject({ write: 'not_applied', retry: 'same_key_after', refusal: { code: 'target_busy' } });
    expect(s.served('loyalties.redeemReward')).toBe(1);
    // Once the first has settled, the same second key is claimed again and sent: a second, separate change.
    await new Promise((r) => setTimeout(r, second.structured.retry_after_ms));
    const later = await redeem(s, 'intent-key-2');
    expect(later.structured).toMatchObject({ write: 'applied', replayed: false });
    expect(points(s)).toBe(1250 - 400);
  });

  it('the same key with other arguments is refused, nothing sent', async () => {
    s = await setup();
    await redeem(s, 'conflict-key-1');
    const other = await s.call('redeem_reward', { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.coupon, operation_key: 'conflict-key-1' });
    expect(other.structured).toMatchObject({ write: 'not_applied', retry: 'never', refusal: { code: 'operation_key_conflict' } });
    expect(other.isError).toBe(true);
    expect(s.served('loyalties.redeemReward')).toBe(1);
  });

  it('a key outside the rules is refused by the input schema, nothing sent', async () => {
    s = await setup();
    for (const key of ['short', 'x'.repeat(129), 'has space!', 'ключ-12345']) {
      const r = await redeem(s, key);
      expect(r.isError).toBe(true);
    }
    expect(s.served('loyalties.redeemReward')).toBe(0);
  });

  it('100 calls in a loop: every repeat replayed, counted against the bucket, one spend', async () => {
    s = await setup();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await redeem(s, 'loop-key-0001')).structured);
    // A replay is never refused: the same key answers the applied spend each time.
    expect(answers.filter((a) => a.write === 'applied')).toHaveLength(100);
    expect(answers.filter((a) => a.replayed)).toHaveLength(99);
    // The replays emptied the bucket of 10 a minute: a new key of the same tool is refused, nothing sent.
    const limited = (await redeem(s, 'loop-key-0002')).structured;
    expect(limited).toMatchObject({ write: 'not_applied', retry: 'same_key_after', retry_after_ms: expect.any(Number), refusal: { code: 'rate_limited' } });
    expect(s.served('loyalties.redeemReward')).toBe(1);
    expect(points(s)).toBe(1250 - 200);
    // Another tool has its own bucket.
    expect((await s.call('disable_voucher', { code: s.mock.ids.vouchers.valid, operation_key: 'loop-other-1' })).structured.write).toBe('applied');
  });
});
