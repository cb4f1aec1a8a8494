/**
 * What the queue examples share: a `fetch` that meets a share of an operation's requests with a
 * fault the mock injects, and a run of jobs on a BullMQ queue (two workers, a review queue for
 * the jobs that go to a person) until every job settled, the queues cleared and closed after.
 */
import { Queue, QueueEvents, Worker, type ConnectionOptions, type JobsOptions, type Processor } from 'bullmq';
import { retryDecision } from 'promokit';
import type { MockFault, MockOperation, MockService } from 'promokit/testing';

/** The faults drawn, in equal shares, and how `mock.inject` makes each. */
export const FAULTS: ReadonlyArray<{ name: string; fault: MockFault; status?: number; ms?: number }> = [
  { name: '503', fault: 'status', status: 503, ms: 0 },
  { name: 'reset', fault: 'reset' },
  { name: 'commit-then-reset', fault: 'commit-then-reset' },
  { name: 'timeout', fault: 'timeout' },
  { name: '429', fault: 'status', status: 429, ms: 1_000 },
];

/** mulberry32: a small seeded generator, so a run's faults can be drawn again. */
export function random(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * BullMQ's wait before a job's next attempt: exponential (250 ms, 500 ms, 1 s, …), and never less
 * than the `delayMs` of the error's decision (a 503's `Retry-After`, the default second).
 */
export function backoffStrategy(attemptsMade: number, _type?: string, error?: Error): number {
  const decision = retryDecision(error);
  return Math.max(decision.action === 'retry' ? decision.delayMs : 0, 250 * 2 ** Math.max(0, attemptsMade - 1));
}

/**
 * A `fetch` to the mock over HTTP that, before a request of an operation `operationOf` names
 * leaves, draws whether the mock meets it with one of {@link FAULTS} (a share `faultRate`).
 */
export function faultyFetch(mock: MockService, operationOf: (request: Request) => MockOperation | undefined, faultRate: number, seed: number): typeof fetch {
  const draw = random(seed);
  return (input, init) => {
    const request = new Request(input, init);
    const operation = operationOf(request);
    if (operation && draw() < faultRate) {
      const { fault, status, ms } = FAULTS[Math.floor(draw() * FAULTS.length)]!;
      mock.inject({ operation, fault, ...(status === undefined ? {} : { status }), ...(ms === undefined ? {} : { ms }) });
    }
    return fetch(request);
  };
}

/** What {@link runJobs} needs. */
export interface JobRun<J, R, T> {
  /** The queue's name, without the process and time that make it unique. */
  prefix: string;
  connection: ConnectionOptions;
  jobs: J[];
  /** Each job's name and options (its id, its attempts). */
  add: (job: J, index: number) => { name: string; opts: JobsOptions };
  /** The processor of each of the two workers, given the review queue. */
  processor: (review: Queue) => Processor<J, R>;
  /** Jobs each worker runs at once. */
  concurrency: number;
  /** The longest the whole run may take; past it, the run rejects. */
  timeoutMs: number;
  /** Reads the figures once every job settled, from the queue's jobs. */
  read: (queue: Queue<J>) => Promise<T>;
}

/**
 * Runs `jobs` through two workers sharing a BullMQ queue and waits until every job completed or
 * failed (within `timeoutMs`); returns what `read` makes of them. The queues are cleared and
 * closed whatever happens.
 */
export async function runJobs<J, R, T>(run: JobRun<J, R, T>): Promise<T> {
  const name = `${run.prefix}-${process.pid}-${Date.now()}`;
  const queue = new Queue<J>(name, { connection: run.connection });
  const review = new Queue(`${name}-review`, { connection: run.connection });
  const events = new QueueEvents(name, { connection: run.connection });
  const workers = [1, 2].map(
    () =>
      new Worker<J, R>(name, run.processor(review), {
        connection: run.connection,
        concurrency: run.concurrency,
        // A job whose worker died mid-call has no error to reconcile: failed, never run again.
        maxStalledCount: 0,
        settings: { backoffStrategy },
      }),
  );
  try {
    await events.waitUntilReady();
    const settled = new Promise<void>((resolve, reject) => {
      let done = 0;
      const timer = setTimeout(
        () => reject(new Error(`the queue did not finish within ${run.timeoutMs} ms: ${done} of ${run.jobs.length} jobs settled`)),
        run.timeoutMs,
      );
      const one = () => {
        if (++done === run.jobs.length) {
          clearTimeout(timer);
          resolve();
        }
      };
      events.on('completed', one);
      events.on('failed', one);
    });
    await queue.addBulk(run.jobs.map((data, i) => ({ ...run.add(data, i), data })) as Parameters<Queue<J>['addBulk']>[0]);
    await settled;
    return await run.read(queue);
  } finally {
    await Promise.all(workers.map((worker) => worker.close()));
    await events.close();
    await queue.obliterate({ force: true });
    await review.obliterate({ force: true });
    await queue.close();
    await review.close();
  }
}
