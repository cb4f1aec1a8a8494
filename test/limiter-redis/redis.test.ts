/**
 * `promokit/limiter-redis` against a real redis-server: two separate Node processes importing the
 * built package share one limit of 100 calls/s against a node:http server that answers 429 above
 * 100/s, and the server counts what arrives. Without redis-server the test fails; it never skips.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRateLimitedServer } from '../../bench/rate-limited-server.mjs';
import { AbortError, Client, ConfigurationError } from '../../src/index.js';
import { createRedisLimiter } from '../../src/limiter-redis.js';
import { startRedis, type RedisServer } from './redis-server.js';

const root = resolve(__dirname, '../..');
let redisServer: RedisServer;
let redis: Redis;

beforeAll(async () => {
  redisServer = await startRedis();
  redis = new Redis({ host: '127.0.0.1', port: redisServer.port });
}, 30_000);

afterAll(async () => {
  await redis?.quit();
  await redisServer?.stop();
});

interface Outcome {
  ok: number;
  failed: number;
  firstFailure?: string;
  ms: number;
  points: number;
  windowMs: number;
}

describe('promokit/limiter-redis', () => {
  it('two processes sharing 100 calls/s finish 2,000 calls with 0 failures, and the server never sees more than 100 in a second', async () => {
    if (!existsSync(join(root, 'dist', 'limiter-redis.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
    const server = await startRateLimitedServer({ requests: 100, perMs: 1_000 });
    const workers = [0, 1].map(() =>
      fork(join(__dirname, 'worker.mjs'), [server.url, String(redisServer.port), '1000', '100', '1000', 'fleet-test'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
    try {
      await Promise.all(workers.map((w) => new Promise((ready) => w.once('message', ready))));
      const outcomes = workers.map((w) => new Promise<Outcome>((done) => w.once('message', (m) => done(m as Outcome))));
      for (const w of workers) w.send('go');
      const results = await Promise.all(outcomes);
      const stats = server.stats();
      const rate = stats.admitted / (stats.spanMs / 1_000);
      console.log(`limiter-redis: 2 processes, ${stats.admitted} calls in ${(stats.spanMs / 1_000).toFixed(1)} s = ${rate.toFixed(1)} calls/s combined; most in any 1 s window: ${stats.maxInWindow}; 429s: ${stats.rejected}; fixed window ${results[0]!.points} per ${results[0]!.windowMs} ms`);
      expect(results.map((r) => [r.ok, r.failed, r.firstFailure])).toEqual([
        [1000, 0, undefined],
        [1000, 0, undefined],
      ]);
      expect(stats.received).toBe(2000);
      expect(stats.rejected).toBe(0);
      expect(stats.maxInWindow).toBeLessThanOrEqual(100);
      expect(rate).toBeLessThanOrEqual(100);
    } finally {
      for (const w of workers) if (w.connected) w.kill();
      await server.close();
    }
  }, 120_000);

  it('counts in fixed windows sized so that no span of perMs exceeds requests', () => {
    expect(createRedisLimiter({ redis, requests: 100, perMs: 1_000 })).toMatchObject({ points: 50, windowMs: 1_000 });
    expect(createRedisLimiter({ redis, requests: 6_000, perMs: 60_000 })).toMatchObject({ points: 98, windowMs: 1_000 });
  });

  it('a caller aborted while waiting for the next window leaves at once; the next caller still gets its turn', async () => {
    const limiter = createRedisLimiter({ redis, requests: 2, perMs: 1_000, key: `abort-${Date.now()}` });
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal).catch((e: unknown) => e);
    const next = limiter.acquire();
    await new Promise((r) => setTimeout(r, 100));
    const aborted = performance.now();
    controller.abort(new Error('gave up'));
    expect(await waiting).toEqual(new Error('gave up'));
    expect(performance.now() - aborted).toBeLessThan(100);
    await next;
  });

  it('through a Client, an abort while waiting is an AbortError and nothing is sent', async () => {
    let sent = 0;
    const limiter = createRedisLimiter({ redis, requests: 2, perMs: 1_000, key: `client-abort-${Date.now()}` });
    await limiter.acquire();
    const fetch: typeof globalThis.fetch = async () => {
      sent += 1;
      return new Response('{}');
    };
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', appId: 'a', appToken: 't', accessToken: 'k', fetch, limiter });
    await expect(client.asyncActions.get('aa_1', { signal: AbortSignal.timeout(50) })).rejects.toBeInstanceOf(AbortError);
    expect(sent).toBe(0);
  });

  it.each([
    [{ requests: 1, perMs: 1_000 }, 'requests'],
    [{ requests: 10, perMs: 500 }, 'perMs'],
    [{ requests: 10, perMs: 1_000, key: '' }, 'key'],
  ])('refuses %j naming %s', (options, option) => {
    let error: unknown;
    try {
      createRedisLimiter({ redis, ...options });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
  });
});
