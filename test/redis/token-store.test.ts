/**
 * `redisTokenStore` against a real redis-server, through each client it takes: fleets of Node
 * processes importing the built package (bench/fleet-token-worker.mjs) call a stand-in service
 * whose token endpoint counts what it issues (bench/token-service.mjs), every process with
 * `cachedAccessToken(fetchToken, { store: redisTokenStore({ redis, key }) })`.
 *
 * What must hold: eight processes with 25 calls each at start get one token; a revoked token costs
 * the fleet one new token; steady calls over several lifetimes fetch about one token per
 * lifetime; with Redis killed or frozen mid-run, calls keep succeeding, none waiting past its
 * timeout. And what Redis holds: one namespaced key with the token and its TTL, repaired when
 * something else wrote there. Timings are loose (shared machines); figures are the fleet-token
 * benchmark's business (bench/fleet-tokens.mjs).
 */
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, startRedis, type RedisClientName, type RedisServer } from '../../bench/fleet-redis.mjs';
import { expectRefusal, notClients, useRealRedis } from './real-redis.js';
import { startTokenFleet, type FleetOutcome, type TokenFleet } from '../../bench/token-fleet.mjs';
import { startTokenService, type TokenService } from '../../bench/token-service.mjs';
import { forOwner, type TokenOwner } from '../../src/core/credentials.js';
import { cachedAccessToken, Client, type FetchedToken } from '../../src/index.js';
import { redisTokenStore, type RedisTokenStoreOptions } from '../../src/redis.js';
import { startRecorder } from '../helpers/recorder.js';

const root = resolve(__dirname, '../..');

/** The credentials the tests' calls are made with, as a `Client` tells its access token function. */
const OWNER: TokenOwner = { id: 'app-fleet', origin: 'https://api.example.test', secret: 'app-token-of-the-fleet' };

/** A `cachedAccessToken` called as a `Client` with `owner`'s credentials calls it. */
function tokenFor(fetchToken: () => Promise<FetchedToken>, store: ReturnType<typeof redisTokenStore>, owner: TokenOwner = OWNER) {
  const managed = cachedAccessToken(fetchToken, { store });
  return Object.assign(() => (managed as unknown as Record<symbol, (owner: TokenOwner) => Promise<string>>)[forOwner]!(owner), {
    invalidate: managed.invalidate,
  });
}

/** An HMAC-SHA-256 of `owner`'s, as cachedAccessToken makes them (the name its tokens are kept under, a token's seal). */
const mac = (owner: TokenOwner, text: string) =>
  createHmac('sha256', owner.secret).update(`promokit-token\n${owner.id}\n${owner.origin}\n${text}`).digest('hex');

/** The Redis keys of `owner`'s token and lock under `key`. */
function keysOf(key: string, owner: TokenOwner = OWNER) {
  const name = mac(owner, 'owner').slice(0, 32);
  return { token: `promokit-token:{${key}}:${name}`, lock: `promokit-token-lock:{${key}}:${name}` };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const redisHere = useRealRedis();
const freshKey = redisHere.freshKey;

beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'redis.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
});

const all = (outcomes: FleetOutcome[]) => ({
  ok: outcomes.reduce((n, o) => n + o.ok, 0),
  failed: outcomes.reduce((n, o) => n + o.failed, 0),
  slowestMs: Math.max(...outcomes.map((o) => o.slowestMs)),
  tokenWaitMs: Math.max(...outcomes.map((o) => o.tokenWaitMs)),
  firstFailure: outcomes.find((o) => o.firstFailure)?.firstFailure,
});

/** Runs `body` with a token service and a fleet of `size` processes, and stops both. */
async function withFleet(
  which: RedisClientName,
  size: number,
  options: { lifetimeS?: number; refreshBeforeMs?: number; timeout?: number; redisTimeout?: number; server?: RedisServer },
  body: (fleet: TokenFleet, service: TokenService) => Promise<void>,
) {
  const service = await startTokenService({ lifetimeS: options.lifetimeS ?? 900 });
  const server = options.server ?? redisHere.server;
  const fleet = await startTokenFleet(size, {
    baseUrl: service.url,
    tokenUrl: service.tokenUrl,
    redisPort: server.port,
    client: which,
    key: freshKey('fleet-token'),
    refreshBeforeMs: options.refreshBeforeMs,
    timeout: options.timeout,
    // Generous unless the test is about the bound: eight processes starting at once on a loaded
    // 2-core machine stall for hundreds of milliseconds, and a process that gives Redis up fetches
    // its own token (correct, but not what these tests count).
    redisTimeout: options.redisTimeout ?? 3_000,
  });
  try {
    await body(fleet, service);
    expect(await fleet.done()).toEqual(Array.from({ length: size }, () => 0));
  } finally {
    fleet.kill();
    await service.close();
  }
}

describe.each<RedisClientName>(['ioredis', 'node-redis'])('through %s', (which) => {
  it('a fleet of eight processes, 25 calls each at start: one token issued; a revoked token: one new token for the fleet', async () => {
    // Calls time out after 20 s: eight processes starting at once on a loaded machine stall, and
    // a call that times out is not what this test counts.
    await withFleet(which, 8, { timeout: 20_000 }, async (fleet, service) => {
      const first = all(await fleet.burst(25));
      expect(first, first.firstFailure).toMatchObject({ ok: 200, failed: 0 });
      expect(service.issued).toHaveLength(1);
      // Later calls use it too.
      expect(all(await fleet.burst(5))).toMatchObject({ ok: 40, failed: 0 });
      expect(service.issued).toHaveLength(1);
      // The token is revoked: every process is refused with it, and the fleet fetches one.
      service.revoke();
      const after = all(await fleet.burst(5));
      expect(after, after.firstFailure).toMatchObject({ ok: 40, failed: 0 });
      expect(service.issued).toHaveLength(2);
      expect(service.calls.filter((c) => c.status === 401).length).toBeGreaterThanOrEqual(8);
    });
  }, 90_000);

  it('steady calls over several token lifetimes: about one token per lifetime, not one per process', async () => {
    // Tokens of 2.5 s refreshed 1 s before they expire (room for a loaded machine's stalls between
    // taking a token and its arrival): one every 1.5 s for the fleet.
    await withFleet(which, 4, { lifetimeS: 2.5, refreshBeforeMs: 1_000 }, async (fleet, service) => {
      const run = all(await fleet.steady(6_000, 50));
      expect(run.failed, run.firstFailure).toBe(0);
      // 6 s / 1.5 s = 4, and the first: at most 5 (one of slack), where four processes alone fetch 16 or more.
      console.log(`redisTokenStore (${which}): 4 processes, ${run.ok} calls over 6 s of 2.5-s tokens: ${service.issued.length} tokens issued`);
      expect(service.issued.length).toBeLessThanOrEqual(6);
    });
  }, 90_000);

  it.each([
    { name: 'killed', down: (s: RedisServer) => s.kill(), up: (s: RedisServer) => s.restart() },
    { name: 'frozen', down: async (s: RedisServer) => s.freeze(), up: async (s: RedisServer) => s.thaw() },
  ])(
    'Redis $name mid-run: calls keep succeeding, none waits past its timeout',
    async ({ name, down, up }) => {
      const server = await startRedis();
      try {
        // Tokens of 2 s refreshed 1 s before they expire, so that processes refresh while Redis is
        // away; calls time out after 5 s; the store gives Redis up after 500 ms.
        await withFleet(which, 4, { lifetimeS: 2, refreshBeforeMs: 1_000, timeout: 5_000, redisTimeout: 500, server }, async (fleet, service) => {
          const running = fleet.steady(4_000, 50);
          await sleep(1_000);
          await down(server);
          await sleep(2_000);
          await up(server);
          const run = all(await running);
          expect(run.failed, run.firstFailure).toBe(0);
          // No call waited for its token as long as its timeout (it would have failed): Redis away
          // costs a refresh one redisTimeout at most, then the process fetches its own.
          console.log(
            `redisTokenStore (${which}), Redis ${name} mid-run: ${run.ok} calls, 0 failed; longest wait for a token ${run.tokenWaitMs.toFixed(0)} ms, slowest call ${run.slowestMs.toFixed(0)} ms (timeout 5000 ms)`,
          );
          expect(run.tokenWaitMs).toBeLessThan(5_000);
          // The processes fetched their own tokens meanwhile.
          expect(service.issued.length).toBeGreaterThanOrEqual(2);
        });
      } finally {
        await server.stop();
      }
    },
    90_000,
  );

  it('keeps the token in one key named after its owner, "<lifetime> <expiry> <seal> <token>", expiring with it; the lock is gone after the refresh', async () => {
    const { redis, quit } = await connectRedis(which, redisHere.server.port);
    const key = freshKey('held');
    const keys = keysOf(key);
    try {
      const accessToken = tokenFor(async () => ({ token: 'tok-abc', expiresIn: 60 }), redisTokenStore({ redis, key }));
      expect(await accessToken()).toBe('tok-abc');
      const [lifetime, expiry, seal, token] = (await redisHere.probe.get(keys.token))!.split(' ');
      expect([lifetime, seal, token]).toEqual(['60000', mac(OWNER, 'token\ntok-abc'), 'tok-abc']);
      expect(Math.abs(Number(expiry) - (Date.now() + 60_000))).toBeLessThan(5_000);
      const ttl = await redisHere.probe.pttl(keys.token);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      await sleep(50);
      expect(await redisHere.probe.exists(keys.lock)).toBe(0);
      // No key names the app or holds its secret.
      const all = await redisHere.probe.keys(`promokit-token*{${key}}*`);
      expect(all).toEqual([keys.token]);
      expect(all.join(' ')).not.toContain(OWNER.id);
      expect(await redisHere.probe.get(keys.token)).not.toContain(OWNER.secret);
    } finally {
      await quit();
    }
  });

  const sealOf = (token: string, owner: TokenOwner = OWNER) => mac(owner, `token\n${token}`);
  const other: TokenOwner = { id: 'app-other', origin: OWNER.origin, secret: 'app-token-of-another-app' };
  it.each<[string, (key: string) => Promise<unknown>]>([
    ['a list under the key', (key) => redisHere.probe.rpush(key, 'a')],
    ['a value without expiry', (key) => redisHere.probe.set(key, `60000 ${Date.now() + 60_000} ${sealOf('stale-token')} stale-token`)],
    [
      'a value whose expiry passed (written late)',
      (key) => redisHere.probe.set(key, `60000 ${Date.now() - 1} ${sealOf('late-token')} late-token`, 'PX', 60_000),
    ],
    ['a value that is no token', (key) => redisHere.probe.set(key, 'garbage', 'PX', 60_000)],
    ['a value of 100,000 characters', (key) => redisHere.probe.set(key, `60000 ${Date.now() + 60_000} ${sealOf('x')} ${'x'.repeat(100_000)}`, 'PX', 60_000)],
    [
      'a time to live longer than the lifetime',
      (key) => redisHere.probe.set(key, `1000 ${Date.now() + 600_000} ${sealOf('old-token')} old-token`, 'PX', 600_000),
    ],
    ['a value in an old form, without its seal', (key) => redisHere.probe.set(key, `60000 ${Date.now() + 60_000} old-form`, 'PX', 60_000)],
    ['a lifetime of thirty years', (key) => redisHere.probe.set(key, `999999999999 ${Date.now() + 60_000} ${sealOf('long-token')} long-token`, 'PX', 60_000)],
    ['a token planted without its seal', (key) => redisHere.probe.set(key, `60000 ${Date.now() + 60_000} ${'0'.repeat(64)} planted-token`, 'PX', 60_000)],
    [
      "another app's token, sealed by it, copied here",
      (key) => redisHere.probe.set(key, `60000 ${Date.now() + 60_000} ${sealOf('its-token', other)} its-token`, 'PX', 60_000),
    ],
  ])('never sends, and repairs, what something else wrote under the key (%s): the call gets a fresh token and the key holds it', async (_name, corrupt) => {
    const { redis, quit } = await connectRedis(which, redisHere.server.port);
    const key = freshKey('corrupt');
    const redisKey = keysOf(key).token;
    await corrupt(redisKey);
    try {
      const accessToken = tokenFor(async () => ({ token: 'tok-fresh', expiresIn: 60 }), redisTokenStore({ redis, key }));
      expect(await accessToken()).toBe('tok-fresh');
      expect(await redisHere.probe.get(redisKey)).toMatch(new RegExp(`^60000 \\d+ ${sealOf('tok-fresh')} tok-fresh$`));
      expect(await redisHere.probe.pttl(redisKey)).toBeGreaterThan(55_000);
    } finally {
      await quit();
    }
  });

  it.each<[string, (token: string) => string]>([
    ['a token planted without its seal', () => '0'.repeat(64)],
    ["another app's token, sealed by it", (token) => sealOf(token, other)],
  ])(
    'removes %s as soon as it reads it, though no token of its own replaces it (the refresh fails; another process holds the lock)',
    async (_name, sealFor) => {
      const { redis, quit } = await connectRedis(which, redisHere.server.port);
      const plant = (tokenKey: string) => redisHere.probe.set(tokenKey, `60000 ${Date.now() + 60_000} ${sealFor('planted-token')} planted-token`, 'PX', 60_000);
      try {
        // The refresh fails: nothing is written over it, and it is gone all the same.
        const failedKey = freshKey('planted-failed');
        const failed = keysOf(failedKey);
        await plant(failed.token);
        const failing = tokenFor(
          async () => {
            throw new Error('token endpoint down');
          },
          redisTokenStore({ redis, key: failedKey }),
        );
        await expect(failing()).rejects.toThrow();
        expect(await redisHere.probe.exists(failed.token)).toBe(0);

        // Another process holds the refresh lock and writes nothing: the call fetches its own token
        // once the lock's time is over, and the planted one is gone.
        const key = freshKey('planted-locked');
        const locked = keysOf(key);
        await plant(locked.token);
        await redisHere.probe.set(locked.lock, 'another-process', 'PX', 60_000);
        const own = tokenFor(async () => ({ token: 'tok-own', expiresIn: 60 }), redisTokenStore({ redis, key, lockMs: 100 }));
        expect(await own()).toBe('tok-own');
        expect(await redisHere.probe.exists(locked.token)).toBe(0);
      } finally {
        await quit();
      }
    },
  );

  it.each([
    ['without a key (both on the default one)', undefined, undefined],
    ['with the same key', 'shared', 'shared'],
    ['with keys of their own', 'key-a', 'key-b'],
  ])(
    "two apps on one Redis %s, three processes each, calling a service on 127.0.0.1 together: each app's calls carry only its own tokens, through two rounds of 401s",
    async (_name, keyA, keyB) => {
      const { redis, quit } = await connectRedis(which, redisHere.server.port);
      const suffix = freshKey('apps');
      // The service: each app's tokens are its own; a token sent with another app's keys would be refused.
      const issued: Record<string, string[]> = { 'app-a': [], 'app-b': [] };
      let revoked = new Set<string>();
      const service = await startRecorder((sent) => {
        const bearer = String(sent.headers.authorization ?? '').slice(7);
        const app = String(sent.headers['x-app-id']);
        if (!issued[app]?.includes(bearer) || revoked.has(bearer)) return { status: 401, body: { code: 401, key: 'unauthorized', message: 'Unauthorized' } };
        return { status: 200, body: { id: 'v_1', code: 'LOYAL-1', object: 'voucher', type: 'LOYALTY_CARD', created_at: '2026-01-01T00:00:00Z' } };
      });
      const app = (appId: string, key: string | undefined) => {
        const fetchToken = async () => {
          const token = `${appId}-tok-${issued[appId]!.length + 1}`;
          issued[appId]!.push(token);
          return { token, expiresIn: 60 };
        };
        return Array.from(
          { length: 3 },
          () =>
            new Client({
              baseUrl: service.url,
              appId,
              appToken: `${appId}-secret-token`,
              accessToken: cachedAccessToken(fetchToken, { store: redisTokenStore({ redis, ...(key === undefined ? {} : { key: `${key}-${suffix}` }) }) }),
              maxRetries: 0,
            }),
        );
      };
      try {
        const clients = [...app('app-a', keyA), ...app('app-b', keyB)];
        for (let round = 0; round < 3; round++) {
          await Promise.all(clients.map((client) => client.loyalties.getMember('LOYAL-1')));
          // Every token issued so far is revoked: each app's fleet must fetch its own again.
          revoked = new Set([...issued['app-a']!, ...issued['app-b']!]);
        }
        for (const sent of service.sent) {
          const appId = String(sent.headers['x-app-id']);
          expect(String(sent.headers.authorization).slice(7).startsWith(`${appId}-tok-`), `${appId} sent ${sent.headers.authorization}`).toBe(true);
        }
        // Each app's fleet fetched one token per round (a 401 costs its fleet one new token).
        expect(issued['app-a']!.length).toBeLessThanOrEqual(3);
        expect(issued['app-b']!.length).toBeLessThanOrEqual(3);
      } finally {
        await service.close();
        await quit();
      }
    },
  );

  it('a lock left by a process that died: the others wait lockMs for its token, then fetch their own', async () => {
    const { redis, quit } = await connectRedis(which, redisHere.server.port);
    const key = freshKey('dead-lock');
    await redisHere.probe.set(keysOf(key).lock, 'someone', 'PX', 60_000);
    try {
      const accessToken = tokenFor(async () => ({ token: 'tok-own', expiresIn: 60 }), redisTokenStore({ redis, key, lockMs: 400 }));
      const started = performance.now();
      expect(await accessToken()).toBe('tok-own');
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
      expect(performance.now() - started).toBeLessThan(1_500);
    } finally {
      await quit();
    }
  });

  it('a 401 clears the shared token only while it is still the one refused', async () => {
    const { redis, quit } = await connectRedis(which, redisHere.server.port);
    const key = freshKey('refused');
    let n = 0;
    const fetchToken = async () => ({ token: `tok-${++n}`, expiresIn: 60 });
    try {
      const [a, b] = [0, 1].map(() => tokenFor(fetchToken, redisTokenStore({ redis, key })));
      expect(await a!()).toBe('tok-1');
      expect(await b!()).toBe('tok-1');
      a!.invalidate('tok-1');
      expect(await a!()).toBe('tok-2');
      // b was refused with tok-1 too, later: tok-2 stays.
      b!.invalidate('tok-1');
      expect(await b!()).toBe('tok-2');
      expect(await redisHere.probe.get(keysOf(key).token)).toMatch(/^60000 \d+ [0-9a-f]{64} tok-2$/);
      expect(n).toBe(2);
    } finally {
      await quit();
    }
  });

  it('closes its own connection when the client it was given ends', async () => {
    const { redis, quit } = await connectRedis(which, redisHere.server.port);
    const clients = async () =>
      String(await redisHere.probe.call('CLIENT', 'LIST'))
        .split('\n')
        .filter(Boolean).length;
    const before = await clients();
    const accessToken = tokenFor(async () => ({ token: 'tok-1', expiresIn: 60 }), redisTokenStore({ redis, key: freshKey('close') }));
    await accessToken();
    expect(await clients()).toBe(before + 1);
    await quit();
    await sleep(200);
    expect(await clients()).toBe(before - 1);
  });

  it('shows no token: util.inspect and JSON of the store and of the token function hold none', async () => {
    const { redis, quit } = await connectRedis(which, redisHere.server.port);
    try {
      const store = redisTokenStore({ redis, key: freshKey('secret') });
      const accessToken = cachedAccessToken(async () => ({ token: 'secret-token-value', expiresIn: 60 }), { store });
      await (accessToken as unknown as Record<symbol, (owner: TokenOwner) => Promise<string>>)[forOwner]!(OWNER);
      for (const shown of [inspect(store, { depth: 5 }), JSON.stringify(store), inspect(accessToken), JSON.stringify(accessToken), String(accessToken)]) {
        expect(shown).not.toContain('secret-token-value');
      }
    } finally {
      await quit();
    }
  });

  it.each<[string, () => Partial<RedisTokenStoreOptions> | null, string]>([
    ...notClients(),
    ["key ''", () => ({ key: '' }), 'key'],
    ['key with a line break', () => ({ key: 'a\nb' }), 'key'],
    ['redisTimeout 10', () => ({ redisTimeout: 10 }), 'redisTimeout'],
    ["redisTimeout '500'", () => ({ redisTimeout: '500' as never }), 'redisTimeout'],
    ['lockMs 0', () => ({ lockMs: 0 }), 'lockMs'],
    ['lockMs NaN', () => ({ lockMs: Number.NaN }), 'lockMs'],
    ['an option it does not have (lockms, a typo)', () => ({ lockms: 500 }) as never, 'lockms'],
    ['options null', () => null, 'options'],
  ])('refuses %s, naming %s', async (_name, options, option) => {
    await expectRefusal(which, redisHere.server.port, options(), (given) => redisTokenStore(given as never), 'redisTokenStore', option);
  });
});
