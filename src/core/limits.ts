/**
 * The server `Client`'s limits for bulk work: `maxConcurrency`, `rateLimit`, a shared `limiter`,
 * and the pause after a 429. {@link limitsGate} turns them into the pipeline's {@link Gate}:
 * `send` (http.ts) asks it to admit each call before the call starts, and shows it the response
 * of every attempt.
 *
 * The pause (pause.ts) is always on. The queue (p-queue: a concurrency limit plus a strict
 * sliding-window rate limit) and the limiter's admission (admission.ts) are loaded on the first
 * call of a client that sets one of them. The browser entry never imports this module.
 *
 * @module
 */
import type { Admission } from './admission.js';
import type { Gate, Place } from './config.js';
import { AbortError, LimiterError, PromokitError } from './errors.js';
import { isRecord } from './is-record.js';
import { loadKy } from './ky/load.js';
import { optionCheck } from './option-check.js';
import { Pause } from './pause.js';
import type { LimitOptions } from './limit-options.js';
import { MAX_TIMEOUT } from './request-options.js';

/**
 * The {@link Gate} of a client's limit options: the pause after a 429 (for at most
 * `maxRetryDelay` ms, longer ones refusing calls at once) always, a queue for `maxConcurrency`
 * and `rateLimit`, and a shared `limiter`. Throws {@link ConfigurationError} on a bad option.
 */
export function limitsGate(options: LimitOptions, maxRetryDelay: number, owner: string): Gate {
  const { maxConcurrency, rateLimit, limiter, limiterTimeout } = options;
  const check = optionCheck(owner);
  check(maxConcurrency === undefined || (Number.isInteger(maxConcurrency) && maxConcurrency >= 1), 'maxConcurrency', 'a whole number, 1 or more');
  if (rateLimit !== undefined) {
    check(isRecord(rateLimit) && Number.isInteger(rateLimit.requests) && rateLimit.requests >= 1, 'rateLimit', '{ requests, perMs } with requests a whole number, 1 or more');
    check(Number.isFinite(rateLimit.perMs) && rateLimit.perMs > 0, 'rateLimit', '{ requests, perMs } with perMs more than 0 milliseconds');
  }
  check(limiter === undefined || typeof limiter?.acquire === 'function', 'limiter', 'an object with an acquire(signal) method');
  check(limiterTimeout === undefined || (limiterTimeout > 0 && limiterTimeout <= MAX_TIMEOUT), 'limiterTimeout', `a positive number of milliseconds, at most ${MAX_TIMEOUT}`);

  const pause = new Pause(maxRetryDelay);
  const limited = maxConcurrency !== undefined || rateLimit !== undefined || limiter !== undefined;
  // ky is loaded with the admission, before the first call takes its place in the window, not
  // after: loading it would otherwise delay the window's first calls on the wire (some 50 ms), and
  // the service would count them together with the next window's.
  let loading: Promise<Admission> | undefined;
  const admission = () => (loading ??= Promise.all([import('./admission.js'), loadKy()]).then(([module]) => module.admission(options, pause)));
  let loaded: Admission | undefined;

  return {
    async admit(operation, signal) {
      try {
        signal?.throwIfAborted();
        await pause.over(operation, signal);
        if (!limited) return UNLIMITED;
        const place = await (loaded ??= await admission()).admit(operation, signal, pause);
        // A limiter that ignores the signal must not start a call the caller has given up on.
        if (signal?.aborted) place.release();
        signal?.throwIfAborted();
        return place;
      } catch (error) {
        if (signal?.aborted) throw new AbortError(`${operation}: aborted by the caller's signal while waiting to start; 0 attempts made`, { operation, attempts: 0, outcome: 'not_sent' });
        if (error instanceof PromokitError) throw error;
        throw new LimiterError(operation, `the limits failed: ${String(error)}`, { cause: error });
      }
    },
    observe(response) {
      if (response.status !== 429) return;
      pause.saw(response.headers);
      loaded?.keepForRetry();
      loaded?.pauseLimiter(response.headers);
    },
  };
}

/** The place of a call in a client without queue or limiter: nothing to give back. */
const UNLIMITED: Place = { release: () => undefined };

