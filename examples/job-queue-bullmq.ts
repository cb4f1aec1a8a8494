/**
 * Spend jobs on a BullMQ queue (Redis), with a worker that follows `retryDecision(error)` after
 * every failed call: a 429 waits its `Retry-After` without using up one of the job's attempts, a
 * failure that is safe to repeat goes back through BullMQ's attempts and backoff, and a spend
 * whose outcome is unknown is reconciled (`client.reconcile(error)`): found applied, the job
 * completes; not found, the spend is sent again; no way to tell, a person gets it.
 *
 * Runs 60 jobs (redemptions, orders, publications) against the mock service over HTTP
 * (`mock.listen()`), 30 % of the spending requests meeting a fault (a 503, a dropped connection
 * before or after the service acts, no answer, a 429), then checks in the mock's own records that
 * every spend was applied exactly once and that no job failed: any other result fails the example
 * (exit code 1). The worker is in `lib/spend-queue.ts`; the guide "Job queues" walks through it.
 *
 * Needs Redis: `REDIS_URL` (e.g. `redis://127.0.0.1:6379`), or a `redis-server` on this machine,
 * which the example starts on a free port of 127.0.0.1 and stops. Only the mock injects faults,
 * so this example always runs against it.
 */
import { count, run, step } from './lib/connect.js';
import { redis } from './lib/redis-server.js';
import { notExactlyOnce, runSpendQueue } from './lib/spend-queue.js';

run(async () => {
  console.log(`\nSpend jobs on BullMQ that never spend twice\n${'='.repeat(43)}`);
  const server = await redis();
  try {
    step(`Redis at ${server.host}:${server.port}; 60 jobs, 30 % of the spending requests meeting a fault.`);
    const { figures, mock, jobs } = await runSpendQueue({ connection: { host: server.host, port: server.port }, jobs: 60, faultRate: 0.3 });
    const line = (record: Record<string, number>) =>
      Object.entries(record)
        .map(([name, n]) => `${name} ${count(n)}`)
        .join(', ') || 'none';
    step(
      `${count(figures.jobs.total)} jobs (${figures.jobs.redeem} redemptions, ${figures.jobs.order} orders, ${figures.jobs.publish} publications): ${figures.jobs.completed} completed, ${figures.jobs.failed} failed, in ${count(figures.durationMs)} ms.`,
    );
    step(`${count(figures.requests.spending)} spending requests reached the mock; faults met: ${line(figures.requests.faults)}.`);
    step(`Completed: ${line(figures.endings)}. Reconciliations: ${line(figures.reconciliations)}.`);
    step(
      `429s waited without an attempt: ${figures.rateLimitWaits}; retries through BullMQ's attempts: ${figures.retries}; attempts counted: ${figures.attemptsMade}; to a person: ${figures.toPerson.length}.`,
    );
    const wrong = notExactlyOnce(mock, jobs);
    if (wrong.length > 0 || figures.jobs.failed > 0)
      throw new Error(`not every spend was applied exactly once: ${wrong.join('; ') || `${figures.jobs.failed} jobs failed: ${figures.toPerson.join('; ')}`}`);
    step("Checked against the mock's records: every spend applied exactly once.");
  } finally {
    await server.stop();
  }
});
