/**
 * What the browser tests share: servers on 127.0.0.1, a page server for a module bundled by the
 * test, and headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) opening that
 * page. What each test serves besides, and what its service answers, stays in the test.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/lib/prerequisites.mjs';

/** Starts `server` on an ephemeral port of 127.0.0.1; resolves with its origin, `http://127.0.0.1:PORT`. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Stops `server` if it is listening, open connections included; resolves once it is closed. */
export function stop(server: Server | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!server?.listening) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The page {@link createPageServer} serves. */
export interface PageOptions {
  /** The page's `<title>`. */
  title: string;
  /** The bundled ES module the page imports. */
  code: string;
  /** The path the module is served at: `/promokit.js` unless said. */
  script?: string;
  /** The `window` property the page puts the module on: `promokit` unless said. */
  global?: string;
  /** Further HTML pages, by path (e.g. one to navigate to). */
  pages?: Record<string, string>;
  /** Further ES modules, by path (e.g. the chunks a module loads). */
  modules?: Record<string, string>;
}

/**
 * A server, not yet listening, for the test page: `/` is an HTML page that imports the module at
 * `script` and puts it on `window[global]`, `script` is the module, each of `pages` is served as
 * HTML and each of `modules` as JavaScript, and anything else is a 404.
 */
function createPageServer({ title, code, script = '/promokit.js', global = 'promokit', pages = {}, modules = {} }: PageOptions): Server {
  const html = `<!doctype html><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,">
<script type="module">import * as ${global} from '${script}'; window.${global} = ${global};</script>`;
  return createServer((req, res) => {
    const url = req.url ?? '';
    if (url === script) res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(code);
    else if (url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (Object.hasOwn(pages, url)) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[url]);
    else if (Object.hasOwn(modules, url)) res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(modules[url]);
    else res.writeHead(404).end();
  });
}

/** Launches headless Chromium from {@link CHROMIUM}; throws, saying how to install it, when it is missing. */
async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

/** Opens `${origin}/` in `page` and waits (10 s at most) until the module is on `window[global]`. */
export async function loadPage(page: Page, origin: string, global = 'promokit'): Promise<void> {
  await page.goto(`${origin}/`);
  await page.waitForFunction((name) => name in window, global, { timeout: 10_000 });
}

/** The test page of {@link openTestPage}: served from 127.0.0.1 and open in headless Chromium. */
export interface TestPage {
  /** The page server's origin, `http://127.0.0.1:PORT`. */
  origin: string;
  /** The browser tab. */
  page: Page;
  /** Closes the browser, then stops the page server. */
  close(): Promise<void>;
}

/**
 * Serves the page of `options` on 127.0.0.1 ({@link createPageServer}), launches headless
 * Chromium and opens a tab, loading the page there unless `load` is false. If a step fails, what
 * was started is stopped before the error is thrown.
 */
export async function openTestPage(options: PageOptions, { load = true }: { load?: boolean } = {}): Promise<TestPage> {
  const server = createPageServer(options);
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await stop(server);
  };
  try {
    const origin = await listen(server);
    browser = await launchChromium();
    const page = await browser.newPage();
    if (load) await loadPage(page, origin, options.global);
    return { origin, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What a browser test file tears down: closes `testPage` (browser, then page server), then stops each of `servers`. */
export async function closeAll(testPage: TestPage | undefined, ...servers: Array<Server | undefined>): Promise<void> {
  await testPage?.close();
  for (const server of servers) await stop(server);
}
