/**
 * A session lock as sent in a validation, and its rules.
 *
 * @module
 */
import { integer, object, oneOf, text, type Rule } from '../../core/inputs.js';

/**
 * Unit of a session lock's `ttl`.
 * @category Shared inputs
 */
export type SessionTtlUnit = 'DAYS' | 'HOURS' | 'MINUTES' | 'SECONDS' | 'MILLISECONDS' | 'MICROSECONDS' | 'NANOSECONDS';

/**
 * A session lock held across parallel validation and redemption requests. Sending only
 * `{ type: 'LOCK' }` opens a lock of 7 days; send the returned `key` with later requests.
 * @category Shared inputs
 */
export interface SessionInput {
  /** Always `LOCK`. */
  type?: 'LOCK' | undefined;
  /** Key of an existing session, as returned in `session.key`. */
  key?: string | undefined;
  /** How long the lock lasts, in `ttl_unit`s. */
  ttl?: number | undefined;
  /** Unit of `ttl`. */
  ttl_unit?: SessionTtlUnit | undefined;
}

/** Rules of a session lock. */
export const sessionRules: Rule<SessionInput> = object<SessionInput>({ type: oneOf(['LOCK']), key: text(1), ttl: integer() });
