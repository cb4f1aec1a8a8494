/**
 * `retryDecision(error)`: what to do after a call failed, from what the error tells: send it
 * again (and when), find out whether the service applied it, or give up. Pure: it reads the error
 * and the call kept beside it, and sends nothing.
 *
 * @module
 */
import { ApiError, RateLimitError } from './api-errors.js';
import { callOf } from './call-record.js';
import { AbortError, CallError, LimiterError, PromokitError, RedirectError, ResponseTooLargeError, ResponseValidationError } from './errors.js';
import { retryAfterMs } from './retry-after.js';

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
 * Pure (no I/O, no clock but a `Retry-After` given as a date): it reads the error's class, its
 * `outcome`, and whether the call is safe to send twice (kept beside the error by the client).
 *
 * | the error | decision |
 * |---|---|
 * | not a `PromokitError` (your own code's, a `TypeError`, …) | `fail` |
 * | `outcome: 'unknown'` of a call that changes state and is not safe to repeat (a spend, a create, an order, a publication without `join_once`, a session lock, an event; also any call error without its call kept beside it, such as one of `ClientEvents.track`): a timeout, a dropped connection, a 5xx, an unreadable 2xx, a redirect after which the service may have acted, your abort after it was sent | `reconcile` |
 * | `AbortError`, in every other case (your signal: you asked it to stop) | `fail` |
 * | `RateLimitError` (429, or the client's pause after one): nothing was applied | `retry` after its `retryAfter` (seconds, × 1,000), else 1,000 ms |
 * | `ConnectionError`, `TimeoutError`, a 408 or a 5xx (`ApiError`), `LimiterError`, when nothing was sent or the call is safe to repeat (a read, a PUT, a read-only POST, a publication with `join_once`) | `retry` after the `Retry-After` of a 503 when it has one, else 1,000 ms |
 * | `InvalidRequestError`, `ConfigurationError` (bad input or settings: the same call fails again) | `fail` |
 * | any other 4xx (400, 401, 403, 404, 409, 422, …): the service refused it and will again | `fail` |
 * | `RedirectError` not `unknown` (a 307 or 308; a 3xx to a read): promokit follows no redirect, the `baseUrl` is wrong | `fail` |
 * | `ResponseValidationError`, `ResponseTooLargeError` of a read (its answer breaks its schema or its size limit, and would again) | `fail` |
 * | every other `PromokitError` (list walks, `asyncActions.waitFor`'s failed action, …) | `fail` |
 *
 * A `retry` is a new call: a queue that follows it may wait `delayMs` or longer (its own backoff),
 * never less. After `reconcile`, `client.reconcile(error)` looks for the call's trace. The whole
 * table, and why each row: [Errors and retries](../../docs/errors-and-retries.md#after-a-failed-call-retrydecision).
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
  if (!(error instanceof PromokitError)) return FAIL;
  // May have been applied, and a repeat could apply it twice: look first.
  if (error.outcome === 'unknown' && callOf(error)?.idempotent !== true && isCallFailure(error)) return { action: 'reconcile' };
  // Nothing applied, or safe to repeat: again only when the cause may pass, and never past the caller's abort.
  if (error instanceof AbortError) return FAIL;
  if (error instanceof RateLimitError) return { action: 'retry', delayMs: error.retryAfter === undefined ? DEFAULT_RETRY_DELAY_MS : error.retryAfter * 1000 };
  const transient = error instanceof CallError || error instanceof LimiterError || (error instanceof ApiError && (error.status === 408 || error.status >= 500));
  return transient ? { action: 'retry', delayMs: askedWait(error) ?? DEFAULT_RETRY_DELAY_MS } : FAIL;
}

/** An error of a call's exchange with the service (not of its input, a list walk or a wait). */
function isCallFailure(error: PromokitError): boolean {
  return error instanceof CallError || error instanceof ApiError || error instanceof RedirectError || error instanceof ResponseTooLargeError || error instanceof ResponseValidationError || error instanceof LimiterError;
}

/** The whole milliseconds a 503's `Retry-After` asks for, when it asks a readable wait. */
function askedWait(error: PromokitError): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  const ms = retryAfterMs((name) => error.headers?.[name]);
  return ms === undefined || Number.isNaN(ms) ? undefined : Math.max(0, Math.ceil(ms));
}
