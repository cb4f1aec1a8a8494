/**
 * `promokit/client-side` in a real browser: headless Chromium (Debian's /usr/bin/chromium, driven
 * by playwright-core) opens a storefront page served from 127.0.0.1 on one port. The page loads
 * the browser bundle built from dist/ (what `npm run size` measures) and sends events to a test
 * service on another 127.0.0.1 port: a cross-origin request, preflighted, as on a real storefront.
 *
 * The service asserts what arrived (headers, the browser's own `Origin`, the JSON body); the page
 * asserts what the SDK returned. Outside CI, `npm run test:slow` skips this file when Chromium is missing
 * (vitest.config.ts, saying so in one line); under CI a missing Chromium fails it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../scripts/lib/prerequisites.mjs';
import { buildBrowserBundle } from '../../scripts/size.mjs';
import { closeAll, listen, openTestPage, type TestPage } from './harness.js';

const keys = { clientApplicationId: 'client-app-7', clientToken: 'client-token-SECRET-7', accessToken: 'access-token-SECRET-8' };

/** One request as the test service received it. */
interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let testPage: TestPage | undefined;
let apiServer: Server;
let pageOrigin: string;
let apiBase: string;
let page: Page;
const received: Received[] = [];
/** What the service answers to the next POST; the default is the acknowledgment. */
let answer: { status: number; body: unknown } | undefined;

/** The acknowledgment the service sends for an event. */
const acknowledgment = (event: { event: string; customer: unknown; metadata?: unknown }) => ({
  object: 'event',
  type: event.event,
  customer: { id: 'cust_Browser1', source_id: 'cust-42', object: 'customer' },
  referral: null,
  loyalty: null,
  metadata: event.metadata ?? {},
  added_later: { nested: true },
});

beforeAll(async () => {
  const { code } = await buildBrowserBundle({ source: "export * from 'promokit/client-side';" });
  testPage = await openTestPage({ title: 'storefront', code });
  ({ origin: pageOrigin, page } = testPage);

  apiServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      // CORS for the storefront's origin only; a request from anywhere else gets no CORS headers.
      const cors: Record<string, string> = req.headers.origin === pageOrigin ? { 'access-control-allow-origin': pageOrigin, vary: 'Origin' } : {};
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type, x-client-application-id, x-client-token, authorization',
          'access-control-max-age': '0',
        });
        res.end();
      } else if (req.method === 'POST' && req.url === '/client/v1/events') {
        const reply = answer ?? { status: 200, body: acknowledgment(JSON.parse(body)) };
        res.writeHead(reply.status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      } else {
        res.writeHead(404, cors).end();
      }
    });
  });
  apiBase = await listen(apiServer);
}, 60_000);

afterEach(() => {
  received.length = 0;
  answer = undefined;
});

afterAll(() => closeAll(testPage, apiServer));

/** The page's `promokit` module, as the code passed to `page.evaluate` sees it. */
type PageWindow = Window & { promokit: typeof import('../../src/client-side.js') };

describe(`promokit/client-side in headless Chromium (${CHROMIUM})`, () => {
  it('sends an event cross-origin with the client keys and the browser Origin, and returns the parsed acknowledgment', async () => {
    const params = { event: 'newsletter_subscribed', customer: { source_id: 'cust-42' }, metadata: { list: 'weekly' } };
    const result = await page.evaluate(
      async ({ apiBase, keys, params }) => {
        const { ClientEvents } = (window as unknown as PageWindow).promokit;
        const events = new ClientEvents({ baseUrl: apiBase, ...keys, validation: 'strict' });
        const ack = await events.track(params);
        // The page's own assertions on what the SDK returned.
        const problems: string[] = [];
        if (ack.object !== 'event') problems.push(`object ${String(ack.object)}`);
        if (ack.type !== params.event) problems.push(`type ${String(ack.type)}`);
        if (ack.customer?.source_id !== 'cust-42' || ack.customer?.id !== 'cust_Browser1') problems.push(`customer ${JSON.stringify(ack.customer)}`);
        if (ack.referral !== null || ack.loyalty !== null) problems.push('referral/loyalty not null');
        if (JSON.stringify(ack.metadata) !== JSON.stringify(params.metadata)) problems.push(`metadata ${JSON.stringify(ack.metadata)}`);
        if (JSON.stringify((ack as typeof ack & { added_later?: unknown }).added_later) !== '{"nested":true}') problems.push('unknown field not kept');
        return { problems, ack, pageOrigin: location.origin };
      },
      { apiBase, keys, params },
    );
    expect(result.problems).toEqual([]);
    expect(result.pageOrigin).toBe(pageOrigin);

    // The service's side: one preflight, then the event.
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['OPTIONS /client/v1/events', 'POST /client/v1/events']);
    const [preflight, post] = received as [Received, Received];
    expect(preflight.headers['access-control-request-method']).toBe('POST');
    expect(preflight.headers['access-control-request-headers']?.split(',').sort()).toEqual([
      'authorization',
      'content-type',
      'x-client-application-id',
      'x-client-token',
    ]);
    expect(post.headers.origin).toBe(pageOrigin);
    expect(post.headers['x-client-application-id']).toBe(keys.clientApplicationId);
    expect(post.headers['x-client-token']).toBe(keys.clientToken);
    expect(post.headers.authorization).toBe(`Bearer ${keys.accessToken}`);
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['x-app-token']).toBeUndefined();
    expect(JSON.parse(post.body)).toEqual(params);
  });

  it('leaves Origin to the browser: an origin option is not sent, and no Authorization without an access token', async () => {
    const result = await page.evaluate(
      async ({ apiBase, keys }) => {
        const { ClientEvents } = (window as unknown as PageWindow).promokit;
        const events = new ClientEvents({
          baseUrl: apiBase,
          clientApplicationId: keys.clientApplicationId,
          clientToken: keys.clientToken,
          origin: 'https://not-this-page.example',
        });
        const ack = await events.track({ event: 'page_viewed', customer: { id: 'cust_Browser1' } });
        return ack.type;
      },
      { apiBase, keys },
    );
    expect(result).toBe('page_viewed');
    const post = received.find((r) => r.method === 'POST')!;
    expect(post.headers.origin).toBe(pageOrigin);
    expect(post.headers.authorization).toBeUndefined();
    expect(JSON.parse(post.body)).toEqual({ event: 'page_viewed', customer: { id: 'cust_Browser1' } });
  });

  it('refuses an empty or a 301-character event name, and a missing customer, with nothing sent', async () => {
    const result = await page.evaluate(
      async ({ apiBase, keys }) => {
        const { ClientEvents, InvalidRequestError } = (window as unknown as PageWindow).promokit;
        const events = new ClientEvents({ baseUrl: apiBase, ...keys });
        const outcomes = [];
        for (const params of [{ event: '', customer: { id: 'c' } }, { event: 'x'.repeat(301), customer: { id: 'c' } }, { event: 'ok' }]) {
          try {
            await events.track(params as Parameters<typeof events.track>[0]);
            outcomes.push({ refused: false, paths: [] as string[] });
          } catch (error) {
            const refused = error instanceof InvalidRequestError;
            outcomes.push({ refused, paths: refused ? error.issues.map((i) => i.path.join('.')) : [String(error)] });
          }
        }
        return outcomes;
      },
      { apiBase, keys },
    );
    expect(result).toEqual([
      { refused: true, paths: ['event'] },
      { refused: true, paths: ['event'] },
      { refused: true, paths: ['customer'] },
    ]);
    expect(received).toHaveLength(0);
  });

  it('maps an error status to its error class in the browser too', async () => {
    answer = { status: 401, body: { code: 401, key: 'unauthorized', message: 'Invalid client token', request_id: 'req_b1' } };
    const result = await page.evaluate(
      async ({ apiBase, keys }) => {
        const { ClientEvents, AuthenticationError } = (window as unknown as PageWindow).promokit;
        const events = new ClientEvents({ baseUrl: apiBase, ...keys });
        try {
          await events.track({ event: 'e', customer: { id: 'c' } });
          return { thrown: false };
        } catch (error) {
          const e = error as InstanceType<typeof AuthenticationError>;
          return { thrown: true, authentication: error instanceof AuthenticationError, name: e.name, status: e.status, key: e.key, request_id: e.request_id };
        }
      },
      { apiBase, keys },
    );
    expect(result).toEqual({ thrown: true, authentication: true, name: 'AuthenticationError', status: 401, key: 'unauthorized', request_id: 'req_b1' });
    expect(received.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
