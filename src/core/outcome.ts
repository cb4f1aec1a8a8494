/**
 * What a call's attempts tell about whether the service may have acted, for the `outcome` of the
 * error the call rejects with. The pipeline (http.ts) records each attempt: sent or not, and the
 * status it got. `not_sent` holds only until an attempt may have reached the service: any answer,
 * of any status, makes the call `rejected` or `unknown`.
 *
 * @module
 */
import type { Outcome } from './errors.js';

/** The outcomes, from the one that says most about the service having not acted. */
const rank: readonly Outcome[] = ['not_sent', 'rejected', 'unknown'];

/** The outcome that says less about the service having acted not: `unknown` over `rejected` over `not_sent`. */
export function worse(a: Outcome, b: Outcome): Outcome {
  return rank.indexOf(a) >= rank.indexOf(b) ? a : b;
}

/**
 * What an answer with `status` says of a call:
 * - a 4xx, a 307 or a 308: `rejected` (a refusal; a 307 or 308 asks for the same request
 *   elsewhere, so the answering service did not act on it);
 * - a 2xx or a 5xx: `unknown` (applied but unconfirmed when its body cannot be read; maybe applied);
 * - any other status (300–306, 1xx, a browser's opaque redirect, 0): `unknown` for a call that
 *   changes state, since a redirect may follow a request processed (Post/Redirect/Get), else
 *   `rejected`.
 */
export function outcomeOf(status: number, changesState: boolean): Outcome {
  if (status === 307 || status === 308 || (status >= 400 && status < 500)) return 'rejected';
  if ((status >= 200 && status < 300) || status >= 500 || changesState) return 'unknown';
  return 'rejected';
}

/**
 * The words an `unknown` error of a call that changes state adds to its message: it may have been
 * applied, it was not retried, and the guide that says how to find out for each operation.
 */
export function unknownOutcomeNote(): string {
  return '; it may have been applied, and was not retried: to check, see the guide "After an unknown outcome" in the promokit docs';
}
