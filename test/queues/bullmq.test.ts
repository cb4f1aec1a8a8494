/**
 * Spend jobs on a real BullMQ queue, on a real redis-server (started here on 127.0.0.1 and stopped
 * by its pid), against the mock service over HTTP with 30 % of the spending requests meeting a
 * fault (503, a connection dropped before or after the service acts, no answer, 429). The worker
 * is the example's (examples/lib/spend-queue.ts), which follows `retryDecision(error)` and
 * `client.reconcile(error)`, run from the built package as a user runs it. The mock's own records
 * must show every spend applied exactly once, and no job may fail, for a 429 or anything else.
 *
 * Without redis-server the test fails (under CI) or is left out (see scripts/lib/prerequisites.mjs).
 */
import { expect, it } from 'vitest';
import { useRedis } from './redis.js';
import type { MockService } from '../../src/testing/index.js';
import type { RunFigures } from '../../examples/lib/queue-figures.js';

/** What the test uses of examples/lib/spend-queue.ts (imported at run time: it imports the built package). */
interface SpendQueueModule {
  runSpendQueue(options: { connection: { host: string; port: number }; jobs: number; faultRate: number; seed?: number; timeoutMs?: number }): Promise<{
    figures: RunFigures;
    mock: MockService;
    jobs: Array<{ kind: 'redeem'; memberId: string } | { kind: 'order'; sourceId: string } | { kind: 'publish'; customerSourceId: string }>;
  }>;
}

const JOBS = 240;
const redis = useRedis();

/** How many records of `records` each key has. */
function countBy<T>(records: T[], key: (record: T) => string | null | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    const k = key(record);
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

it(`${JOBS} spend jobs under 30 % injected faults: every spend applied exactly once, no job failed, no attempt spent on a 429`, {
  timeout: 90_000,
}, async () => {
  const path = new URL('../../examples/lib/spend-queue.ts', import.meta.url).href;
  const { runSpendQueue } = (await import(/* @vite-ignore */ path)) as SpendQueueModule;
  const { figures, mock, jobs } = await runSpendQueue({ connection: { host: '127.0.0.1', port: redis.port }, jobs: JOBS, faultRate: 0.3, timeoutMs: 80_000 });

  const line = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  console.log(
    [
      `BullMQ spend queue on redis-server: ${figures.jobs.total} jobs (${figures.jobs.redeem} redemptions, ${figures.jobs.order} orders, ${figures.jobs.publish} publications) in ${figures.durationMs} ms`,
      `  completed ${figures.jobs.completed}, failed ${figures.jobs.failed}, to a person ${figures.toPerson.length}; endings: ${line(figures.endings)}`,
      `  spending requests ${figures.requests.spending}, faults met: ${line(figures.requests.faults)}`,
      `  reconciliations: ${line(figures.reconciliations)} (${line(figures.reconciledAfter)})`,
      `  429 waits ${figures.rateLimitWaits} over ${figures.rateLimitedJobs} jobs, none costing an attempt: ${figures.rateLimitedJobsWithMoreAttempts === 0}; retries through BullMQ's attempts ${figures.retries}; attempts counted ${figures.attemptsMade}`,
    ].join('\n'),
  );

  // The faults really happened, in about the share asked for, and of every kind.
  const faults = Object.values(figures.requests.faults).reduce((a, b) => a + b, 0);
  expect(faults / figures.requests.spending).toBeGreaterThan(0.2);
  expect(faults / figures.requests.spending).toBeLessThan(0.4);
  expect(Object.keys(figures.requests.faults).sort()).toEqual(['429', '503', 'commit-then-reset', 'reset', 'timeout']);
  // Both ends of reconciliation were taken: spends found applied, and spends found not applied.
  expect(figures.reconciliations.applied).toBeGreaterThan(0);
  expect(figures.reconciliations.not_found).toBeGreaterThan(0);

  // No job failed; none went to a person; a 429's wait cost no attempt.
  expect({ completed: figures.jobs.completed, failed: figures.jobs.failed, toPerson: figures.toPerson }).toEqual({ completed: JOBS, failed: 0, toPerson: [] });
  expect(figures.rateLimitedJobs).toBeGreaterThan(0);
  expect(figures.rateLimitedJobsWithMoreAttempts).toBe(0);
  expect(figures.attemptsMade).toBe(JOBS + figures.retries);

  // The mock's records: one redemption per member (800 of 1,000 points left), one order per
  // source ID, one publication per customer, and nothing else made.
  const cards = new Map(mock.list('vouchers').map((v) => [v.code, v]));
  const redemptions = countBy(
    mock.list('transactions').filter((t) => t.type === 'POINTS_REDEMPTION'),
    (t) => t.voucher_id,
  );
  const orders = countBy(mock.list('orders'), (o) => o.source_id);
  const customers = new Map(mock.list('customers').map((c) => [c.source_id, c.id]));
  const publications = countBy(mock.list('publications'), (p) => p.customer_id);
  const wrong: string[] = [];
  for (const job of jobs) {
    if (job.kind === 'redeem') {
      const card = cards.get(job.memberId);
      const n = redemptions.get(card?.id ?? '') ?? 0;
      if (n !== 1 || card?.loyalty_card?.points !== 800) wrong.push(`${job.memberId}: ${n} redemptions, ${card?.loyalty_card?.points} points`);
    } else if (job.kind === 'order') {
      if (orders.get(job.sourceId) !== 1) wrong.push(`${job.sourceId}: ${orders.get(job.sourceId) ?? 0} orders`);
    } else {
      const n = publications.get(customers.get(job.customerSourceId) ?? '') ?? 0;
      if (n !== 1) wrong.push(`${job.customerSourceId}: ${n} publications`);
    }
  }
  expect(wrong).toEqual([]);
  expect([...orders.keys()].filter((id) => id.startsWith('queue-order-'))).toHaveLength(figures.jobs.order);
  expect([...customers.keys()].filter((id) => id?.startsWith('queue-customer-'))).toHaveLength(figures.jobs.publish);
});
