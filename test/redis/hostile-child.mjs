// The hostile-reply runs of test/redis/hostile.test.ts, in a process of their own started with
// `--unhandled-rejections=strict`: any promise of promokit that rejects unhandled ends this
// process with an error, which the test sees. It drives the BUILT package, the way a user imports
// it, over a fake Redis (fake-redis.mjs) whose replies switch between hostile and sane, and
// prints one JSON line: what each scenario observed.
//
//   node --unhandled-rejections=strict test/redis/hostile-child.mjs <ioredis|node-redis>
import { createServer } from 'node:http';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { Client, LimiterError, cachedAccessToken } from 'promokit';
import { createRedisLimiter, redisTokenStore } from 'promokit/redis';
import { startFakeRedis } from './fake-redis.mjs';

const which = process.argv[2];
const fmt = (x) => x.toFixed(3);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Settles `promise` within `ms`, as `{ ok, value | error, ms }`; `{ timedOut }` past it. */
async function within(promise, ms = 5_000) {
  const started = performance.now();
  let timer;
  const outcome = await Promise.race([
    promise.then(
      (value) => ({ ok: true, value }),
      (error) => ({ ok: false, error }),
    ),
    new Promise((r) => (timer = setTimeout(() => r({ timedOut: true }), ms))),
  ]);
  clearTimeout(timer);
  return { ...outcome, ms: Math.round(performance.now() - started) };
}
const summary = (o) => ({
  ok: o.ok ?? false,
  timedOut: o.timedOut ?? false,
  ms: o.ms,
  limiterError: o.error instanceof LimiterError,
  message: o.error instanceof Error ? o.error.message : undefined,
  value: typeof o.value === 'string' ? o.value : undefined,
});

// The fake's state: the reply to the next schedule script (a function of its arguments) and to
// the token store's script; `null` means behave like Redis.
let hostileSchedule = null;
let hostileToken = null;
let clockShift = 0;
const schedules = new Map();
const tokens = new Map();
const fake = await startFakeRedis((args) => {
  const name = args[0].toUpperCase();
  if (name !== 'EVALSHA' && name !== 'EVAL') return { error: 'ERR unknown command' };
  const keys = Number(args[2]);
  const [key] = args.slice(3, 3 + keys);
  const argv = args.slice(3 + keys);
  const now = Date.now() + clockShift;
  if (key.startsWith('promokit-limit:')) {
    if (hostileSchedule) return hostileSchedule(argv, now);
    const [op, amount, interval, ahead] = argv.map((a, i) => (i === 0 ? a : Number(a)));
    if (op === 'pause') return ['paused', fmt(now), fmt(now + amount)];
    // As the script does: a next slot further ahead than a reservation leaves it is a schedule lost.
    const stored = schedules.get(key);
    const start = Math.max(stored !== undefined && stored <= now + ahead + interval + 1 ? stored : now + ahead, now);
    const count = Math.max(0, Math.min(amount, Math.floor((now + ahead - start) / interval) + 1));
    if (count > 0) schedules.set(key, start + count * interval);
    return ['ok', fmt(now), fmt(start), count];
  }
  if (hostileToken) return hostileToken(argv);
  const [op, a, b] = argv;
  const held = tokens.get(key);
  if (op === 'read') return held ? ['token', held.value, Math.max(1, Math.round(held.until - Date.now()))] : ['none'];
  if (op === 'write') return (tokens.set(key, { value: a, until: Date.now() + Number(b) }), 1);
  if (op === 'lock') return 1;
  if (op === 'unlock' || op === 'clear') return 0;
  return { error: 'ERR unknown op' };
});

const connect = async () => {
  if (which === 'ioredis') {
    const redis = new Redis({ host: '127.0.0.1', port: fake.port });
    redis.on('error', () => undefined);
    return { redis, end: () => redis.quit().catch(() => redis.disconnect()) };
  }
  const redis = createClient({ socket: { host: '127.0.0.1', port: fake.port } });
  redis.on('error', () => undefined);
  await redis.connect();
  return { redis, end: () => redis.close().catch(() => redis.destroy()) };
};
const { redis, end } = await connect();
const results = {};

// ---- The limiter: each hostile reply fails the calls waiting with a LimiterError, promptly; the
// next call after replies are sane again is admitted.
const hostile = {
  'count 300000 for 16 asked': (a, now) => ['ok', fmt(now), fmt(now), 300_000],
  nil: () => null,
  'a first slot an hour ahead': (a, now) => ['ok', fmt(now), fmt(now + 3_600_000), 0],
  'a first slot of 1e308': (a, now) => ['ok', fmt(now), `1${'0'.repeat(308)}.000`, 0],
  "Redis's clock 1e308": () => ['ok', '1e308', '1e308', 1],
  'slots in the past': (a, now) => ['ok', fmt(now), fmt(now - 10_000), Number(a[1])],
  'a status': () => ({ status: 'OK' }),
  'an integer': () => 42,
  'a short array': () => ['ok'],
  'words for numbers': () => ['ok', 'soon', 'later', 'many'],
  'a negative count': (a, now) => ['ok', fmt(now), fmt(now), -1],
  'a count in words': (a, now) => ['ok', fmt(now), fmt(now), '1'],
  'nested arrays': (a, now) => [['ok', fmt(now), fmt(now), 1]],
  'a megabyte string': () => 'x'.repeat(1_000_000),
  'another limit named with control characters': (a, now) => ['limit', fmt(now), `\u001b[31mEVIL\r\nLIMIT ${'x'.repeat(10_000)}`],
};
for (const [name, reply] of Object.entries(hostile)) {
  const key = `hostile-${name.replace(/\W+/g, '-')}`;
  const limiter = createRedisLimiter({ redis, requests: 10, perMs: 1_000, key, redisTimeout: 300 });
  hostileSchedule = reply;
  const evalsBefore = fake.count('EVALSHA') + fake.count('EVAL');
  // Three callers waiting at once, then one more each 100 ms for half a second: how many round trips
  // does a limiter fed nonsense make?
  const first = await within(Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]));
  const started = performance.now();
  const later = [];
  while (performance.now() - started < 500) {
    later.push(within(limiter.acquire(), 3_000));
    await sleep(100);
  }
  const laterOutcomes = await Promise.all(later);
  const evals = fake.count('EVALSHA') + fake.count('EVAL') - evalsBefore;
  hostileSchedule = null;
  const recovered = await within(limiter.acquire());
  results[`limiter: ${name}`] = {
    hostile: summary(first),
    laterAllRefused: laterOutcomes.every((o) => o.ok === false && o.error instanceof LimiterError),
    laterSlowestMs: Math.max(...laterOutcomes.map((o) => o.ms)),
    roundTripsInHalfASecond: evals,
    recovered: summary(recovered),
    stats: limiter.stats(),
  };
  await limiter.close();
}

// A Redis that errors, or does not answer: refused once redisTimeout passed, then flowing again.
const errors = {
  'an error reply': () => ({ error: 'ERR boom' }),
  'an error reply of 10,000 characters with control characters': () => ({ error: `ERR \u001b[31m${'x'.repeat(10_000)}\u0007` }),
  'no reply': () => ({ hang: true }),
};
for (const [name, reply] of Object.entries(errors)) {
  const limiter = createRedisLimiter({ redis, requests: 10, perMs: 1_000, key: `hostile-${name.replace(/\W+/g, '-')}`, redisTimeout: 300 });
  hostileSchedule = reply;
  const refused = await within(limiter.acquire());
  hostileSchedule = null;
  const recovered = await within(limiter.acquire());
  results[`limiter: ${name}`] = { hostile: summary(refused), recovered: summary(recovered) };
  await limiter.close();
}

// Redis's clock jumping an hour each way between replies: calls are still admitted, at once.
{
  const limiter = createRedisLimiter({ redis, requests: 50, perMs: 1_000, key: 'hostile-clock-jumps', redisTimeout: 300 });
  const outcomes = [];
  for (const shift of [0, 3_600_000, -3_600_000, 0, 86_400_000, 0]) {
    clockShift = shift;
    outcomes.push(await within(limiter.acquire()));
  }
  clockShift = 0;
  results['limiter: a clock that jumps an hour'] = { outcomes: outcomes.map(summary) };
  await limiter.close();
}

// Pauses: a nonsensical reply to a pause rejects it (with a LimiterError), a hostile message on
// the pause channel is ignored, a sane one pauses the process.
{
  const key = 'hostile-pause';
  const limiter = createRedisLimiter({ redis, requests: 50, perMs: 1_000, key, redisTimeout: 300 });
  await limiter.acquire(); // connects, and subscribes
  await sleep(200);
  hostileSchedule = (a) => (a[0] === 'pause' ? ['paused', '1e308', 'x'] : null);
  const pause = await within(limiter.pause(50));
  hostileSchedule = null;
  await sleep(100);
  for (const message of ['1e308', 'NaN', '-5', 'x'.repeat(100_000), '', '99999999999']) fake.publish(`promokit-limit:{${key}}`, message);
  await sleep(100);
  const afterJunk = await within(limiter.acquire());
  fake.publish(`promokit-limit:{${key}}`, '400');
  await sleep(20);
  const afterPause = await within(limiter.acquire());
  results['limiter: pauses'] = { pause: summary(pause), afterJunk: summary(afterJunk), afterPause: summary(afterPause) };
  await limiter.close();
}

// Through a Client: the call fails with a LimiterError, nothing sent.
{
  let received = 0;
  const service = createServer((req, res) => {
    received += 1;
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"aa_1","object":"async_action"}'));
  });
  await new Promise((r) => service.listen(0, '127.0.0.1', r));
  const limiter = createRedisLimiter({ redis, requests: 10, perMs: 1_000, key: 'hostile-client', redisTimeout: 300 });
  const client = new Client({
    baseUrl: `http://127.0.0.1:${service.address().port}`,
    appId: 'a',
    appToken: 't',
    accessToken: 'k',
    logLevel: 'off',
    validation: 'off',
    limiter,
  });
  hostileSchedule = (a, now) => ['ok', fmt(now), fmt(now), 300_000];
  const refused = await within(client.asyncActions.get('aa_1'));
  hostileSchedule = null;
  const admitted = await within(client.asyncActions.get('aa_1'));
  results['limiter: through a Client'] = { refused: { ...summary(refused), outcome: refused.error?.outcome }, admitted: summary(admitted), received };
  await limiter.close();
  service.closeAllConnections();
  service.close();
}

// ---- The token store: whatever it answers, every call gets a token within its bounds (its own,
// fetched by this process, while the store makes no sense), and the store is used again once sane.
/** A seal in the form the store keeps, which no credentials make. */
const SEAL = '0'.repeat(64);
const tokenHostile = {
  nil: () => null,
  'a status': () => ({ status: 'OK' }),
  'a token without its lifetime': (a) => (a[0] === 'read' ? ['token', 'abc', 1_000] : 1),
  'no expiry': (a) => (a[0] === 'read' ? ['token', `900000 ${Date.now() + 900_000} ${SEAL} abc`, -1] : 1),
  'a time to live past its lifetime': (a) => (a[0] === 'read' ? ['token', `1000 ${Date.now() + 1_000} ${SEAL} abc`, '999999999999'] : 1),
  'a 20,000-character token': (a) => (a[0] === 'read' ? ['token', `900000 ${Date.now() + 900_000} ${SEAL} ${'x'.repeat(20_000)}`, 5_000] : 1),
  'a token with a line break': (a) => (a[0] === 'read' ? ['token', `900000 ${Date.now() + 900_000} ${SEAL} to\r\nken`, 5_000] : 1),
  'a token planted with a seal it cannot make': (a) => (a[0] === 'read' ? ['token', `900000 ${Date.now() + 900_000} ${SEAL} planted`, 5_000] : 1),
  'an unknown status': () => ['what'],
  'an error reply': () => ({ error: 'ERR boom' }),
  'no reply': () => ({ hang: true }),
  'a lock answered with words': (a) => (a[0] === 'read' ? ['none'] : a[0] === 'lock' ? 'yes' : 1),
  'a lock never free': (a) => (a[0] === 'read' ? ['none'] : 0),
  'a write refused': (a) => (a[0] === 'read' ? ['none'] : a[0] === 'write' ? { error: "READONLY You can't write against a read only replica." } : 1),
};
let issued = 0;
const fetchToken = async () => ({ token: `own-${++issued}`, expiresIn: 900 });
/**
 * The token a `Client` sends, called the way a client calls its access token function (saying
 * whose token it asks for, so the store is used): each call of the returned function makes one
 * call of a client whose fetch answers with the bearer token it was sent.
 */
function sentToken(accessToken) {
  const client = new Client({
    baseUrl: 'http://127.0.0.1:9',
    appId: 'hostile-app',
    appToken: 'hostile-app-token',
    accessToken,
    validation: 'off',
    maxRetries: 0,
    timeout: 5_000,
    logLevel: 'off',
    fetch: async (request) =>
      new Response(JSON.stringify({ token: request.headers.get('authorization').slice(7) }), { headers: { 'content-type': 'application/json' } }),
  });
  return () => client.loyalties.getMember('X').then((answer) => answer.token);
}
for (const [name, reply] of Object.entries(tokenHostile)) {
  const store = redisTokenStore({ redis, key: `hostile-${name.replace(/\W+/g, '-')}`, redisTimeout: 200, lockMs: 600 });
  const accessToken = sentToken(cachedAccessToken(fetchToken, { store }));
  hostileToken = reply;
  const before = issued;
  const got = await within(Promise.all(Array.from({ length: 5 }, () => accessToken())));
  hostileToken = null;
  results[`token store: ${name}`] = { ...summary(got), tokens: got.ok ? [...new Set(got.value)] : [], issued: issued - before };
  await store.close();
}
// Sane again: a token one process stored is the token another reads.
{
  const stores = [0, 1].map(() => redisTokenStore({ redis, key: 'hostile-sane', redisTimeout: 200 }));
  const [a, b] = stores.map((store) => sentToken(cachedAccessToken(fetchToken, { store })));
  const first = await within(a());
  const second = await within(b());
  results['token store: sane again'] = { first: summary(first), second: summary(second) };
  for (const store of stores) await store.close();
}

await end();
await fake.close();
process.stdout.write(`${JSON.stringify(results)}\n`);
