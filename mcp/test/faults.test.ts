// Every write tool x every fault of mock.inject: the answer matches what the mock did, the change
// happened at most once, and the same key again answers from the ledger with no new request.
// Each test has a mock and a server of its own, so the rows run side by side: most of their time
// is the 'timeout' fault's wait on the client's timeout.
import { describe, it, type TestContext } from 'vitest';
import { cases, faults } from './cases.js';
import { setup, type Way } from './harness.js';

/** A setup closed when the test of `context` ends. */
async function own(way: Way, context: TestContext) {
  const s = await setup(way);
  context.onTestFinished(() => s.close());
  return s;
}

/** The full matrix in memory; the spends' rows again through the fetch handler in both protocol eras. */
const rows: { tool: string; way: Way; c: (typeof cases)[number] }[] = [
  ...cases.map((c) => ({ tool: c.tool, way: 'memory' as Way, c })),
  ...(['http-legacy', 'http-auto'] as const).flatMap((way) =>
    cases.filter((c) => ['redeem_reward', 'commit_redemption'].includes(c.tool)).map((c) => ({ tool: c.tool, way, c })),
  ),
];

describe.concurrent.each(rows)('$tool over $way', ({ way, c }) => {
  it('applies once with no fault, and the same key replays', async (context) => {
    const { expect } = context;
    const s = await own(way, context);
    const args = await c.prepare(s);
    const before = c.effect(s.mock);
    const first = await s.call(c.tool, { ...args, operation_key: 'plain-run-1' });
    expect(first.structured, first.text).toMatchObject({ write: 'applied', replayed: false, ledger: { state: 'applied' } });
    expect(c.effect(s.mock)).not.toEqual(before);
    const sent = s.served(c.operation);
    const again = await s.call(c.tool, { ...args, operation_key: 'plain-run-1' });
    expect(again.structured).toMatchObject({ write: 'applied', replayed: true, record: first.structured.record });
    expect(s.served(c.operation)).toBe(sent);
  });

  it.for(faults)('under $name', async (f, context) => {
    const { expect } = context;
    const s = await own(way, context);
    const args = await c.prepare(s);
    const before = c.effect(s.mock);
    s.mock.inject({ operation: c.operation as never, times: 1, ...f.inject } as never);
    const first = await s.call(c.tool, { ...args, operation_key: 'fault-run-1' });
    const moved = JSON.stringify(c.effect(s.mock)) !== JSON.stringify(before);
    const w = first.structured;
    // The answer matches the mock: applied only when it changed, not_applied only when it did not;
    // unknown only with a person's check asked (the check could not tell).
    if (w.write === 'applied') expect(moved, first.text).toBe(true);
    else if (w.write === 'not_applied') expect(moved, first.text).toBe(false);
    else expect(w, first.text).toMatchObject({ retry: expect.stringMatching(/^(person|same_key_now|same_key_after)$/) });
    expect(first.isError).toBe(w.write !== 'applied');
    // The same key again: a replay with no new request, or (nothing applied, the same key advised) one send that applies.
    const sent = s.served(c.operation);
    const afterFirst = JSON.stringify(c.effect(s.mock));
    const again = await s.call(c.tool, { ...args, operation_key: 'fault-run-1' });
    if (w.write === 'not_applied' && w.retry !== 'never') {
      expect(again.structured, again.text).toMatchObject({ write: 'applied', replayed: false });
      expect(s.served(c.operation)).toBe(sent + 1);
      expect(moved).toBe(false);
    } else if (w.write === 'unknown' && w.retry === 'same_key_now') {
      // Safe to repeat by its nature: sent again, and it lands once.
      expect(again.structured.write).toBe('applied');
    } else {
      expect(again.structured, again.text).toMatchObject({ write: w.write, replayed: true });
      expect(s.served(c.operation)).toBe(sent);
      expect(JSON.stringify(c.effect(s.mock))).toBe(afterFirst);
    }
  });
});
