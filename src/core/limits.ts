/**
 * The server `Client`'s limits for bulk work: `maxConcurrency`, `rateLimit`, a shared `limiter`,
 * and the pause after a 429. {@link limitsGate} turns them into the pipeline's {@link Gate}:
 * `send` (http.ts) asks it to admit each call before the call starts, and shows it the response
 * of every attempt.
 *
 * The queue is p-queue (a concurrency limit plus a strict sliding-window rate limit), loaded only
 * when `maxConcurrency` or `rateLimit` is set. The browser entry never imports this module.
 *
 * @module
 */
import type PQueue from 'p-queue';
import type { Gate } from './config.js';
import { optionCheck } from './option-check.js';
import { RateLimitError } from './api-errors.js';
import { AbortError, LimiterError, PromokitError } from './errors.js';
import { isRecord } from './is-record.js';
import { loadKy } from './ky/load.js';
import { MAX_TIMEOUT } from './request-options.js';
import { retryAfterMs } from './retry-after.js';
import { sleep } from './sleep.js';
import { bounded } from './waiting.js';

/**
 * Gives back the slot a {@link Limiter} granted; the client calls it once, when the call settles.
 * @category Client
 */
export type LimiterRelease = () => void;

/**
 * A limit shared beyond one client, e.g. by every process of a fleet through Redis (see
 * `promokit/limiter-redis`). The client calls {@link Limiter.acquire} once per call, just before
 * the call starts (after its own `maxConcurrency` and `rateLimit`), and the release it returns,
 * if any, once the call settles. Retries of a call are part of the call and are not asked again.
 *
 * ```ts
 * const limiter: Limiter = { acquire: (signal) => myLimit.wait(signal) };
 * ```
 * @category Client
 */
export interface Limiter {
  /**
   * Resolves when one more request may start, optionally with a function that gives the slot back
   * (for limits of calls in flight; a rate limit returns nothing). Must reject promptly, taking no
   * slot, when `signal` aborts while waiting. Any other rejection (its store is unreachable)
   * fails the call with a `PromokitError` that names it; nothing is sent.
   *
   * `request.retry` is `true` when the request is a retry of a call the service answered 429:
   * such a retry is asked for again, and a limiter should admit it ahead of first attempts that
   * wait in the same process.
   */
  acquire(signal?: AbortSignal, request?: LimiterRequest): Promise<LimiterRelease | void>;
}

/**
 * What a {@link Limiter} is told about the request it admits.
 * @category Client
 */
export interface LimiterRequest {
  /** `true` for a retry after a 429: admit it first in line. */
  retry?: boolean | undefined;
}

/**
 * A rate: at most `requests` calls started in any window of `perMs` milliseconds.
 * @category Client
 */
export interface RateLimit {
  /** Calls per window: a whole number, 1 or more. */
  requests: number;
  /** The window in milliseconds, more than 0. */
  perMs: number;
}

/**
 * Options of the server `Client` for bulk work. They apply to every call of the client (each
 * counted once, however many attempts its retries take), and a call aborted while it waits leaves
 * the queue at once without being sent. Waiting does not count against the per-attempt `timeout`.
 *
 * Sizing the limits, sharing one across a fleet and testing bulk code: [Long and bulk work](../../docs/long-and-bulk-work.md).
 *
 * @category Client
 */
export interface LimitOptions {
  /** At most this many calls in flight: a whole number, 1 or more. The rest wait in order. Default: unlimited. */
  maxConcurrency?: number | undefined;
  /**
   * At most `requests` calls started in any window of `perMs` milliseconds: a sliding window, so
   * never twice the rate across a window boundary. Calls are spread through the window in about
   * 20 slices rather than sent in one burst, with 2 % to spare for network jitter; the rest wait
   * in order. A call's retries are not queued again, but a retry after a 429 has a place in the
   * window kept for it. Default: none.
   */
  rateLimit?: RateLimit | undefined;
  /** A limit shared with other clients or processes, asked after `maxConcurrency` and `rateLimit`. */
  limiter?: Limiter | undefined;
  /**
   * The longest a call waits for the `limiter` to admit it, in milliseconds, its turn in a long
   * batch included; past it, or when the limiter fails, the call rejects with `LimiterError`,
   * nothing sent (never admitted unlimited). The limiter's `signal` aborts then too, so it can
   * leave its line. Default 60,000: raise it for batches that queue longer.
   */
  limiterTimeout?: number | undefined;
}

/**
 * The {@link Gate} of a client's limit options: the pause after a 429 (for at most
 * `maxRetryDelay` ms) always, a queue for `maxConcurrency` and `rateLimit`, and a shared
 * `limiter`. Throws {@link ConfigurationError} on a bad option.
 */
export function limitsGate(options: LimitOptions, maxRetryDelay: number, owner: string): Gate {
  const { maxConcurrency, rateLimit, limiter, limiterTimeout = 60_000 } = options;
  const check = optionCheck(owner);
  check(maxConcurrency === undefined || (Number.isInteger(maxConcurrency) && maxConcurrency >= 1), 'maxConcurrency', 'a whole number, 1 or more');
  if (rateLimit !== undefined) {
    check(isRecord(rateLimit) && Number.isInteger(rateLimit.requests) && rateLimit.requests >= 1, 'rateLimit', '{ requests, perMs } with requests a whole number, 1 or more');
    check(Number.isFinite(rateLimit.perMs) && rateLimit.perMs > 0, 'rateLimit', '{ requests, perMs } with perMs more than 0 milliseconds');
  }
  check(limiter === undefined || typeof limiter?.acquire === 'function', 'limiter', 'an object with an acquire(signal) method');
  check(Number.isFinite(limiterTimeout) && limiterTimeout > 0 && limiterTimeout <= MAX_TIMEOUT, 'limiterTimeout', `a positive number of milliseconds, at most ${MAX_TIMEOUT}`);

  const pause = new Pause(maxRetryDelay);
  const queue = maxConcurrency !== undefined || rateLimit !== undefined ? lazyQueue(maxConcurrency, rateLimit, pause) : undefined;
  let ready: Promise<PQueue> | undefined;

  return {
    async admit(operation, signal) {
      const releases: Array<() => void> = [];
      const release = () => {
        for (const give of releases.splice(0)) give();
      };
      try {
        signal?.throwIfAborted();
        await pause.over(operation, signal);
        // ky is loaded before the first call takes its place in the window, not after: loading it
        // would otherwise delay the window's first calls on the wire (some 50 ms), and the service
        // would count them together with the next window's.
        if (queue) {
          releases.push(await slot(await (ready ??= loadKy().then(queue)), signal));
          await pause.over(operation, signal);
        }
        if (limiter) {
          const give = await acquire(limiter, operation, limiterTimeout, signal);
          if (typeof give === 'function') releases.push(give);
        }
        // A limiter that ignores the signal must not start a call the caller has given up on.
        signal?.throwIfAborted();
        return release;
      } catch (error) {
        release();
        if (signal?.aborted) throw new AbortError(`${operation}: aborted by the caller's signal while waiting to start; 0 attempts made`, { operation, attempts: 0, outcome: 'not_sent' });
        if (error instanceof PromokitError) throw error;
        throw new LimiterError(operation, `the limiter failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    },
    observe(response) {
      if (response.status !== 429) return;
      pause.saw(response.headers);
      // The call will be retried outside the queue: a place in the window is kept for the retry,
      // first in line when the pause ends, else the retry would be one call over the limit.
      if (rateLimit && queue) void queue().then((q) => q.add(() => undefined, { priority: 1 }));
    },
  };
}

/**
 * Asks `limiter` for a place within `ms` and the caller's signal: the signal given to the limiter
 * aborts at the bound too, and a place granted after the call gave up is given back at once.
 */
async function acquire(limiter: Limiter, operation: string, ms: number, signal: AbortSignal | undefined): Promise<LimiterRelease | void> {
  const bound = AbortSignal.timeout(ms);
  const asking = limiter.acquire(signal ? AbortSignal.any([signal, bound]) : bound);
  try {
    return await bounded(asking, ms, signal, () => new LimiterError(operation, `the limiter did not admit the call within limiterTimeout, ${ms} ms`));
  } catch (error) {
    asking.then((give) => typeof give === 'function' && give(), () => undefined);
    throw error;
  }
}

/** One place in the queue: resolves with its release when p-queue starts it; rejects when `signal` aborts first. */
function slot(queue: PQueue, signal: AbortSignal | undefined): Promise<() => void> {
  return new Promise((resolve, reject) => {
    queue.add(() => new Promise<void>((done) => resolve(() => done())), { signal }).catch(reject);
  });
}

/**
 * The p-queue of a client, built on the first call: `concurrency` for `maxConcurrency`, and for
 * `rateLimit` its `strict` mode, a sliding window (at most `intervalCap` starts in any `interval`).
 */
function lazyQueue(maxConcurrency: number | undefined, rateLimit: RateLimit | undefined, pause: Pause): () => Promise<PQueue> {
  let queue: Promise<PQueue> | undefined;
  return () =>
    (queue ??= import('p-queue').then((module) => {
      // From the CommonJS build the dynamic import yields `module.exports`, whose `default` is the class.
      const exported = module.default as typeof module.default | { default: typeof module.default };
      const Queue = typeof exported === 'function' ? exported : exported.default;
      const created = new Queue({
        concurrency: maxConcurrency ?? Number.POSITIVE_INFINITY,
        ...(rateLimit && rateOptions(rateLimit)),
      });
      pause.attach(created);
      return created;
    }));
}

/**
 * p-queue's rate options for `rateLimit`: its `strict` mode (a sliding window) over a slice of the
 * window, `intervalCap` calls per `interval` ms, so that calls are spread through the window
 * rather than sent in one burst at its start. Any `perMs` span holds `requests / intervalCap`
 * slices, so at most `requests` calls start in it; the slices are stretched by 2 % so that
 * jitter on the way of up to 2 % of `perMs` (20 ms for a second) cannot bring `requests + 1`
 * calls into one window of the service's count.
 */
function rateOptions({ requests, perMs }: RateLimit): { intervalCap: number; interval: number; strict: true } {
  // The largest divisor of `requests` up to a twentieth of it: about 20 slices per window.
  let intervalCap = 1;
  for (let size = 2; size <= Math.ceil(requests / 20); size++) if (requests % size === 0) intervalCap = size;
  return { intervalCap, interval: (perMs * 1.02 * intervalCap) / requests, strict: true };
}

/**
 * The pause after a 429: until the moment its `Retry-After` names (at most `cap` ms away), new
 * calls wait before they start and the queue starts none.
 */
class Pause {
  /** When the pause ends, in epoch milliseconds; in the past when there is none. */
  #until = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #queue: PQueue | undefined;
  readonly #cap: number;

  constructor(cap: number) {
    this.#cap = cap;
  }

  /**
   * Starts or lengthens the pause for a 429's `Retry-After` (read as the retries read it); without
   * a readable one, nothing. A pause of at most `cap` holds the queue; a longer one does not, its
   * calls being refused as they come (see {@link Pause.over}).
   */
  saw(headers: Headers): void {
    const ms = retryAfterMs((name) => headers.get(name)) ?? 0;
    // Absent, unreadable (NaN) or already past: no pause.
    if (!(ms > 0)) return;
    const until = Date.now() + ms;
    if (until <= this.#until) return;
    this.#until = until;
    clearTimeout(this.#timer);
    if (ms > this.#cap) {
      this.#queue?.start();
      return;
    }
    this.#queue?.pause();
    this.#timer = setTimeout(() => this.#queue?.start(), ms);
    // Keep the process alive for the pause only while calls wait in the queue; calls that arrive
    // during the pause wait in `over`, on a timer of their own.
    if (!this.#queue?.size) (this.#timer as { unref?(): void }).unref?.();
  }

  /**
   * Resolves when no pause is on (at once when none is); rejects when `signal` aborts first, and
   * at once, with a `RateLimitError` whose `retryAfter` is the time left, while a pause longer
   * than `cap` lasts: waiting it out silently would hold every call past its own timeout.
   */
  async over(operation: string, signal: AbortSignal | undefined): Promise<void> {
    for (let left = this.#until - Date.now(); left > 0; left = this.#until - Date.now()) {
      if (left > this.#cap) throw pausedFor(operation, left, this.#cap);
      await sleep(left, signal);
    }
  }

  /** Pauses and resumes `queue` with the pause from now on. */
  attach(queue: PQueue): void {
    this.#queue = queue;
    const left = this.#until - Date.now();
    if (left > 0 && left <= this.#cap) queue.pause();
  }
}

/** The `RateLimitError` of a call refused during a pause longer than `maxRetryDelay`: nothing sent. */
function pausedFor(operation: string, left: number, cap: number): RateLimitError {
  const seconds = Math.ceil(left / 1000);
  return new RateLimitError({
    status: 429,
    operation,
    attempts: 0,
    outcome: 'not_sent',
    headers: { 'retry-after': String(seconds) },
    body: { message: `the service asked this client to wait longer than maxRetryDelay (${cap} ms) before its next request; ${seconds} s remain, so the call was not sent` },
  });
}
