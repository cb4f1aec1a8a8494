/**
 * The retry policy, expressed as ky retry options. ky runs the attempts, waits and timeouts; this
 * module decides, for every failure, whether the call may be sent again and how long to wait, so ky
 * applies no rule of its own (it never reads `Retry-After` itself: `retryAfterMs` in api-errors.ts
 * does, for every place that reads it).
 *
 * `retryDecision(error)`: what to do after a call failed, from what the error tells: send it again
 * (and when), find out whether the service applied it, or give up. Pure: it reads the error and the
 * call kept beside it, and sends nothing.
 *
 * @module
 */
import type { RetryOptions } from 'ky';
import { isKyHttpError, isKyNetworkError, isKyTimeout, networkCause } from './errors.js';
import { failureCode, nothingWasSent } from './runtime.js';
import { ApiError, askedWaitMs, InternalServerError, LONGEST_ASKED_WAIT, RateLimitError, retryAfterMs } from './api-errors.js';
import { callOf } from './call.js';
import {
  AbortError,
  CallError,
  ConfigurationError,
  InvalidRequestError,
  isA,
  LimiterError,
  PromokitError,
  RedirectError,
  ResponseTooLargeError,
  ResponseValidationError,
  type Outcome,
} from './errors.js';

/** Why an attempt failed, in a few words: `status 503`, `timeout`, `connection failure (ECONNRESET)`. */
export function describeFailure(error: unknown): string {
  if (isKyHttpError(error)) return `status ${error.response.status}`;
  if (isKyTimeout(error)) return 'timeout';
  const code = failureCode(networkCause(error));
  return `connection failure${code ? ` (${code})` : ''}`;
}

/** True for the failure fetch reports when the network fails: a `TypeError`, or ky's `NetworkError` around one. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || isKyNetworkError(error);
}

/** Tuning of the policy. */
export interface RetryTuning {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Longest wait between attempts, in milliseconds: caps the backoff; a longer `Retry-After` is not waited. */
  maxRetryDelay: number;
}

/**
 * Where the policy draws its randomness and reads the time: `Math.random` and `Date.now` unless
 * given (a test gives its own, to read the waits as numbers).
 */
export interface RetrySources {
  /** A number from 0 (included) to 1 (excluded), as `Math.random` gives. */
  random?: (() => number) | undefined;
  /** Milliseconds since the epoch, as `Date.now` gives: a `Retry-After` may be a date. */
  now?: (() => number) | undefined;
}

/** The retry policy of one call: ky's options, and what the call learnt about its last failure. */
export interface RetryPlan {
  /** The options ky runs the call's attempts with. */
  readonly options: RetryOptions;
  /**
   * Set when a failure the policy retries was not retried because the service asked, with
   * `Retry-After`, for a longer wait than `maxRetryDelay`: that wait, in milliseconds.
   */
  refusedWaitMs?: number;
}

/** The first step of the backoff, in milliseconds: 300 ms, then 600 ms, 1.2 s, … */
export const BACKOFF_STEP_MS = 300;

/**
 * The wait before retry number `retry` (1 for the first) when the service named none: the step
 * of exponential backoff (300 ms, 600 ms, 1.2 s, …), jittered between half and all of it by
 * `random`, rounded to the millisecond, and at most `cap`.
 */
export function backoffMs(retry: number, cap: number, random: () => number): number {
  const step = BACKOFF_STEP_MS * 2 ** (retry - 1);
  return Math.min(Math.round(step / 2 + (random() * step) / 2), cap);
}

const methods = ['get', 'put', 'post', 'patch', 'delete'];

/**
 * The retry policy of one call:
 *
 * - a call safe to send twice (GET, PUT, read-only POSTs such as validation and introspection):
 *   connection failures, timeouts, 408, 429 and 5xx are retried;
 * - any other call (redemptions, rollbacks, orders, publications, creations, events, validations
 *   that open a session lock): only a 429 and a connection failure that shows nothing was sent.
 *   A 5xx or a timeout may mean the service acted, and sending a redemption again would spend
 *   points twice.
 *
 * The wait is {@link backoffMs} (300 ms, 600 ms, 1.2 s, … with jitter between half and all of the
 * step, capped at `maxRetryDelay`). A `Retry-After` on a 429 or 503 (api-errors.ts) is waited as
 * asked when it is at most `maxRetryDelay`; a longer one is not cut short (an early retry only
 * earns another 429): the call is not retried and its error says why (`refusedWaitMs`). An
 * unreadable one is ignored (RFC 9110): backoff as usual.
 *
 * The policy decides and computes every wait; ky waits it (ky's `delay`), with no rule, jitter or
 * cap of its own. `onRetry` hears of each retry once it is decided, before its wait, with that
 * wait: it reports, and computes nothing.
 */
export function retryPlan(
  idempotent: boolean,
  tuning: RetryTuning,
  onRetry?: (delayMs: number, error: unknown) => void,
  sources: RetrySources = {},
): RetryPlan {
  const { random = Math.random, now = Date.now } = sources;
  // The wait of the retry last decided, for ky to wait.
  let wait = 0;
  /** The wait before retry number `retry` after `error`, or `undefined` when it is not retried. */
  const waitAfter = (error: unknown, retry: number): number | undefined => {
    if (isKyHttpError(error)) {
      const { status, headers } = error.response;
      if (!(status === 429 || (idempotent && (status === 408 || (status >= 500 && status < 600))))) return undefined;
      // As asked: a wait longer than `maxRetryDelay` is refused and said in the error as the service gave it.
      const asked = status === 429 || status === 503 ? askedWaitMs((name) => headers.get(name), now) : undefined;
      if (asked! > tuning.maxRetryDelay) {
        plan.refusedWaitMs = asked;
        return undefined;
      }
      // Waited at most a day, however long `maxRetryDelay` lets the service ask for.
      return asked! >= 0 ? Math.min(asked!, LONGEST_ASKED_WAIT) : backoffMs(retry, tuning.maxRetryDelay, random);
    }
    const retried = isKyTimeout(error) ? idempotent : isNetworkError(error) && (idempotent || nothingWasSent(networkCause(error)));
    return retried ? backoffMs(retry, tuning.maxRetryDelay, random) : undefined;
  };
  const plan: RetryPlan = {
    options: {
      limit: tuning.maxRetries,
      // Every method reaches `shouldRetry`, which answers every failure with true or false: ky's
      // own rules decide nothing.
      methods,
      delay: () => wait,
      shouldRetry: ({ error, retryCount }) => {
        const ms = waitAfter(error, retryCount);
        if (ms === undefined) return false;
        wait = ms;
        onRetry?.(ms, error);
        return true;
      },
    },
  };
  return plan;
}

/**
 * What to do after a failed call; see {@link retryDecision}.
 * @category Errors
 */
export type RetryDecision =
  /** Send the same call again after `delayMs` milliseconds: nothing can be applied twice. */
  | { action: 'retry'; delayMs: number }
  /** The service may have applied the call: find out before sending it again (`client.reconcile(error)`). */
  | { action: 'reconcile' }
  /** Sending it again would not help, or is not yours to decide blindly: fix the cause or tell a person. */
  | { action: 'fail' };

/**
 * The wait before a transient failure is sent again when the service named none: one second,
 * the step after the pipeline's own backoff (300 ms, 600 ms). A queue adds its own backoff for
 * repeated failures.
 * @category Errors
 */
export const DEFAULT_RETRY_DELAY_MS = 1_000;

const FAIL: RetryDecision = { action: 'fail' };

/**
 * What to do after a call failed: send it again, find out whether it was applied, or give up.
 * Pure (no I/O, no clock but a `Retry-After` given as a date): it reads the error's class and the
 * record of the call the client kept beside the error (its attempts, how far it got, the status
 * it was answered, what it may do to the service's state), never a field of the error, which any
 * code holding it can rewrite: an `outcome`, a `status` or a `retryAfter` changed after the fact
 * changes nothing. An error without such a record (made by hand) is not trusted to say it was not
 * applied.
 *
 * | the error | decision |
 * |---|---|
 * | not a `PromokitError` (your own code's, a `TypeError`, …) | `fail` |
 * | its call's outcome `unknown` and the call changes state and is not safe to repeat (a spend such as a redemption, a create, an order, a publication without `join_once`, a validation that takes a session lock, an event; also a call error without its call's record, such as one made by hand): a timeout, a dropped connection, a 5xx, an unreadable 2xx, a redirect after which the service may have acted, your abort after it was sent, your `metadataSchemas` failing on its answer | `reconcile` |
 * | `AbortError`, in every other case (your signal: you asked it to stop) | `fail` |
 * | `RateLimitError` (429, or the client's pause after one): nothing was applied | `retry` after the wait its answer asked for (whole seconds, × 1,000), else 1,000 ms |
 * | `ConnectionError`, `TimeoutError`, a 408 or a 5xx (`ApiError`), `LimiterError`, when nothing was sent or the call is safe to repeat (a read, a PUT or DELETE, a read-only POST, a publication with `join_once`, a single redemption's rollback) | `retry` after the `Retry-After` of a 503 when it has one, else 1,000 ms |
 * | `InvalidRequestError`, `ConfigurationError` (bad input or settings: the same call fails again) | `fail` |
 * | any other 4xx (400, 401, 403, 404, 409, 422, …): the service refused it and will again | `fail` |
 * | `RedirectError` not `unknown` (a 307 or 308; a 3xx to a read): promokit follows no redirect, the `baseUrl` is wrong | `fail` |
 * | `ResponseValidationError`, `ResponseTooLargeError` of a read (its answer breaks its schema or its size limit, and would again) | `fail` |
 * | every other `PromokitError` (list walks, `asyncActions.waitFor`'s failed action, …) | `fail` |
 *
 * Every `delayMs` is a whole number of milliseconds from 0 to a day. A `retry` is a new call: a
 * queue that follows it may wait `delayMs` or longer (its own backoff), never less. After
 * `reconcile`, `client.reconcile(error)` looks for the call's trace. The whole table, and why each
 * row: [Errors and retries](../../docs/errors-and-retries.md#after-a-failed-call-retrydecision).
 *
 * ```ts
 * import { Client, retryDecision } from 'promokit';
 *
 * const client = new Client();
 * try {
 *   await client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_free_coffee' } });
 * } catch (error) {
 *   const decision = retryDecision(error);
 *   if (decision.action === 'retry') console.log(`send it again in ${decision.delayMs} ms`);
 *   else if (decision.action === 'reconcile') console.log(await client.reconcile(error));
 *   else throw error;
 * }
 * ```
 *
 * @category Errors
 */
export function retryDecision(error: unknown): RetryDecision {
  try {
    return decide(error);
  } catch {
    return FAIL; // an object that only looks like an error (a getter that throws): nothing to go on
  }
}

/** The table of {@link retryDecision}. */
function decide(error: unknown): RetryDecision {
  if (!isA(error, PromokitError)) return FAIL;
  const kept = callOf(error);
  const call = kept?.outcome ? kept : undefined;
  // Without its call's record, only the error's class speaks: what it cannot prove unapplied may be.
  const outcome = call ? call.outcome : provenOutcome(error);
  const status = call ? call.status : error instanceof ApiError ? error.status : undefined;
  // May have been applied, and a repeat could apply it twice: look first.
  if (outcome === 'unknown' && !(call && (call.effect === 'read' || call.effect === 'idempotent-write')) && isCallFailure(error))
    return { action: 'reconcile' };
  // Nothing applied, or safe to repeat: again only when the cause may pass, and never past the caller's abort.
  if (error instanceof AbortError) return FAIL;
  if (error instanceof RateLimitError) {
    const ms = call ? call.waitMs : (error.retryAfter as number) * 1000;
    return retry(ms! >= 0 ? Math.ceil(ms! / 1000) * 1000 : undefined);
  }
  const transient =
    error instanceof CallError || error instanceof LimiterError || (error instanceof ApiError && (status === 408 || (status! >= 500 && status! < 600)));
  if (!transient) return FAIL;
  return retry(status !== 503 ? undefined : call ? call.waitMs : retryAfterMs((name) => (error as ApiError).headers?.[name]));
}

/** A retry after `ms`: a whole number of milliseconds from 0 to a day (longer asks capped); the default when `ms` is no wait. */
function retry(ms: number | undefined): RetryDecision {
  return { action: 'retry', delayMs: typeof ms === 'number' && ms >= 0 ? Math.min(Math.ceil(ms), LONGEST_ASKED_WAIT) : DEFAULT_RETRY_DELAY_MS };
}

/**
 * The outcome an error proves by its class alone, for an error without its call's record (made by
 * hand, or by the other copy of promokit in the process, whose records this copy cannot see): a
 * 4xx answer (`rejected`; a status past 599 is an `ApiError` too, and proves nothing), bad input
 * or settings (`not_sent`, unless it says `unknown`), and for everything else `unknown`.
 */
function provenOutcome(error: PromokitError): Outcome {
  if (error instanceof ApiError && !(error instanceof InternalServerError) && error.status >= 400 && error.status < 500) return 'rejected';
  if (error instanceof InvalidRequestError || error instanceof ConfigurationError) return error.outcome === 'unknown' ? 'unknown' : 'not_sent';
  return 'unknown';
}

/**
 * An error of a call's exchange with the service (not of its input, a list walk or a wait); a
 * `ConfigurationError` is one when it is `unknown`: your schema failed on the answer of a call sent.
 */
function isCallFailure(error: PromokitError): boolean {
  return (
    error instanceof CallError ||
    error instanceof ApiError ||
    error instanceof RedirectError ||
    error instanceof ResponseTooLargeError ||
    error instanceof ResponseValidationError ||
    error instanceof LimiterError ||
    error instanceof ConfigurationError
  );
}
