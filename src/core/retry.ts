/**
 * The retry policy, expressed as ky retry options. ky does the retrying, the backoff and the
 * `Retry-After` handling; this module only decides which failures each kind of call may retry.
 *
 * @module
 */
import type { RetryOptions } from 'ky';
import { isKyHttpError, isKyTimeout } from './ky-errors.js';

/** 408, 429 and every 5xx: what idempotent calls retry. */
const idempotentStatuses = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];

/** Statuses whose `Retry-After` header is honoured (up to the cap). */
const retryAfterStatuses = [429, 503];

/**
 * Error codes of failures that happen before a request leaves the machine (the connection was
 * never made), so even a non-idempotent call may be sent again safely.
 */
const nothingSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** True when a fetch failure shows that no byte of the request reached the service. */
export function nothingWasSent(error: unknown): boolean {
  let cause = (error as { cause?: unknown } | undefined)?.cause as { code?: unknown; errors?: unknown[]; cause?: unknown } | undefined;
  for (let depth = 0; cause && depth < 3; depth++) {
    if (typeof cause.code === 'string' && nothingSentCodes.has(cause.code)) return true;
    if (Array.isArray(cause.errors) && cause.errors.length > 0) {
      return cause.errors.every((e) => nothingSentCodes.has(String((e as { code?: unknown })?.code)));
    }
    cause = cause.cause as typeof cause;
  }
  return false;
}

/** True for the `TypeError` fetch throws when the network fails (not for an abort). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Tuning shared by both policies. */
export interface RetryTuning {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Longest wait between attempts, in milliseconds: caps the backoff and `Retry-After`. */
  maxRetryDelay: number;
}

/**
 * ky retry options for one kind of call.
 *
 * - idempotent (GET, PUT, read-only POSTs such as validation and introspection): network errors,
 *   timeouts, 408, 429 and 5xx are retried;
 * - non-idempotent (redemptions, rollbacks, orders, publications, creations, events): only 429
 *   and connection failures where nothing was sent. A 5xx or a timeout may mean the service acted,
 *   and sending a redemption again would spend points twice.
 *
 * Backoff is exponential (300 ms, 600 ms, 1.2 s, …) with jitter between half and all of the step,
 * capped at `maxRetryDelay`; `Retry-After` (seconds or an HTTP date) is waited up to the same cap.
 */
export function retryPolicyFor(idempotent: boolean, tuning: RetryTuning): RetryOptions {
  return {
    limit: tuning.maxRetries,
    methods: ['get', 'put', 'post'],
    statusCodes: idempotent ? idempotentStatuses : [429],
    afterStatusCodes: retryAfterStatuses,
    maxRetryAfter: tuning.maxRetryDelay,
    backoffLimit: tuning.maxRetryDelay,
    delay: (attempt) => 300 * 2 ** (attempt - 1),
    jitter: (delay) => delay / 2 + (Math.random() * delay) / 2,
    retryOnTimeout: idempotent,
    shouldRetry: ({ error }) => {
      if (isKyHttpError(error) || isKyTimeout(error)) return undefined;
      if (!isNetworkError(error)) return false;
      return idempotent || nothingWasSent(error);
    },
  };
}
