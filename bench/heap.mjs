// What a list walk keeps alive, in a fresh process (nothing one contender leaves behind counts
// against another): 50 pages of 100 transactions, served by an in-memory `fetch` from
// pre-serialised bodies (no sockets, whose buffers would blur the figure), garbage collected and
// sampled every 5 pages while the walk reads the last record of a page. Two figures:
//
//   peak_pages         heap in use above the heap before the walk, in pages (a page: the heap
//                      one parsed 100-transaction page holds), at the highest sample;
//   peak_pages_alive   how many pages' records are still alive at the highest sample (a WeakRef
//                      to a record of every page): the page being read and any held behind it.
//
//   node --expose-gc --single-threaded-gc bench/heap.mjs <promokit|kyZod|fetch>     prints JSON
//
// (--single-threaded-gc: a collection is complete when `gc()` returns, so a busy machine's late
// background sweeping does not show up as heap in use.)
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PAGES, PAGE_SIZE, transactionPage } from './fixtures.mjs';
import { kyZodClient } from './ky-zod.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contender = process.argv[2];
const SAMPLE_EVERY = 5;
const CAMPAIGN = 'camp_Xk3w9Lq1';
const baseUrl = 'http://127.0.0.1:9';
const headers = { accept: 'application/json', 'x-app-id': 'app', 'x-app-token': 'token', authorization: 'Bearer access' };

const bodies = Array.from({ length: PAGES }, (_, i) => Buffer.from(JSON.stringify(transactionPage(i))));
const pageAfter = new Map(bodies.map((_, i) => [i === 0 ? '' : transactionPage(i - 1).more_starting_after, i]));
/** The benchmark server's transaction list, in memory. */
const memoryFetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const index = pageAfter.get(url.searchParams.get('starting_after_id') ?? '');
  return new Response(index === undefined ? '{}' : bodies[index], { status: index === undefined ? 404 : 200, headers: { 'content-type': 'application/json' } });
};

const { Client } = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);
const client = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', validation: 'warn', logLevel: 'off', fetch: memoryFetch });
const kyZod = kyZodClient(baseUrl, headers, memoryFetch);

/** Each walk calls `onRecord` for every record and awaits `onPage` once a page's records are read. */
const walks = {
  promokit: async (onRecord, onPage) => {
    let n = 0;
    for await (const record of client.loyalties.listTransactions(CAMPAIGN, { limit: PAGE_SIZE })) {
      onRecord(record);
      if (++n % PAGE_SIZE === 0) await onPage();
    }
  },
  kyZod: (onRecord, onPage) => kyZod.walk(CAMPAIGN, PAGE_SIZE, (record) => (onRecord(record), 1), onPage),
  fetch: async (onRecord, onPage) => {
    let after = '';
    for (;;) {
      const url = `${baseUrl}/v1/loyalties/${CAMPAIGN}/transactions?limit=${PAGE_SIZE}${after ? `&starting_after_id=${after}` : ''}`;
      const page = JSON.parse(await (await memoryFetch(url, { headers })).text());
      for (const record of page.data) onRecord(record);
      await onPage();
      if (!page.has_more) return;
      after = page.more_starting_after;
    }
  },
};
const walk = walks[contender];
if (!walk) throw new Error(`unknown contender ${contender}`);

/** Heap in use after full collections, with pending callbacks run between them. */
async function heap() {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc();
  }
  return process.memoryUsage().heapUsed;
}

let samples;
let alive;
let firstRecords;
let n;
let pages;
let start;
const onRecord = (record) => {
  if (n++ % PAGE_SIZE === 0) firstRecords.push(new WeakRef(record));
};
const onPage = async () => {
  if (++pages % SAMPLE_EVERY !== 0) return;
  samples.push((await heap()) - start);
  alive.push(firstRecords.filter((ref) => ref.deref() !== undefined).length);
};

// Four walks, measured the same way; the first three warm up module loading, schema building and
// the compiled code of everything the walk and the sampling run (compiled during the measured
// walk, that code would count as heap held). The last one gives the figures.
for (let i = 0; i < 4; i++) {
  samples = [];
  alive = [];
  firstRecords = [];
  n = 0;
  pages = 0;
  start = await heap();
  await walk(onRecord, onPage);
}
// The unit, measured once the walks have left the heap in its steady state: the heap all 50
// parsed pages hold, divided by 50, the median of three measurements (a single one, or one of ten
// pages taken cold, varies by half from run to run with where the collector left the heap).
const units = [];
for (let i = 0; i < 3; i++) {
  const before = await heap();
  let held = bodies.map((body) => JSON.parse(String(body)));
  units.push(((await heap()) - before) / held.length);
  held = undefined;
}
const unit = units.sort((a, b) => a - b)[1];
const pagesOf = (bytes) => bytes / unit;
console.log(
  JSON.stringify({
    unit_bytes: unit,
    units,
    samples: samples.map(pagesOf),
    alive,
    peak_pages: Math.max(0, ...samples.map(pagesOf)),
    peak_pages_alive: Math.max(...alive),
  }),
);
