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
  it('two spends at once cannot both pass it; a refused spend gives its points back', async () => {
    s = await setup('memory', { limits: { dailyPointsBudget: 300 } });
    const one = (key: string, points: number) =>
      s!.call('redeem_reward', { member_id: s!.mock.ids.members.ada, reward_id: s!.mock.ids.rewards.espresso, operation_key: key, points });
    const both = await Promise.all([one('race-key-0001', 200), one('race-key-0002', 200)]);
    expect(both.map((r) => r.structured.write).sort()).toEqual(['applied', 'not_applied']);
    expect(both.find((r) => r.structured.write === 'not_applied')!.structured.refusal.code).toBe('budget_exceeded');
    expect(s.served('loyalties.redeemReward')).toBe(1);
    // A spend the service refuses holds nothing: 100 points are still free after it.
    const refused = await s.call('redeem_reward', {
      member_id: s.mock.ids.members.alan,
      reward_id: s.mock.ids.rewards.mug,
      operation_key: 'race-key-0003',
      points: 100,
    });
    expect(refused.structured.write).toBe('not_applied');
    expect((await one('race-key-0004', 100)).structured.write).toBe('applied');
  });
});
