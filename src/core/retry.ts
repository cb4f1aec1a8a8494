/**
 * The retry policy, expressed as ky retry options. ky runs the attempts, waits and timeouts; this
 * module decides, for every failure, whether the call may be sent again and how long to wait,
 * so ky applies no rule of its own (it never reads `Retry-After` itself: retry-after.ts does, for
 * every place that reads it).
 *
 * @module
 */
import type { RetryOptions } from 'ky';
import { retryAfterMs } from './retry-after.js';
import { isKyHttpError, isKyTimeout } from './ky/errors.js';
import { nothingWasSent } from './network-errors.js';

/** True for the failure fetch reports when the network fails: a `TypeError`, or ky's `NetworkError` around one. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError');
}

/** Tuning of the policy. */
export interface RetryTuning {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Longest wait between attempts, in milliseconds: caps the backoff; a longer `Retry-After` is not waited. */
  maxRetryDelay: number;
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
 * Backoff is exponential (300 ms, 600 ms, 1.2 s, …) with jitter between half and all of the step,
 * capped at `maxRetryDelay`. A `Retry-After` on a 429 or 503 (retry-after.ts) is waited as asked
 * when it is at most `maxRetryDelay`; a longer one is not cut short (an early retry only earns
 * another 429): the call is not retried and its error says why (`refusedWaitMs`). An unreadable one
 * is ignored (RFC 9110): backoff as usual.
 *
 * `onRetry` hears of each retry before its wait, with the delay ky will wait.
 */
export function retryPlan(idempotent: boolean, tuning: RetryTuning, onRetry?: (delayMs: number, error: unknown) => void): RetryPlan {
  let failure: unknown;
  // The wait the failure being retried asked for, when it named one.
  let asked: number | undefined;
  const plan: RetryPlan = {
    options: {
      limit: tuning.maxRetries,
      // Every method reaches `shouldRetry`, which answers every failure with true or false: ky's
      // own rules decide nothing (the build cuts them: scripts/lib/ky-cuts.mjs).
      methods,
      backoffLimit: tuning.maxRetryDelay,
      delay: (attempt) => asked ?? 300 * 2 ** (attempt - 1),
      jitter: (delay) => {
        const ms = asked ?? Math.min(Math.round(delay / 2 + (Math.random() * delay) / 2), tuning.maxRetryDelay);
        onRetry?.(ms, failure);
        return ms;
      },
      shouldRetry: ({ error }) => {
        failure = error;
        asked = undefined;
        if (isKyHttpError(error)) {
          const { status, headers } = error.response;
          if (!(status === 429 || (idempotent && (status === 408 || status >= 500)))) return false;
          const after = status === 429 || status === 503 ? retryAfterMs((name) => headers.get(name)) : undefined;
          if (after! > tuning.maxRetryDelay) {
            plan.refusedWaitMs = after;
            return false;
          }
          if (after! >= 0) asked = after;
          return true;
        }
        if (isKyTimeout(error)) return idempotent;
        return isNetworkError(error) && (idempotent || nothingWasSent(error));
      },
    },
  };
  return plan;
}
