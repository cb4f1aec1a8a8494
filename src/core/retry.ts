/**
 * The retry policy, expressed as ky retry options. ky does the retrying, the backoff and the
 * `Retry-After` handling; this module only decides which failures each kind of call may retry.
 *
 * @module
 */
import type { RetryOptions } from 'ky';
import { retryAfterMs } from './retry-after.js';
import { isKyHttpError, isKyTimeout } from './ky/errors.js';
import { nothingWasSent } from './network-errors.js';

/** 408, 429 and every 5xx: what idempotent calls retry. */
const idempotentStatuses = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/** Statuses whose `Retry-After` header is honoured (when it is within the cap). */
const retryAfterStatuses = [429, 503];

/** True for the `TypeError` fetch throws when the network fails (not for an abort). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Tuning shared by both policies. */
export interface RetryTuning {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Longest wait between attempts, in milliseconds: caps the backoff; a longer `Retry-After` is not waited. */
  maxRetryDelay: number;
}

/**
 * ky retry options for one kind of call.
 *
 * - idempotent (GET, PUT, read-only POSTs such as validation and introspection): network errors,
 *   timeouts, 408, 429 and 5xx are retried;
 * - non-idempotent (redemptions, rollbacks, orders, publications, creations, events, validations
 *   that open a session lock): only 429 and connection failures where nothing was sent. A 5xx or
 *   a timeout may mean the service acted, and sending a redemption again would spend points twice.
 *
 * Backoff is exponential (300 ms, 600 ms, 1.2 s, …) with jitter between half and all of the step,
 * capped at `maxRetryDelay`. `Retry-After` (seconds or an HTTP date) on a 429 or 503 is waited
 * when it is at most `maxRetryDelay`; a longer one is not cut short (an early retry only earns
 * another 429): the call rejects at once with the error, whose `retryAfter` says the wait.
 *
 * `onRetry`, when given, hears of each retry before its wait, with the delay ky will wait. ky
 * computes that delay in one of two places, and the policy learns it from both without redoing
 * ky's loop: a backoff step goes through `jitter` (whose result, within `backoffLimit`, is the
 * wait); a `Retry-After` is read by ky right after `shouldRetry` lets a failure through, and is
 * read here the same way (`retryAfterMs`). `shouldRetry` sees every failure while retries remain,
 * and a failure that is retried reaches exactly one of the two. A policy with `onRetry` serves
 * one call.
 */
export function retryPolicyFor(idempotent: boolean, tuning: RetryTuning, onRetry?: (delayMs: number, error: unknown) => void): RetryOptions {
  const statusCodes = idempotent ? idempotentStatuses : [429];
  let failure: unknown;
  return {
    limit: tuning.maxRetries,
    // Every method the SDK sends: whether a call may be retried is `idempotent`'s to say.
    methods: ['get', 'put', 'post', 'patch', 'delete'],
    statusCodes,
    afterStatusCodes: retryAfterStatuses,
    maxRetryAfter: tuning.maxRetryDelay,
    backoffLimit: tuning.maxRetryDelay,
    delay: (attempt) => 300 * 2 ** (attempt - 1),
    jitter: (delay) => {
      const ms = Math.min(Math.round(delay / 2 + (Math.random() * delay) / 2), tuning.maxRetryDelay);
      onRetry?.(ms, failure);
      return ms;
    },
    retryOnTimeout: idempotent,
    shouldRetry: ({ error }) => {
      failure = error;
      if (isKyHttpError(error)) {
        const { status, headers } = error.response;
        const after = retryAfterMs((name) => headers.get(name));
        // Without a `Retry-After` ky backs off (or gives up on a status it does not retry).
        if (after === undefined || !retryAfterStatuses.includes(status)) return undefined;
        // An unreadable one is ignored (RFC 9110): ordinary backoff, where ky would wait its cap.
        if (Number.isNaN(after)) return statusCodes.includes(status);
        if (after > tuning.maxRetryDelay) return false;
        if (statusCodes.includes(status)) onRetry?.(Math.max(0, after), error);
        return undefined;
      }
      if (isKyTimeout(error)) return undefined;
      if (!isNetworkError(error)) return false;
      return idempotent || nothingWasSent(error);
    },
  };
}
