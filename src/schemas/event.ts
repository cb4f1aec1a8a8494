/**
 * The acknowledgment of a custom event sent from a client-side application (service interface
 * §2.19), and its schema: the check written by hand in core/event-acknowledgment.ts (the browser
 * entry `promokit/client-side` carries no zod), the one definition used by the browser entry and by
 * `client.clientEvents` alike.
 *
 * @module
 */
import { acknowledgmentCheck } from '../core/event-acknowledgment.js';
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

/** Schema of {@link EventAcknowledgment}: a tolerant structural check with zod's `safeParse` contract (core/event-acknowledgment.ts). */
export const eventAcknowledgmentSchema: <E extends string = CustomEventName>() => ResponseSchema<EventAcknowledgment<E>> = acknowledgmentCheck;
