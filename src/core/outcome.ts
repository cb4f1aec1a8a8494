/**
 * What a call's attempts tell about whether the service may have acted, for the `outcome` of the
 * error the call rejects with. The pipeline (http.ts) records each attempt: sent or not, and the
 * status it got.
 *
 * @module
 */
import type { Outcome } from './errors.js';

const rank: Record<Outcome, number> = { not_sent: 0, rejected: 1, unknown: 2 };

/** The outcome that says less about the service having acted not: `unknown` over `rejected` over `not_sent`. */
export function worse(a: Outcome, b: Outcome): Outcome {
  return rank[a] >= rank[b] ? a : b;
}

/**
/**
 * What an answer with `status` to a `method` request says: a 2xx or a 5xx, that the service may
 * have acted (a 2xx whose body cannot be read is a call applied but unconfirmed); a redirect,
 * which promokit never follows, that the call did not reach the service it points to, unless it
 * is a 303 (See Other: the request was processed, its result is elsewhere) or a browser's opaque
 * redirect (status 0, which may hide a 303) to anything but a GET: those may follow a change; any
 * other status, that the service answered without acting.
 */
export function outcomeOf(status: number, method: string): Outcome {
  if (status >= 500 || (status >= 200 && status < 300)) return 'unknown';
  if (status < 400) return (status === 303 || status === 0) && method !== 'GET' ? 'unknown' : 'not_sent';
  return 'rejected';
}

/**
 * The words an `unknown` error of a call that changes state adds to its message: it may have been
 * applied, it was not retried, and the guide that says how to find out for each operation.
 */
export function unknownOutcomeNote(): string {
  return '; it may have been applied, and was not retried: to check, see the guide "After an unknown outcome" in the promokit docs';
}
