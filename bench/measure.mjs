#!/usr/bin/env node
// promokit benchmark: promokit against a bare `fetch` + `JSON.parse` baseline, in one process,
// interleaved rounds with rotating order, against a local node:http server in a child process.
// Prints a table of absolute figures and ratios and writes them to bench/results/latest.json.
//
//   npm run build && node --expose-gc bench/run.mjs        (or: npm run bench)
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PAGES, PAGE_SIZE, transactionPage } from './fixtures.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc (npm run bench does)');
const { Client } = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);

const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = quick ? 2 : 8;
const SEQ = quick ? 100 : 300;
const PAR_TOTAL = quick ? 400 : 2000;
const IN_FLIGHT = 16;
const WALKS = quick ? 1 : 3;
const COLD = quick ? 5 : 21;

const server = fork(join(here, 'server.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { port, memberBytes, pageBytes } = await new Promise((resolve) => server.once('message', resolve));
const baseUrl = `http://127.0.0.1:${port}`;
const headers = { accept: 'application/json', 'x-app-id': 'app', 'x-app-token': 'token', authorization: 'Bearer access' };

const client = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', validation: 'warn', logLevel: 'off' });
const strictClient = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', validation: 'strict', logLevel: 'off' });

const contenders = {
  fetch: {
    getMember: async () => JSON.parse(await (await fetch(`${baseUrl}/v1/loyalties/members/LOYAL-8QF2-ZT`, { headers })).text()),
    walk: async () => {
      let count = 0;
      let after = '';
      for (;;) {
        const url = `${baseUrl}/v1/loyalties/camp_Xk3w9Lq1/transactions?limit=${PAGE_SIZE}${after ? `&starting_after_id=${after}` : ''}`;
        const page = JSON.parse(await (await fetch(url, { headers })).text());
        for (const record of page.data) count += record.id ? 1 : 0;
        if (!page.has_more) return count;
        after = page.more_starting_after;
      }
    },
  },
  promokit: {
    getMember: () => client.loyalties.getMember('LOYAL-8QF2-ZT'),
    walk: async () => {
      let count = 0;
      for await (const record of client.loyalties.listTransactions('camp_Xk3w9Lq1', { limit: PAGE_SIZE })) count += record.id ? 1 : 0;
      return count;
    },
  },
};
const names = Object.keys(contenders);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const order = (round) => (round % 2 === 0 ? names : [...names].reverse());

async function latency() {
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of order(round)) {
      const call = contenders[name].getMember;
      for (let i = 0; i < SEQ; i++) {
        const t = performance.now();
        await call();
        samples[name].push(performance.now() - t);
      }
    }
  }
  return Object.fromEntries(names.map((n) => [n, { median_ms: median(samples[n]), p95_ms: p95(samples[n]) }]));
}

async function throughput() {
  const totals = Object.fromEntries(names.map((n) => [n, { ms: 0, cpu_us: 0, requests: 0 }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of order(round)) {
      const call = contenders[name].getMember;
      let next = 0;
      const cpu = process.cpuUsage();
      const t = performance.now();
      await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
        while (next++ < PAR_TOTAL) await call();
      }));
      const used = process.cpuUsage(cpu);
      totals[name].ms += performance.now() - t;
      totals[name].cpu_us += used.user + used.system;
      totals[name].requests += PAR_TOTAL;
    }
  }
  return Object.fromEntries(names.map((n) => [n, { requests_per_s: (totals[n].requests / totals[n].ms) * 1000, cpu_us_per_request: totals[n].cpu_us / totals[n].requests }]));
}

async function listWalk() {
  const result = Object.fromEntries(names.map((n) => [n, { ms: 0, records: 0 }]));
  for (let round = 0; round < WALKS * 2; round++) {
    for (const name of order(round)) {
      const t = performance.now();
      result[name].records += await contenders[name].walk();
      result[name].ms += performance.now() - t;
    }
  }
  // Retained heap while walking: after each page, with garbage collected, how much more is held
  // than before the walk began. One page held means growth of about one page.
  const retained = async (walkPages) => {
    globalThis.gc();
    const start = process.memoryUsage().heapUsed;
    let peak = 0;
    await walkPages(() => {
      globalThis.gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - start);
    });
    return peak;
  };
  const sdkPeak = await retained(async (sample) => {
    let n = 0;
    for await (const record of client.loyalties.listTransactions('camp_Xk3w9Lq1', { limit: PAGE_SIZE })) if (++n % PAGE_SIZE === 0) sample(record);
  });
  // One parsed page held, measured the same way.
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  const held = JSON.parse(JSON.stringify(transactionPage(0)));
  globalThis.gc();
  const onePage = process.memoryUsage().heapUsed - before;
  void held.data.length;
  const out = { one_page_bytes: onePage };
  for (const n of names) out[n] = { records_per_s: (result[n].records / result[n].ms) * 1000 };
  out.promokit.peak_heap_growth_bytes = sdkPeak;
  out.promokit.heap_growth_pages = sdkPeak / onePage;
  return out;
}

function coldImport() {
  const entry = pathToFileURL(join(root, 'dist', 'index.js')).href;
  const time = (args) => {
    const t = performance.now();
    const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`cold start failed: ${args.join(' ')}`);
    return performance.now() - t;
  };
  const bare = [];
  const withImport = [];
  for (let i = 0; i < COLD; i++) {
    bare.push(time(['--input-type=module', '-e', '']));
    withImport.push(time(['--input-type=module', '-e', `await import(${JSON.stringify(entry)})`]));
  }
  return { bare_node_ms: median(bare), import_ms: median(withImport), added_ms: median(withImport) - median(bare) };
}

async function validationCost() {
  const body = JSON.stringify(transactionPage(0));
  const make = (validation) =>
    new Client({ baseUrl, appId: 'a', appToken: 't', accessToken: 'k', validation, logLevel: 'off', fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }) });
  const modes = ['off', 'warn', 'strict'];
  const clients = Object.fromEntries(modes.map((m) => [m, make(m)]));
  const N = quick ? 50 : 300;
  const per = Object.fromEntries(modes.map((m) => [m, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const m of round % 2 ? [...modes].reverse() : modes) {
      const t = performance.now();
      for (let i = 0; i < N; i++) await clients[m].loyalties.listTransactions('camp_Xk3w9Lq1', { limit: PAGE_SIZE });
      per[m].push((performance.now() - t) / N);
    }
  }
  const off = median(per.off);
  return Object.fromEntries(modes.map((m) => [m, { ms_per_page: median(per[m]), validation_ms: median(per[m]) - off }]));
}

function bundleSizes() {
  const esbuild = join(root, 'node_modules', '.bin', 'esbuild');
  const build = (code, platform) => {
    const out = execFileSync(esbuild, ['--bundle', '--minify', `--platform=${platform}`, '--format=esm', '--log-level=error', `--resolve-extensions=.js,.mjs`], { input: code, cwd: root, maxBuffer: 1 << 26 });
    return { minified_bytes: out.length, gzip_bytes: gzipSync(out, { level: 9 }).length };
  };
  return {
    server: build("import { Client } from './dist/index.js'; const c = new Client(); console.log(await c.loyalties.getMember('x'));", 'node'),
    client_side: build("import { ClientEvents } from './dist/client-side.js'; console.log(await new ClientEvents().track({ event: 'e', customer: { id: 'c' } }));", 'browser'),
  };
}

// Warm both contenders before measuring.
for (const name of names) for (let i = 0; i < 200; i++) await contenders[name].getMember();
await strictClient.loyalties.getMember('LOYAL-8QF2-ZT');

const results = {
  machine: { node: process.version, cpus: cpus().length, cpu_model: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30) },
  bodies: { member_bytes: memberBytes, page_bytes: pageBytes, pages: PAGES, page_size: PAGE_SIZE },
  latency: await latency(),
  throughput: await throughput(),
  list_walk: await listWalk(),
  validation: await validationCost(),
  cold_import: coldImport(),
  bundles: bundleSizes(),
};
server.disconnect();

const ratio = (a, b) => a / b;
const L = results.latency;
const T = results.throughput;
const W = results.list_walk;
const budgets = [
  ['latency median', `${L.promokit.median_ms.toFixed(3)} ms vs ${L.fetch.median_ms.toFixed(3)} ms`, ratio(L.promokit.median_ms, L.fetch.median_ms), '<=', 1.05],
  ['latency p95', `${L.promokit.p95_ms.toFixed(3)} ms vs ${L.fetch.p95_ms.toFixed(3)} ms`, ratio(L.promokit.p95_ms, L.fetch.p95_ms), 'info', null],
  ['throughput (16 in flight)', `${T.promokit.requests_per_s.toFixed(0)} vs ${T.fetch.requests_per_s.toFixed(0)} req/s`, ratio(T.promokit.requests_per_s, T.fetch.requests_per_s), '>=', 0.95],
  ['client CPU per request', `${T.promokit.cpu_us_per_request.toFixed(1)} vs ${T.fetch.cpu_us_per_request.toFixed(1)} µs`, ratio(T.promokit.cpu_us_per_request, T.fetch.cpu_us_per_request), '<=', 1.15],
  ['list walk', `${W.promokit.records_per_s.toFixed(0)} vs ${W.fetch.records_per_s.toFixed(0)} records/s`, ratio(W.promokit.records_per_s, W.fetch.records_per_s), '>=', 0.95],
  ['list walk heap growth', `${(W.promokit.peak_heap_growth_bytes / 1024).toFixed(0)} KiB (${W.promokit.heap_growth_pages.toFixed(2)} pages)`, W.promokit.heap_growth_pages, '<=', 2],
  ['cold import over bare node', `${results.cold_import.added_ms.toFixed(1)} ms (node ${results.cold_import.bare_node_ms.toFixed(1)} ms)`, results.cold_import.added_ms, '<=', 25],
  ['server bundle (node, min+gz)', `${(results.bundles.server.gzip_bytes / 1024).toFixed(2)} KiB`, results.bundles.server.gzip_bytes / 1024, '<=', 30],
  ['client-side bundle (browser, min+gz)', `${(results.bundles.client_side.gzip_bytes / 1024).toFixed(2)} KiB`, results.bundles.client_side.gzip_bytes / 1024, '<=', 7],
];
results.budgets = budgets.map(([name, figures, value, op, limit]) => ({ name, figures, value, op, limit, met: limit === null ? null : op === '<=' ? value <= limit : value >= limit }));

const pad = (s, n) => String(s).padEnd(n);
console.log(`\npromokit benchmark — node ${process.version}, ${results.machine.cpus} × ${results.machine.cpu_model}\n`);
console.log(`${pad('measure', 38)}${pad('figures (promokit vs fetch)', 44)}${pad('value', 10)}budget`);
for (const b of results.budgets) {
  console.log(`${pad(b.name, 38)}${pad(b.figures, 44)}${pad(b.value.toFixed(3), 10)}${b.limit === null ? '' : `${b.op} ${b.limit} ${b.met ? 'met' : 'NOT MET'}`}`);
}
console.log('\nvalidation of one 100-transaction page:');
for (const [mode, v] of Object.entries(results.validation)) console.log(`  ${pad(mode, 8)}${v.ms_per_page.toFixed(3)} ms per page (validation ${v.validation_ms.toFixed(3)} ms)`);

mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to bench/results/latest.json');
