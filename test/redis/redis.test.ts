/**
 * `promokit/limiter-redis` against a real redis-server (Debian's package, started on 127.0.0.1 and
 * stopped by pid): eight Node processes importing the built package share one limit against a
 * node:http service that answers 429 over it, and the service counts what arrives; the Lua
 * reservation held against its TypeScript twin; retries, cold start, the client, a Redis Cluster.
 * Without redis-server the tests fail; they never skip.
 *
 * Timings here are loose on purpose (shared 2-core machines); the rate reached is the fleet
 * benchmark's business (bench/fleet.mjs).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../../bench/fleet-redis.mjs';
import { startRateLimitedServer } from '../../bench/rate-limited-server.mjs';
import { AbortError, Client, ConfigurationError, LimiterError, type Limiter } from '../../src/index.js';
import { startServer } from '../helpers/http-server.js';
import { createRedisLimiter, type RedisLimiterOptions } from '../../src/limiter-redis.js';
import { grant, KEEP_MS, RESERVE_SCRIPT } from '../../src/limiter-redis/schedule.js';

const root = resolve(__dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let redisServer: RedisServer;
let redis: Redis;
let keys = 0;
/** A key no other test uses. */
const freshKey = (name: string) => `${name}-${process.pid}-${Date.now()}-${keys++}`;

beforeAll(async () => {
  redisServer = await startRedis();
  redis = new Redis({ host: '127.0.0.1', port: redisServer.port });
}, 30_000);

afterAll(async () => {
  await redis?.quit();
  await redisServer?.stop();
});

interface WorkerOutcome {
  ok: number;
  failed: number;
  rateLimitErrors: number;
  firstFailure?: string;
  stats: { admitted: number; reservations: number; late: number };
}

describe('a fleet of processes', () => {
  it('eight processes sharing 100 calls/s finish 800 calls with no 429 and no failure; the service never sees more than 100 in any second', async () => {
    if (!existsSync(join(root, 'dist', 'limiter-redis.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
    const server = await startRateLimitedServer({ requests: 100, perMs: 1_000 });
    // A wide margin: on a loaded machine, the processes and the service can stall for a hundred
    // milliseconds and more, and a request arriving later than the margin allows is a 429.
    const settings = { baseUrl: server.url, redisPort: redisServer.port, calls: 100, requests: 100, perMs: 1_000, marginMs: 250, key: freshKey('fleet') };
    const workers = Array.from({ length: 8 }, () => fork(join(root, 'bench', 'fleet-worker.mjs'), [JSON.stringify(settings)], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    const exits = workers.map((w) => new Promise<number | null>((done) => w.once('exit', done)));
    try {
      await Promise.all(workers.map((w) => new Promise((ready) => w.once('message', ready))));
      const outcomes = workers.map((w) => new Promise<WorkerOutcome>((done) => w.once('message', (m) => done(m as WorkerOutcome))));
      for (const w of workers) w.send('go');
      const results = await Promise.all(outcomes);
      for (const w of workers) w.send('done');
      const stats = server.stats();
      const rate = ((stats.received - 1) * 1_000) / stats.spanMs;
      const trips = results.reduce((n, r) => n + r.stats.reservations, 0) / 800;
      console.log(`limiter-redis: 8 processes, ${stats.received} calls at ${rate.toFixed(1)} calls/s; most in any 1 s: ${stats.maxInWindow}; 429s: ${stats.rejected}; ${trips.toFixed(2)} Redis round trips per call`);
      expect(results.map((r) => [r.ok, r.failed, r.firstFailure])).toEqual(Array.from({ length: 8 }, () => [100, 0, undefined]));
      expect(stats.received).toBe(800);
      expect(stats.rejected).toBe(0);
      expect(stats.maxInWindow).toBeLessThanOrEqual(100);
      // Loose, for loaded machines (where late slots are skipped): the spacing allows 80 calls/s,
      // a fixed-window limiter reaches 50, half the limit.
      expect(rate).toBeGreaterThan(50);
      // Each process quit its client, which closed the limiter's connection: every one exits.
      expect(await Promise.all(exits)).toEqual(Array.from({ length: 8 }, () => 0));
    } finally {
      for (const w of workers) if (w.exitCode === null) w.kill();
      await server.close();
    }
  }, 120_000);
});

describe('the reservation in Redis', () => {
  it('property: the Lua script hands out exactly what its TypeScript twin computes from the same stored slot and clock', async () => {
    const probe = new Redis({ host: '127.0.0.1', port: redisServer.port });
    probe.defineCommand('reserve', { numberOfKeys: 1, lua: RESERVE_SCRIPT });
    const reserve = (key: string, want: number, intervalMs: number, aheadMs: number) =>
      (probe as unknown as { reserve(...args: unknown[]): Promise<[string, string, number]> }).reserve(key, want, intervalMs, aheadMs, KEEP_MS);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ requests: fc.integer({ min: 1, max: 500 }), perMs: fc.integer({ min: 100, max: 60_000 }), marginMs: fc.integer({ min: 0, max: 100 }) }),
          fc.array(fc.record({ want: fc.integer({ min: 1, max: 16 }), pause: fc.integer({ min: 0, max: 15 }), lose: fc.boolean() }), { minLength: 1, maxLength: 8 }),
          async ({ requests, perMs, marginMs }, steps) => {
            const key = `promokit-limit:{${freshKey('lua')}}`;
            const spacing = { intervalMs: (perMs + marginMs) / requests, aheadMs: Math.min(500, perMs / 2) };
            for (const { want, pause, lose } of steps) {
              await sleep(pause);
              if (lose) await probe.del(key);
              const before = await probe.get(key);
              const [now, start, count] = await reserve(key, want, spacing.intervalMs, spacing.aheadMs);
              const expected = grant(before === null ? undefined : Number(before), Number(now), want, spacing);
              expect(count).toBe(expected.count);
              expect(Number(start)).toBeCloseTo(expected.start, 2);
              const after = await probe.get(key);
              if (expected.next === undefined) expect(after).toBeNull();
              else expect(Number(after)).toBeCloseTo(expected.next, 2);
              // The schedule outlives its last slot by a day.
              if (count > 0) expect(await probe.pttl(key)).toBeGreaterThan(KEEP_MS - 60_000);
            }
          },
        ),
        { numRuns: 25 },
      );
    } finally {
      await probe.quit();
    }
  }, 60_000);
});

describe('createRedisLimiter', () => {
  it('admits a retry after a 429 ahead of first attempts waiting in the same process', async () => {
    // One call every 250 ms: (950 + 50) / 4.
    const limiter = createRedisLimiter({ redis, requests: 4, perMs: 950, key: freshKey('retry') });
    try {
      await limiter.acquire();
      const order: string[] = [];
      const firsts = [1, 2].map((n) => limiter.acquire().then(() => order.push(`first ${n}`)));
      await sleep(50);
      const retry = limiter.acquire(undefined, { retry: true }).then(() => order.push('retry'));
      await Promise.all([...firsts, retry]);
      expect(order).toEqual(['retry', 'first 1', 'first 2']);
    } finally {
      await limiter.close();
    }
  });

  it('cold start: a new limiter on a new connection, its script not yet in Redis, admits its first calls at once and then at the fleet spacing, none late', async () => {
    const key = freshKey('cold');
    // A wide margin, so that a loaded machine's stalls do not make slots late here.
    const options = { redis, requests: 50, perMs: 1_000, marginMs: 400, key };
    // The fleet has used the limit before, and it is idle now.
    const earlier = createRedisLimiter(options);
    await earlier.acquire();
    await earlier.close();
    await sleep(100);
    await redis.script('FLUSH');

    const limiter = createRedisLimiter(options);
    try {
      const called = performance.now();
      const admitted = await Promise.all(Array.from({ length: 8 }, () => limiter.acquire().then(() => performance.now())));
      // Connecting, loading the script and one reservation: a few milliseconds (bound loose for CI).
      expect(admitted[0]! - called).toBeLessThan(250);
      // One reservation for all eight, no slot skipped: no call waited past its slot.
      expect(limiter.stats()).toMatchObject({ admitted: 8, reservations: 1, late: 0 });
      const lateMs = 200; // marginMs / 2
      for (let i = 1; i < admitted.length; i++) {
        expect(admitted[i]! - admitted[0]!).toBeGreaterThanOrEqual(i * limiter.intervalMs - lateMs);
        expect(admitted[i]! - admitted[0]!).toBeLessThanOrEqual(i * limiter.intervalMs + lateMs);
      }
    } finally {
      await limiter.close();
    }
  });

  it('a caller aborted while waiting leaves at once with its reason; the next caller still gets its turn', async () => {
    const limiter = createRedisLimiter({ redis, requests: 2, perMs: 1_000, key: freshKey('abort') });
    try {
      await limiter.acquire();
      const controller = new AbortController();
      const waiting = limiter.acquire(controller.signal).catch((e: unknown) => e);
      const next = limiter.acquire();
      await sleep(100);
      const aborted = performance.now();
      controller.abort(new Error('gave up'));
      expect(await waiting).toEqual(new Error('gave up'));
      expect(performance.now() - aborted).toBeLessThan(100);
      await next;
      expect(limiter.stats().admitted).toBe(2);
    } finally {
      await limiter.close();
    }
  });

  it('closes its own connection when the client it was given ends, failing the calls still waiting with a LimiterError', async () => {
    const mine = new Redis({ host: '127.0.0.1', port: redisServer.port });
    const clients = async () => String(await redis.call('CLIENT', 'LIST')).split('\n').filter(Boolean).length;
    const before = await clients();
    const limiter = createRedisLimiter({ redis: mine, requests: 1, perMs: 1_000, key: freshKey('close') });
    await limiter.acquire();
    expect(await clients()).toBe(before + 1);
    const waiting = limiter.acquire().catch((e: unknown) => e);
    await mine.quit();
    const error = await waiting;
    expect(error).toBeInstanceOf(LimiterError);
    expect((error as LimiterError).message).toMatch(/limiter was closed.*nothing was sent/);
    await sleep(100);
    expect(await clients()).toBe(before - 1);
    await expect(limiter.acquire()).rejects.toBeInstanceOf(LimiterError);
  });

  it('works with a Redis Cluster: one hash-tagged key, so one slot', async () => {
    const clusterServer = await startRedis({ cluster: true });
    const cluster = new Cluster([{ host: '127.0.0.1', port: clusterServer.port }]);
    try {
      const key = freshKey('cluster');
      const limiter = createRedisLimiter({ redis: cluster, requests: 100, perMs: 1_000, key });
      await Promise.all(Array.from({ length: 5 }, () => limiter.acquire()));
      expect(limiter.stats()).toMatchObject({ admitted: 5 });
      expect(Number(await cluster.get(`promokit-limit:{${key}}`))).toBeGreaterThan(0);
      await limiter.close();
    } finally {
      await cluster.quit();
      await clusterServer.stop();
    }
  });

  it.each<[Partial<RedisLimiterOptions>, string]>([
    [{ redis: {} as Redis }, 'redis'],
    [{ requests: 0 }, 'requests'],
    [{ requests: 2.5 }, 'requests'],
    [{ perMs: 0 }, 'perMs'],
    [{ perMs: Number.NaN }, 'perMs'],
    [{ marginMs: -1 }, 'marginMs'],
    [{ redisTimeout: 50 }, 'redisTimeout'],
    [{ key: '' }, 'key'],
  ])('refuses %j naming %s', (options, option) => {
    let error: unknown;
    try {
      createRedisLimiter({ redis, requests: 10, perMs: 1_000, ...options });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    expect((error as ConfigurationError).message).toContain(`the ${option} option must be`);
  });
});

describe('through a Client', () => {
  it('paces the calls of a client against a node:http service: all succeed, no 429, never more than the limit in a second', async () => {
    const server = await startRateLimitedServer({ requests: 20, perMs: 1_000 });
    const limiter = createRedisLimiter({ redis, requests: 20, perMs: 1_000, marginMs: 300, key: freshKey('client') });
    try {
      const client = new Client({ baseUrl: server.url, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off', limiter });
      const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `c-${i}` } })));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const stats = server.stats();
      expect(stats).toMatchObject({ received: 30, rejected: 0 });
      expect(stats.maxInWindow).toBeLessThanOrEqual(20);
    } finally {
      await limiter.close();
      await server.close();
    }
  }, 30_000);

  it('asks the limiter again for the retry of a call answered 429, as a retry, ahead of the calls waiting behind it', async () => {
    // The service refuses the first request it receives (Retry-After: 0) and accepts the rest.
    const service = await startServer((_request, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: { code: 429, key: 'too_many_requests' } } : { body: { id: `pub_${n}`, object: 'publication' } },
    );
    const redisLimiter = createRedisLimiter({ redis, requests: 5, perMs: 500, marginMs: 200, key: freshKey('client-retry') });
    const asked: Array<'first' | 'retry'> = [];
    const limiter: Limiter = { acquire: (signal, request) => (asked.push(request?.retry ? 'retry' : 'first'), redisLimiter.acquire(signal, request)) };
    try {
      const client = new Client({ baseUrl: service.url, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off', limiter });
      const customers = ['c-0', 'c-1', 'c-2', 'c-3'];
      await Promise.all(customers.map((id) => client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: id } }, { headers: { 'x-customer': id } })));
      // Four first attempts and one retry, each admitted by Redis; the retry of c-0 took the next
      // slot, ahead of c-1, c-2 and c-3 (waiting for slots 140 ms apart) though it asked after them.
      expect(asked).toEqual(['first', 'first', 'first', 'first', 'retry']);
      expect(redisLimiter.stats().admitted).toBe(5);
      expect(service.requests.map((r) => r.headers['x-customer'])).toEqual(['c-0', 'c-0', 'c-1', 'c-2', 'c-3']);
    } finally {
      await redisLimiter.close();
      await service.close();
    }
  });

  it('an abort while waiting is an AbortError and nothing is sent', async () => {
    let sent = 0;
    const limiter = createRedisLimiter({ redis, requests: 1, perMs: 1_000, key: freshKey('client-abort') });
    try {
      await limiter.acquire();
      const fetch: typeof globalThis.fetch = async () => {
        sent += 1;
        return new Response('{}');
      };
      const client = new Client({ baseUrl: 'http://127.0.0.1:9', appId: 'a', appToken: 't', accessToken: 'k', fetch, limiter });
      await expect(client.asyncActions.get('aa_1', { signal: AbortSignal.timeout(50) })).rejects.toBeInstanceOf(AbortError);
      expect(sent).toBe(0);
    } finally {
      await limiter.close();
    }
  });
});
