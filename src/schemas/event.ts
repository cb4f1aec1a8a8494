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

/** A field rule: `'s'` a nullish string, `'o'` a nullish object, or a nested shape (nullish object). */
type Rule = 's' | 'o' | Shape;
interface Shape {
  [field: string]: Rule;
}

const customer: Shape = { id: 's', name: 's', email: 's', source_id: 's', metadata: 'o', object: 's' };
const acknowledgment: Shape = { object: 's', type: 's', customer, referral: 'o', loyalty: 'o', metadata: 'o' };

type Issues = Array<{ path: PropertyKey[]; message: string }>;

/**
 * Checks `v`, found at `path`, against its rule: a string, or an object whose fields the shape
 * names are checked the same way, at any depth. Below the root, an absent or null field passes;
 * other fields are kept and not checked.
 */
function check(rule: Rule, v: unknown, path: PropertyKey[], issues: Issues): void {
  if (v == null && path.length > 0) return;
  const string = rule === 's';
  if (string ? typeof v !== 'string' : !isRecord(v)) issues.push({ path, message: `expected ${string ? 'string' : 'object'}` });
  else if (typeof rule === 'object') for (const field in rule) check(rule[field]!, (v as Record<string, unknown>)[field], [...path, field], issues);
}

/** Schema of {@link EventAcknowledgment}: a tolerant structural check with zod's `safeParse` contract. */
export const eventAcknowledgmentSchema = <E extends string = CustomEventName>(): ResponseSchema<EventAcknowledgment<E>> => ({
  safeParse(data) {
    const issues: Issues = [];
    check(acknowledgment, data, [], issues);
    return issues.length ? { success: false, error: { issues } } : { success: true, data: data as EventAcknowledgment<E> };
  },
});
