/**
 * The acknowledgment of a custom event sent from a client-side application (service interface
 * §2.19).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, metadata } from './base.js';
import { simpleCustomerSchema } from './common.js';

/** Schema of {@link EventAcknowledgment}. */
export const eventAcknowledgmentSchema = lazy(() =>
  z.looseObject({
    /** Always `event`. */
    object: z.string(),
    /** The event name that was sent. */
    type: z.nullish(z.string()),
    /** The customer the event is attributed to. */
    customer: z.nullish(simpleCustomerSchema()),
    /** Null in the responses seen. */
    referral: z.nullish(z.looseObject({})),
    /** Null in the responses seen. */
    loyalty: z.nullish(z.looseObject({})),
    metadata: z.nullish(metadata()),
  }),
);

/** What the service answers to a custom event: the event name and the customer it was recorded for. */
export interface EventAcknowledgment extends z.infer<ReturnType<typeof eventAcknowledgmentSchema>> {}
