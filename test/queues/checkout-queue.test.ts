/**
 * Checkout jobs on a real BullMQ queue, on a real redis-server (started here on 127.0.0.1 and
 * stopped by its pid), against the mock service over HTTP with 30 % of every step's requests
 * meeting a fault (a 503, a connection dropped before or after the service acts, no answer, a
 * 429): the validation under a session, the redemption under it, and the reads and releases of
 * the checks. The worker is the recipe's (examples/lib/checkout-queue.ts), run from the built
 * package. The mock's records must show every order redeemed exactly once and no session lock
 * left held, and no job may fail.
 *
 * Without redis-server the test fails (under CI) or is left out (see scripts/lib/prerequisites.mjs).
 */
import { expect, it } from 'vitest';
import { useRedis } from './redis.js';
import type { MockService } from '../../src/testing/index.js';

/** What the test uses of examples/lib/checkout-queue.ts (imported at run time: it imports the built package). */
interface CheckoutQueueModule {
  runCheckoutQueue(options: { connection: { host: string; port: number }; jobs: number; faultRate: number; timeoutMs?: number }): Promise<{
    figures: {
      jobs: { total: number; completed: number; failed: number };
      endings: Record<string, number>;
      requests: Record<string, number>;
      faults: Record<string, number>;
      reconciliations: Record<string, number>;
      rateLimitWaits: number;
      retries: number;
      toPerson: string[];
      attemptsMade: number;
      locksHeld: number;
      durationMs: number;
    };
    mock: MockService;
    jobs: Array<{ order: string; code: string }>;
  }>;
  notRedeemedOnce(mock: MockService, jobs: Array<{ order: string; code: string }>): string[];
}

const JOBS = 240;
const redis = useRedis();

it(`${JOBS} checkout jobs under 30 % injected faults on every step: no order redeemed twice, every job redeemed once or with a person when reconcile could not tell, no job failed otherwise`, {
  timeout: 300_000,
}, async () => {
  const path = new URL('../../examples/lib/checkout-queue.ts', import.meta.url).href;
  const { runCheckoutQueue, notRedeemedOnce } = (await import(/* @vite-ignore */ path)) as CheckoutQueueModule;
  const { figures, mock, jobs } = await runCheckoutQueue({
    connection: { host: '127.0.0.1', port: redis.port },
    jobs: JOBS,
    faultRate: 0.3,
    timeoutMs: 290_000,
  });

  const line = (record: Record<string, number>) =>
    Object.entries(record)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  console.log(
    [
      `BullMQ checkout queue on redis-server: ${figures.jobs.total} jobs in ${figures.durationMs} ms`,
      `  completed ${figures.jobs.completed}, failed ${figures.jobs.failed}, to a person ${figures.toPerson.length}; endings: ${line(figures.endings)}`,
      `  requests: ${line(figures.requests)}`,
      `  faults met: ${line(figures.faults)}`,
      `  reconciliations: ${line(figures.reconciliations)}`,
      `  to a person: ${figures.toPerson.map((p) => JSON.stringify(p)).join('\n    ')}`,
      `  429 waits ${figures.rateLimitWaits}; retries through BullMQ's attempts ${figures.retries}; attempts counted ${figures.attemptsMade}; locks held at the end ${figures.locksHeld}`,
    ].join('\n'),
  );

  // The faults really happened, on every step, of every kind, in about the share asked for.
  const faults = Object.values(figures.faults).reduce((a, b) => a + b, 0);
  const requests = Object.values(figures.requests).reduce((a, b) => a + b, 0);
  expect(faults / requests).toBeGreaterThan(0.2);
  expect(faults / requests).toBeLessThan(0.4);
  for (const step of ['validations.validate', 'redemptions.redeem', 'redemptions.list'])
    for (const kind of ['429', '503', 'commit-then-reset', 'reset', 'timeout']) expect(figures.faults[`${step} ${kind}`], `${step} ${kind}`).toBeGreaterThan(0);
  // Both ends of the redemption's reconciliation: a redemption found, and one found not made.
  expect(figures.reconciliations['redeem applied']).toBeGreaterThan(0);
  expect(figures.reconciliations['redeem not_found']).toBeGreaterThan(0);

  // No job failed but to a person, and a person only when reconcile could not tell whether a
  // redemption happened (other checkouts moving the list for longer than the recipe looks again):
  // a few at most.
  const people = figures.toPerson.length;
  expect({ failed: figures.jobs.failed, completed: figures.jobs.completed + people }).toEqual({ failed: people, completed: JOBS });
  expect(figures.toPerson.filter((reason) => reason.startsWith('not valid'))).toEqual([]);
  expect(people).toBeLessThanOrEqual(JOBS / 5);
  expect(figures.attemptsMade).toBe(JOBS + figures.retries);
  // A lock is left only where a person has the job (its release met a fault).
  expect(figures.locksHeld).toBeLessThanOrEqual(people);
  expect(mock.list('sessions').length).toBeLessThanOrEqual(people);

  // The mock's records: never two redemptions of an order. Each order once (one parent, its two
  // children, its voucher redeemed once), or, its job with a person, not at all.
  const wrong = notRedeemedOnce(mock, jobs);
  expect(wrong.filter((line) => !/: 0 parents, 0 children, \S+ redeemed 0 times$/.test(line))).toEqual([]);
  expect(wrong.length).toBeLessThanOrEqual(people);
  const parents = mock
    .list('redemptions')
    .filter((r) => r.result === 'SUCCESS' && r.related_object_type === 'redemption' && r.order?.source_id?.startsWith('checkout-order-'));
  expect(parents.length).toBe(JOBS - wrong.length);
});
