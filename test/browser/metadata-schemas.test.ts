/**
 * `eventSchemas` and `metadataSchemas` of a `ClientEvents` in headless Chromium, from the browser
 * build itself (dist/browser/, its entry and chunks served as they are): a storefront without
 * schemas never loads the chunk that runs them; one with schemas loads it on its first event,
 * refuses wrong metadata with nothing sent and sends right metadata. The schemas are plain
 * Standard Schema objects written in the page. Outside CI, `npm run test:slow` skips this file when
 * Chromium is missing; under CI a missing Chromium fails it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../scripts/lib/prerequisites.mjs';
import { root } from '../../scripts/size.mjs';
import { closeAll, listen, loadPage, openTestPage, type TestPage } from './harness.js';

const keys = { clientApplicationId: 'client-app-8', clientToken: 'client-token-8' };

let testPage: TestPage | undefined;
let apiServer: Server;
let pageOrigin: string;
let apiBase: string;
let page: Page;
/** The events the service received. */
const received: unknown[] = [];
/** The chunk files of the browser build the page requested. */
const chunksLoaded: string[] = [];

beforeAll(async () => {
  const dir = join(root, 'dist', 'browser');
  const modules = Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [`/browser/${f}`, readFileSync(join(dir, f), 'utf8')]),
  );
  testPage = await openTestPage(
    { title: 'storefront', code: modules['/browser/client-side.js']!, script: '/browser/client-side.js', modules },
    { load: false },
  );
  ({ origin: pageOrigin, page } = testPage);
  page.on('request', (request) => {
    const file = /\/browser\/(user-schema-check-[^/]+\.js)$/.exec(request.url())?.[1];
    if (file) chunksLoaded.push(file);
  });
  apiServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const cors = { 'access-control-allow-origin': pageOrigin, vary: 'Origin' };
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            ...cors,
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': 'content-type, x-client-application-id, x-client-token',
          })
          .end();
      } else if (req.method === 'POST' && req.url === '/client/v1/events') {
        const event = JSON.parse(body) as { event: string; customer: unknown; metadata: unknown };
        received.push(event);
        res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'event', type: event.event, customer: event.customer, referral: null, loyalty: null, metadata: event.metadata }));
      } else res.writeHead(404, cors).end();
    });
  });
  apiBase = await listen(apiServer);
  await loadPage(page, pageOrigin);
}, 60_000);

afterAll(() => closeAll(testPage, apiServer));

type PageWindow = Window & { promokit: typeof import('../../src/client-side.js') };

/** Tracks `metadata` with the `signup` event from the page, with or without schemas; what happened, as plain data. */
function track(metadata: unknown, withSchemas: boolean, customerTier = 'gold') {
  return page.evaluate(
    async ({ apiBase, keys, metadata, withSchemas, customerTier }) => {
      const { ClientEvents } = (window as unknown as PageWindow).promokit;
      // A Standard Schema written by hand: `{ source: 'footer' | 'header' }`, answered asynchronously.
      const source = {
        '~standard': {
          version: 1 as const,
          vendor: 'page',
          validate: async (value: unknown) => {
            const given = (value as { source?: unknown }).source;
            return given === 'footer' || given === 'header'
              ? { value: value as Record<string, unknown> }
              : { issues: [{ message: 'must be footer or header', path: [{ key: 'source' }] }] };
          },
        },
      };
      const tier = {
        '~standard': {
          version: 1 as const,
          vendor: 'page',
          validate: (value: unknown) =>
            (value as { tier?: unknown }).tier === 'gold'
              ? { value: value as Record<string, unknown> }
              : { issues: [{ message: 'must be gold', path: ['tier'] }] },
        },
      };
      const events = new ClientEvents({
        baseUrl: apiBase,
        ...keys,
        ...(withSchemas ? { eventSchemas: { signup: source }, metadataSchemas: { customer: tier } } : {}),
      });
      try {
        const ack = await events.track({
          event: 'signup',
          customer: { source_id: 'c-1', metadata: { tier: customerTier } },
          metadata: metadata as Record<string, unknown>,
        });
        return { ok: true, type: ack.type };
      } catch (error) {
        const e = error as { name: string; outcome: string; issues?: unknown };
        return { ok: false, name: e.name, outcome: e.outcome, issues: e.issues };
      }
    },
    { apiBase, keys, metadata, withSchemas, customerTier },
  );
}

describe(`metadata and event schemas of ClientEvents in headless Chromium (${CHROMIUM})`, () => {
  it('a storefront without schemas sends its event and never loads the chunk that runs them', async () => {
    expect(await track({ source: 'anything' }, false)).toEqual({ ok: true, type: 'signup' });
    expect(received).toHaveLength(1);
    expect(chunksLoaded).toEqual([]);
  });

  it('with schemas: wrong event or customer metadata is refused, naming the path, and nothing is sent', async () => {
    expect(await track({ source: 'popup' }, true)).toEqual({
      ok: false,
      name: 'InvalidRequestError',
      outcome: 'not_sent',
      issues: [{ path: ['metadata', 'source'], message: 'must be footer or header' }],
    });
    expect(await track({ source: 'footer' }, true, 'bronze')).toEqual({
      ok: false,
      name: 'InvalidRequestError',
      outcome: 'not_sent',
      issues: [{ path: ['customer', 'metadata', 'tier'], message: 'must be gold' }],
    });
    expect(received).toHaveLength(1);
    expect(chunksLoaded).toHaveLength(1);
  });

  it('with schemas: right metadata is sent', async () => {
    expect(await track({ source: 'footer' }, true)).toEqual({ ok: true, type: 'signup' });
    expect(received).toHaveLength(2);
    expect(received[1]).toMatchObject({ event: 'signup', metadata: { source: 'footer' } });
  });
});
