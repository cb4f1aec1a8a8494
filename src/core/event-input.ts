/**
 * The rules of `track`'s params (`ClientEvents`), with the words of each one broken. Node's
 * runtime checks an event with them at once (its `eventCopy`); a browser's checks it with a
 * predicate (runtime.browser.ts), and finds these words only for an event refused (failure.ts's
 * `invalidRequest`, loaded then): a storefront sending events that pass ships none of them.
 *
 * @module
 */
import type { Issue } from './errors.js';
import { isRecord } from './inputs.js';

/**
 * Pushes to `issues` every rule `event` (a copy of the params, `undefined` when JSON cannot carry
 * them) breaks: an object, its `event` a string of 1 to 300 characters, its `customer` an object,
 * and `referral`, `loyalty` and `metadata` objects when given. Returns `event`.
 */
function eventIssues(event: unknown, issues: Issue[]): unknown {
  if (!isRecord(event)) issues.push({ path: [], message: 'must be an object: track({ event, customer, … })' });
  else {
    if (!(typeof event.event === 'string' && event.event !== '' && event.event.length <= 300))
      issues.push({ path: ['event'], message: 'must be a string of 1 to 300 characters' });
    // `customer` required; the others objects when given.
    for (const field of ['customer', 'referral', 'loyalty', 'metadata']) {
      const value = event[field];
      if (!isRecord(value) && (value !== undefined || field === 'customer'))
        issues.push({ path: [field], message: value == null && field === 'customer' ? 'is required' : 'must be an object' });
    }
  }
  return event;
}

/**
 * The copy of `track`'s params (`ClientEvents`) it sends, or `undefined` with every rule they
 * break pushed to `issues`: data JSON can carry (`copy`, the runtime's `plainCopy`: this module sits
 * below the seam), and the rules above.
 * Node's `eventCopy` (runtime.ts re-exports it); a browser's check names no rule, and failure.ts
 * finds them with this, once an event is refused.
 */
export function checkedEvent(params: unknown, issues: Issue[], copy: (value: unknown, issues: Issue[]) => unknown): unknown {
  const event = eventIssues(copy(params, issues), issues);
  return issues.length > 0 ? undefined : event;
}
