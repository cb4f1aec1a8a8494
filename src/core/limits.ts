/**
 * The server `Client`'s limits for bulk work: `maxConcurrency`, `rateLimit`, a shared `limiter`,
 * and the pause after a 429. {@link limitsGate} turns them into the pipeline's {@link Gate}:
 * `send` (send.ts) asks it to admit each call before the call starts, and shows it the response
 * of every attempt.
 *
 * The pause (limit-options.ts) is always on. The queue (p-queue: a concurrency limit plus a strict
 * sliding-window rate limit) and the limiter's admission (admission.ts) are loaded on the first
 * call of a client that sets one of them. The browser entry never imports this module.
 *
 * @module
 */
import type { Admission } from './admission.js';
import type { Gate, Place } from './config.js';
import { isRecord, MAX_TIMEOUT, positiveMs, wholeNumber, type OptionRules } from './inputs.js';
import { Pause, type Limiter, type LimitOptions } from './limit-options.js';
import { loadChunk } from './lazy.js';
import { notAdmitted } from './outcome.js';
import { loadKy } from './runtime.js';

/** The rules of the limit options of the server `Client`, one per option of {@link LimitOptions}. */
export const limitOptionRules: OptionRules<LimitOptions> = {
  maxConcurrency: wholeNumber(1),
  rateLimit: [
    (v) => isRecord(v) && Number.isInteger(v.requests) && (v.requests as number) >= 1 && typeof v.perMs === 'number' && v.perMs > 0 && v.perMs <= MAX_TIMEOUT,
    '{ requests, perMs } with requests a whole number, 1 or more, and perMs a number of milliseconds more than 0',
    (v) => (isRecord(v) ? { requests: v.requests, perMs: v.perMs } : v),
  ],
  // Its methods read once, here: a getter that throws refuses the option, and later reads of the
  // object (a Proxy that changes its mind) change nothing.
  limiter: [
    (v) => typeof (v as Limiter).acquire === 'function' && ['undefined', 'function'].includes(typeof (v as Limiter).pause),
    'an object with an acquire(signal) method (and, if any, a pause(ms) method)',
    (v) => {
      if (!isRecord(v)) return v;
      const { acquire, pause } = v as Partial<Limiter>;
      return {
        acquire: typeof acquire === 'function' ? (...args: Parameters<Limiter['acquire']>) => acquire.apply(v, args) : acquire,
        pause: typeof pause === 'function' ? (ms: number) => pause.call(v, ms) : pause,
      };
    },
  ],
  limiterTimeout: positiveMs,
};

/**
 * The {@link Gate} of a client's limit options (copied and checked against
 * {@link limitOptionRules}): the pause after a 429 (for at most `maxRetryDelay` ms, longer ones
 * refusing calls at once) always, a queue for `maxConcurrency` and `rateLimit`, and a shared
 * `limiter`.
 */
export function limitsGate(options: LimitOptions, maxRetryDelay: number): Gate {
  const { maxConcurrency, rateLimit, limiter } = options;
  const pause = new Pause(maxRetryDelay);
  const limited = maxConcurrency !== undefined || rateLimit !== undefined || limiter !== undefined;
  // ky is loaded with the admission, before the first call takes its place in the window, not
  // after: loading it would otherwise delay the window's first calls on the wire (some 50 ms), and
  // the service would count them together with the next window's. One admission for all the
  // calls that wait for it; a load that failed is tried again by the next call.
  let loading: Promise<Admission> | undefined;
  const admission = () =>
    (loading ??= Promise.all([loadChunk('admission', () => import('./admission.js')), loadKy()]).then(
      ([module]) => module.admission(options),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  let loaded: Admission | undefined;

  return {
    async admit(operation, signal, tenant) {
      try {
        signal?.throwIfAborted();
        await pause.over(operation, tenant, signal);
        if (!limited) return UNLIMITED;
        const place = await (loaded ??= await admission()).admit(operation, signal, pause, tenant);
        // A limiter that ignores the signal must not start a call the caller has given up on.
        if (signal?.aborted) place.release();
        signal?.throwIfAborted();
        return place;
      } catch (error) {
        throw await notAdmitted(operation, error, signal?.aborted === true);
      }
    },
    observe(response, tenant) {
      if (response.status !== 429) return;
      pause.saw(response.headers, tenant);
      loaded?.pauseLimiter(response.headers);
    },
  };
}

/** The place of a call in a client without queue or limiter: nothing to give back. */
const UNLIMITED: Place = { release: () => undefined };
