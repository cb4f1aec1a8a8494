/**
 * The server `Client` in a real browser page (headless Chromium, Debian's /usr/bin/chromium,
 * driven by playwright-core): built there with server keys, it throws a `ConfigurationError`
 * pointing to `promokit/client-side`, before anything is sent; with `dangerouslyAllowBrowser: true`
 * it is built and calls the test service cross-origin. The page loads `promokit` (the built
 * package, dist/) bundled for the browser with esbuild, as a bundler would. Outside CI, `npm run test:slow`
 * skips this file when Chromium is missing; under CI a missing Chromium fails it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../scripts/lib/prerequisites.mjs';
import { buildBrowserBundle } from '../../scripts/size.mjs';
import { closeAll, listen, openTestPage, type TestPage } from './harness.js';

const keys = { appId: 'app-id-9', appToken: 'app-token-SECRET-9', accessToken: 'access-token-SECRET-9' };

let testPage: TestPage | undefined;
let apiServer: Server;
let pageOrigin: string;
let apiBase: string;
let page: Page;
/** Requests the service received (preflights included). */
const received: Array<{ method: string; path: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  const { code } = await buildBrowserBundle({ source: "export { Client, ConfigurationError } from 'promokit';", minify: false });
  testPage = await openTestPage({ title: 'admin', code });
  ({ origin: pageOrigin, page } = testPage);

  apiServer = createServer((req, res) => {
    received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => {
      const cors = req.headers.origin === pageOrigin ? { 'access-control-allow-origin': pageOrigin, vary: 'Origin' } : {};
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            ...cors,
            'access-control-allow-methods': 'GET',
            'access-control-allow-headers': 'authorization, x-app-id, x-app-token',
            'access-control-max-age': '0',
          })
          .end();
      } else {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ id: 'camp_1', name: 'Spring' }));
      }
    });
  });
  apiBase = await listen(apiServer);
}, 60_000);

afterAll(() => closeAll(testPage, apiServer));

type PageWindow = Window & { promokit: typeof import('../../src/index.js') };

describe(`the server Client in headless Chromium (${CHROMIUM})`, () => {
  it('new Client({ appToken }) throws a ConfigurationError pointing to promokit/client-side; nothing is sent', async () => {
    const result = await page.evaluate(
      ({ apiBase, keys }) => {
        const { Client, ConfigurationError } = (window as unknown as PageWindow).promokit;
        try {
          new Client({ baseUrl: apiBase, ...keys });
          return { thrown: false };
        } catch (error) {
          const e = error as InstanceType<typeof ConfigurationError>;
          return { thrown: true, configuration: error instanceof ConfigurationError, option: e.option, message: e.message };
        }
      },
      { apiBase, keys },
    );
    expect(result).toMatchObject({ thrown: true, configuration: true, option: 'dangerouslyAllowBrowser' });
    expect(result.message).toContain("use ClientEvents from 'promokit/client-side'");
    expect(result.message).toContain('dangerouslyAllowBrowser: true');
    expect(result.message).not.toContain(keys.appToken);
    expect(received).toHaveLength(0);
  });

  it('with dangerouslyAllowBrowser: true it is built and calls the service, cross-origin, with its keys', async () => {
    const result = await page.evaluate(
      async ({ apiBase, keys }) => {
        const { Client } = (window as unknown as PageWindow).promokit;
        const client = new Client({ baseUrl: apiBase, ...keys, dangerouslyAllowBrowser: true });
        return client.request<{ id: string }>({ method: 'GET', path: '/v1/campaigns/{id}', pathParams: { id: 'camp_1' } });
      },
      { apiBase, keys },
    );
    expect(result).toEqual({ id: 'camp_1', name: 'Spring' });
    const get = received.find((r) => r.method === 'GET')!;
    expect(get.path).toBe('/v1/campaigns/camp_1');
    expect(get.headers['x-app-token']).toBe(keys.appToken);
    expect(get.headers.origin).toBe(pageOrigin);
  });
});
