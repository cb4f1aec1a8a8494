/**
 * The acknowledgment of a custom event sent from a client-side application (service interface
 * §2.19).
 *
 * This schema is written by hand instead of with zod/mini: it is the only schema the browser entry
 * `promokit/client-side` needs, and zod's parser alone would more than double that bundle. It is the
 * one definition of the acknowledgment, used by the browser entry and by `client.clientEvents`
 * alike, and it follows the same tolerant rules as every zod schema of the SDK: unknown fields are
 * kept, fields the service may omit or send as null are nullish, and the body is returned as
 * received.
 *
 * @module
 */
import { isRecord } from '../core/inputs.js';
import type { CustomEventMetadata, CustomEventName } from '../core/metadata.js';
import type { ResponseSchema } from '../core/responses.js';
import type { SimpleCustomer } from './customer.js';

/**
 * What the service answers to a custom event: the event name and the customer it was recorded
 * for. promokit relies on none of its fields, so any may be absent or null.
 * @category Client events
 */
export interface EventAcknowledgment<E extends string = CustomEventName> {
  /** Always `event`. */
  object?: string | null | undefined;
  /** The event name that was sent. */
  type?: E | null | undefined;
  /** The customer the event is attributed to. */
  customer?: SimpleCustomer | null | undefined;
  /** Null in the responses seen. */
  referral?: Record<string, unknown> | null | undefined;
  /** Null in the responses seen. */
  loyalty?: Record<string, unknown> | null | undefined;
  /** The event's metadata, as sent. */
  metadata?: CustomEventMetadata<E> | null | undefined;
}

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

/** Schema of {@link EventAcknowledgment}: a tolerant structural check with zod's `safeParse` contract. */
export const eventAcknowledgmentSchema = <E extends string = CustomEventName>(): ResponseSchema<EventAcknowledgment<E>> => ({
  safeParse(data) {
    const issues: Issues = [];
    check(acknowledgment, data, [], issues);
    return issues.length ? { success: false, error: { issues } } : { success: true, data: data as EventAcknowledgment<E> };
  },
});

/**
 * Whether `data` passes {@link eventAcknowledgmentSchema}'s check, without its issues: what a
 * storefront needs for an acknowledgment that matches (the browser's `acknowledgmentSchema`,
 * runtime.browser.ts); one that does not is checked again with the schema, in the whole pipeline.
 */
export function fitsAcknowledgment(data: unknown): boolean {
  const fits = (rule: Rule, v: unknown, root?: boolean): boolean =>
    v == null ? !root : rule ? isRecord(v) && Object.keys(rule).every((field) => fits((rule as Shape)[field]!, v[field])) : typeof v === 'string';
  return fits(acknowledgment, data, true);
}
