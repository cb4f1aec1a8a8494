// One process of a fleet sharing one `promokit/redis` limit: the BUILT package, imported the way a
// user imports it, through an ioredis or a node-redis client. Used by the fleet benchmark
// (bench/fleet.mjs) and by the Redis limiter's tests.
//
//   node bench/fleet-worker.mjs '<json>'   json: { baseUrl, redisPort, calls, requests, perMs, marginMs?, key, client? }
//   client: 'ioredis' (default) or 'node-redis'
// Sends { ready } over IPC once connected, starts on 'go', sends its outcome; then, told
// 'uncontended', measures a call that need not wait (see `uncontended` below) and sends that; exits
// on 'done'.
import { createServer } from 'node:http';
import { Client, RateLimitError } from 'promokit';
import { createRedisLimiter } from 'promokit/redis';
import { connectRedis } from './fleet-redis.mjs';

const { baseUrl, redisPort, calls, requests, perMs, marginMs, key, client: which = 'ioredis' } = JSON.parse(process.argv[2]);
const { redis, quit } = await connectRedis(which, redisPort);
const limiter = createRedisLimiter({ redis, requests, perMs, marginMs, key });
const client = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off', limiter });

// A first call pays for code that runs once: Node's fetch sets up its connection pool (promokit
// loads its own request code before the limiter admits the first call), the code paths warm up.
// Made here, against a throwaway local server, that cost stays out of the first limited calls, as
// in a long-running process; FLEET_WARMUP=0 leaves it in, to measure a cold start.
if (process.env.FLEET_WARMUP !== '0') {
  const throwaway = createServer((req, res) =>
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"pub_0","object":"publication","result":"SUCCESS"}')),
  );
  await new Promise((resolve) => throwaway.listen(0, '127.0.0.1', resolve));
  const warm = new Client({ baseUrl: `http://127.0.0.1:${throwaway.address().port}`, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off' });
  for (let i = 0; i < 20; i++) await warm.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `warm-up-${i}` } });
  throwaway.closeAllConnections();
  throwaway.close();
}

process.send({ ready: true });
await new Promise((resolve) => process.once('message', resolve));
const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: calls }, (_, i) => client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `${process.pid}-${i}` } })),
);
const failures = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
process.send({
  ok: results.length - failures.length,
  failed: failures.length,
  rateLimitErrors: failures.filter((f) => f instanceof RateLimitError).length,
  firstFailure: failures[0] === undefined ? undefined : String(failures[0]?.message ?? failures[0]),
  ms: performance.now() - started,
  stats: limiter.stats(),
});

/**
 * What the limiter adds to a call that need not wait: one call at a time, 30 ms apart (the limit
 * allows one every 10.5 ms), alternately with the limiter and without, against the same service;
 * and the limiter's own wait, from `acquire` to its slot.
 */
async function uncontended(rounds = 100) {
  const plain = new Client({ baseUrl, appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off' });
  const call = (c, i) => c.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `${process.pid}-u-${i}` } });
  const pause = () => new Promise((resolve) => setTimeout(resolve, 30));
  const acquireMs = [];
  const withMs = [];
  const withoutMs = [];
  for (let i = 0; i < 2 * rounds; i++) {
    let started = performance.now();
    await limiter.acquire();
    acquireMs.push(performance.now() - started);
    await pause();
    started = performance.now();
    await call(i % 2 ? client : plain, i);
    (i % 2 ? withMs : withoutMs).push(performance.now() - started);
    await pause();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { acquireMedianMs: median(acquireMs), withLimiterMedianMs: median(withMs), withoutMedianMs: median(withoutMs) };
}

for (;;) {
  const message = await new Promise((resolve) => process.once('message', resolve));
  if (message !== 'uncontended') break;
  process.send({ uncontended: await uncontended() });
}
await quit();
process.disconnect();
