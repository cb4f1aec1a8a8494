/**
 * A redirect in a real browser: `promokit/client-side` in headless Chromium (Debian's
 * /usr/bin/chromium, driven by playwright-core) sends an event from a storefront page on one
 * 127.0.0.1 port to a test service on another, which answers 307 pointing at a third origin. The
 * SDK fetches with `redirect: 'manual'`, so the browser hands it an opaque redirect (status 0, no
 * `Location`) instead of following: `ClientEvents.track` rejects with `RedirectError`, and the
 * third origin, which would accept the event, receives nothing.
 *
 * Same setup as chromium.test.ts: the bundle built from dist/, skipped outside CI when Chromium is
 * missing (vitest.config.ts), failed under CI.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../scripts/lib/prerequisites.mjs';
import { buildBrowserBundle } from '../../scripts/size.mjs';
import { useFigures } from '../hostile/table.js';
import { closeAll, listen, openTestPage, type TestPage } from './harness.js';

const record = useFigures('browser/redirect');

const keys = { clientApplicationId: 'client-app-R', clientToken: 'client-token-SECRET-R' };

/** One request as a server received it. */
interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

let testPage: TestPage | undefined;
let apiServer: Server;
let otherServer: Server;
let pageOrigin: string;
let apiBase: string;
let otherOrigin: string;
let page: Page;
const atService: Received[] = [];
const atOther: Received[] = [];

/** A preflight answer that lets `origin` send the event, with every header it needs. */
function preflight(res: ServerResponse, origin: string): void {
  res.writeHead(204, {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'POST',
    'access-control-allow-headers': 'content-type, x-client-application-id, x-client-token, authorization',
    'access-control-max-age': '0',
  });
  res.end();
}

/** A server that records each request, then answers it with `answer`. */
function recording(into: Received[], answer: (req: IncomingMessage, res: ServerResponse) => void): Server {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      into.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
      answer(req, res);
    });
  });
}

beforeAll(async () => {
  const { code } = await buildBrowserBundle({ source: "export * from 'promokit/client-side';" });
  testPage = await openTestPage({ title: 'storefront', code });
  ({ origin: pageOrigin, page } = testPage);

  // The other origin would take the event from anyone (after a cross-origin redirect a browser
  // sends `Origin: null`), CORS and all: a browser that followed would succeed.
  otherServer = recording(atOther, (req, res) => {
    const origin = req.headers.origin ?? '*';
    if (req.method === 'OPTIONS') return preflight(res, origin);
    res
      .writeHead(200, { 'access-control-allow-origin': origin, 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'event', type: 'redirected', customer: { id: 'cust_other' }, referral: null, loyalty: null, metadata: {} }));
  });
  otherOrigin = await listen(otherServer);

  // The service answers the event with a 307 to the other origin, readable by the page (CORS).
  apiServer = recording(atService, (req, res) => {
    if (req.method === 'OPTIONS') return preflight(res, pageOrigin);
    res.writeHead(307, { 'access-control-allow-origin': pageOrigin, location: `${otherOrigin}/client/v1/events`, 'content-length': '0' }).end();
  });
  apiBase = await listen(apiServer);
}, 60_000);

afterAll(() => closeAll(testPage, apiServer, otherServer));

/** The page's `promokit` module, as the code passed to `page.evaluate` sees it. */
type PageWindow = Window & { promokit: typeof import('../../src/client-side.js') };

describe(`a cross-origin 307 in headless Chromium (${CHROMIUM})`, () => {
  it('ClientEvents.track rejects with RedirectError, and the other origin receives nothing', async () => {
    const result = await page.evaluate(
      async ({ apiBase, keys }) => {
        const { ClientEvents, RedirectError, PromokitError } = (window as unknown as PageWindow).promokit;
        const events = new ClientEvents({ baseUrl: apiBase, ...keys, maxRetries: 2 });
        try {
          const ack = await events.track({ event: 'newsletter_subscribed', customer: { source_id: 'cust-42' } });
          return { thrown: false, ack };
        } catch (error) {
          const e = error as InstanceType<typeof RedirectError>;
          return {
            thrown: true,
            redirect: error instanceof RedirectError,
            promokit: error instanceof PromokitError,
            name: e.name,
            status: e.status,
            location: e.location ?? null,
            outcome: e.outcome,
            attempts: e.attempts,
            message: e.message,
          };
        }
      },
      { apiBase, keys },
    );
    expect(result).toMatchObject({ thrown: true, redirect: true, promokit: true, name: 'RedirectError', status: 0, location: null, attempts: 1 });
    // The browser hides the status: it may be a 303 to this POST, so whether the service acted is unknown.
    expect(result).toMatchObject({ outcome: 'unknown' });
    // The event went once to the service (after its preflight), never to the other origin.
    expect(atService.map((r) => r.method)).toEqual(['OPTIONS', 'POST']);
    expect(atOther).toEqual([]);
    record(
      'redirect-browser',
      `\`${String((result as { name?: string }).name)}\`, status ${String((result as { status?: number }).status)}, \`outcome\` ${String((result as { outcome?: string }).outcome)}; requests at the service: 1 (and its preflight); at the other origin: ${atOther.length}`,
    );
  });
});
