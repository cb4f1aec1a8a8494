// Money moved is never reported as "nothing was sent", a settled key is replayed whatever the
// policy says now, and the daily budget holds against spends at once.
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerUnavailableError, MemoryLedger } from '../src/index.js';
import type { LedgerEntry } from '../src/ledger/types.js';
import { writeResultSchema } from '../src/results.js';
import { type Setup, setup } from './harness.js';

let s: Setup | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** A memory ledger whose `update` fails once an entry carries a result (after the send), with `failure`. */
function failingAfterSend(failure: () => Error): MemoryLedger {
  const ledger = new MemoryLedger();
  const update = ledger.update.bind(ledger);
  ledger.update = async (entry: LedgerEntry, owner: string) => {
    if (entry.result && entry.state !== 'not_applied') throw failure();
    return update(entry, owner);
  };
  return ledger;
}

describe('a ledger failure after the send', () => {
  const failures = [
    ['the ledger unavailable', () => new LedgerUnavailableError('connection lost')],
    ['an unexpected error', () => new Error('disk on fire')],
  ] as const;
  it.each(failures)('%s: the spend is answered applied with its record, the failure in words, never "nothing sent"', async (_, failure) => {
    s = await setup('memory', { ledger: failingAfterSend(failure) });
    const r = await s.call('redeem_reward', { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: 'after-send-01' });
    expect(s.served('loyalties.redeemReward')).toBe(1);
    expect(r.structured).toMatchObject({ write: 'applied', retry: 'never', record: { kind: 'redemption' } });
    expect(r.structured.evidence.outcome).not.toBe('not_sent');
    expect(r.structured.refusal.message).toMatch(/ledger could not record/);
    expect(r.text).toMatch(/^APPLIED.*never use a new operation_key/);
    expect(writeResultSchema.safeParse(r.structured).success).toBe(true);
  });
});

describe('a repeat of a settled key', () => {
  const spend = (s: Setup, key: string, points?: number) =>
    s.call('redeem_reward', { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: key, ...(points ? { points } : {}) });

  it('is replayed after the budget is used', async () => {
    s = await setup('memory', { limits: { dailyPointsBudget: 300 } });
    expect((await spend(s, 'replay-budget-1', 200)).structured.write).toBe('applied');
    const again = await spend(s, 'replay-budget-1', 200);
    expect(again.structured).toMatchObject({ write: 'applied', replayed: true });
    expect(s.served('loyalties.redeemReward')).toBe(1);
  });

  it('is replayed with the bucket empty', async () => {
    s = await setup('memory', { limits: { writesPerMinute: 1 } });
    expect((await spend(s, 'replay-rate-01')).structured.write).toBe('applied');
    expect((await spend(s, 'replay-rate-01')).structured).toMatchObject({ write: 'applied', replayed: true });
    // The replay counted: a new key is refused by the rate, nothing sent.
    expect((await spend(s, 'replay-rate-02')).structured.refusal.code).toBe('rate_limited');
    expect(s.served('loyalties.redeemReward')).toBe(1);
  });

  it('is replayed with the breaker open', async () => {
    s = await setup('memory', { limits: { breakerThreshold: 2, writesPerMinute: 1000 } });
    expect((await spend(s, 'replay-break-1')).structured.write).toBe('applied');
    for (let i = 0; i < 2; i++)
      await s.call('redeem_reward', { member_id: s.mock.ids.members.alan, reward_id: s.mock.ids.rewards.mug, operation_key: `refused-key-${i}` });
    expect((await spend(s, 'replay-break-2')).structured.refusal.code).toBe('breaker_open');
    expect((await spend(s, 'replay-break-1')).structured).toMatchObject({ write: 'applied', replayed: true });
  });
});

describe('the daily budget', () => {
  it('two spends at once cannot both pass it; a spend the service refuses gives its points back', async () => {
    s = await setup('memory', { limits: { dailyPointsBudget: 500 } });
    const one = (key: string, points: number) =>
      s!.call('redeem_reward', { member_id: s!.mock.ids.members.ada, reward_id: s!.mock.ids.rewards.espresso, operation_key: key, points });
    const both = await Promise.all([one('race-key-0001', 300), one('race-key-0002', 300)]);
    expect(both.map((r) => r.structured.write).sort()).toEqual(['applied', 'not_applied']);
    expect(both.find((r) => r.structured.write === 'not_applied')!.structured.refusal.code).toBe('budget_exceeded');
    expect(s.served('loyalties.redeemReward')).toBe(1);
    // Refused by the service: the 200 points it held are free again.
    s.mock.inject({ operation: 'loyalties.redeemReward', fault: 'status', status: 400, times: 1 });
    expect((await one('race-key-0003', 200)).structured.write).toBe('not_applied');
    expect((await one('race-key-0004', 200)).structured.write).toBe('applied');
  });
});

describe('the caps count what the reward costs', () => {
  const espresso = (s: Setup, key: string, points?: number) =>
    s.call('redeem_reward', { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: key, ...(points ? { points } : {}) });

  it('a reward of 200 points without points, or naming fewer, passes neither a cap of 100 nor a spent budget', async () => {
    s = await setup('memory', { limits: { maxPointsPerCall: 100 } });
    expect((await espresso(s, 'cost-cap-0001')).structured).toMatchObject({ write: 'not_applied', refusal: { code: 'cap_exceeded' } });
    expect((await espresso(s, 'cost-cap-0002', 1)).structured).toMatchObject({ write: 'not_applied', refusal: { code: 'cap_exceeded' } });
    expect(s.served('loyalties.redeemReward')).toBe(0);
    await s.close();
    s = await setup('memory', { limits: { dailyPointsBudget: 300 } });
    expect((await espresso(s, 'cost-budget-01')).structured.write).toBe('applied');
    expect((await espresso(s, 'cost-budget-02', 1)).structured).toMatchObject({ write: 'not_applied', refusal: { code: 'budget_exceeded' } });
    expect(s.served('loyalties.redeemReward')).toBe(1);
  });

  it('a cost that cannot be read and no points named is refused, nothing sent', async () => {
    s = await setup();
    s.mock.inject({ operation: 'loyalties.getMember', fault: 'status', status: 500 });
    expect((await espresso(s, 'cost-unread-01')).structured).toMatchObject({ write: 'not_applied', refusal: { code: 'cost_unknown' } });
    expect(s.served('loyalties.redeemReward')).toBe(0);
  });
});

describe('an unexpected failure of a write', () => {
  it('answers in the result shape, unknown, a person to check', async () => {
    const ledger = new MemoryLedger();
    ledger.claim = async () => {
      throw new Error('bad disk sector 7');
    };
    s = await setup('memory', { ledger });
    const r = await s.call('redeem_reward', { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso, operation_key: 'odd-failure-1' });
    expect(writeResultSchema.safeParse(r.structured).success).toBe(true);
    expect(r.structured).toMatchObject({ write: 'unknown', retry: 'person', tool: 'redeem_reward', operation_key: 'odd-failure-1' });
    expect(JSON.stringify(r.structured)).not.toContain('sector 7');
  });
});

describe('bounded answers', () => {
  it('metadata over its limit is refused by the input schema, nothing sent', async () => {
    s = await setup();
    const r = await s.call('upsert_customer', { source_id: 'big-meta-1', metadata: { blob: 'x'.repeat(20_000) }, operation_key: 'big-meta-key-1' });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/metadata: at most 16384 bytes/);
    expect(s.mock.requests.filter((q) => q.method !== 'GET')).toHaveLength(0);
  });

  it("a service's answer over the limit is left out of the text and the structure, said so", async () => {
    s = await setup();
    const metadata = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, 'y'.repeat(12_000)]));
    // Each write is small; the customer the service answers grows with each one.
    for (let i = 0; i < 8; i++)
      await s.call('upsert_customer', { source_id: 'big-answer-1', metadata: { [`k${i}`]: metadata[`k${i}`] }, operation_key: `big-answer-k${i}` });
    const r = await s.call('upsert_customer', { source_id: 'big-answer-1', name: 'Grace', operation_key: 'big-answer-last' });
    expect(r.structured.write).toBe('applied');
    expect(r.structured.data).toMatchObject({ omitted: expect.any(String), bytes: expect.any(Number) });
    expect(r.text.length).toBeLessThan(70_000);
    expect(writeResultSchema.safeParse(r.structured).success).toBe(true);
  });
});

describe('principals', () => {
  it("a principal with ':' cannot reach another principal's keys", async () => {
    const ledger = new MemoryLedger();
    s = await setup('memory', { ledger, principal: 'alice' });
    const other = await setup('memory', { ledger, principal: 'alice:redeem_reward:k' }, s.mock);
    try {
      const args = { member_id: s.mock.ids.members.ada, reward_id: s.mock.ids.rewards.espresso };
      expect((await s.call('redeem_reward', { ...args, operation_key: 'k:redeem_reward:abcd1234' })).structured.write).toBe('applied');
      // Unencoded, both ledger keys would read `alice:redeem_reward:k:redeem_reward:abcd1234`.
      const theirs = await other.call('get_operation', { tool: 'redeem_reward', operation_key: 'abcd1234' });
      expect(theirs.structured.data).toBeNull();
      // Nor through the tool's name: get_operation takes a tool name of a-z and _ only.
      const through = await s.call('get_operation', { tool: 'redeem_reward:k', operation_key: 'redeem_reward:abcd1234' });
      expect(through.isError).toBe(true);
      expect(through.text).toMatch(/only a-z and _/);
    } finally {
      await other.close();
    }
  });
});

describe('the same spend twice at once near the budget', () => {
  it('one is sent, the other waits and replays it: never refused as not_applied', async () => {
    s = await setup('memory', { limits: { dailyPointsBudget: 300 } });
    s.mock.inject({ operation: 'loyalties.redeemReward', fault: 'latency', ms: 200 });
    const call = () =>
      s!.call('redeem_reward', { member_id: s!.mock.ids.members.ada, reward_id: s!.mock.ids.rewards.espresso, operation_key: 'twice-near-budget' });
    const [a, b] = await Promise.all([call(), call()]);
    expect([a.structured.write, b.structured.write]).toEqual(['applied', 'applied']);
    expect([a.structured.replayed, b.structured.replayed].sort()).toEqual([false, true]);
    expect(s.served('loyalties.redeemReward')).toBe(1);
  });
});
