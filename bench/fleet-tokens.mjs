#!/usr/bin/env node
// promokit fleet benchmark, part two: a fleet that acts as one client. Processes
// (bench/fleet-token-worker.mjs, each importing the built package) share one access token through
// `cachedAccessToken(fetchToken, { store: redisTokenStore({ redis, key }) })` and, for the pause,
// one `createRedisLimiter` key, through a real redis-server on 127.0.0.1, once with ioredis and
// once with node-redis, against a stand-in service whose token endpoint counts the tokens it
// issues (bench/token-service.mjs). What it prints, per client:
//
// - start: 8 processes make 25 calls each at once: tokens issued;
// - revoked: the token is revoked, then 8 × 5 calls: new tokens issued fleet-wide;
// - lifetimes: 8 processes call steadily (one call each 100 ms) for five lifetimes of a 5-second token refreshed 0.5 s
//   before it expires: tokens issued (one process alone issues one per lifetime and the first);
// - Redis stopped: 8 processes call steadily with 6-second tokens refreshed 3 s before they
//   expire while Redis is killed for 4 s and started again: calls that failed, the longest wait
//   for a token and the slowest call, against the calls' 5-second timeout;
// - pause: 4 processes share 50 calls/s; the service answers one call of one process 429 with
//   `Retry-After: 2`: calls that any process started (its limiter admitted) within those 2 s, and
//   calls that reached the service within them (calls started before, still on their way, too).
//
// Writes bench/results/fleet-tokens.json. Not a test: nothing here passes or fails.
//
//   npm run build && node bench/fleet-tokens.mjs        (npm run bench runs it last)
//   FLEET_CLIENTS=node-redis FLEET_SCENARIOS=pause node bench/fleet-tokens.mjs   (tokens, outage, pause)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedis } from './fleet-redis.mjs';
import { startTokenFleet } from './token-fleet.mjs';
import { startTokenService } from './token-service.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CLIENTS = (process.env.FLEET_CLIENTS ?? 'ioredis,node-redis').split(',');
const SCENARIOS = (process.env.FLEET_SCENARIOS ?? 'tokens,outage,pause').split(',');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (value, digits = 0) => Number(value.toFixed(digits));
const sum = (outcomes) => ({
  ok: outcomes.reduce((n, o) => n + o.ok, 0),
  failed: outcomes.reduce((n, o) => n + o.failed, 0),
  slowestMs: round(Math.max(...outcomes.map((o) => o.slowestMs))),
  tokenWaitMs: round(Math.max(...outcomes.map((o) => o.tokenWaitMs))),
  firstFailure: outcomes.find((o) => o.firstFailure)?.firstFailure,
});
let keys = 0;

/** Where allowed (root), the benchmark's processes run at a raised priority, as bench/bulk.mjs explains. */
function raisePriority(pid = 0) {
  try {
    setPriority(pid, -10);
  } catch {}
}
raisePriority();

/** A fleet of `size` against a new stand-in service; `body(fleet, service)`; both stopped after. */
async function withFleet(client, redisServer, size, { lifetimeS = 900, refreshBeforeMs, timeout = 5_000, limit } = {}, body) {
  const service = await startTokenService({ lifetimeS });
  const fleet = await startTokenFleet(size, {
    baseUrl: service.url,
    tokenUrl: service.tokenUrl,
    redisPort: redisServer.port,
    client,
    key: `bench-${client}-${Date.now()}-${keys++}`,
    refreshBeforeMs,
    timeout,
    limit,
  });
  for (const pid of [...fleet.pids(), redisServer.pid]) raisePriority(pid);
  try {
    return await body(fleet, service);
  } finally {
    await fleet.done();
    await service.close();
  }
}

async function scenarios(client) {
  const result = { client };
  const redisServer = await startRedis();
  try {
    if (!SCENARIOS.includes('tokens')) throw 'skip';
    // Start, then a revoked token.
    await withFleet(client, redisServer, 8, {}, async (fleet, service) => {
      const start = sum(await fleet.burst(25));
      result.start = { processes: 8, callsEach: 25, ...start, tokensIssued: service.issued.length };
      service.revoke();
      const before = service.issued.length;
      const revoked = sum(await fleet.burst(5));
      result.revoked = {
        processes: 8,
        callsEach: 5,
        ...revoked,
        refused401: service.calls.filter((c) => c.status === 401).length,
        tokensIssued: service.issued.length - before,
      };
    });
    // Several lifetimes.
    await withFleet(client, redisServer, 8, { lifetimeS: 5, refreshBeforeMs: 500 }, async (fleet, service) => {
      const ms = 25_000;
      const run = sum(await fleet.steady(ms, 100));
      const lifetimes = ms / 5_000;
      result.lifetimes = {
        processes: 8,
        seconds: ms / 1_000,
        tokenLifetimeS: 5,
        refreshBeforeMs: 500,
        lifetimes,
        ...run,
        tokensIssued: service.issued.length,
        afterTheFirst: service.issued.length - 1,
        refused401: service.calls.filter((c) => c.status === 401).length,
      };
    });
  } catch (skip) {
    if (skip !== 'skip') throw skip;
  } finally {
    await redisServer.stop();
  }
  // Redis stopped mid-run (its own server, killed and started again).
  const outageServer = await startRedis();
  try {
    if (!SCENARIOS.includes('outage')) throw 'skip';
    await withFleet(client, outageServer, 8, { lifetimeS: 6, refreshBeforeMs: 3_000, timeout: 5_000 }, async (fleet, service) => {
      const running = fleet.steady(8_000, 100);
      await sleep(2_000);
      await outageServer.kill();
      const downAt = Date.now();
      await sleep(4_000);
      await outageServer.restart();
      const run = sum(await running);
      const duringOutage = service.issued.filter((i) => i.at >= downAt && i.at < downAt + 4_000).length;
      result.redisStopped = {
        processes: 8,
        seconds: 8,
        downSeconds: 4,
        timeoutMs: 5_000,
        tokenLifetimeS: 6,
        ...run,
        tokensIssued: service.issued.length,
        issuedWhileDown: duringOutage,
      };
    });
  } catch (skip) {
    if (skip !== 'skip') throw skip;
  } finally {
    await outageServer.stop();
  }
  // One pause for the fleet.
  const pauseServer = await startRedis();
  try {
    if (!SCENARIOS.includes('pause')) throw 'skip';
    await withFleet(client, pauseServer, 4, { limit: { requests: 50, perMs: 1_000 } }, async (fleet, service) => {
      const running = fleet.steady(6_000, 80);
      await sleep(2_000);
      const tooMany = service.answer429('p0', 2);
      const outcomes = await running;
      const run = sum(outcomes);
      const { at, wall } = tooMany();
      // Calls that reached the service within the pause, and calls that started within it (the
      // limiter of some process admitted them after the 429 was sent): the first may include calls
      // started before and still on their way; the second is what the pause is for.
      const within = service.calls.filter((c) => at !== undefined && c.at > at && c.at < at + 2_000);
      const started = outcomes.flatMap((o, i) => (o.started ?? []).map((t) => ({ process: `p${i}`, after: t - wall })));
      const startedWithin = started.filter((s) => s.after > 0 && s.after < 2_000);
      result.pause = {
        processes: 4,
        limit: '50 per 1000 ms',
        retryAfterS: 2,
        ...run,
        arrivedWithinThePause: within.length,
        arrived: within.map((c) => `${c.process} +${round(c.at - at, 1)} ms`),
        startedWithinThePause: startedWithin.length,
        startedAfterItsFirst20ms: startedWithin.filter((s) => s.after > 20).length,
        started: startedWithin.map((s) => `${s.process} +${round(s.after)} ms`),
        firstStartAfterMs: round(Math.min(...started.filter((s) => s.after >= 1_950).map((s) => s.after))),
        received: service.calls.length,
        slotsDroppedForThePause: outcomes.map((o) => o.limiterStats?.paused),
      };
    });
  } catch (skip) {
    if (skip !== 'skip') throw skip;
  } finally {
    await pauseServer.stop();
  }
  return result;
}

const results = [];
for (const client of CLIENTS) {
  console.log(`fleet-tokens: ${client} …`);
  results.push(await scenarios(client));
  console.log(JSON.stringify(results.at(-1)));
}

console.log('');
console.log(
  '| client | start: 8 × 25 calls at once | revoked token, then 8 × 5 calls | 25 s of steady calls, 5-s tokens | Redis killed 4 s of an 8-s run (timeout 5 s) | 429 with Retry-After: 2 to one process |',
);
console.log('|---|---|---|---|---|---|');
for (const r of results) {
  const na = '(not run)';
  const cells =
    r.start === undefined || r.redisStopped === undefined || r.pause === undefined
      ? []
      : [
          `${r.start.tokensIssued} token issued, ${r.start.ok} ok, ${r.start.failed} failed`,
          `${r.revoked.tokensIssued} new token, ${r.revoked.ok} ok, ${r.revoked.failed} failed`,
          `${r.lifetimes.tokensIssued} tokens for ${r.lifetimes.lifetimes} lifetimes, ${r.lifetimes.ok} ok, ${r.lifetimes.failed} failed`,
          `${r.redisStopped.ok} ok, ${r.redisStopped.failed} failed; longest token wait ${r.redisStopped.tokenWaitMs} ms, slowest call ${r.redisStopped.slowestMs} ms`,
          `${r.pause.startedWithinThePause} calls started within it (${r.pause.startedAfterItsFirst20ms} after its first 20 ms), ${r.pause.arrivedWithinThePause} arrived within it; the next started after ${r.pause.firstStartAfterMs} ms`,
        ];
  if (cells.length === 0) console.log(`| ${r.client} | ${na}: see the JSON above |`);
  else console.log(`| ${r.client} | ${cells.join(' | ')} |`);
}
const machine = { node: process.version, cpus: cpus().length, loadAverage: loadavg().map((l) => round(l, 2)) };
console.log(`Node ${machine.node}, ${machine.cpus} CPUs, load average ${machine.loadAverage.join(' / ')} after the runs.`);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'fleet-tokens.json'), `${JSON.stringify({ date: new Date().toISOString(), machine, results }, null, 2)}\n`);
