/**
 * `promokit/redis`'s `createRedisLimiter` against a real redis-server (Debian's package, started on
 * 127.0.0.1 and stopped by pid), through each client it takes, ioredis and node-redis: eight Node
 * processes importing the built package share one limit against a node:http service that answers
 * 429 over it, and the service counts what arrives; the Lua script held against its TypeScript
 * twin, corrupt schedules included; retries, cold start, aborts, the end of the user's client, a
 * Redis Cluster; the limit stored with its schedule; a schedule Redis holds in a broken state,
 * repaired. Without redis-server the tests fail; they never skip.
 *
 * Timings here are loose on purpose (shared 2-core machines); the rate reached is the fleet
 * benchmark's business (bench/fleet.mjs).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { connectRedis, startRedis, type RedisClientName } from '../../bench/fleet-redis.mjs';
import { expectRefusal, notClients, useRealRedis } from './real-redis.js';
import { startRateLimitedServer } from '../../bench/rate-limited-server.mjs';
import { AbortError, Client, LimiterError, type Limiter } from '../../src/index.js';
import { startRecorder } from '../helpers/recorder.js';
import { createRedisLimiter, redisTokenStore, type RedisLimiterOptions } from '../../src/redis.js';
import { createRedisLimiter as fromAlias } from '../../src/limiter-redis.js';
import { decide, KEEP_MS, MAX_AHEAD_MS, MAX_PAUSE_MS, SCHEDULE_SCRIPT, type Limit, type Stored } from '../../src/redis/schedule.js';

const root = resolve(__dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const redisHere = useRealRedis();
const freshKey = redisHere.freshKey;
/** Redis's clock, in milliseconds, as `client` (by default the redisHere.probe) reads it. */
const redisNow = async (client?: Redis) => {
  if (!client) return redisHere.now();
  const [seconds, micros] = (await client.time()).map(Number) as [number, number];
  return seconds * 1_000 + micros / 1_000;
};

interface WorkerOutcome {
  ok: number;
  failed: number;
  rateLimitErrors: number;
  firstFailure?: string;
  stats: { admitted: number; reservations: number; late: number };
}

const CLIENTS: RedisClientName[] = ['ioredis', 'node-redis'];

describe.each(CLIENTS)('through %s', (which) => {
  /** A connected client of this kind; ended after the test by `using`. */
  const open = async () => connectRedis(which, redisHere.server.port);

  it('a fleet: eight processes sharing 100 calls/s finish 800 calls with no 429 and no failure; the service never sees more than 100 in any second', async () => {
    if (!existsSync(join(root, 'dist', 'redis.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
    const server = await startRateLimitedServer({ requests: 100, perMs: 1_000 });
    // A wide margin: on a loaded machine, the processes and the service can stall for a hundred
    // milliseconds and more, and a request arriving later than the margin allows is a 429.
    const settings = {
      baseUrl: server.url,
      redisPort: redisHere.server.port,
      calls: 100,
      requests: 100,
      perMs: 1_000,
      marginMs: 250,
      key: freshKey('fleet'),
      client: which,
    };
    const workers = Array.from({ length: 8 }, () =>
      fork(join(root, 'bench', 'fleet-worker.mjs'), [JSON.stringify(settings)], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
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
      console.log(
        `promokit/redis (${which}): 8 processes, ${stats.received} calls at ${rate.toFixed(1)} calls/s; most in any 1 s: ${stats.maxInWindow}; 429s: ${stats.rejected}; ${trips.toFixed(2)} Redis round trips per call`,
      );
      expect(results.map((r) => [r.ok, r.failed, r.firstFailure])).toEqual(Array.from({ length: 8 }, () => [100, 0, undefined]));
      expect(stats.received).toBe(800);
      expect(stats.rejected).toBe(0);
      expect(stats.maxInWindow).toBeLessThanOrEqual(100);
      // Loose, for loaded machines (where late slots are skipped): the spacing allows 80 calls/s,
      // a fixed-window limiter reaches 50, half the limit.
      expect(rate).toBeGreaterThan(50);
      // Each process quit its client, which closed the limiter's connections: every one exits.
      expect(await Promise.all(exits)).toEqual(Array.from({ length: 8 }, () => 0));
    } finally {
      for (const w of workers) if (w.exitCode === null) w.kill();
      await server.close();
    }
  }, 120_000);

  it('admits a retry after a 429 ahead of first attempts waiting in the same process', async () => {
    const { redis, quit } = await open();
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
      await quit();
    }
  });

  it('cold start: a new limiter on a new connection, its script not yet in Redis, admits its first calls at once and then at the fleet spacing, none late', async () => {
    const { redis, quit } = await open();
    const key = freshKey('cold');
    // A wide margin, so that a loaded machine's stalls do not make slots late here.
    const options = { redis, requests: 50, perMs: 1_000, marginMs: 400, key };
    // The fleet has used the limit before, and it is idle now.
    const earlier = createRedisLimiter(options);
    await earlier.acquire();
    await earlier.close();
    await sleep(100);
    await redisHere.probe.script('FLUSH');

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
      await quit();
    }
  });

  it('a caller aborted while waiting leaves at once with its reason; the next caller still gets its turn', async () => {
    const { redis, quit } = await open();
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
      await quit();
    }
  });

  it('closes its own connections when the client it was given ends, failing the calls still waiting with a LimiterError', async () => {
    const { redis, quit } = await open();
    const clients = async () =>
      String(await redisHere.probe.call('CLIENT', 'LIST'))
        .split('\n')
        .filter(Boolean).length;
    const before = await clients();
    const limiter = createRedisLimiter({ redis, requests: 1, perMs: 1_000, key: freshKey('close') });
    await limiter.acquire();
    await sleep(100);
    // Its reservations' connection and its pause channel's.
    expect(await clients()).toBe(before + 2);
    const waiting = limiter.acquire().catch((e: unknown) => e);
    await quit();
    const error = await waiting;
    expect(error).toBeInstanceOf(LimiterError);
    expect((error as LimiterError).message).toMatch(/limiter was closed.*nothing was sent/);
    await sleep(200);
    // The user's own connection is gone too.
    expect(await clients()).toBe(before - 1);
    await expect(limiter.acquire()).rejects.toBeInstanceOf(LimiterError);
  });

  it('works with a Redis Cluster: one hash-tagged key, so one slot', async () => {
    const clusterServer = await startRedis({ cluster: true });
    const { redis: cluster, quit } = await connectRedis(which, clusterServer.port, { cluster: true });
    try {
      const key = freshKey('cluster');
      const limiter = createRedisLimiter({ redis: cluster, requests: 100, perMs: 1_000, key });
      await Promise.all(Array.from({ length: 5 }, () => limiter.acquire()));
      expect(limiter.stats()).toMatchObject({ admitted: 5 });
      const direct = new Redis({ host: '127.0.0.1', port: clusterServer.port });
      expect(Number(await direct.hget(`promokit-limit:{${key}}`, 'next'))).toBeGreaterThan(0);
      direct.disconnect();
      await limiter.close();
    } finally {
      await quit();
      await clusterServer.stop();
    }
  });

  it('keeps the limit with its schedule: a process whose limit differs gets a LimiterError naming the key, at once; once the other limit is idle for its window, the key is taken over', async () => {
    const { redis, quit } = await open();
    const key = freshKey('two-limits');
    const fast = createRedisLimiter({ redis, requests: 40, perMs: 1_000, key });
    const slow = createRedisLimiter({ redis, requests: 1, perMs: 1_000, key });
    try {
      await fast.acquire();
      const started = performance.now();
      const error = await slow.acquire().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LimiterError);
      expect((error as Error).message).toBe(
        `createRedisLimiter: the Redis key promokit-limit:{${key}} holds the schedule of another limit (40 per 1000 ms, margin 50 ms), in use; this process's is 1 per 1000 ms, margin 50 ms: give each limit its own key; nothing was sent`,
      );
      expect(performance.now() - started).toBeLessThan(500);
      // The faster limit is not stalled: ten more calls at its own pace (26 ms apart).
      const t = performance.now();
      for (let i = 0; i < 10; i++) await fast.acquire();
      expect(performance.now() - t).toBeLessThan(1_500);
      // Idle for more than its window (1,050 ms): the other limit takes the key over.
      await sleep(1_300);
      await slow.acquire();
      expect(await redisHere.probe.hget(`promokit-limit:{${key}}`, 'limit')).toBe('1/1000/50');
    } finally {
      await fast.close();
      await slow.close();
      await quit();
    }
  });

  it.each<[string, (key: string, now: number) => Promise<unknown>]>([
    ['a string under the key', (key) => redisHere.probe.set(key, '1e308')],
    ['a list under the key', (key) => redisHere.probe.rpush(key, 'a', 'b')],
    ['a next slot of 1e308', (key) => redisHere.probe.hset(key, 'next', '1e308', 'limit', '10/1000/50', 'window', '1050')],
    [
      'a next slot an hour ahead (a clock stepped back)',
      (key, now) => redisHere.probe.hset(key, 'next', String(now + 3_600_000), 'limit', '10/1000/50', 'window', '1050'),
    ],
    ['a pause an hour long', (key, now) => redisHere.probe.hset(key, 'until', String(now + 3_600_000), 'limit', '10/1000/50', 'window', '1050')],
    ['words for numbers', (key) => redisHere.probe.hset(key, 'next', 'soon', 'until', 'later', 'limit', '10/1000/50', 'window', 'long')],
    ['inf and nan', (key) => redisHere.probe.hset(key, 'next', 'inf', 'until', 'nan', 'limit', '10/1000/50')],
    ['another limit whose record is unreadable', (key, now) => redisHere.probe.hset(key, 'next', String(now + 100), 'limit', '\u001b[31m', 'window', '1e308')],
  ])(
    'repairs a schedule Redis holds broken (%s): the next call is admitted within the hold of a lost schedule, and the key is sound again',
    async (_name, corrupt) => {
      const { redis, quit } = await open();
      const key = freshKey('corrupt');
      const redisKey = `promokit-limit:{${key}}`;
      const now = await redisNow();
      await corrupt(redisKey, now);
      const limiter = createRedisLimiter({ redis, requests: 10, perMs: 1_000, key });
      try {
        const started = performance.now();
        await limiter.acquire();
        // The first slot of a schedule started again is held 500 ms ahead.
        expect(performance.now() - started).toBeLessThan(1_500);
        expect(limiter.stats().invalid).toBe(0);
        const held = await redisHere.probe.hgetall(redisKey);
        expect(held.limit).toBe('10/1000/50');
        expect(held.window).toBe('1050');
        expect(Number(held.next)).toBeGreaterThan(now);
        expect(held.until).toBeUndefined();
        expect(await redisHere.probe.pttl(redisKey)).toBeGreaterThan(KEEP_MS - 60_000);
      } finally {
        await limiter.close();
        await quit();
      }
    },
  );

  it('a pause of one limiter reaches every process of its key at once: the slots they hold are dropped, and none is admitted before it ends', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    const key = freshKey('pause');
    const one = createRedisLimiter({ redis: a.redis, requests: 20, perMs: 1_000, key });
    const other = createRedisLimiter({ redis: b.redis, requests: 20, perMs: 1_000, key });
    try {
      // Both connected and listening; `other` holds slots ahead for callers waiting.
      await Promise.all([one.acquire(), other.acquire()]);
      await sleep(100);
      const admitted: number[] = [];
      const waiting = Array.from({ length: 6 }, () => other.acquire().then(() => admitted.push(performance.now())));
      await sleep(30);
      const paused = performance.now();
      await one.pause(1_000);
      // The schedule in Redis holds the pause too: a limiter that joins later waits for it.
      expect(Number(await redisHere.probe.hget(`promokit-limit:{${key}}`, 'until'))).toBeGreaterThan((await redisNow()) + 800);
      await Promise.all(waiting);
      // A slot due within the millisecond or two the message takes may still be used.
      expect(admitted.filter((t) => t > paused + 20 && t < paused + 990)).toEqual([]);
      expect(other.stats().paused).toBeGreaterThan(0);
    } finally {
      await one.close();
      await other.close();
      await a.quit();
      await b.quit();
    }
  });

  it.each<[string, () => Partial<RedisLimiterOptions> | null, string]>([
    ...notClients(),
    [
      'an emitter with duplicate() and nothing else',
      () => ({ redis: { duplicate: () => ({}), on: () => undefined, once: () => undefined } as never }),
      'redis',
    ],
    ['requests 0', () => ({ requests: 0 }), 'requests'],
    ['requests 2.5', () => ({ requests: 2.5 }), 'requests'],
    ["requests '10'", () => ({ requests: '10' as never }), 'requests'],
    ['perMs 0', () => ({ perMs: 0 }), 'perMs'],
    ['perMs NaN', () => ({ perMs: Number.NaN }), 'perMs'],
    ["perMs '1000'", () => ({ perMs: '1000' as never }), 'perMs'],
    ['marginMs -1', () => ({ marginMs: -1 }), 'marginMs'],
    ['marginMs null', () => ({ marginMs: null as never }), 'marginMs'],
    ['redisTimeout 50', () => ({ redisTimeout: 50 }), 'redisTimeout'],
    ['redisTimeout Infinity', () => ({ redisTimeout: Number.POSITIVE_INFINITY }), 'redisTimeout'],
    ["key ''", () => ({ key: '' }), 'key'],
    ['key with a line break', () => ({ key: 'a\nb' }), 'key'],
    ['key of 201 characters', () => ({ key: 'k'.repeat(201) }), 'key'],
    ['key 5', () => ({ key: 5 as never }), 'key'],
    ['an option it does not have (redistimeout, a typo)', () => ({ redistimeout: 500 }) as never, 'redistimeout'],
    ['options null', () => null, 'options'],
  ])('refuses %s, naming %s', async (_name, options, option) => {
    const make = (given: object | null) => createRedisLimiter((given && { requests: 10, perMs: 1_000, ...given }) as never);
    await expectRefusal(which, redisHere.server.port, options(), make, 'createRedisLimiter', option);
  });
});

describe('options read once', () => {
  it('a getter is read once, and options whose keys cannot be listed are refused naming options', async () => {
    const { redis, quit } = await connectRedis('ioredis', redisHere.server.port);
    try {
      let reads = 0;
      const limiter = createRedisLimiter({
        redis,
        perMs: 1_000,
        key: freshKey('getter'),
        get requests() {
          reads += 1;
          return reads === 1 ? 10 : -1;
        },
      });
      expect(reads).toBe(1);
      expect(limiter.intervalMs).toBe(105);
      await limiter.close();
      const hostile = new Proxy(
        { redis, requests: 10, perMs: 1_000 },
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      );
      expect(() => createRedisLimiter(hostile)).toThrow(/createRedisLimiter: the options option could not be read: trap/);
      expect(() => redisTokenStore(hostile as never)).toThrow(/redisTokenStore: the options option could not be read: trap/);
    } finally {
      await quit();
    }
  });

  it('pause takes a number of milliseconds: anything else rejects with a LimiterError, never a throw', async () => {
    const { redis, quit } = await connectRedis('node-redis', redisHere.server.port);
    const key = freshKey('pause-args');
    const limiter = createRedisLimiter({ redis, requests: 10, perMs: 1_000, key });
    try {
      for (const ms of ['1000', Number.NaN, -1, 0, null, undefined, {}]) {
        const paused = limiter.pause(ms as never);
        await expect(paused).rejects.toBeInstanceOf(LimiterError);
      }
      // Infinity is the longest pause, a minute.
      await limiter.pause(Number.POSITIVE_INFINITY);
      const left = Number(await redisHere.probe.hget(`promokit-limit:{${key}}`, 'until')) - (await redisNow());
      expect(left).toBeGreaterThan(58_000);
      expect(left).toBeLessThanOrEqual(60_000);
    } finally {
      await limiter.close();
      await quit();
    }
  });
});

describe('promokit/limiter-redis', () => {
  it('is an alias of createRedisLimiter of promokit/redis', () => {
    expect(fromAlias).toBe(createRedisLimiter);
  });
});

describe('the schedule script in Redis', () => {
  const limitOf = (requests: number, perMs: number, marginMs: number): Limit => ({
    intervalMs: (perMs + marginMs) / requests,
    aheadMs: Math.min(MAX_AHEAD_MS, perMs / 2),
    signature: `${requests}/${perMs}/${marginMs}`,
    windowMs: perMs + marginMs,
  });
  /** A field as the property writes it: absent, a moment near now, or something that is not a sound one. */
  const field = fc.oneof(
    fc.constant(undefined),
    fc.integer({ min: -5_000, max: 5_000 }).map((offset) => ({ offset })),
    fc.integer({ min: -100_000_000, max: 100_000_000 }).map((offset) => ({ offset })),
    fc.constantFrom('1e308', 'inf', '-inf', 'nan', 'NaN', '', ' 5', '0x10', 'soon', '1e5', '.5', '-0', '12abc'),
  );

  it('property: the Lua script decides exactly what its TypeScript twin decides, from any state of the key, sound or not', async () => {
    // The reply mapping named, as in real-redis.ts: `redisNow` takes a `Redis`.
    const script = new Redis<'legacy'>({ host: '127.0.0.1', port: redisHere.server.port });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ requests: fc.integer({ min: 1, max: 500 }), perMs: fc.integer({ min: 100, max: 60_000 }), marginMs: fc.integer({ min: 0, max: 100 }) }),
          fc.record({ next: field, until: field, window: field, limit: fc.constantFrom(undefined, 'ours', '7/1000/0', 'junk'), wrongType: fc.boolean() }),
          fc.oneof(
            fc.record({ op: fc.constant('reserve' as const), amount: fc.integer({ min: 1, max: 16 }) }),
            fc.record({ op: fc.constant('pause' as const), amount: fc.integer({ min: 1, max: MAX_PAUSE_MS }) }),
          ),
          async ({ requests, perMs, marginMs }, state, { op, amount }) => {
            const limit = limitOf(requests, perMs, marginMs);
            const key = `promokit-limit:{${freshKey('lua')}}`;
            const before = await redisNow(script);
            const text = (f: typeof state.next) => (f === undefined ? undefined : typeof f === 'string' ? f : (before + f.offset).toFixed(3));
            const stored: Stored = state.wrongType
              ? 'wrong type'
              : { next: text(state.next), until: text(state.until), window: text(state.window), limit: state.limit === 'ours' ? limit.signature : state.limit };
            if (stored === 'wrong type') await script.rpush(key, 'x');
            else {
              const pairs = Object.entries(stored)
                .filter(([, v]) => v !== undefined)
                .flat() as string[];
              if (pairs.length > 0) await script.hset(key, ...pairs);
            }
            const reply = (await script.eval(
              SCHEDULE_SCRIPT,
              1,
              key,
              op,
              amount,
              limit.intervalMs,
              limit.aheadMs,
              KEEP_MS,
              limit.signature,
              limit.windowMs,
              MAX_PAUSE_MS,
              MAX_AHEAD_MS,
              `${key}:test`,
            )) as string[];
            const now = Number(reply[1]);
            const expected = decide(stored, now, op, amount, limit);
            expect(reply[0]).toBe(expected.kind);
            const after = await script.hgetall(key);
            if (expected.kind === 'limit') {
              expect(reply[2]).toBe(expected.held);
              return;
            }
            if (expected.kind === 'ok') {
              expect(Number(reply[2])).toBeCloseTo(expected.start, 2);
              expect(reply[3]).toBe(expected.count);
            } else {
              expect(Number(reply[2])).toBeCloseTo(expected.until, 2);
            }
            const write = expected.write;
            if (!write) return;
            const close = (got: string | undefined, want: number | undefined) =>
              want === undefined ? expect(got).toBeUndefined() : expect(Number(got)).toBeCloseTo(want, 2);
            close(after.next, write.next);
            close(after.until, write.until);
            expect(after.limit).toBe(write.limit);
            expect(after.window).toBe(write.window);
            const ttl = await script.pttl(key);
            expect(Math.abs(ttl - write.ttlMs)).toBeLessThan(1_000);
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      await script.quit();
    }
  }, 120_000);
});

describe('through a Client', () => {
  it('paces the calls of a client against a node:http service: all succeed, no 429, never more than the limit in a second', async () => {
    const { redis, quit } = await connectRedis('node-redis', redisHere.server.port);
    const server = await startRateLimitedServer({ requests: 20, perMs: 1_000 });
    const limiter = createRedisLimiter({ redis, requests: 20, perMs: 1_000, marginMs: 300, key: freshKey('client') });
    try {
      const client = new Client({ baseUrl: server.url, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off', limiter });
      const results = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `c-${i}` } })),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const stats = server.stats();
      expect(stats).toMatchObject({ received: 30, rejected: 0 });
      expect(stats.maxInWindow).toBeLessThanOrEqual(20);
    } finally {
      await limiter.close();
      await server.close();
      await quit();
    }
  }, 30_000);

  it('asks the limiter again for the retry of a call answered 429, as a retry, ahead of the calls waiting behind it', async () => {
    const { redis, quit } = await connectRedis('ioredis', redisHere.server.port);
    // The service refuses the first request it receives (Retry-After: 0) and accepts the rest.
    const service = await startRecorder((_request, n) =>
      n === 1
        ? { status: 429, headers: { 'retry-after': '0' }, body: { code: 429, key: 'too_many_requests' } }
        : { body: { id: `pub_${n}`, object: 'publication' } },
    );
    const redisLimiter = createRedisLimiter({ redis, requests: 5, perMs: 500, marginMs: 200, key: freshKey('client-retry') });
    const asked: Array<'first' | 'retry'> = [];
    const limiter: Limiter = { acquire: (signal, request) => (asked.push(request?.retry ? 'retry' : 'first'), redisLimiter.acquire(signal, request)) };
    try {
      const client = new Client({ baseUrl: service.url, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off', limiter });
      const customers = ['c-0', 'c-1', 'c-2', 'c-3'];
      await Promise.all(
        customers.map((id) => client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: id } }, { headers: { 'x-customer': id } })),
      );
      // Four first attempts and one retry, each admitted by Redis; the retry of c-0 took the next
      // slot, ahead of c-1, c-2 and c-3 (waiting for slots 140 ms apart) though it asked after them.
      expect(asked).toEqual(['first', 'first', 'first', 'first', 'retry']);
      expect(redisLimiter.stats().admitted).toBe(5);
      expect(service.sent.map((r) => r.headers['x-customer'])).toEqual(['c-0', 'c-0', 'c-1', 'c-2', 'c-3']);
    } finally {
      await redisLimiter.close();
      await service.close();
      await quit();
    }
  });

  it('an abort while waiting is an AbortError and nothing is sent', async () => {
    const { redis, quit } = await connectRedis('node-redis', redisHere.server.port);
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
      await quit();
    }
  });
});
