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
 * What an answer with `status` says: a 2xx or a 5xx, that the service may have acted (a 2xx
 * whose body cannot be read is a call applied but unconfirmed); a redirect, which promokit never
 * follows, that the call did not reach the service it points to, unless it is a 303 (the answer
 * to a request that was handled) or its status is hidden (`0`, a browser's opaque redirect, which
 * may be a 303): those may follow a change; any other status, that the service answered without
 * acting.
 */
export function outcomeOf(status: number): Outcome {
  // fetch resolves with no status under 200 but a hidden one, 0.
  return status < 300 || status >= 500 || status === 303 ? 'unknown' : status < 400 ? 'not_sent' : 'rejected';
}

/**
 * The words an `unknown` error of a call that changes state adds to its message: it may have been
 * applied, it was not retried, and the guide that says how to find out for each operation.
 */
export function unknownOutcomeNote(): string {
  return '; it may have been applied, and was not retried: to check, see the guide "After an unknown outcome" in the promokit docs';
}
