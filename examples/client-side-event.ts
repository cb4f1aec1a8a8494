/**
 * A client-side event, as a web shop's front end sends it: `ClientEvents` from
 * `promokit/client-side` with the client keys only. Here the mock runs as a real HTTP server on
 * 127.0.0.1 (`mock.listen()`), the way a browser app would reach it; the event earns the loyalty
 * card pending points.
 *
 * Against a real service set PROMOKIT_CLIENT_APPLICATION_ID, PROMOKIT_CLIENT_TOKEN and
 * PROMOKIT_ORIGIN, and optionally PROMOKIT_EXAMPLE_EVENT (a custom event of your event schema,
 * default `review_written`) and PROMOKIT_EXAMPLE_MEMBER_ID (a loyalty card to attribute it to).
 */
import { ClientEvents, InvalidRequestError } from 'promokit/client-side';
import { connect, count, detail, run, step, title } from './lib/connect.js';

const setup = connect();
const event = setup.optionalId('EVENT', () => 'review_written') ?? 'review_written';
const memberId = setup.optionalId('MEMBER_ID', (ids) => ids.members.grace);

run(async () => {
  title('A client-side event', setup);
  const server = setup.mock ? await setup.mock.listen() : undefined;
  try {
    const events = server
      ? new ClientEvents({
          baseUrl: server.url,
          clientApplicationId: setup.mock!.credentials.clientApplicationId,
          clientToken: setup.mock!.credentials.clientToken,
          origin: 'https://shop.example.com',
        })
      : new ClientEvents();
    if (server) step(`The mock service listens on ${server.url}.`);

    const ack = await events.track({
      event,
      customer: { source_id: 'shop-user-1002' },
      ...(memberId ? { loyalty: { code: memberId } } : {}),
      metadata: { stars: 5 },
    });
    step(`Sent "${event}" for ${ack.customer?.source_id}: acknowledged as ${ack.object} "${ack.type}".`);

    if (memberId) {
      const pending = await setup.client.loyalties.listPendingPoints(memberId).toArray();
      step(`Card ${memberId} now has ${count(pending.length)} pending point ${pending.length === 1 ? 'entry' : 'entries'}:`);
      for (const p of pending)
        detail(`+${count(p.points)} points, active from ${p.activates_at}${p.details?.event?.type === event ? ` (this ${event} event)` : ''}`);
    }

    try {
      await events.track({ event: '', customer: { source_id: 'shop-user-1002' } });
    } catch (error) {
      if (!(error instanceof InvalidRequestError)) throw error;
      step(`An empty event name is refused before anything is sent: ${error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}.`);
    }
  } finally {
    await server?.close();
  }
});
