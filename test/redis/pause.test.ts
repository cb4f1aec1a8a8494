/**
 * One pause per fleet: a 429 with `Retry-After` seen by one process moves the shared schedule of
 * its `createRedisLimiter` key, and every process sharing the key drops the slots it holds, so no
 * process sends before the pause passes. Two clients here, each with its own Redis connection and
 * limiter on one key (as two processes would have), against a real redis-server and a node:http
 * service that answers one call of the first client 429 with `Retry-After: 1`, through each Redis
 * client promokit takes. The fleet benchmark (bench/fleet-tokens.mjs) does the same with processes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, startRedis, type RedisClientName, type RedisServer } from '../../bench/fleet-redis.mjs';
import { Client } from '../../src/index.js';
import { createRedisLimiter } from '../../src/redis.js';
import { startRecorder } from '../helpers/recorder.js';

let redisServer: RedisServer;
beforeAll(async () => {
  redisServer = await startRedis();
}, 30_000);
afterAll(async () => {
  await redisServer?.stop();
});

describe.each<RedisClientName>(['ioredis', 'node-redis'])('through %s', (which) => {
  it('a 429 with Retry-After: 1 to one client: no call from any client of the key reaches the service within the second (but those started before the news came)', async () => {
    let refusedAt: number | undefined;
    const service = await startRecorder((request) => {
      if (refusedAt === undefined && request.headers['x-process'] === 'a' && performance.now() > started + 600) {
        refusedAt = request.at;
        return { status: 429, headers: { 'retry-after': '1' }, body: { code: 429, key: 'too_many_requests' } };
      }
      return { body: { id: 'pub_1', object: 'publication', result: 'SUCCESS' } };
    });
    const connections = await Promise.all([connectRedis(which, redisServer.port), connectRedis(which, redisServer.port)]);
    const key = `pause-${which}-${process.pid}-${Date.now()}`;
    const limiters = connections.map(({ redis }) => createRedisLimiter({ redis, requests: 20, perMs: 1_000, key }));
    const clients = ['a', 'b'].map(
      (name, i) =>
        new Client({
          baseUrl: service.url,
          appId: 'app',
          appToken: 't',
          accessToken: 'k',
          logLevel: 'off',
          validation: 'off',
          limiter: limiters[i],
          headers: { 'x-process': name },
        }),
    );
    const started = performance.now();
    try {
      // Three calls in flight per client, all along, for 2.5 s.
      const loop = async (client: Client) => {
        while (performance.now() - started < 2_500) await client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: 'c-1' } });
      };
      await Promise.all(clients.flatMap((client) => [loop(client), loop(client), loop(client)]));
      expect(refusedAt).toBeDefined();
      // The news travels from the service's answer through the first client and Redis to the
      // other (on a quiet machine within a couple of milliseconds; here one event loop runs the
      // service and both clients, on a loaded machine): a call the other client started before it
      // arrived may still land just after the 429.
      const within = service.sent.filter((r) => r.at > refusedAt! + 150 && r.at < refusedAt! + 980);
      const paused = limiters.map((l) => l.stats().paused);
      const seen = (r: { at: number; headers: Record<string, unknown> }) => `${String(r.headers['x-process'])} ${(r.at - refusedAt!).toFixed(0)} ms`;
      console.log(
        `promokit/redis (${which}): ${service.sent.length} calls (${service.sent.map(seen).join(', ')}); within the pause: ${within.length}; slots dropped for it: ${paused.join(', ')}`,
      );
      expect(within.map((r) => r.headers['x-process'])).toEqual([]);
      // The other client heard of the pause and gave its slots up.
      expect(limiters[1]!.stats().paused).toBeGreaterThan(0);
      // And calls flowed again after it, from both.
      const after = service.sent.filter((r) => r.at > refusedAt! + 1_000);
      expect(new Set(after.map((r) => r.headers['x-process']))).toEqual(new Set(['a', 'b']));
    } finally {
      for (const limiter of limiters) await limiter.close();
      for (const c of connections) await c.quit();
      await service.close();
    }
  }, 30_000);
});
