#!/usr/bin/env node
// The API reference as a reader uses it: builds the typedoc site (docs/api, warnings are errors),
// serves it over node:http on 127.0.0.1 and opens it in Debian's Chromium (/usr/bin/chromium,
// driven by playwright-core; never a downloaded browser) in a 1366 × 900 window. Checks:
//
//   home        the home page is for users (docs/site/home.md): install, a first call, then "Find
//               your method", whose table links every sub-client method's own section; no
//               contributor commands.
//   layout      at 1366 px, no table of the home page, the guides or the `Client` page runs past
//               the content column into the "On This Page" column. Screenshots of the home page,
//               its table and the browser entry's page go to .tmp/site-screenshots/ (look at them).
//   modules     each entry's module page (`promokit/client-side`, …) lists its exports under the
//               main entry's categories, at most 30 directly under any one.
//   navigation  the sidebar's top-level entries, in order: the guides, then `Client`, one group
//               per sub-client, lists, errors, shared inputs and responses, the browser and the
//               testing entry. An export without an `@category` lands in an extra "Other" group
//               and fails here, naming it.
//   guides      the Guides page links every guide; a guide page renders with its code.
//   example     the `vouchers.validate` section shows its @example (the call, narrowed on `valid`).
//   internals   no sub-client page (every property of `Client` that is a sub-client) shows
//               `inspectSymbol`, `APIResource` or `toJSON`.
//   search      each method's operation path, as its example names it (`/v1/vouchers/{code}/validate`),
//               typed into the site's search box, lists that method (a path more than ten methods'
//               paths start with, with the method's name after it); its name (`vouchers.validate`)
//               lists it first.
//   user words  the words a user types land on the method first: `coupon` on vouchers.validate,
//               `points` on loyalties.getMember, `redeem` on loyalties.redeemReward, and every
//               word of USER_WORDS (scripts/typedoc-operation-search.mjs) on its method.
//
//   node scripts/check-site.mjs            build the docs, then check
//   node scripts/check-site.mjs --built    check the docs/api that exists
//
// Prints one line per check and `site: N passed, N failed`; exits non-zero when any failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/prerequisites.mjs';
import { USER_WORDS } from './typedoc-operation-search.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = join(root, 'docs', 'api');
const screenshots = join(root, '.tmp', 'site-screenshots');
/** The window: a common laptop width, where three columns share the page. */
const VIEWPORT = { width: 1366, height: 900 };
/** The most entries a module page may list directly under one group. */
const MOST_IN_A_GROUP = 30;
/** Where a search for what a user types must land first: query → page#anchor of the method. */
const LANDINGS = {
  'vouchers.validate': 'interfaces/Vouchers.html#validate',
  coupon: 'interfaces/Vouchers.html#validate',
  points: 'interfaces/Loyalties.html#getmember',
  redeem: 'interfaces/Loyalties.html#redeemreward',
};
/**
 * The sidebar's top level, in order: the guides, then typedoc.json's `categoryOrder` (which
 * `npm run operations` holds to the sub-clients' guides).
 */
export const NAVIGATION = ['Guides', ...JSON.parse(`[${/"categoryOrder": \[([^\]]*)\]/.exec(readFileSync(join(root, 'typedoc.json'), 'utf8'))?.[1] ?? ''}]`)];

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
  const started = Date.now();
  const took = () => ` (${((Date.now() - started) / 1000).toFixed(1)} s)`;
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    console.log(`ok    ${name}${detail ? `: ${detail}` : ''}${took()}`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`FAIL  ${name}: ${error instanceof Error ? error.message : error}${took()}`);
  }
};
const assert = (condition, message) => {
  if (!condition) throw new Error(message);
};

rmSync(screenshots, { recursive: true, force: true });
mkdirSync(screenshots, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: VIEWPORT });
  const open = async (path) => {
    const response = await page.goto(`${base}/${path}`);
    assert(response?.ok(), `${path}: HTTP ${response?.status()}`);
    // The sidebar is rendered by the site's script from assets/navigation.js.
    await page.waitForSelector('#tsd-nav-container > li', { timeout: 10_000 });
  };
  const shoot = (name) => page.screenshot({ path: join(screenshots, `${name}.png`) });

  /** Every sub-client (the properties of `Client` that are one) and its methods, from the `Client` page and theirs. */
  const subClients = [];
  const methods = [];
  {
    await open('classes/Client.html');
    const links = await page.$$eval('details.tsd-member-group', (groups) =>
      groups
        .filter((g) => g.querySelector('h2')?.textContent?.trim() === 'Properties')
        .flatMap((g) => [...g.querySelectorAll('section.tsd-member')])
        .flatMap((s) => {
          const link = s.querySelector('.tsd-signature a.tsd-signature-type, .tsd-signature-type a, a.tsd-kind-interface, a.tsd-kind-class');
          const name = s.querySelector('h3[id] > span')?.textContent?.trim();
          return link instanceof HTMLAnchorElement && name ? [{ name, href: link.href }] : [];
        }),
    );
    for (const { name, href } of links) {
      const path = new URL(href).pathname.slice(1);
      if (/^(interfaces|classes)\//.test(path) && !subClients.some((s) => s.path === path)) subClients.push({ name, path });
    }
    for (const { name, path } of subClients) {
      await open(path);
      const found = await page.$$eval('details.tsd-member-group', (groups) =>
        groups
          .filter((g) => g.querySelector('h2')?.textContent?.trim() === 'Methods')
          .flatMap((g) => [...g.querySelectorAll('section.tsd-member')])
          .map((s) => ({ id: s.querySelector('h3[id]')?.id ?? '', name: s.querySelector('h3[id] > span')?.textContent ?? '', text: s.innerText })),
      );
      for (const method of found) {
        const paths = [...new Set([...method.text.matchAll(/\b(?:GET|POST|PUT|PATCH|DELETE) (\/[\w/{}.-]*[\w}])/g)].map((m) => m[1]))];
        methods.push({ name: `${name}.${method.name}`, page: path, id: method.id, paths });
      }
    }
  }

  await check('home: install, a first call, then every method by task', async () => {
    await open('index.html');
    const headings = await page.$$eval('.col-content h1, .col-content h2', (hs) => hs.map((h) => ({ level: h.tagName, text: h.textContent?.trim() ?? '' })));
    assert(
      headings.filter((h) => h.level === 'H1').length === 1,
      `the home page has ${headings.filter((h) => h.level === 'H1').length} top headings: ${headings.map((h) => h.text).join(' | ')}`,
    );
    const sections = headings.filter((h) => h.level === 'H2').map((h) => h.text);
    const wanted = ['Install', 'A first call', 'Find your method'];
    assert(
      JSON.stringify(sections.slice(0, 3)) === JSON.stringify(wanted),
      `the home page's sections are ${sections.join(' | ')}; expected ${wanted.join(', ')} first`,
    );
    const text = await page.innerText('.col-content');
    assert(text.includes('npm install promokit'), 'the home page does not say `npm install promokit`');
    for (const contributor of ['npm ci      #', 'npm test', 'npm start'])
      assert(!text.includes(contributor), `the home page shows the contributor command "${contributor}"`);
    const links = await page.$$eval('.find-your-method a', (as) =>
      as.map((a) => ({ text: a.textContent?.trim() ?? '', href: new URL(a.href).pathname.slice(1) + new URL(a.href).hash })),
    );
    const missing = methods.filter((m) => !links.some((l) => l.href === `${m.page}#${m.id}` && l.text === m.name)).map((m) => m.name);
    assert(methods.length >= 20, `found ${methods.length} methods from the Client page`);
    assert(missing.length === 0, `"Find your method" does not link (as \`name\` → its section): ${missing.join(', ')}`);
    await shoot('home');
    return `sections ${sections.join(', ')}; the table links all ${methods.length} methods to their sections`;
  });

  await check(`layout at ${VIEWPORT.width} px: no table runs into the right-hand column`, async () => {
    const guides = readdirSync(join(site, 'documents'))
      .filter((f) => f.endsWith('.html'))
      .map((f) => `documents/${f}`);
    const pages = ['index.html', 'classes/Client.html', ...guides];
    const overlaps = [];
    let tables = 0;
    for (const path of pages) {
      await open(path);
      const found = await page.evaluate(() => {
        const right = (el) => (el ? el.getBoundingClientRect().right : Infinity);
        const menu = document.querySelector('.page-menu');
        const edge = Math.min(
          right(document.querySelector('.col-content')),
          menu && menu.getBoundingClientRect().width > 0 ? menu.getBoundingClientRect().left : Infinity,
        );
        return { edge, tables: [...document.querySelectorAll('.col-content table')].map((t) => t.getBoundingClientRect().right) };
      });
      tables += found.tables.length;
      found.tables.forEach((right, i) => {
        if (right > found.edge + 0.5)
          overlaps.push(`${path}: table ${i + 1} ends at ${Math.round(right)} px, the content column at ${Math.round(found.edge)} px`);
      });
      if (found.tables.some((right) => right > found.edge + 0.5)) await shoot(`overlap-${path.replace(/[^\w.-]+/g, '_')}`);
    }
    await open('index.html');
    await page.locator('.find-your-method table').scrollIntoViewIfNeeded();
    await shoot('home-find-your-method');
    assert(overlaps.length === 0, overlaps.join('; '));
    return `${tables} tables on ${pages.length} pages within the content column; screenshots in .tmp/site-screenshots/`;
  });

  await check(`modules: each entry's page grouped by category, at most ${MOST_IN_A_GROUP} entries under a group`, async () => {
    const modules = readdirSync(join(site, 'modules')).filter((f) => f.endsWith('.html'));
    assert(modules.includes('promokit_client-side.html'), `no page for promokit/client-side among ${modules.join(', ')}`);
    const problems = [];
    const summary = [];
    for (const file of modules) {
      await open(`modules/${file}`);
      if (file === 'promokit_client-side.html') await shoot('client-side');
      const groups = await page.$$eval('.col-content details.tsd-member-group', (gs) =>
        gs.map((g) => ({
          name: g.querySelector('h2')?.textContent?.trim() ?? '',
          entries: [...g.querySelectorAll('dt.tsd-member-summary')].map((dt) => dt.id),
        })),
      );
      const entries = new Set(groups.flatMap((g) => g.entries));
      // An entry of re-exports only (`promokit/client-side`) is grouped by the main entry's categories.
      const reexports = groups.every((g) => g.name === 'References' || NAVIGATION.includes(g.name));
      for (const g of groups) {
        if (g.entries.length > MOST_IN_A_GROUP) problems.push(`${file}: ${g.entries.length} entries under "${g.name}"`);
        if (g.name === 'Other') problems.push(`${file}: an "Other" group (an export without an @category beside some with one)`);
        if (reexports && g.name === 'References') problems.push(`${file}: its ${g.entries.length} re-exports in one flat "References" group`);
      }
      summary.push(
        `${file.replace(/\.html$/, '').replace('_', '/')} ${entries.size} entries in ${groups.map((g) => `${g.name} (${g.entries.length})`).join(', ')}`,
      );
    }
    assert(problems.length === 0, problems.join('; '));
    return summary.join('; ');
  });

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
    for (const name of ['Vouchers', 'ValidateVoucherParams', 'ValidationResult'])
      assert(vouchers.includes(name), `the Vouchers group lacks ${name}: ${vouchers.join(', ')}`);
    return `${names.length} groups: ${names.join(', ')}`;
  });

  await check('guides: the Guides page and a guide', async () => {
    await open('documents/Guides.html');
    const guides = await page.$$eval('#tsd-nav-container > li:first-child > details > div > ul > li > a', (links) =>
      links.map((a) => ({ text: a.textContent?.trim(), href: a.getAttribute('href') ?? '' })),
    );
    // Every guide in docs/ (guides.md is the index itself) is in the site.
    const written = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'guides.md');
    assert(
      guides.length === written.length,
      `the Guides group lists ${guides.length} guides; docs/ has ${written.length}: add the missing ones to docs/guides.md`,
    );
    for (const title of ['Getting started', 'Lists and pagination', 'Errors and retries'])
      assert(
        guides.some((g) => g.text === title),
        `no guide "${title}" in the navigation`,
      );
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

  await check('internals: no inspectSymbol, APIResource or toJSON on sub-client pages', async () => {
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

  /** How many results the site's search box lists at most. */
  const SEARCH_LISTS = 10;
  /** How many tabs type searches at once (each waits on the box's 200 ms debounce far more than it works). */
  const SEARCH_TABS = 6;
  /** Types `query` into the search box of `tab`; returns the results' text and link, best first. */
  const searchIn = async (tab, query) => {
    await tab.click('#tsd-search-trigger');
    await tab.fill('#tsd-search-input', '');
    await tab.waitForFunction(() => !document.querySelector('#tsd-search-results li'), null, { timeout: 10_000 });
    await tab.fill('#tsd-search-input', query);
    // The site updates its results a moment after the last keystroke: wait until they are there
    // (or it says there are none) and have stopped changing.
    const read = () =>
      tab.$$eval('#tsd-search-results li a', (links) =>
        links.map((a) => ({ text: a.textContent?.trim().replace(/\s+/g, '') ?? '', href: a.getAttribute('href') ?? '' })),
      );
    let found = [];
    for (let previous = '', i = 0; i < 100; i++) {
      await tab.waitForTimeout(100);
      found = await read();
      const status = (await tab.textContent('#tsd-search-status')) ?? '';
      const now = JSON.stringify(found) + status;
      if ((found.length > 0 || /no results/i.test(status)) && now === previous) break;
      previous = now;
    }
    await tab.keyboard.press('Escape');
    return found;
  };
  /**
   * Each query typed into the search box of the home page, in {@link SEARCH_TABS} tabs side by side;
   * the results by query.
   */
  const searchAll = async (queries) => {
    const pending = [...new Set(queries)];
    const found = new Map();
    const tabs = await Promise.all(
      Array.from({ length: Math.min(SEARCH_TABS, pending.length) }, async () => {
        const tab = await browser.newPage({ viewport: VIEWPORT });
        await tab.goto(`${base}/index.html`);
        await tab.waitForSelector('#tsd-nav-container > li', { timeout: 10_000 });
        try {
          for (let query = pending.shift(); query !== undefined; query = pending.shift()) found.set(query, await searchIn(tab, query));
        } catch (error) {
          // One tab failing ends the others' turns too.
          pending.length = 0;
          throw error;
        }
        return tab;
      }),
    );
    await Promise.all(tabs.map((tab) => tab.close()));
    return found;
  };
  const lands = (result, target) => result?.href.replace(/^\.\//, '') === target;

  await check('search: every method by its operation path (listed) and by name (first)', async () => {
    for (const method of methods) assert(method.paths.length > 0, `${method.name} names no operation (GET /v1/…) in its doc comment`);
    assert(
      methods.some((m) => m.paths.includes('/v1/vouchers/{code}/validate')),
      'no example names /v1/vouchers/{code}/validate',
    );
    // A path that more methods' paths start with than the search box lists (ten) is refined with
    // the method's name, as a reader refines it (`/v1/vouchers/{code} create`).
    const queriesOf = (method) =>
      method.paths.map((path) => {
        const sharing = methods.filter((m) => m.paths.some((p) => p.startsWith(path))).length;
        return { path, query: sharing > SEARCH_LISTS ? `${path} ${method.name.split('.').pop()}` : path };
      });
    const found = await searchAll([...methods.flatMap((method) => [...queriesOf(method).map((q) => q.query), method.name]), '/v1/vouchers/{code}/validate']);
    const missed = [];
    for (const method of methods) {
      const target = `${method.page}#${method.id}`;
      for (const { path, query } of queriesOf(method)) {
        const results = found.get(query);
        if (!results.some((r) => lands(r, target)))
          missed.push(
            `"${path}" (${method.name}): ${
              results
                .slice(0, 3)
                .map((r) => r.text)
                .join(', ') || 'no results'
            }`,
          );
      }
      const byName = found.get(method.name);
      if (!lands(byName[0], target)) missed.push(`"${method.name}" lists first ${byName[0]?.text ?? 'nothing'}`);
    }
    assert(missed.length === 0, `not found:\n      ${missed.join('\n      ')}`);
    const validate = found.get('/v1/vouchers/{code}/validate');
    return `${methods.reduce((n, m) => n + m.paths.length, 0)} operation paths found, ${methods.length} method names first; "/v1/vouchers/{code}/validate" lists ${validate[0]?.text} first`;
  });

  await check('user words: what a user types lands on the method first', async () => {
    const byName = Object.fromEntries(methods.map((m) => [m.name, `${m.page}#${m.id}`]));
    const queries = { ...LANDINGS };
    for (const [method, words] of Object.entries(USER_WORDS)) for (const word of words) queries[word] ??= byName[method];
    const wrong = [];
    const firsts = [];
    for (const [query, target] of Object.entries(queries)) assert(target, `"${query}": its method is not on the site`);
    const results = await searchAll(Object.keys(queries));
    for (const [query, target] of Object.entries(queries)) {
      const found = results.get(query);
      if (!lands(found[0], target)) wrong.push(`"${query}" lists first ${found[0]?.text ?? 'nothing'}, not ${target}`);
      if (query in LANDINGS) firsts.push(`"${query}" → ${found[0]?.text}`);
    }
    assert(wrong.length === 0, wrong.join('; '));
    return `${firsts.join(', ')}; ${Object.keys(queries).length} queries in all`;
  });
} finally {
  await browser.close();
  server.close();
}

const failed = results.filter((r) => !r.ok).length;
console.log(`site: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
