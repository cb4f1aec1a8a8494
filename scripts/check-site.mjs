#!/usr/bin/env node
// The API reference as a reader uses it: builds the typedoc site (docs/api, warnings are errors),
// serves it over node:http on 127.0.0.1 and opens it in Debian's Chromium (/usr/bin/chromium,
// driven by playwright-core; never a downloaded browser). Checks:
//
//   navigation  the sidebar's top-level entries, in order: the guides, then `Client`, one group
//               per sub-client, lists, errors, shared inputs and responses, the browser and the
//               testing entry. An export without an `@category` lands in an extra "Other" group
//               and fails here, naming it.
//   guides      the Guides page links every guide; a guide page renders with its code.
//   example     the `vouchers.validate` section shows its @example (the call, narrowed on `valid`).
//   internals   no sub-client page (every property of `Client` that is a sub-client) shows
//               `inspectSymbol`, `APIResource` or `toJSON`.
//   search      each method's operation path, as its example names it (`/v1/vouchers/{code}/validate`),
//               typed into the site's search box, lists that method; so does its name.
//
//   node scripts/check-site.mjs            build the docs, then check
//   node scripts/check-site.mjs --built    check the docs/api that exists
//
// Prints one line per check and `site: N passed, N failed`; exits non-zero when any failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = join(root, 'docs', 'api');
const CHROMIUM = '/usr/bin/chromium';
/** The launch flags that work in this machine's sandboxless containers (see test/browser/). */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The sidebar's top level, in order. */
export const NAVIGATION = [
  'Guides',
  'Client',
  'Vouchers',
  'Loyalties',
  'Promotions',
  'Templates',
  'Redemptions',
  'Orders',
  'Publications',
  'Customers',
  'Rewards',
  'Async actions',
  'Locations',
  'OAuth',
  'Client events',
  'Lists and pagination',
  'Errors',
  'Shared inputs',
  'Shared responses',
  'Browser entry',
  'Testing entry',
  'Redis limiter entry',
];

if (!process.argv.includes('--built')) {
  const typedoc = spawnSync(process.execPath, [join(root, 'node_modules', 'typedoc', 'bin', 'typedoc')], { cwd: root, stdio: 'inherit' });
  if (typedoc.status !== 0) {
    console.log('site: the typedoc build failed');
    process.exit(1);
  }
}
if (!existsSync(join(site, 'index.html'))) {
  console.log('site: docs/api/index.html is missing: run `npm run docs` (or this script without --built)');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.log(`site: ${CHROMIUM} is missing (apt-get install -y chromium)`);
  process.exit(1);
}

const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(site, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!file.startsWith(site) || !existsSync(file)) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const results = [];
const check = async (name, fn) => {
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    console.log(`ok    ${name}${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL  ${name}: ${error instanceof Error ? error.message : error}`);
  }
};
const assert = (condition, message) => {
  if (!condition) throw new Error(message);
};

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
try {
  const page = await browser.newPage();
  const open = async (path) => {
    const response = await page.goto(`${base}/${path}`);
    assert(response?.ok(), `${path}: HTTP ${response?.status()}`);
    // The sidebar is rendered by the site's script from assets/navigation.js.
    await page.waitForSelector('#tsd-nav-container > li', { timeout: 10_000 });
  };

  await check('navigation: top-level groups in order', async () => {
    await open('index.html');
    const top = await page.$$eval('#tsd-nav-container > li', (items) =>
      items.map((li) => {
        const label = li.querySelector(':scope > details > summary, :scope > a');
        const children = [...li.querySelectorAll(':scope > details > div > ul > li > a')].map((a) => a.textContent?.trim());
        return { text: label?.textContent?.trim() ?? '', children };
      }),
    );
    const names = top.map((t) => t.text);
    const other = top.find((t) => t.text === 'Other');
    assert(!other, `exports without an @category (give each one of the groups): ${other?.children.join(', ')}`);
    assert(JSON.stringify(names) === JSON.stringify(NAVIGATION), `expected ${NAVIGATION.join(' | ')}\n      got      ${names.join(' | ')}`);
    const clientGroup = top.find((t) => t.text === 'Client')?.children ?? [];
    assert(clientGroup.includes('Client') && clientGroup.includes('ClientEvents'), `the Client group lacks Client or ClientEvents: ${clientGroup.join(', ')}`);
    const vouchers = top.find((t) => t.text === 'Vouchers')?.children ?? [];
    for (const name of ['Vouchers', 'ValidateVoucherParams', 'ValidationResult']) assert(vouchers.includes(name), `the Vouchers group lacks ${name}: ${vouchers.join(', ')}`);
    return `${names.length} groups: ${names.join(', ')}`;
  });

  await check('guides: the Guides page and a guide', async () => {
    await open('documents/Guides.html');
    const guides = await page.$$eval('#tsd-nav-container > li:first-child > details > div > ul > li > a', (links) => links.map((a) => ({ text: a.textContent?.trim(), href: a.getAttribute('href') ?? '' })));
    // Every guide in docs/ (guides.md is the index itself) is in the site.
    const written = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'guides.md');
    assert(guides.length === written.length, `the Guides group lists ${guides.length} guides; docs/ has ${written.length}: add the missing ones to docs/guides.md`);
    for (const title of ['Getting started', 'Lists and pagination', 'Errors and retries']) assert(guides.some((g) => g.text === title), `no guide "${title}" in the navigation`);
    const lists = guides.find((g) => g.text === 'Lists and pagination');
    await open(`documents/${lists.href.replace(/^.*\//, '')}`);
    const heading = await page.textContent('.tsd-panel.tsd-typography h1, .tsd-typography h1');
    assert(heading?.includes('Lists and pagination'), `the guide's heading is "${heading}"`);
    const code = await page.$$eval('.tsd-typography pre code', (blocks) => blocks.length);
    assert(code > 0, 'the guide shows no code');
    // The reference links back to the guide from the pages it explains.
    await open('classes/PagePromise.html');
    assert(await page.$('.col-content a[href$="Guides.Lists_and_pagination.html"]'), 'PagePromise does not link the Lists and pagination guide');
    return `${guides.length} guides; "Lists and pagination" renders ${code} code blocks and is linked from PagePromise`;
  });

  await check('example: vouchers.validate', async () => {
    await open('interfaces/Vouchers.html#validate');
    const section = await page.$eval('#validate', (anchor) => anchor.closest('section')?.innerText ?? '');
    assert(/Example/.test(section), 'the validate section has no Example');
    assert(section.includes("client.vouchers.validate('SUMMER-10'"), 'the example does not call client.vouchers.validate');
    assert(section.includes('result.valid'), 'the example does not narrow on result.valid');
    return 'the section shows its Example, calling client.vouchers.validate and narrowing on result.valid';
  });

  /** Every sub-client page: the pages the properties of `Client` link to. */
  const subClients = [];
  await check('internals: no inspectSymbol, APIResource or toJSON on sub-client pages', async () => {
    await open('classes/Client.html');
    const links = await page.$$eval('details.tsd-member-group', (groups) =>
      groups.filter((g) => g.querySelector('h2')?.textContent?.trim() === 'Properties').flatMap((g) => [...g.querySelectorAll('section.tsd-member')]).flatMap((s) => {
        const link = s.querySelector('.tsd-signature a.tsd-signature-type, .tsd-signature-type a, a.tsd-kind-interface, a.tsd-kind-class');
        const name = s.querySelector('h3[id] > span')?.textContent?.trim();
        return link instanceof HTMLAnchorElement && name ? [{ name, href: link.href }] : [];
      }),
    );
    for (const { name, href } of links) {
      const path = new URL(href).pathname.slice(1);
      if (/^(interfaces|classes)\//.test(path) && !subClients.some((s) => s.path === path)) subClients.push({ name, path });
    }
    assert(subClients.length >= 13, `found ${subClients.length} sub-client pages from Client's properties: ${subClients.map((s) => s.name).join(', ')}`);
    const offenders = [];
    for (const { path } of subClients) {
      await open(path);
      const text = (await page.innerText('body')).replace(/\s+/g, '');
      for (const word of ['inspectSymbol', 'APIResource', 'toJSON']) if (text.toLowerCase().includes(word.toLowerCase())) offenders.push(`${path}: ${word}`);
    }
    assert(offenders.length === 0, offenders.join('; '));
    return `${subClients.length} pages clean`;
  });

  await check('search: every method by its operation path and by name', async () => {
    /** Types `query` into the search box; returns the results' text and link. */
    const search = async (query) => {
      await page.click('#tsd-search-trigger');
      await page.fill('#tsd-search-input', '');
      await page.waitForFunction(() => !document.querySelector('#tsd-search-results li'), null, { timeout: 10_000 });
      await page.fill('#tsd-search-input', query);
      // The site updates its results a moment after the last keystroke: wait until they are there
      // (or it says there are none) and have stopped changing.
      const read = () => page.$$eval('#tsd-search-results li a', (links) => links.map((a) => ({ text: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })));
      let found = [];
      for (let previous = '', i = 0; i < 100; i++) {
        await page.waitForTimeout(100);
        found = await read();
        const status = (await page.textContent('#tsd-search-status')) ?? '';
        const now = JSON.stringify(found) + status;
        if ((found.length > 0 || /no results/i.test(status)) && now === previous) break;
        previous = now;
      }
      await page.keyboard.press('Escape');
      return found;
    };
    // The operations, as each method's doc comment names them (`GET /v1/…`).
    const operations = [];
    for (const { name, path } of subClients) {
      await open(path);
      const methods = await page.$$eval('details.tsd-member-group', (groups) =>
        groups.filter((g) => g.querySelector('h2')?.textContent?.trim() === 'Methods').flatMap((g) => [...g.querySelectorAll('section.tsd-member')]).map((s) => ({ id: s.querySelector('h3[id]')?.id ?? '', name: s.querySelector('h3[id] > span')?.textContent ?? '', text: s.innerText })),
      );
      for (const method of methods) {
        const paths = new Set([...method.text.matchAll(/\b(?:GET|POST|PUT|PATCH|DELETE) (\/[\w/{}.-]*[\w}])/g)].map((m) => m[1]));
        assert(paths.size > 0, `${name}.${method.name} names no operation (GET /v1/…) in its doc comment`);
        for (const operation of paths) operations.push({ method: `${name}.${method.name}`, page: path, id: method.id, path: operation });
      }
    }
    assert(operations.some((o) => o.path === '/v1/vouchers/{code}/validate'), 'no example names /v1/vouchers/{code}/validate');
    const missed = [];
    for (const operation of operations) {
      for (const query of [operation.path, `${operation.method}`]) {
        const found = await search(query);
        const hit = found.findIndex((r) => r.href.endsWith(`${operation.page}#${operation.id}`));
        if (hit === -1) missed.push(`"${query}" (${operation.method}): ${found.slice(0, 3).map((r) => r.text).join(', ') || 'no results'}`);
      }
    }
    assert(missed.length === 0, `not found:\n      ${missed.join('\n      ')}`);
    const validate = await search('/v1/vouchers/{code}/validate');
    return `${operations.length} operation paths and their method names found; "/v1/vouchers/{code}/validate" lists ${validate[0]?.text} first`;
  });
} finally {
  await browser.close();
  server.close();
}

const failed = results.filter((r) => !r.ok).length;
console.log(`site: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
