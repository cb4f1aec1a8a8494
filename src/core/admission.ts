/**
 * The admission of calls by a server `Client`'s limits: a place among the calls in flight
 * (`maxConcurrency`), a start in the rate's window (`rateLimit`), both with p-queue, and a place
 * from its shared `limiter`, each waited for within the caller's signal and the limiter's own
 * bound. Every attempt passes the limits that count requests: a retry (after a 429, a 5xx, a
 * timeout) and the resend after a 401 take a start in the window and the limiter's admission
 * again, first in line, while the call keeps its place in flight. Loaded, with p-queue, on the
 * first call of a client that sets one of them.
 *
 * @module
 */
import PQueue from 'p-queue';
import { describeValue, isA, LimiterError } from './errors.js';
import type { Place } from './config.js';
import type { LimitOptions, Limiter, LimiterRelease, LimiterRequest, RateLimit, Pause } from './limit-options.js';
import { retryAfterMs } from './api-errors.js';
import { bounded } from './waiting.js';

/** How calls take and give back their places in a client's queue and limiter. */
export interface Admission {
  /**
   * Waits for a place in flight, a start in the window, then one from the limiter; `tenant`'s
   * pause is waited out first. The place's `again` admits each later attempt of the call.
   */
  admit(operation: string, signal: AbortSignal | undefined, pause: Pause, tenant: string): Promise<Place>;
  /** Tells the limiter of a 429's `Retry-After` (`Limiter.pause`), so that a fleet pauses as one. */
  pauseLimiter(headers: Headers): void;
}

/** The admission of `options`' queue and limiter; the queue pauses with `pause`. */
export function admission(options: LimitOptions): Admission {
  const { maxConcurrency, rateLimit, limiter, limiterTimeout = 60_000 } = options;
  // Two queues: the places in flight, held for the whole call, and the starts in the window, one
  // per attempt (a retry takes a start but keeps its place: with one queue for both, a call
  // holding the last place in flight would wait for itself).
  const inFlight = maxConcurrency !== undefined ? new PQueue({ concurrency: maxConcurrency }) : undefined;
  const window = rateLimit !== undefined ? new PQueue({ concurrency: Number.POSITIVE_INFINITY, ...rateOptions(rateLimit) }) : undefined;
  return {
    async admit(operation, signal, paused, tenant) {
      let queued: (() => void) | undefined;
      let granted: LimiterRelease | void;
      const release = () => {
        queued?.();
        giveBack(granted);
        queued = granted = undefined;
      };
      try {
        // A pause of the tenant that began while the call waited in the queue: the call gives its
        // place back and waits it out, then queues again (a few rounds at most), so that the calls
        // held back do not all start at once when it ends, and other tenants' calls go on. After
        // the last wait it keeps its place in flight, and still takes a start in the window: the
        // start of a call is never one taken before a pause.
        for (let round = 0; inFlight || window; round++) {
          if (inFlight && !queued) queued = await slot(inFlight, signal);
          if (window) await start(window, signal, 0);
          if (round === 3 || paused.left(tenant) === 0) break;
          if (round < 2) release();
          await paused.over(operation, tenant, signal);
        }
        if (limiter) granted = await acquire(limiter, operation, limiterTimeout, signal, undefined);
      } catch (error) {
        release();
        throw error;
      }
      if (!limiter && !window) return { release };
      return {
        release,
        // A later attempt: a start in the window, first in line, then the limiter's admission. The
        // limiter's place of the earlier attempt is given back once the retry is in line (first in
        // it): a limit of calls in flight would otherwise wait for the very place this call holds,
        // or hand it to a call behind.
        async again() {
          if (window) await start(window, signal, 1);
          if (!limiter) return;
          const earlier = granted;
          granted = undefined;
          const asking = acquire(limiter, operation, limiterTimeout, signal, { retry: true });
          giveBack(earlier);
          granted = await asking;
        },
      };
    },
    pauseLimiter(headers) {
      const ms = retryAfterMs((name) => headers.get(name)) ?? 0;
      // Whatever the limiter does with it is its own business: a throw or a rejection is ignored.
      if (limiter && ms > 0) void (async () => limiter.pause?.(ms))().catch(() => undefined);
    },
  };
}

/**
 * Asks `limiter` for a place within `ms` and the caller's signal: the signal given to the limiter
 * aborts at the bound too, and a place granted after the call gave up is given back at once.
 */
async function acquire(
  limiter: Limiter,
  operation: string,
  ms: number,
  signal: AbortSignal | undefined,
  request: LimiterRequest | undefined,
): Promise<LimiterRelease | void> {
  const bound = AbortSignal.timeout(ms);
  const limited = signal ? AbortSignal.any([signal, bound]) : bound;
  // The limiter is user code: a throw or an answer that is no promise is a rejection here. Asked
  // at once, so that a retry is in its line before the earlier place is given back.
  let asking: Promise<LimiterRelease | void>;
  try {
    asking = Promise.resolve(request ? limiter.acquire(limited, request) : limiter.acquire(limited));
  } catch (error) {
    asking = Promise.reject(error);
  }
  const retry = request?.retry;
  let late: LimiterError | undefined;
  try {
    return await bounded(
      asking,
      ms,
      signal,
      () => (late = new LimiterError(operation, `the limiter did not admit the call within limiterTimeout, ${ms} ms`, { retry })),
    );
  } catch (error) {
    asking.then(giveBack, () => undefined);
    // Only the bound's own error goes on as it is: whatever the limiter threw is described, its cause.
    throw signal?.aborted || (late && error === late) ? error : limiterFailure(operation, error, retry);
  }
}

/**
 * What a limiter threw, as a {@link LimiterError} naming the call, the limiter's own error its
 * `cause`. A limiter's own LimiterError (`promokit/limiter-redis`) names no call: its reason is
 * kept. `retry`: it was asked for a call sent again.
 */
function limiterFailure(operation: string, error: unknown, retry: boolean | undefined): LimiterError {
  const reason = isA(error, LimiterError)
    ? describeValue(error)
        .replace(/^LimiterError: [^:]*: /, '')
        .replace(/; nothing was sent$/, '')
    : `the limiter failed: ${describeValue(error)}`;
  return new LimiterError(operation, reason, { cause: error, retry });
}

/** Calls the release a limiter granted, if it granted one: a release that throws changes nothing. */
function giveBack(release: LimiterRelease | void | undefined): void {
  try {
    if (typeof release === 'function') release();
  } catch {
    // The limiter's own business: the call has settled either way.
  }
}

/** One place in the queue: resolves with its release when p-queue starts it; rejects when `signal` aborts first. */
function slot(queue: PQueue, signal: AbortSignal | undefined): Promise<() => void> {
  return new Promise((resolve, reject) => {
    queue.add(() => new Promise<void>((done) => resolve(() => done())), { signal }).catch(reject);
  });
}

/**
 * One start in the window of `rateLimit` (p-queue's `strict` mode: a sliding window, at most
 * `intervalCap` starts in any `interval`): resolves when the attempt may go; rejects when `signal`
 * aborts first. `priority` 1, a call's later attempt, goes ahead of first attempts.
 */
function start(window: PQueue, signal: AbortSignal | undefined, priority: number): Promise<void> {
  return window.add(() => undefined, { signal, priority });
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
