/** The test data of every operation of `client.clientEvents` (src/resources/client-events.ts). */
import * as fx from '../fixtures/every-field.js';
import { loose, customer } from './shared.js';
import type { SubClientTestData } from './types.js';

/** Keyed by operation: an operation of the sub-client without its record does not compile. */
export const clientEventTestData: SubClientTestData<'clientEvents'> = {
  'clientEvents.track': {
    fixtures: { acknowledgment: fx.eventAcknowledgment },
    mockCalls: ({ client }) => [['event', () => client.clientEvents.track({ event: 'newsletter_subscribed', customer: { source_id: 'visitor-1' } })]],
    faults: [
      {
        name: 'clientEvents.track',
        class: 'event',
        call: (c, _k, o) => c.clientEvents.track({ event: 'newsletter_subscribed', customer: { source_id: 'cust-1' } }, o),
        path: () => '/client/v1/events',
        body: fx.eventAcknowledgment,
      },
    ],
    badInputs: [
      {
        input: "`event: ''`",
        field: 'event',
        call: (c, o) => loose(c).clientEvents.track({ event: '', customer: { source_id: 'c' } }, o),
      },
      {
        input: '301-character event name',
        field: 'event',
        call: (c, o) => loose(c).clientEvents.track({ event: 'e'.repeat(301), customer: { source_id: 'c' } }, o),
      },
      { input: '`customer` missing', field: 'customer', call: (c, o) => loose(c).clientEvents.track({ event: 'signup' }, o) },
    ],
    contract: (client) => [['POST /client/v1/events', () => client.clientEvents.track({ event: 'newsletter_subscribed', customer })]],
  },
};
