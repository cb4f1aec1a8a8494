/**
 * `POST /client/v1/events`: a custom event from a client-side application. Needs the client keys
 * and an `origin` header; the event name is 1 to 300 characters and a customer is required. An
 * event attributed to a loyalty card (`loyalty.code`) that a campaign's earning rule rewards adds
 * pending points to the card (service interface §4.11, §6).
 *
 * @module
 */
import { daysFrom, iso, put } from '../store.js';
import { simpleCustomer, upsertCustomer } from '../domain.js';
import { badRequest, notFound } from '../http.js';
import type { MockHandlers } from '../router.js';
import type { Rec } from '../store.js';

/** The mock's route for client-side events (`clientEvents.track`). */
export const eventHandlers = {
  'clientEvents.track': {
    method: 'POST',
    path: '/client/v1/events',
    auth: 'client',
    handle(state, req) {
      const origin = req.headers.get('origin');
      if (!origin)
        throw badRequest('missing_parameters', 'The origin header is required: scheme, host and port of the calling application', 'Missing parameters');
      const body = req.body as Rec | undefined;
      if (!body || typeof body !== 'object') throw badRequest('invalid_payload', 'A JSON body with event and customer is required', 'Invalid payload');
      if (typeof body.event !== 'string' || body.event.length < 1 || body.event.length > 300) {
        throw badRequest('invalid_payload', 'event must be a string of 1 to 300 characters', 'Invalid payload');
      }
      if (!body.customer || typeof body.customer !== 'object') throw badRequest('invalid_payload', 'customer is required', 'Invalid payload');
      const customer = upsertCustomer(state, body.customer);
      const now = state.now();
      const id = state.ids.next('evcus_');

      const code = body.loyalty?.code;
      if (typeof code === 'string') {
        const card = state.store.vouchers.get(code);
        if (card?.type !== 'LOYALTY_CARD') throw notFound('voucher', code);
        const campaign = state.store.campaigns.get(card.campaign_id);
        const rule = (campaign?.earning_rules as Rec[] | undefined)?.find((r) => r.event === body.event);
        if (rule) {
          put(state.store, 'pendingPoints', {
            id: state.ids.next('lopp_'),
            voucher_id: card.id,
            campaign_id: card.campaign_id,
            customer_id: customer.id,
            order_id: null,
            points: rule.points,
            activates_at: iso(daysFrom(now, rule.pending_days ?? 14)).slice(0, 10),
            details: {
              event: {
                id,
                type: body.event,
                group_id: id,
                entity_id: customer.id,
                created_at: iso(now),
                category: 'ACTION',
                event_source: { channel: 'CLIENT_API' },
              },
              earning_rule: { id: rule.id, source: { banner: rule.banner ?? null } },
            },
            created_at: iso(now),
          });
          card.loyalty_card.pending_points = (card.loyalty_card.pending_points ?? 0) + rule.points;
        }
      }

      const ack = { object: 'event', type: body.event, customer: simpleCustomer(customer), referral: null, loyalty: null, metadata: body.metadata ?? {} };
      put(state.store, 'events', { id, ...ack, origin, created_at: iso(now) });
      return ack;
    },
  },
} satisfies MockHandlers;
