/**
 * Client-side events (`POST /client/v1/events`) and the CORS the HTTP server answers browsers
 * with, through the real Client over both transports.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientEvents } from '../../src/client-side.js';
import { InvalidRequestError } from '../../src/index.js';
import { failure, transports, useMock } from './transports.js';

describe.each(transports)('client events over %s', (name, connect) => {
  const { mock, conn } = useMock(connect);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const clientHeaders = () => ({
    'x-client-application-id': mock.credentials.clientApplicationId,
    'x-client-token': mock.credentials.clientToken,
    origin: mock.credentials.origin,
    'content-type': 'application/json',
  });

  it('acknowledges a custom event with its name and the customer', async () => {
    const ack = await conn
      .client()
      .clientEvents.track({ event: 'newsletter_subscribed', customer: { source_id: 'visitor-981', email: 'v981@example.com' }, metadata: { list: 'weekly' } });
    expect(ack).toEqual({
      object: 'event',
      type: 'newsletter_subscribed',
      customer: expect.objectContaining({ object: 'customer', source_id: 'visitor-981', email: 'v981@example.com' }),
      referral: null,
      loyalty: null,
      metadata: { list: 'weekly' },
    });
    expect(mock.list('events').at(-1)).toMatchObject({ type: 'newsletter_subscribed', origin: mock.credentials.origin });
  });

  it('the ClientEvents class of promokit/client-side works with the client keys alone', async () => {
    const events = new ClientEvents({
      baseUrl: conn.baseUrl,
      fetch: name === 'mock.fetch' ? mock.fetch : undefined,
      clientApplicationId: mock.credentials.clientApplicationId,
      clientToken: mock.credentials.clientToken,
      origin: 'https://kiosk.example.com',
      logLevel: 'off',
    });
    expect(await events.track({ event: 'kiosk_opened', customer: { source_id: 'kiosk-7' } })).toMatchObject({ type: 'kiosk_opened' });
  });

  it('an event a campaign earning rule rewards adds pending points to the card', async () => {
    const client = conn.client();
    await client.clientEvents.track({ event: 'review_written', customer: { source_id: 'shop-user-1002' }, loyalty: { code: mock.ids.members.grace } });
    const pending = await client.loyalties.listPendingPoints(mock.ids.members.grace).toArray();
    expect(pending.map((p) => p.points)).toEqual([60, 50]);
    expect(pending[1]!.details?.event).toMatchObject({ type: 'review_written', event_source: { channel: 'CLIENT_API' } });
  });

  it('takes an event name of 300 characters', async () => {
    const ack = await conn.client().clientEvents.track({ event: 'e'.repeat(300), customer: { source_id: 'visitor-1' } });
    expect(ack.type).toHaveLength(300);
  });

  it.each([
    ['empty', ''],
    ['301 characters', 'e'.repeat(301)],
  ])('refuses an event name that is %s: the SDK before sending, the mock with a 400', async (_what, event) => {
    expect(await failure(conn.client().clientEvents.track({ event, customer: { source_id: 'visitor-1' } }))).toBeInstanceOf(InvalidRequestError);
    expect(mock.requests).toHaveLength(0);
    const response = await conn.raw('/client/v1/events', {
      method: 'POST',
      headers: clientHeaders(),
      body: JSON.stringify({ event, customer: { source_id: 'visitor-1' } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, key: 'invalid_payload', details: 'event must be a string of 1 to 300 characters' });
  });

  it('refuses an event without a customer with a 400', async () => {
    const response = await conn.raw('/client/v1/events', { method: 'POST', headers: clientHeaders(), body: JSON.stringify({ event: 'x' }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ key: 'invalid_payload', details: 'customer is required' });
  });

  it('requires the origin header: a request without it is a 400', async () => {
    // In a browser the SDK leaves `origin` to the browser; with no browser to add it, none is sent.
    // (The server Client is made first: in a browser it would refuse to be made at all.)
    const client = conn.client();
    vi.stubGlobal('document', {});
    const error = await failure(client.clientEvents.track({ event: 'page_viewed', customer: { source_id: 'visitor-2' } }));
    expect(error).toMatchObject({ status: 400, key: 'missing_parameters', details: expect.stringMatching(/origin header is required/) });
  });

  it('answers the CORS preflight of /client/v1/events and adds CORS headers to the answer', async () => {
    const preflight = await conn.raw('/client/v1/events', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-client-application-id, x-client-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-token');

    const response = await conn.raw('/client/v1/events', {
      method: 'POST',
      headers: { ...clientHeaders(), origin: 'http://localhost:5173' },
      body: JSON.stringify({ event: 'x', customer: { source_id: 'v' } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
