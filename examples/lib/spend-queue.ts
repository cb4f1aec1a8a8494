/**
 * A BullMQ worker that spends (redeems rewards, records orders, publishes vouchers) and follows
 * `retryDecision(error)` after every failed call, so that no spend lands twice and no job fails
 * for a 429:
 *
 * - `retry` after a 429: the job waits the `Retry-After` (moved to BullMQ's delayed set, which
 *   uses none of its attempts);
 * - `retry` after anything else (nothing was sent, a 408, a 5xx of a call safe to repeat): the
 *   error is thrown, and BullMQ's attempts and backoff send the job again, never sooner than
 *   `delayMs` (see {@link backoffStrategy});
 * - `reconcile`: `client.reconcile(error)` says whether the service applied the spend: `applied`,
 *   the job completes; `not_found`, the spend is sent again; `cannot_tell`, the job goes to a
 *   person (a review queue) and fails without further attempts;
 * - `fail`: to a person too.
 *
 * `runSpendQueue()` runs it end to end against the mock service over HTTP (`mock.listen()`),
 * with faults injected into a share of the spending requests, and counts what happened. The
 * example `job-queue-bullmq.ts` and the test suite (test/queues/) both run it.
 */
import { DelayedError, UnrecoverableError, type ConnectionOptions, type Job, type Processor, type Queue } from 'bullmq';
import { backoffStrategy, faultyFetch, runJobs } from './queue-run.js';
import { Client, ConnectionError, RateLimitError, TimeoutError, retryDecision, type ReconcileResult } from 'promokit';
import { createMockService, type MockService } from 'promokit/testing';
import type { RunFigures } from './queue-figures.js';

export type { RunFigures };

/** One spend: a reward redeemed with a member's points, an order recorded, a voucher published. */
export type SpendJob =
  | { kind: 'redeem'; memberId: string; rewardId: string }
  | { kind: 'order'; sourceId: string; amount: number }
  | { kind: 'publish'; customerSourceId: string; campaign: string };

/** How a job ended: sent, found applied by reconciling, or sent again after `not_found`. */
export interface SpendResult {
  how: 'sent' | 'found applied' | 'sent again after not_found';
  /** The redemption, order or publication ID (the transaction's, when found by reconciling). */
  id: string;
}

/** What the worker reports as it goes, for the figures: each event with the job's ID. */
export type SpendEvent = { jobId: string } & (
  | { type: 'rate-limited'; delayMs: number }
  | { type: 'retry'; delayMs: number; error: string }
  | { type: 'reconciled'; status: ReconcileResult['status']; error: string }
  | { type: 'to a person'; reason: string }
);

/** Options of {@link spendProcessor}. */
export interface SpendWorkerOptions {
  client: Client;
  /** Where a job goes when a person must look at it. */
  review: Queue;
  /** The longest `Retry-After` a job waits; a longer one sends it to a person. Default 10 minutes. */
  maxRateLimitWaitMs?: number;
  /**
   * How long to wait, after a timeout or a connection dropped once the request was sent, before
   * reconciling: the request may still be running at the service (or on its way there), and a
   * check made too early would miss it. Default: 5 s; longer than a request can take.
   */
  settleAfterTimeoutMs?: number;
  /** How long to keep checking when the check's own reads fail (a 429's pause, a 503). Default 60 s. */
  maxCheckMs?: number;
  onEvent?: (event: SpendEvent) => void;
}

/** The call each kind of job makes; resolves with the ID of what it made. */
export async function send(client: Client, job: SpendJob): Promise<string> {
  switch (job.kind) {
    case 'redeem':
      return (await client.loyalties.redeemReward(job.memberId, { reward: { id: job.rewardId } })).id;
    case 'order':
      return (await client.orders.create({ source_id: job.sourceId, amount: job.amount, items: [{ source_id: 'beans-1kg', quantity: 1, price: job.amount }] }))
        .id;
    case 'publish':
      // join_once: the customer's one code however often it is sent, so safe to send again: what a
      // customer holds keeps nothing of the publication, and `reconcile` could not tell it apart.
      return (await client.publications.create({ campaign: { name: job.campaign }, customer: { source_id: job.customerSourceId }, join_once: true })).id;
  }
}

/** Rounds of send-reconcile-send within one run of a job, before it goes to a person. */
const MAX_ROUNDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker's function: sends the job's spend once, whatever the network and the service do. */
export function spendProcessor(options: SpendWorkerOptions): Processor<SpendJob, SpendResult> {
  const { client, review, maxRateLimitWaitMs = 600_000, settleAfterTimeoutMs = 5_000, maxCheckMs = 60_000, onEvent } = options;
  const toPerson = async (job: Job<SpendJob>, reason: string): Promise<never> => {
    onEvent?.({ jobId: String(job.id), type: 'to a person', reason });
    await review.add('review', { job: job.data, reason }, { jobId: `review-${job.id}` });
    throw new UnrecoverableError(reason);
  };

  return async (job, token) => {
    for (let round = 1; ; round++) {
      try {
        const id = await send(client, job.data);
        return { how: round === 1 ? 'sent' : 'sent again after not_found', id };
      } catch (error) {
        const decision = retryDecision(error);
        if (decision.action === 'fail') return toPerson(job, error instanceof Error ? error.message : String(error));
        if (decision.action === 'retry') {
          if (!(error instanceof RateLimitError)) {
            onEvent?.({ jobId: String(job.id), type: 'retry', delayMs: decision.delayMs, error: error instanceof Error ? error.name : 'error' });
            throw error; // BullMQ's attempts, with backoffStrategy's wait
          }
          if (decision.delayMs > maxRateLimitWaitMs) return toPerson(job, `rate limited for ${decision.delayMs} ms`);
          // Waits the service's Retry-After without spending one of the job's attempts.
          onEvent?.({ jobId: String(job.id), type: 'rate-limited', delayMs: decision.delayMs });
          await job.moveToDelayed(Date.now() + decision.delayMs, token);
          throw new DelayedError();
        }
        // The spend may have been applied: find out before sending it again. After a timeout or a
        // dropped connection (a ConnectionError reconciled is one that reached the service) it may
        // still be running: wait first.
        if (error instanceof TimeoutError || error instanceof ConnectionError) await sleep(settleAfterTimeoutMs);
        let result = await client.reconcile(error);
        // A read of the check failed (a 429's pause, a 503): its own decision says when to look again.
        // A check sends nothing that could apply the spend twice, so one that failed may be made again.
        for (const until = Date.now() + maxCheckMs; result.status === 'cannot_tell' && result.cause !== undefined && Date.now() < until; ) {
          const again = retryDecision(result.cause);
          if (again.action === 'fail' || (again.action === 'retry' && again.delayMs > maxRateLimitWaitMs)) break;
          await sleep(again.action === 'retry' ? again.delayMs : 1_000);
          result = await client.reconcile(error);
        }
        onEvent?.({ jobId: String(job.id), type: 'reconciled', status: result.status, error: error instanceof Error ? error.name : 'error' });
        if (result.status === 'applied') return { how: 'found applied', id: recordId(result.record) };
        // An order under its own source_id is an upsert: sent again, it names the same order (the
        // check itself sent it again), so the one `reconcile` cannot tell is sent again too.
        if (result.status === 'cannot_tell' && job.data.kind !== 'order') return toPerson(job, result.reason);
        // not_found: nothing was applied, so the next round sends it again; after a few, BullMQ's
        // attempts and backoff take over (a new run starts from a send, which nothing applied yet).
        if (round === MAX_ROUNDS) {
          onEvent?.({ jobId: String(job.id), type: 'retry', delayMs: backoffStrategy(job.attemptsMade + 1), error: 'not applied yet' });
          throw new Error(`not applied after ${MAX_ROUNDS} sends that failed`);
        }
      }
    }
  };
}

/** The `id` of the record that proved a spend applied. */
function recordId(record: unknown): string {
  const id = (record as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : 'unknown';
}

// ---------------------------------------------------------------------------------------------
// The run against the mock service

/** Options of {@link runSpendQueue}. */
export interface RunOptions {
  /** Where Redis listens. */
  connection: ConnectionOptions;
  /** Jobs to run: a mix of redemptions (each by a member of its own), orders and publications. */
  jobs: number;
  /** The share of spending requests that meet a fault, 0 to 1. */
  faultRate: number;
  /** Jobs each worker runs at once. */
  concurrency?: number;
  /** Seed of the fault draw, for a run that can be repeated. */
  seed?: number;
  /** Longest the whole run may take. Default 60 s. */
  timeoutMs?: number;
}

/** The SDK operation a spending request is, from its method and path; `undefined` for any other request. */
function spendingOperation(request: Request): 'loyalties.redeemReward' | 'orders.create' | 'publications.create' | undefined {
  if (request.method !== 'POST') return undefined;
  const path = new URL(request.url).pathname;
  if (path.endsWith('/redemption')) return 'loyalties.redeemReward';
  if (path === '/v1/orders') return 'orders.create';
  if (path === '/v1/publications') return 'publications.create';
  return undefined;
}

/**
 * Runs `jobs` spend jobs through BullMQ on Redis against the mock service over HTTP, a share of
 * the spending requests meeting a fault, two workers sharing the queue. Returns the figures and
 * the mock, whose records show what was really applied.
 */
export async function runSpendQueue(options: RunOptions): Promise<{ figures: RunFigures; mock: MockService; jobs: SpendJob[] }> {
  const { connection, faultRate, concurrency = 25, seed = 29, timeoutMs = 60_000 } = options;
  const started = performance.now();
  const mock = createMockService();
  const { rewards, campaigns } = mock.ids;

  // The jobs: half redemptions, each by a member of its own holding 1,000 points (a reward of
  // 200), a quarter orders, a quarter publications, each to a customer of its own.
  const jobs: SpendJob[] = [];
  const cards: Array<{ code: string; type: 'LOYALTY_CARD'; campaign_id: string; loyalty_card: { points: number } }> = [];
  for (let i = 0; i < options.jobs; i++) {
    const n = String(i).padStart(4, '0');
    if (i % 4 < 2) {
      cards.push({ code: `QUEUE-${n}`, type: 'LOYALTY_CARD', campaign_id: campaigns.coffeeClub, loyalty_card: { points: 1_000 } });
      jobs.push({ kind: 'redeem', memberId: `QUEUE-${n}`, rewardId: rewards.espresso });
    } else if (i % 4 === 2) {
      jobs.push({ kind: 'order', sourceId: `queue-order-${n}`, amount: 2_400 });
    } else {
      jobs.push({ kind: 'publish', customerSourceId: `queue-customer-${n}`, campaign: 'Welcome Offer' });
    }
  }
  mock.seed({ vouchers: cards });

  const server = await mock.listen();
  // The faults: before a spending request leaves, a draw decides whether the mock meets it with one.
  const fetch = faultyFetch(mock, spendingOperation, faultRate, seed);
  // A short timeout for the `timeout` faults, and a cap on the client's own waits that is below a
  // 429's Retry-After, so the queue, not the request, waits it out.
  const client = new Client({ baseUrl: server.url, ...mock.credentials, fetch, timeout: 2_000, maxRetryDelay: 100, logLevel: 'off' });

  const figures: RunFigures = {
    jobs: { total: jobs.length, redeem: 0, order: 0, publish: 0, completed: 0, failed: 0 },
    endings: {},
    requests: { spending: 0, faults: {} },
    reconciliations: {},
    reconciledAfter: {},
    rateLimitWaits: 0,
    rateLimitedJobs: 0,
    rateLimitedJobsWithMoreAttempts: 0,
    retries: 0,
    toPerson: [],
    attemptsMade: 0,
    durationMs: 0,
  };
  const rateLimited = new Set<string>();
  /** Failures each job sent back through BullMQ's attempts (a retry, or sends that kept failing). */
  const failures = new Map<string, number>();
  const tally = (record: Record<string, number>, key: string) => void (record[key] = (record[key] ?? 0) + 1);
  const onEvent = (event: SpendEvent) => {
    switch (event.type) {
      case 'rate-limited':
        figures.rateLimitWaits += 1;
        rateLimited.add(event.jobId);
        break;
      case 'retry':
        figures.retries += 1;
        failures.set(event.jobId, (failures.get(event.jobId) ?? 0) + 1);
        break;
      case 'reconciled':
        tally(figures.reconciliations, event.status);
        tally(figures.reconciledAfter, `${event.status} after ${event.error}`);
        break;
      case 'to a person':
        figures.toPerson.push(event.reason);
    }
  };
  try {
    await runJobs({
      prefix: 'spend',
      connection,
      jobs,
      add: (data, i) => ({ name: data.kind, opts: { jobId: `spend-${i}`, attempts: 5, backoff: { type: 'custom' } } }),
      processor: (review) => spendProcessor({ client, review, onEvent }),
      concurrency,
      timeoutMs,
      read: async (queue) => {
        for (const job of await queue.getJobs(['completed', 'failed'])) {
          figures.jobs[job.data.kind] += 1;
          figures.attemptsMade += job.attemptsMade;
          if (rateLimited.has(String(job.id))) {
            figures.rateLimitedJobs += 1;
            if (job.attemptsMade > 1 + (failures.get(String(job.id)) ?? 0)) figures.rateLimitedJobsWithMoreAttempts += 1;
          }
          if (job.finishedOn && job.returnvalue) {
            figures.jobs.completed += 1;
            figures.endings[job.returnvalue.how] = (figures.endings[job.returnvalue.how] ?? 0) + 1;
          } else {
            figures.jobs.failed += 1;
          }
        }
        for (const request of mock.requests) {
          if (!request.operation || !['loyalties.redeemReward', 'orders.create', 'publications.create'].includes(request.operation)) continue;
          figures.requests.spending += 1;
          if (request.fault) {
            const kind = request.fault === 'status' ? String(request.status) : request.fault;
            figures.requests.faults[kind] = (figures.requests.faults[kind] ?? 0) + 1;
          }
        }
        figures.durationMs = Math.round(performance.now() - started);
      },
    });
    return { figures, mock, jobs };
  } finally {
    await server.close();
  }
}

/**
 * Checks, in the mock's own records, that every job's spend was applied exactly once: each
 * member's card holds one redemption of the reward and 800 of its 1,000 points, each order source
 * ID one order, each customer one publication. Returns the jobs that were not, described.
 */
export function notExactlyOnce(mock: MockService, jobs: SpendJob[]): string[] {
  const wrong: string[] = [];
  const transactions = mock.list('transactions');
  const orders = mock.list('orders');
  const publications = mock.list('publications');
  for (const job of jobs) {
    if (job.kind === 'redeem') {
      const card = mock.get('vouchers', job.memberId);
      const spent = transactions.filter((t) => t.voucher_id === card?.id && t.type === 'POINTS_REDEMPTION').length;
      if (spent !== 1 || card?.loyalty_card?.points !== 800) wrong.push(`${job.memberId}: ${spent} redemptions, ${card?.loyalty_card?.points} points left`);
    } else if (job.kind === 'order') {
      const made = orders.filter((o) => o.source_id === job.sourceId).length;
      if (made !== 1) wrong.push(`${job.sourceId}: ${made} orders`);
    } else {
      const customer = mock.get('customers', job.customerSourceId);
      const made = customer ? publications.filter((p) => p.customer_id === customer.id).length : 0;
      if (made !== 1) wrong.push(`${job.customerSourceId}: ${made} publications`);
    }
  }
  return wrong;
}
