/**
 * The check of a custom event's acknowledgment (service interface §2.19), written by hand instead
 * of with zod/mini: it is the only response the browser entry `promokit/client-side` checks, and
 * zod's parser alone would more than double that bundle. It follows the same tolerant rules as
 * every zod schema of the SDK: unknown fields are kept, fields the service may omit or send as
 * null are nullish, and the body is returned as received. schemas/event.ts types it as the schema
 * of `EventAcknowledgment`; the runtime seam chooses, per runtime, how a call checks it.
 *
 * @module
 */
import { isRecord } from './inputs.js';
import type { ResponseSchema } from './responses.js';

/** A field rule: `0` a nullish string, `1` a nullish object, or a nested shape (nullish object). */
type Rule = 0 | 1 | Shape;
interface Shape {
  [field: string]: Rule;
}

const customer: Shape = { id: 0, name: 0, email: 0, source_id: 0, metadata: 1, object: 0 };
const acknowledgment: Shape = { object: 0, type: 0, customer, referral: 1, loyalty: 1, metadata: 1 };

type Issues = Array<{ path: PropertyKey[]; message: string }>;

/**
 * Checks `v`, found at `path`, against its rule: a string, or an object whose fields the shape
 * names are checked the same way, at any depth. Below the root, an absent or null field passes;
 * other fields are kept and not checked.
 */
function check(rule: Rule, v: unknown, path: PropertyKey[], issues: Issues): void {
  if (v == null && path.length > 0) return;
  if (rule ? !isRecord(v) : typeof v !== 'string') issues.push({ path, message: `expected ${rule ? 'object' : 'string'}` });
  // A nested shape's fields (`1` has none).
  else for (const field in rule as Shape) check((rule as Shape)[field]!, (v as Record<string, unknown>)[field], [...path, field], issues);
}

/** The acknowledgment's schema, typed `T` by its caller: a tolerant structural check with zod's `safeParse` contract, issues and all. */
export const acknowledgmentCheck = <T>(): ResponseSchema<T> => ({
  safeParse(data) {
    const issues: Issues = [];
    check(acknowledgment, data, [], issues);
    return issues.length ? { success: false, error: { issues } } : { success: true, data: data as T };
  },
});

/**
 * Whether `data` passes {@link acknowledgmentCheck}'s check, without its issues: what a
 * storefront needs for an acknowledgment that matches (the browser's `acknowledgmentSchema`,
 * runtime.browser.ts); one that does not is checked again with the schema, in the whole pipeline.
 */
export function fitsAcknowledgment(data: unknown): boolean {
  const fits = (rule: Rule, v: unknown, root?: boolean): boolean =>
    v == null ? !root : rule ? isRecord(v) && Object.keys(rule).every((field) => fits((rule as Shape)[field]!, v[field])) : typeof v === 'string';
  return fits(acknowledgment, data, true);
}
