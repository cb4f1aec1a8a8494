/**
 * `promokit/testing` in a real browser: headless Chromium (Debian's /usr/bin/chromium, driven by
 * playwright-core) opens a page served from 127.0.0.1 that loads the testing entry bundled for
 * the browser with esbuild, and runs `mock.fetch` with each fault of `mock.inject()` in the page.
 * The bundle holds no Node built-in, and the page sends no request beyond its own two files:
 * `mock.fetch` answers in memory. Self-contained: its own bundle, page server and browser.
 * Skipped, with a message, only when Chromium is missing outside CI; under CI it fails.
 */
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, loadPage, openTestPage, type TestPage } from './harness.js';

const CHROMIUM = '/usr/bin/chromium';
const inCI = ['true', '1'].includes((process.env.CI ?? '').toLowerCase());
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && !inCI)
  console.warn(`test/browser/mock-inject.test.ts: SKIPPED: ${CHROMIUM} not found (apt-get install -y chromium). Under CI=true this fails instead.`);

let code = '';
let metafile: Metafile;
let testPage: TestPage | undefined;
let origin = '';
let page: Page;
/** Every URL the page asked the network for. */
const requested: string[] = [];

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(__dirname, '../../src/testing/index.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  code = bundle.outputFiles[0]!.text;
  metafile = bundle.metafile;
  if (!haveChromium) return;

  testPage = await openTestPage({ title: 'tests', code, script: '/promokit-testing.js', global: 'testing' }, { load: false });
  ({ origin, page } = testPage);
  page.on('request', (request) => requested.push(request.url()));
  await loadPage(page, origin, 'testing');
}, 60_000);

afterAll(() => closeAll(testPage));

/** The page's `testing` module, as the code passed to `page.evaluate` sees it. */
type PageWindow = Window & { testing: typeof import('../../src/testing/index.js') };

describe('the browser bundle of promokit/testing', () => {
  it('holds no Node built-in, statically or dynamically imported', () => {
    const nodeModules = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imports.filter((path) => nodeModules.has(path))).toEqual([]);
    expect(Object.keys(metafile.inputs).every((path) => path.startsWith('src/'))).toBe(true);
    expect(code).not.toMatch(/\bfrom\s*["'](node:|fs|path|http|https|net|util|zlib|crypto|stream)["']/);
    expect(code).not.toMatch(/\brequire\(/);
    expect(code).not.toMatch(/import\(\s*["']/); // listen() reaches node:http through a computed specifier only
  });
});

if (!haveChromium && inCI) {
  it(`needs ${CHROMIUM}: CI must install Debian's chromium (apt-get install -y chromium) before npm test`, () => {
    expect.fail(`${CHROMIUM} not found`);
  });
}

describe.skipIf(!haveChromium)(`mock.fetch with mock.inject() in headless Chromium (${CHROMIUM})`, () => {
  it('meets each fault as it does in Node, with nothing sent over the network', async () => {
    requested.length = 0;
    const result = await page.evaluate(async () => {
      const { createMockService } = (window as unknown as PageWindow).testing;
      const mock = createMockService();
      const c = mock.credentials;
      const headers = { 'x-app-id': c.appId, 'x-app-token': c.appToken, authorization: `Bearer ${c.accessToken}`, 'content-type': 'application/json' };
      const ada = mock.ids.members.ada;
      const points = () => mock.get('vouchers', ada)?.loyalty_card?.points;
      const redemptions = () => mock.list('redemptions').filter((r) => r.related_object_id === mock.get('vouchers', ada)?.id).length;
      const member = `${mock.baseUrl}/v1/loyalties/members/${ada}`;
      const redeem = () => mock.fetch(`${member}/redemption`, { method: 'POST', headers, body: JSON.stringify({ reward: { id: mock.ids.rewards.espresso } }) });
      const failure = async (promise: Promise<unknown>) => {
        try {
          await promise;
          return { rejected: false };
        } catch (error) {
          const e = error as Error & { cause?: { code?: string } };
          return { rejected: true, typeError: e instanceof TypeError, name: e.name, code: e.cause?.code };
        }
      };

      const out: Record<string, unknown> = {};
      mock.inject({ operation: 'loyalties.getMember', fault: 'status', status: 503 });
      const unavailable = await mock.fetch(member, { headers });
      out.status = { status: unavailable.status, retryAfter: unavailable.headers.get('retry-after'), key: ((await unavailable.json()) as { key: string }).key };

      mock.inject({ operation: 'loyalties.redeemReward', fault: 'reset' });
      out.reset = { ...(await failure(redeem())), points: points(), redemptions: redemptions() };

      mock.inject({ operation: 'loyalties.redeemReward', fault: 'commit-then-reset' });
      out.commitThenReset = { ...(await failure(redeem())), points: points(), redemptions: redemptions() };

      mock.inject({ fault: 'timeout' });
      out.timeoutAborted = await failure(mock.fetch(member, { headers, signal: AbortSignal.timeout(100) }));
      mock.inject({ fault: 'timeout' });
      const held = failure(mock.fetch(member, { headers }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const beforeReset = mock.requests.at(-1);
      mock.reset();
      out.timeoutReleased = { ...(await held), logged: beforeReset };

      mock.inject({ fault: 'latency', ms: 150 });
      const started = performance.now();
      const slow = await mock.fetch(member, { headers });
      out.latency = { status: slow.status, elapsed: performance.now() - started };

      mock.inject({ fault: 'malformed-json' });
      const garbled = await mock.fetch(member, { headers });
      const text = await garbled.text();
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      out.malformed = { status: garbled.status, parses, length: text.length };

      out.log = mock.requests.map((r) => [r.operation, r.status, r.fault ?? null]);
      return out;
    });

    expect(result.status).toEqual({ status: 503, retryAfter: '1', key: 'service_unavailable' });
    const reset = result.reset as { redemptions: number };
    expect(reset).toEqual({ rejected: true, typeError: true, name: 'TypeError', code: 'ECONNRESET', points: 1250, redemptions: reset.redemptions });
    expect(result.commitThenReset).toEqual({
      rejected: true,
      typeError: true,
      name: 'TypeError',
      code: 'ECONNRESET',
      points: 1050,
      redemptions: reset.redemptions + 1,
    });
    expect(result.timeoutAborted).toMatchObject({ rejected: true, name: 'TimeoutError' });
    expect(result.timeoutReleased).toMatchObject({ rejected: true, typeError: true, code: 'ECONNRESET', logged: { status: 0, fault: 'timeout' } });
    expect((result.latency as { status: number }).status).toBe(200);
    expect((result.latency as { elapsed: number }).elapsed).toBeGreaterThanOrEqual(149);
    expect(result.malformed).toMatchObject({ status: 200, parses: false });
    // After reset(): the latency and malformed-json requests only.
    expect(result.log).toEqual([
      ['loyalties.getMember', 200, 'latency'],
      ['loyalties.getMember', 200, 'malformed-json'],
    ]);
    // mock.fetch never touched the network.
    expect(requested).toEqual([]);
  });

  it('loaded nothing but its page and the bundle', async () => {
    const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(urls).toEqual([`${origin}/promokit-testing.js`]);
  });

  it('refuses mock.listen(), which needs node:http, with a message saying so', async () => {
    const message = await page.evaluate(async () => {
      const { createMockService } = (window as unknown as PageWindow).testing;
      try {
        await createMockService().listen();
        return 'listening';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(message).toMatch(/mock\.listen\(\) needs node:http/);
  });
});
