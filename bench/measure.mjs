// One benchmark run in the Node it is started with (bench/run.mjs starts it under Node 20, 22 and
// 24): promokit against the vendor's SDK (bench/vendor.mjs), a plain ky + zod client
// (bench/ky-zod.mjs) and a bare `fetch` + `JSON.parse`, in one process, interleaved rounds with rotating order, against a local node:http
// server in a child process (bench/server.mjs). Writes its figures as JSON to the file given.
//
//   node --expose-gc bench/measure.mjs <out.json>        (BENCH_QUICK=1 for a short run)
import { fork, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PAGES, PAGE_SIZE, loyaltyCard, transactionPage } from './fixtures.mjs';
import { kyZodClient } from './ky-zod.mjs';
import { vendorClient } from './vendor.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc (npm run bench does)');
const out = process.argv[2];
if (!out) throw new Error('usage: node --expose-gc bench/measure.mjs <out.json>');
const { Client } = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);

const quick = process.env.BENCH_QUICK === '1';
const ROUNDS = quick ? 2 : 8;
const SEQ = quick ? 100 : 300;
const PAR_TOTAL = quick ? 400 : 2000;
const IN_FLIGHT = 16;
const WALKS = quick ? 1 : 3;
const COLD = quick ? 5 : 21;
/** Retained-heap runs per contender (bench/heap.mjs); the figure is their median. */
const HEAP_RUNS = 3;

const server = fork(join(here, 'server.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { port, memberBytes, pageBytes } = await new Promise((resolve) => server.once('message', resolve));
const baseUrl = `http://127.0.0.1:${port}`;
const headers = { accept: 'application/json', 'x-app-id': 'app', 'x-app-token': 'token', authorization: 'Bearer access' };
const MEMBER = 'LOYAL-8QF2-ZT';
const CAMPAIGN = 'camp_Xk3w9Lq1';

const client = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', validation: 'warn', logLevel: 'off' });
const kyZod = kyZodClient(baseUrl, headers);
const vendor = vendorClient(baseUrl, CAMPAIGN, MEMBER);

/** Each contender: one `getMember`, and a walk over every transaction calling `onRecord` per record. */
const contenders = {
  promokit: {
    getMember: () => client.loyalties.getMember(MEMBER),
    walk: async (onRecord) => {
      let count = 0;
      for await (const record of client.loyalties.listTransactions(CAMPAIGN, { limit: PAGE_SIZE })) count += onRecord(record);
      return count;
    },
  },
  kyZod: {
    getMember: () => kyZod.getMember(MEMBER),
    walk: (onRecord) => kyZod.walk(CAMPAIGN, PAGE_SIZE, onRecord),
  },
  fetch: {
    getMember: async () => JSON.parse(await (await fetch(`${baseUrl}/v1/loyalties/members/${MEMBER}`, { headers })).text()),
    walk: async (onRecord) => {
      let count = 0;
      let after = '';
      for (;;) {
        const url = `${baseUrl}/v1/loyalties/${CAMPAIGN}/transactions?limit=${PAGE_SIZE}${after ? `&starting_after_id=${after}` : ''}`;
        const page = JSON.parse(await (await fetch(url, { headers })).text());
        for (const record of page.data) count += onRecord(record);
        if (!page.has_more) return count;
        after = page.more_starting_after;
      }
    },
  },
  vendor: {
    getMember: () => vendor.getMember(MEMBER),
    walk: (onRecord) => vendor.walk(PAGE_SIZE, onRecord),
  },
};
const names = Object.keys(contenders);
/** The contenders that can be given an in-memory `fetch` (the vendor's SDK sends through node:http). */
const fetchNames = names.filter((n) => n !== 'vendor');
const countRecord = (record) => (record.id ? 1 : 0);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
/** Round `r` runs the contenders in a rotated order, so none always goes first. */
const order = (round) => names.map((_, i) => names[(i + round) % names.length]);

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
  // Per round: requests per second and CPU per request; the figures are the medians over rounds.
  const rounds = Object.fromEntries(names.map((n) => [n, { rate: [], cpu: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of order(round)) {
      const call = contenders[name].getMember;
      let next = 0;
      const cpu = process.cpuUsage();
      const t = performance.now();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next++ < PAR_TOTAL) await call();
        }),
      );
      const used = process.cpuUsage(cpu);
      rounds[name].rate.push((PAR_TOTAL / (performance.now() - t)) * 1000);
      rounds[name].cpu.push((used.user + used.system) / PAR_TOTAL);
    }
  }
  return Object.fromEntries(names.map((n) => [n, { requests_per_s: median(rounds[n].rate), cpu_us_per_request: median(rounds[n].cpu) }]));
}

/**
 * CPU per call against an in-memory `fetch` (no sockets): each client's own work, which the
 * shared machine's network noise does not blur. For information next to the budgets.
 */
async function ownCpu() {
  const body = Buffer.from(JSON.stringify(loyaltyCard(MEMBER)));
  const memoryFetch = async () => new Response(body, { headers: { 'content-type': 'application/json' } });
  const local = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', validation: 'warn', logLevel: 'off', fetch: memoryFetch });
  const localKyZod = kyZodClient(baseUrl, headers, memoryFetch);
  const calls = {
    promokit: () => local.loyalties.getMember(MEMBER),
    kyZod: () => localKyZod.getMember(MEMBER),
    fetch: async () => JSON.parse(await (await memoryFetch()).text()),
  };
  const N = quick ? 500 : 3000;
  const per = Object.fromEntries(fetchNames.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of order(round).filter((n) => n !== 'vendor')) {
      const cpu = process.cpuUsage();
      for (let i = 0; i < N; i++) await calls[name]();
      const used = process.cpuUsage(cpu);
      per[name].push((used.user + used.system) / N);
    }
  }
  return Object.fromEntries(fetchNames.map((n) => [n, { cpu_us_per_call: median(per[n]) }]));
}

/** The walk's retained heap, each run in a fresh process (bench/heap.mjs); the median of the runs. */
function retainedHeap(contender) {
  const runs = [];
  for (let i = 0; i < HEAP_RUNS; i++) {
    const run = spawnSync(process.execPath, ['--expose-gc', '--single-threaded-gc', join(here, 'heap.mjs'), contender], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`bench/heap.mjs ${contender} failed:\n${run.stderr}`);
    runs.push(JSON.parse(run.stdout));
  }
  const byPeak = [...runs].sort((x, y) => x.peak_pages - y.peak_pages);
  return {
    heap_growth_pages: byPeak[Math.floor(runs.length / 2)].peak_pages,
    heap_growth_pages_runs: runs.map((r) => r.peak_pages),
    page_bytes: median(runs.map((r) => r.unit_bytes)),
    pages_alive: Math.max(...runs.map((r) => r.peak_pages_alive)),
  };
}

async function listWalk() {
  // The rate of each walk; the figure is the median over the rounds (one slow walk, a collection
  // or a neighbour's burst on a shared machine, does not move it).
  const rates = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < WALKS * names.length; round++) {
    for (const name of order(round)) {
      const t = performance.now();
      const records = await contenders[name].walk(countRecord);
      rates[name].push((records / (performance.now() - t)) * 1000);
    }
  }
  const out = {};
  for (const n of names) out[n] = { records_per_s: median(rates[n]), ...(n === 'vendor' ? {} : retainedHeap(n)) };
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
    new Client({
      baseUrl,
      appId: 'a',
      appToken: 't',
      accessToken: 'k',
      validation,
      logLevel: 'off',
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    });
  const modes = ['off', 'warn', 'strict'];
  const clients = Object.fromEntries(modes.map((m) => [m, make(m)]));
  const N = quick ? 50 : 300;
  const per = Object.fromEntries(modes.map((m) => [m, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const m of round % 2 ? [...modes].reverse() : modes) {
      const t = performance.now();
      for (let i = 0; i < N; i++) await clients[m].loyalties.listTransactions(CAMPAIGN, { limit: PAGE_SIZE });
      per[m].push((performance.now() - t) / N);
    }
  }
  const off = median(per.off);
  return Object.fromEntries(modes.map((m) => [m, { ms_per_page: median(per[m]), validation_ms: median(per[m]) - off }]));
}

// Warm every contender (module loading, schema building, connections) before measuring.
for (const name of names) {
  for (let i = 0; i < 200; i++) await contenders[name].getMember();
  await contenders[name].walk(countRecord);
}

const results = {
  machine: { node: process.version, cpus: cpus().length, cpu_model: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30) },
  bodies: { member_bytes: memberBytes, page_bytes: pageBytes, pages: PAGES, page_size: PAGE_SIZE, heap_runs: HEAP_RUNS },
  latency: await latency(),
  throughput: await throughput(),
  own_cpu: await ownCpu(),
  list_walk: await listWalk(),
  validation: await validationCost(),
  cold_import: coldImport(),
};
server.disconnect();
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
