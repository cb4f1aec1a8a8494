/**
 * A BullMQ worker that runs a checkout per job: validate the order's redeemables under a session
 * lock, then redeem them under that lock, following `retryDecision(error)` after every failed
 * call, so that no order is redeemed twice and no lock is left held:
 *
 * - the session key is the order's own (`checkout-<order>`): a validation sent again, by a retry
 *   or by the job run again, re-targets the same lock, and a redemption under the key consumes it;
 * - `retry` after a 429: the job waits the `Retry-After` in BullMQ's delayed set (no attempt used),
 *   and runs again from the validation; after anything else, BullMQ's attempts and backoff;
 * - a validation whose outcome is unknown is sent again under the same key, which takes the same
 *   lock (no reconcile needed); a redemption's is reconciled: `client.reconcile(error)` finds the
 *   redemption by its marker and the order's `source_id` (`applied`: the job completes) or says it
 *   is not there (`not_found`: redeemed again, under the lock still held);
 * - a job that ends without a redemption (to a person) releases its lock first.
 *
 * `runCheckoutQueue()` runs it end to end against the mock service over HTTP, with faults on
 * every step (the validation, the redemption, the reads and releases of the checks), and counts
 * what happened. The test suite runs it (test/queues/checkout-queue.test.ts).
 */
import { DelayedError, UnrecoverableError, type ConnectionOptions, type Processor, type Queue } from 'bullmq';
import { Client, ConnectionError, RateLimitError, TimeoutError, retryDecision, type ReconcileResult, type StackedRedemption } from 'promokit';
import { createMockService, type MockService } from 'promokit/testing';
import { faultyFetch, runJobs } from './queue-run.js';

/** One checkout: an order, its customer, its own single-use voucher and a promotion tier. */
export interface CheckoutJob {
  order: string;
  customer: string;
  code: string;
  tier: string;
  amount: number;
}

/** How a checkout ended. */
export interface CheckoutResult {
  how: 'redeemed' | 'found redeemed' | 'redeemed after not_found';
  /** The parent redemption's id (or the single redemption's). */
  id: string;
}

/** What happened to a job, for the figures. */
export type CheckoutHappening =
  | { type: 'rate-limited'; delayMs: number }
  | { type: 'retry'; error: string }
  | { type: 'reconciled'; step: 'validate' | 'redeem'; status: ReconcileResult['status'] }
  | { type: 'to a person'; reason: string };

/** What the worker reports as it goes: each happening with the job's ID. */
export type CheckoutEvent = { jobId: string } & CheckoutHappening;

/** Options of {@link checkoutProcessor}. */
export interface CheckoutWorkerOptions {
  client: Client;
  review: Queue;
  /**
   * After a timeout or a connection dropped once the request was sent, how long to wait before
   * reconciling: the request may still be running. Default 5 s; longer than a request can take.
   */
  settleAfterTimeoutMs?: number;
  /** How long to keep checking when the check's own reads fail. Default 60 s. */
  maxCheckMs?: number;
  onEvent?: (event: CheckoutEvent) => void;
}

/** Rounds of send-reconcile-send of one step within one run of a job. */
const MAX_ROUNDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The session key of an order's checkout: the same for every run of its job. */
export const sessionKeyOf = (job: CheckoutJob) => `checkout-${job.order}`;

/** The worker's function: one checkout, redeemed once whatever the network and the service do. */
export function checkoutProcessor(options: CheckoutWorkerOptions): Processor<CheckoutJob, CheckoutResult> {
  const { client, review, settleAfterTimeoutMs = 5_000, maxCheckMs = 60_000, onEvent } = options;

  return async (job, token) => {
    const { data } = job;
    const key = sessionKeyOf(data);
    const redeemables = [
      { object: 'voucher' as const, id: data.code },
      { object: 'promotion_tier' as const, id: data.tier },
    ];
    const order = { source_id: data.order, amount: data.amount };
    const customer = { source_id: data.customer };
    const event = (e: CheckoutHappening) => onEvent?.({ jobId: String(job.id), ...e });

    /** A person gets the job; its lock is released first, so nothing stays held for it. */
    const toPerson = async (reason: string): Promise<never> => {
      event({ type: 'to a person', reason });
      await Promise.all(redeemables.filter((r) => r.object === 'voucher').map((r) => client.vouchers.releaseSession(r.id, key).catch(() => undefined)));
      await review.add('review', { job: data, reason }, { jobId: `review-${job.id}` });
      throw new UnrecoverableError(reason);
    };

    /**
     * What to do after `error` of `step`: throws for BullMQ (a retry, a 429's wait, a person), or
     * returns the reconciliation's answer.
     */
    const settle = async (step: 'validate' | 'redeem', error: unknown): Promise<ReconcileResult> => {
      const decision = retryDecision(error);
      if (decision.action === 'fail') return toPerson(error instanceof Error ? error.message : String(error));
      if (decision.action === 'retry') {
        if (!(error instanceof RateLimitError)) {
          event({ type: 'retry', error: error instanceof Error ? error.name : 'error' });
          throw error; // BullMQ's attempts, with backoffStrategy's wait: the job runs again from the validation
        }
        event({ type: 'rate-limited', delayMs: decision.delayMs });
        await job.moveToDelayed(Date.now() + decision.delayMs, token);
        throw new DelayedError();
      }
      if (error instanceof TimeoutError || error instanceof ConnectionError) await sleep(settleAfterTimeoutMs);
      // A validation under the order's session key is safe to send again under the same key: it
      // re-targets the same lock, which nothing but this checkout holds.
      if (step === 'validate') return { status: 'cannot_tell', reason: 'sent again under the same session key' };
      let result = await client.reconcile(error);
      // A read that failed, or a list that moved while it was read (other checkouts redeeming):
      // looked at again after a pause, for a while, before a person gets it.
      for (const until = Date.now() + maxCheckMs; result.status === 'cannot_tell' && Date.now() < until; ) {
        const again = result.cause === undefined ? undefined : retryDecision(result.cause);
        if (again?.action === 'fail') break;
        await sleep(again?.action === 'retry' ? again.delayMs : 1_000);
        result = await client.reconcile(error);
      }
      event({ type: 'reconciled', step, status: result.status });
      if (result.status === 'cannot_tell') return toPerson(result.reason);
      return result;
    };

    // 1. Validate under the order's session key (a repeat re-targets the same lock).
    for (let round = 1; ; round++) {
      try {
        const validation = await client.validations.validate({ redeemables, order, customer, session: { key } });
        if (!validation.valid) return toPerson(`not valid: ${validation.redeemables.map((r) => `${r.id} ${r.status}`).join(', ')}`);
        break;
      } catch (error) {
        // An unknown outcome: the next round sends it again under the same key, taking the same lock.
        await settle('validate', error);
        if (round === MAX_ROUNDS) {
          event({ type: 'retry', error: 'not validated yet' });
          throw new Error(`the validation failed ${MAX_ROUNDS} times`); // BullMQ's attempts: the job runs again
        }
      }
    }
    // 2. Redeem under the lock; the order's source_id finds the redemption after an unknown outcome.
    for (let round = 1; ; round++) {
      try {
        const redeemed = await client.redemptions.redeem({ redeemables, order, customer, session: { key } });
        return { how: round === 1 ? 'redeemed' : 'redeemed after not_found', id: headOf(redeemed) };
      } catch (error) {
        const result = await settle('redeem', error);
        if (result.status === 'applied') return { how: 'found redeemed', id: headOf(result.record as StackedRedemption) };
        if (round === MAX_ROUNDS) {
          event({ type: 'retry', error: 'not redeemed yet' });
          throw new Error(`the redemption failed ${MAX_ROUNDS} times`); // nothing redeemed: the job runs again
        }
      }
    }
  };
}

/** The parent redemption's id, or the one redemption's. */
function headOf(redeemed: StackedRedemption | undefined): string {
  return redeemed?.parent_redemption?.id ?? redeemed?.redemptions?.[0]?.id ?? 'unknown';
}

// ---------------------------------------------------------------------------------------------
// The run against the mock service

/** Options of {@link runCheckoutQueue}. */
export interface CheckoutRunOptions {
  connection: ConnectionOptions;
  jobs: number;
  /** The share of the checkout's requests (every step) that meet a fault, 0 to 1. */
  faultRate: number;
  concurrency?: number;
  seed?: number;
  timeoutMs?: number;
}

/** What a run did, in figures. */
export interface CheckoutFigures {
  jobs: { total: number; completed: number; failed: number };
  endings: Record<string, number>;
  /** The checkout's requests by operation, and the faults met, by operation and kind. */
  requests: Record<string, number>;
  faults: Record<string, number>;
  reconciliations: Record<string, number>;
  rateLimitWaits: number;
  retries: number;
  toPerson: string[];
  attemptsMade: number;
  /** Session locks held when the run was done. */
  locksHeld: number;
  durationMs: number;
}

/** The operations a checkout job sends, and those its checks send; each meets faults. */
const STEPS = ['validations.validate', 'redemptions.redeem', 'redemptions.list', 'redemptions.get', 'vouchers.releaseSession'] as const;

/** The checkout operation of a request, from its method and path; `undefined` for any other. */
function stepOf(request: Request): (typeof STEPS)[number] | undefined {
  const path = new URL(request.url).pathname;
  if (request.method === 'POST' && path === '/v1/validations') return 'validations.validate';
  if (request.method === 'POST' && path === '/v1/redemptions') return 'redemptions.redeem';
  if (request.method === 'GET' && path === '/v1/redemptions') return 'redemptions.list';
  if (request.method === 'GET' && path.startsWith('/v1/redemptions/')) return 'redemptions.get';
  if (request.method === 'DELETE' && path.includes('/sessions/')) return 'vouchers.releaseSession';
  return undefined;
}

/**
 * Runs `jobs` checkouts through BullMQ on Redis against the mock service over HTTP, a share of
 * every step's requests meeting a fault, two workers sharing the queue.
 */
export async function runCheckoutQueue(options: CheckoutRunOptions): Promise<{ figures: CheckoutFigures; mock: MockService; jobs: CheckoutJob[] }> {
  const { connection, faultRate, concurrency = 25, seed = 38, timeoutMs = 90_000 } = options;
  const started = performance.now();
  const mock = createMockService();
  const tier = mock.ids.tiers[0]!;
  const jobs: CheckoutJob[] = [];
  const vouchers: Array<Record<string, unknown>> = [];
  for (let i = 0; i < options.jobs; i++) {
    const n = String(i).padStart(4, '0');
    vouchers.push({ code: `CHECKOUT-${n}`, type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 500 }, redemption: { quantity: 1 } });
    jobs.push({ order: `checkout-order-${n}`, customer: `checkout-customer-${n}`, code: `CHECKOUT-${n}`, tier, amount: 6_000 });
  }
  mock.seed({ vouchers });

  const server = await mock.listen();
  const fetch = faultyFetch(mock, stepOf, faultRate, seed);
  // A 429 asks for a second: the client waits it within the call (maxRetryDelay), its other calls with it.
  const client = new Client({ baseUrl: server.url, ...mock.credentials, fetch, timeout: 2_000, maxRetryDelay: 1_000, logLevel: 'off' });

  const figures: CheckoutFigures = {
    jobs: { total: jobs.length, completed: 0, failed: 0 },
    endings: {},
    requests: {},
    faults: {},
    reconciliations: {},
    rateLimitWaits: 0,
    retries: 0,
    toPerson: [],
    attemptsMade: 0,
    locksHeld: 0,
    durationMs: 0,
  };
  const tally = (record: Record<string, number>, key: string) => void (record[key] = (record[key] ?? 0) + 1);
  const onEvent = (event: CheckoutEvent) => {
    if (event.type === 'rate-limited') figures.rateLimitWaits += 1;
    else if (event.type === 'retry') figures.retries += 1;
    else if (event.type === 'reconciled') tally(figures.reconciliations, `${event.step} ${event.status}`);
    else figures.toPerson.push(event.reason);
  };
  try {
    await runJobs({
      prefix: 'checkout',
      connection,
      jobs,
      add: (data) => ({ name: 'checkout', opts: { jobId: data.order, attempts: 8, backoff: { type: 'custom' } } }),
      processor: (review) => checkoutProcessor({ client, review, onEvent }),
      concurrency,
      timeoutMs,
      read: async (queue) => {
        for (const job of await queue.getJobs(['completed', 'failed'])) {
          figures.attemptsMade += job.attemptsMade;
          if (job.finishedOn && job.returnvalue) {
            figures.jobs.completed += 1;
            tally(figures.endings, job.returnvalue.how);
          } else figures.jobs.failed += 1;
        }
        for (const request of mock.requests) {
          if (!request.operation || !(STEPS as readonly string[]).includes(request.operation)) continue;
          tally(figures.requests, request.operation);
          if (request.fault) tally(figures.faults, `${request.operation} ${request.fault === 'status' ? request.status : request.fault}`);
        }
        figures.locksHeld = mock.list('sessions').length;
        figures.durationMs = Math.round(performance.now() - started);
      },
    });
    return { figures, mock, jobs };
  } finally {
    await server.close();
  }
}

/**
 * Checks, in the mock's records, that every order was redeemed exactly once: one parent
 * redemption of the order, its two children, its voucher's one redemption spent.
 */
export function notRedeemedOnce(mock: MockService, jobs: CheckoutJob[]): string[] {
  const wrong: string[] = [];
  const redemptions = mock.list('redemptions').filter((r) => r.result === 'SUCCESS');
  for (const job of jobs) {
    const parents = redemptions.filter((r) => r.related_object_type === 'redemption' && r.order?.source_id === job.order);
    const children = redemptions.filter((r) => r.redemption !== null && r.order?.source_id === job.order);
    const quantity = mock.get('vouchers', job.code)?.redemption?.redeemed_quantity;
    if (parents.length !== 1 || children.length !== 2 || quantity !== 1)
      wrong.push(`${job.order}: ${parents.length} parents, ${children.length} children, ${job.code} redeemed ${quantity} times`);
  }
  return wrong;
}
