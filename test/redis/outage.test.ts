/**
 * The Redis limiter while Redis fails, through each client it takes (ioredis, node-redis), against a real redis-server: killed and started again
 * empty, or frozen (SIGSTOP) and thawed (SIGCONT), in the middle of a run. Two limiters (two
 * connections, as two processes would have) share a limit and keep calls waiting all along;
 * each admitted call is sent to a node:http service that answers 429 over the limit.
 *
 * What must hold: no call is admitted without a slot (the service never sees more than the limit,
 * and nothing is admitted once the slots held before the outage have run out), every call settles
 * within its bound (admitted, or refused with a `LimiterError` once Redis has not answered for
 * `redisTimeout`), and calls flow again soon after Redis returns.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectRedis, startRedis, type RedisClientName, type RedisServer } from '../../bench/fleet-redis.mjs';
import { startRateLimitedServer, type RateLimitedServer } from '../../bench/rate-limited-server.mjs';
import { LimiterError } from '../../src/index.js';
import { createRedisLimiter, type RedisLimiter } from '../../src/redis.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LIMIT = { requests: 20, perMs: 1_000 };
const REDIS_TIMEOUT = 1_000;
/** Every slot is held at most this far ahead (500 ms), and used at most lateMs (100 ms) late. */
const HELD_MS = 600;

interface Call {
  started: number;
  settled?: number;
  outcome?: 'admitted' | 'refused';
  error?: unknown;
}

let cleanup: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/**
 * Runs two limiters with 3 calls always waiting in each, for `ms`, calling `during(t0)` meanwhile;
 * each admitted call is sent to the service at once.
 */
async function run(
  which: RedisClientName,
  redisServer: RedisServer,
  service: RateLimitedServer,
  ms: number,
  during: () => Promise<void>,
): Promise<{ calls: Call[]; limiters: RedisLimiter[] }> {
  const key = `outage-${process.pid}-${Date.now()}`;
  // Errors of the clients themselves while Redis is away are expected (connectRedis ignores them):
  // the limiter has its own connection.
  const clients = await Promise.all([0, 1].map(() => connectRedis(which, redisServer.port)));
  cleanup.push(() => Promise.all(clients.map((c) => c.quit())));
  const limiters = clients.map(({ redis }) => createRedisLimiter({ redis, ...LIMIT, marginMs: 200, redisTimeout: REDIS_TIMEOUT, key }));
  const calls: Call[] = [];
  // Every request sent is awaited before the run ends, so none is cut off when the service stops.
  const sent: Array<Promise<unknown>> = [];
  let running = true;
  const loop = async (limiter: RedisLimiter) => {
    while (running) {
      const call: Call = { started: performance.now() };
      calls.push(call);
      try {
        await limiter.acquire();
        call.outcome = 'admitted';
        sent.push(fetch(`${service.url}/v1/publications`, { method: 'POST', body: '{}' }).then((r) => r.arrayBuffer()));
      } catch (error) {
        call.outcome = 'refused';
        call.error = error;
        // A refused caller would come back a little later.
        await sleep(50);
      } finally {
        call.settled = performance.now();
      }
    }
  };
  const loops = limiters.flatMap((limiter) => [0, 1, 2].map(() => loop(limiter)));
  await during();
  await sleep(ms);
  running = false;
  await Promise.all(loops);
  // A request the local service dropped is not the limiter's failure; the service's own count is checked.
  await Promise.allSettled(sent);
  return { calls, limiters };
}

/** Checks what must hold whatever the outage; returns the admissions' times. */
function checkInvariants(calls: Call[], limiters: RedisLimiter[], service: RateLimitedServer): number[] {
  // Every call settled, within its bound: the queue (6 callers, 60 ms apart, with up to 500 ms of
  // slots held ahead) or Redis's timeout, with room for a loaded machine.
  const slowest = Math.max(...calls.map((c) => c.settled! - c.started));
  expect(calls.every((c) => c.outcome !== undefined)).toBe(true);
  expect(slowest).toBeLessThan(REDIS_TIMEOUT + 1_500);
  for (const c of calls.filter((c) => c.outcome === 'refused')) {
    expect(c.error).toBeInstanceOf(LimiterError);
    expect((c.error as Error).message).toMatch(/Redis did not answer within 1000 ms.*nothing was sent/);
  }
  // Nothing admitted without a slot: each limiter admitted no more than Redis gave it, and the
  // service never saw more than the limit.
  for (const limiter of limiters) expect(limiter.stats().admitted).toBeLessThanOrEqual(limiter.stats().slots);
  const stats = service.stats();
  expect(stats.rejected).toBe(0);
  expect(stats.maxInWindow).toBeLessThanOrEqual(LIMIT.requests);
  return calls.filter((c) => c.outcome === 'admitted').map((c) => c.settled!);
}

/** The two outages: how Redis goes away and comes back, and how soon calls must flow again after. */
const outages = [
  {
    name: 'killed, then started again empty',
    down: (server: RedisServer) => server.kill(),
    // A reconnection within 200 ms, then the first slot of the new (empty) schedule held back 500 ms.
    up: (server: RedisServer) => server.restart(),
    downMs: 2_000,
  },
  {
    name: 'frozen (SIGSTOP), then thawed',
    down: async (server: RedisServer) => server.freeze(),
    // The reservation in flight, or the next connection, is answered as soon as Redis runs again.
    up: async (server: RedisServer) => server.thaw(),
    downMs: 2_500,
  },
];

describe.each<RedisClientName>(['ioredis', 'node-redis'])('through %s, when Redis fails mid-run', (which) => {
  it.each(outages)(
    '$name: calls are refused within their bound, none admitted unlimited, and they flow again soon after',
    async ({ name, down, up, downMs }) => {
      const redisServer = await startRedis();
      cleanup.push(() => redisServer.stop());
      const service = await startRateLimitedServer(LIMIT);
      cleanup.push(() => service.close());
      let failed = 0;
      let back = 0;
      const { calls, limiters } = await run(which, redisServer, service, 1_500, async () => {
        await sleep(1_500);
        await down(redisServer);
        failed = performance.now();
        await sleep(downMs);
        await up(redisServer);
        back = performance.now();
      });
      const admitted = checkInvariants(calls, limiters, service);
      // Refused during the outage, once the bound passed.
      expect(calls.filter((c) => c.outcome === 'refused' && c.settled! > failed && c.settled! < back + 200).length).toBeGreaterThan(0);
      // Nothing admitted once the slots held when Redis went away ran out.
      expect(admitted.filter((t) => t > failed + HELD_MS && t < back)).toEqual([]);
      const resumed = Math.min(...admitted.filter((t) => t > back)) - back;
      console.log(
        `promokit/redis (${which}), Redis ${name}: first call admitted ${resumed.toFixed(0)} ms after Redis was back; ${limiters.map((l) => JSON.stringify(l.stats())).join(' ')}`,
      );
      expect(resumed).toBeLessThan(2_000);
      expect(admitted.filter((t) => t > back).length).toBeGreaterThan(5);
    },
    30_000,
  );
});
