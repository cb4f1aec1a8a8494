#!/usr/bin/env node
// promokit fleet benchmark: a fleet of 2 and 8 processes (bench/fleet-worker.mjs) shares one
// `createRedisLimiter({ requests: 100, perMs: 1000 })` of promokit/redis through a real
// redis-server on 127.0.0.1, once through ioredis and once through node-redis, and makes 3,000
// `publications.create` calls in all, each process starting its share
// at once through `Promise.all`, against a node:http service (bench/rate-limited-server.mjs, a
// child process) that answers 429 above 100 requests in any sliding 1,000 ms; after each run, one
// of the processes measures what the limiter adds to a call that need not wait. Prints a table
// and writes bench/results/fleet.json. Not a test: nothing here passes or fails on speed.
//
//   npm run build && node bench/fleet.mjs       (npm run bench runs it after bench/bulk.mjs)
//   FLEET_CALLS=1000 FLEET_PROCESSES=1,2,4,8 FLEET_CLIENTS=node-redis FLEET_MARGIN_MS=30 node bench/fleet.mjs
//   FLEET_WARMUP=0 node bench/fleet.mjs     (each process starts cold: no warm-up call first)
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startRedis } from './fleet-redis.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const CALLS = Number(process.env.FLEET_CALLS ?? 3_000);
const PROCESSES = (process.env.FLEET_PROCESSES ?? '2,8').split(',').map(Number);
const CLIENTS = (process.env.FLEET_CLIENTS ?? 'ioredis,node-redis').split(',');
const MARGIN_MS = process.env.FLEET_MARGIN_MS === undefined ? undefined : Number(process.env.FLEET_MARGIN_MS);
const LIMIT = { requests: 100, perMs: 1_000 };
const allowedPerSecond = (LIMIT.requests * 1_000) / LIMIT.perMs;
const round = (value, digits) => Number(value.toFixed(digits));

/** Starts the service in a child process; resolves with its port and a way to read its stats. */
async function startService() {
  const child = fork(join(here, 'rate-limited-server.mjs'), [String(LIMIT.requests), String(LIMIT.perMs)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  raisePriority(child.pid);
  return {
    url: `http://127.0.0.1:${port}`,
    stats: async () => {
      child.send('stats');
      return (await new Promise((resolve) => child.once('message', resolve))).stats;
    },
    close: () => child.disconnect(),
  };
}

/** Calls of the reservation script Redis has run so far (EVALSHA and EVAL, from INFO commandstats). */
async function scriptCalls(redis) {
  const info = await redis.info('commandstats');
  return [...info.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** One fleet run: `processes` workers share the limit and `CALLS` calls, through `client`. */
async function run(redisServer, redis, processes, client) {
  const service = await startService();
  const key = `fleet-${client}-${processes}-${Date.now()}`;
  const share = Math.floor(CALLS / processes);
  const workers = Array.from({ length: processes }, () =>
    fork(
      join(here, 'fleet-worker.mjs'),
      [JSON.stringify({ baseUrl: service.url, redisPort: redisServer.port, calls: share, ...LIMIT, marginMs: MARGIN_MS, key, client })],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    ),
  );
  try {
    for (const w of workers) raisePriority(w.pid);
    await Promise.all(workers.map((w) => new Promise((ready) => w.once('message', ready))));
    const scriptsBefore = await scriptCalls(redis);
    const outcomes = workers.map((w) => new Promise((done) => w.once('message', done)));
    for (const w of workers) w.send('go');
    const results = await Promise.all(outcomes);
    const stats = await service.stats();
    const roundTrips = (await scriptCalls(redis)) - scriptsBefore;
    // Then a call that need not wait, made by one process while the others stay connected.
    const measured = new Promise((done) => workers[0].once('message', done));
    workers[0].send('uncontended');
    const { uncontended } = await measured;
    for (const w of workers) w.send('done');
    const sum = (pick) => results.reduce((total, r) => total + pick(r), 0);
    const ok = sum((r) => r.ok);
    // The rate of calls the service admitted, from its first arrival to its last (a 429 and its
    // retry are one call).
    const perSecond = ((stats.admitted - 1) * 1_000) / stats.spanMs;
    return {
      client,
      processes,
      calls: share * processes,
      ok,
      failed: sum((r) => r.failed),
      firstFailure: results.find((r) => r.firstFailure)?.firstFailure,
      callsPerSecond: round(perSecond, 1),
      ofAllowed: round((perSecond / allowedPerSecond) * 100, 1),
      answered429: stats.rejected,
      mostInAnySecond: stats.maxInWindow,
      roundTripsPerCall: round(roundTrips / ok, 3),
      slotsLate: sum((r) => r.stats.late),
      slotsUnused: sum((r) => r.stats.unused),
      uncontended: {
        acquireMedianMs: round(uncontended.acquireMedianMs, 2),
        addedMedianMs: round(uncontended.withLimiterMedianMs - uncontended.withoutMedianMs, 2),
        callMedianMs: { withLimiter: round(uncontended.withLimiterMedianMs, 2), without: round(uncontended.withoutMedianMs, 2) },
      },
      seconds: round(Math.max(...results.map((r) => r.ms)) / 1_000, 1),
    };
  } finally {
    for (const w of workers) if (w.connected) w.kill();
    service.close();
  }
}

/** Where allowed (root), the benchmark's processes run at a raised priority, as bench/bulk.mjs explains. */
function raisePriority(pid = 0) {
  try {
    setPriority(pid, -10);
  } catch {}
}
raisePriority();

const redisServer = await startRedis();
const redis = new Redis({ host: '127.0.0.1', port: redisServer.port });
const runs = [];
try {
  raisePriority(redisServer.pid);
  console.log(
    `fleet: ${CALLS} publications.create shared by ${PROCESSES.join(', ')} processes through createRedisLimiter(${JSON.stringify({ ...LIMIT, marginMs: MARGIN_MS })}), with ${CLIENTS.join(' and ')}; the service answers 429 above ${LIMIT.requests} in any ${LIMIT.perMs} ms`,
  );
  for (const client of CLIENTS) {
    for (const processes of PROCESSES) {
      runs.push(await run(redisServer, redis, processes, client));
      console.log(JSON.stringify(runs.at(-1)));
    }
  }
} finally {
  await redis.quit();
  await redisServer.stop();
}

console.log('');
console.log(
  '| client | processes | calls/s | of allowed | 429s | failures | most in any 1,000 ms | Redis round trips per call | added latency of an uncontended call | slots skipped late |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const r of runs) {
  const u = r.uncontended;
  console.log(
    `| ${r.client} | ${r.processes} | ${r.callsPerSecond} | ${r.ofAllowed} % | ${r.answered429} | ${r.failed} | ${r.mostInAnySecond} | ${r.roundTripsPerCall} | +${u.addedMedianMs} ms (acquire ${u.acquireMedianMs} ms) | ${r.slotsLate} |`,
  );
}
const machine = { node: process.version, cpus: cpus().length, loadAverage: loadavg().map((l) => round(l, 2)) };
console.log(`Node ${machine.node}, ${machine.cpus} CPUs, load average ${machine.loadAverage.join(' / ')} after the runs.`);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(
  join(here, 'results', 'fleet.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, limit: LIMIT, marginMs: MARGIN_MS ?? 'default', runs }, null, 2)}\n`,
);
