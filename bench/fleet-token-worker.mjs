// One process of a fleet that acts as one client through `promokit/redis`: one access token
// (`cachedAccessToken` with `redisTokenStore`) and, when asked, one limit and one pause
// (`createRedisLimiter`), through an ioredis or a node-redis client. The BUILT package, imported
// the way a user imports it. Used by bench/fleet-tokens.mjs and test/redis/token-store.test.ts.
//
//   node bench/fleet-token-worker.mjs '<json>'
//   json: { name, baseUrl, tokenUrl, redisPort, client, key, refreshBeforeMs?, timeout?, redisTimeout?, limit?: { requests, perMs } }
// Sends { ready } over IPC, then answers each command:
//   { burst: n }                      n calls at once                     → { ok, failed, slowestMs, tokenWaitMs, firstFailure }
//   { steady: { ms, every } }         a call every `every` ms for `ms`    → the same, and `started`: when the
//                                                                            limiter admitted each call (Date.now())
//   'done'                            quits its Redis client and exits
import { Client, cachedAccessToken } from 'promokit';
import { createRedisLimiter, redisTokenStore } from 'promokit/redis';
import { connectRedis } from './fleet-redis.mjs';

const settings = JSON.parse(process.argv[2]);
const { name, baseUrl, tokenUrl, redisPort, client: which = 'ioredis', key, refreshBeforeMs, timeout = 5_000, redisTimeout, limit } = settings;
const { redis, quit } = await connectRedis(which, redisPort);

const fetchToken = async () => {
  const response = await fetch(tokenUrl, { method: 'POST', signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
  const body = await response.json();
  return { token: body.access_token, expiresIn: body.expires_in };
};
const store = redisTokenStore({ redis, key, redisTimeout });
const cached = cachedAccessToken(fetchToken, { store, refreshBeforeMs });
// How long each call waits for its token: the pipeline bounds it by the call's timeout. The
// function the client gets is the managed one itself, timed through a Proxy: a function that
// only called it would lose what the client tells it (whose token it asks for), and the store
// with it.
let tokenWaitMs = 0;
const timed =
  (run) =>
  async (...args) => {
    const started = performance.now();
    try {
      return await run(...args);
    } finally {
      tokenWaitMs = Math.max(tokenWaitMs, performance.now() - started);
    }
  };
const accessToken = new Proxy(cached, {
  apply: (target, self, args) => timed(target)(...args),
  get: (target, key) => (typeof key === 'symbol' && typeof target[key] === 'function' ? timed(target[key].bind(target)) : target[key]),
});
const redisLimiter = limit ? createRedisLimiter({ redis, key, ...limit }) : undefined;
// When each call started (the limiter admitted it), on the wall clock every process of the host shares.
let started = [];

const limiter = redisLimiter && {
  acquire: async (signal, request) => {
    const release = await redisLimiter.acquire(signal, request);
    started.push(Date.now());
    return release;
  },
  pause: (ms) => redisLimiter.pause(ms),
};
const client = new Client({
  baseUrl,
  appId: 'app',
  appToken: 'app-token',
  accessToken,
  timeout,
  limiter,
  headers: { 'x-process': name },
  logLevel: 'off',
  validation: 'off',
  maxRetryDelay: 5_000,
});

/** Runs `calls` (functions starting one call each) and sums up. */
async function measure(starts) {
  const durations = [];
  const failures = [];
  await Promise.all(
    starts.map(async (start) => {
      const began = performance.now();
      try {
        await start();
      } catch (error) {
        failures.push(error);
        if (process.env.DEBUG_FLEET) console.error(name, 'failed at', Date.now() % 100000, error.message.slice(0, 80));
      } finally {
        durations.push(performance.now() - began);
        if (process.env.DEBUG_FLEET && performance.now() - began > 1000)
          console.error(name, 'slow call', (performance.now() - began).toFixed(0), 'ms, ended at', Date.now() % 100000);
      }
    }),
  );
  return {
    ok: durations.length - failures.length,
    failed: failures.length,
    slowestMs: Math.max(0, ...durations),
    tokenWaitMs,
    firstFailure: failures[0] ? String(failures[0].message ?? failures[0]) : undefined,
  };
}
const call = (i) => client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `${name}-${i}` } });

process.send({ ready: true });
for (;;) {
  const message = await new Promise((resolve) => process.once('message', resolve));
  if (message === 'done') break;
  tokenWaitMs = 0;
  started = [];
  if (message.burst) {
    process.send(await measure(Array.from({ length: message.burst }, (_, i) => () => call(i))));
  } else if (message.steady) {
    const { ms, every } = message.steady;
    const began = performance.now();
    const running = [];
    for (let i = 0; performance.now() - began < ms; i++) {
      running.push(measure([() => call(i)]));
      await new Promise((resolve) => setTimeout(resolve, every));
    }
    const parts = await Promise.all(running);
    process.send({
      ok: parts.reduce((n, p) => n + p.ok, 0),
      failed: parts.reduce((n, p) => n + p.failed, 0),
      slowestMs: Math.max(0, ...parts.map((p) => p.slowestMs)),
      tokenWaitMs,
      started,
      limiterStats: redisLimiter?.stats(),
      firstFailure: parts.find((p) => p.firstFailure)?.firstFailure,
    });
  }
}
if (process.env.DEBUG_FLEET) console.error(name, 'done: quitting');
await redisLimiter?.close();
await quit();
process.disconnect();
if (process.env.DEBUG_FLEET) {
  console.error(name, 'quit');
  setTimeout(
    () =>
      console.error(
        name,
        'still alive:',
        process._getActiveHandles().map((h) => h.constructor.name + (h.remotePort ? `:${h.remotePort}` : '')),
      ),
    3000,
  ).unref();
}
