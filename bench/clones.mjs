#!/usr/bin/env node
// promokit clone benchmark: what `client.withOptions()` costs, made 10,000 times in a row (another
// tenant's keys each time, as a server handling many tenants would), beside 10,000 `new Client()`
// with the same options for reference. Two figures each, medians of 7 interleaved rounds in this
// process:
//
//   time per clone   wall time of the 10,000, divided by 10,000 (the first round is a warm-up);
//   heap per clone   heap in use with the 10,000 held in an array, above the heap before them,
//                    divided by 10,000, after a full GC each side (`--expose-gc`).
//
// The parent has a rateLimit and hooks, so the clones share a queue and copy hooks. Nothing is
// sent: building a client makes no request.
//
// Then what a clone costs per call, beside its parent: `loyalties.getMember` answered by a
// stand-in fetch (a 3 KB loyalty card, no network), made one after another by a parent (the same
// options without rateLimit, so no call waits) and by a clone of it with another tenant's keys;
// CPU time (process.cpuUsage) per call, median of 7 interleaved rounds of CALLS calls.
//
// Prints tables, writes bench/results/clones.json. Not a test: nothing here passes or fails on
// speed.
//
//   npm run build && node --expose-gc bench/clones.mjs     (npm run bench runs it)
//   CLONES=1000 CALLS=500 node --expose-gc bench/clones.mjs     a shorter run
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { Client } = await import(pathToFileURL(join(here, '..', 'dist', 'index.js')).href);
const { loyaltyCard } = await import(pathToFileURL(join(here, 'fixtures.mjs')).href);

if (typeof globalThis.gc !== 'function') {
  console.error('bench/clones.mjs needs --expose-gc: node --expose-gc bench/clones.mjs');
  process.exit(1);
}

const CLONES = Number(process.env.CLONES ?? 10_000);
const CALLS = Number(process.env.CALLS ?? 2_000);
const ROUNDS = 7;
const options = {
  baseUrl: 'https://api.example.com',
  appId: 'app-id',
  appToken: 'app-token',
  accessToken: 'access-token',
  clientApplicationId: 'client-app',
  clientToken: 'client-token',
  origin: 'https://shop.example.com',
  logLevel: 'off',
  rateLimit: { requests: 100, perMs: 1_000 },
  hooks: { response: () => undefined },
};
const parent = new Client(options);
/** Tenant `i`'s keys. */
const tenant = (i) => ({ appId: `app-id-${i}`, appToken: `app-token-${i}`, accessToken: `access-token-${i}` });

const makers = {
  'client.withOptions(tenant keys)': (i) => parent.withOptions(tenant(i)),
  'new Client(options with tenant keys)': (i) => new Client({ ...options, ...tenant(i) }),
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function heapUsed() {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed;
}

/** One round: `CLONES` made and held; their time and their heap. */
function round(make) {
  const held = new Array(CLONES);
  const before = heapUsed();
  const started = performance.now();
  for (let i = 0; i < CLONES; i++) held[i] = make(i);
  const ms = performance.now() - started;
  const bytes = heapUsed() - before;
  if (held.length !== CLONES) throw new Error('lost a clone');
  return { us: (ms * 1_000) / CLONES, bytes: bytes / CLONES };
}

// Rounds interleaved, the order alternating, so that neither maker has the warmer machine.
const names = Object.keys(makers);
for (const name of names) round(makers[name]); // warm-up
const rounds = Object.fromEntries(names.map((name) => [name, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const name of r % 2 ? [...names].reverse() : names) rounds[name].push(round(makers[name]));
}
const results = Object.fromEntries(
  names.map((name) => [
    name,
    { us_per_clone: median(rounds[name].map((r) => r.us)), bytes_per_clone: median(rounds[name].map((r) => r.bytes)), rounds: rounds[name] },
  ]),
);

// Per call: a parent and its clone, each call answered by a stand-in fetch.
const card = JSON.stringify(loyaltyCard('LOYAL-1'));
const standIn = async () => new Response(card, { status: 200, headers: { 'content-type': 'application/json' } });
const { rateLimit: _unused, ...unlimited } = options;
const callParent = new Client({ ...unlimited, fetch: standIn });
const callers = { parent: callParent, 'clone (withOptions, tenant keys)': callParent.withOptions(tenant(1)) };

/** One round: `CALLS` calls one after another; CPU microseconds per call. */
async function callRound(client) {
  const cpu = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await client.loyalties.getMember('LOYAL-1');
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / CALLS;
}

const callerNames = Object.keys(callers);
for (const name of callerNames) await callRound(callers[name]); // warm-up
const callRounds = Object.fromEntries(callerNames.map((name) => [name, []]));
for (let r = 0; r < ROUNDS; r++) {
  for (const name of r % 2 ? [...callerNames].reverse() : callerNames) callRounds[name].push(await callRound(callers[name]));
}
const perCall = Object.fromEntries(callerNames.map((name) => [name, { cpu_us_per_call: median(callRounds[name]), rounds: callRounds[name] }]));

const machine = { node: process.version, cpus: cpus().length, cpu_model: cpus()[0]?.model ?? '', load_average: loadavg()[0] };
console.log(
  `\nclones: ${CLONES.toLocaleString('en-US')} per round, median of ${ROUNDS} rounds, node ${machine.node}, load average ${machine.load_average.toFixed(1)}`,
);
console.log(`${'made by'.padEnd(40)}${'time per clone'.padEnd(18)}heap per clone`);
for (const [name, r] of Object.entries(results)) {
  console.log(`${name.padEnd(40)}${`${r.us_per_clone.toFixed(1)} µs`.padEnd(18)}${(r.bytes_per_clone / 1024).toFixed(1)} KiB`);
}
console.log(`\nper call: loyalties.getMember over a stand-in fetch, ${CALLS.toLocaleString('en-US')} calls per round, median of ${ROUNDS} rounds`);
console.log(`${'called by'.padEnd(40)}CPU per call`);
for (const [name, r] of Object.entries(perCall)) console.log(`${name.padEnd(40)}${r.cpu_us_per_call.toFixed(1)} µs`);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(
  join(here, 'results', 'clones.json'),
  `${JSON.stringify({ clones: CLONES, calls: CALLS, rounds: ROUNDS, machine, results, per_call: perCall }, null, 2)}\n`,
);
console.log('written to bench/results/clones.json');
