// One process of the fleet in test/limiter-redis/redis.test.ts: the BUILT package, imported the
// way a user imports it, sharing one Redis limit with the other processes.
//
//   node worker.mjs <baseUrl> <redisPort> <calls> <requests> <perMs> <key>
// Sends 'ready' over IPC once connected, starts on 'go', sends its outcome and exits.
import { Redis } from 'ioredis';
import { Client } from 'promokit';
import { createRedisLimiter } from 'promokit/limiter-redis';

const [baseUrl, redisPort, calls, requests, perMs, key] = process.argv.slice(2);
const redis = new Redis({ host: '127.0.0.1', port: Number(redisPort), lazyConnect: true });
await redis.connect();
const limiter = createRedisLimiter({ redis, requests: Number(requests), perMs: Number(perMs), key });
const client = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off', limiter });

process.send({ ready: true });
await new Promise((resolve) => process.once('message', resolve));
const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: Number(calls) }, (_, i) => client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `${process.pid}-${i}` } })),
);
const failures = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason?.message ?? r.reason));
process.send({ ok: results.length - failures.length, failed: failures.length, firstFailure: failures[0], ms: performance.now() - started, points: limiter.points, windowMs: limiter.windowMs });
await redis.quit();
process.disconnect();
