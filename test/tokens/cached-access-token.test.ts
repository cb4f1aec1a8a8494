/**
 * `cachedAccessToken`: one token fetch for many calls, refreshes at the right instant on a fake
 * clock (only `Date` is faked: promises run as usual, nothing waits in real time), invalidation,
 * failures that are not cached, every bad result and option refused, no token in anything shown,
 * and the helper end to end through a real `Client` and `ClientEvents` over a stand-in fetch.
 */
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  cachedAccessToken,
  Client,
  ClientEvents,
  ConfigurationError,
  type AccessToken,
  type CachedAccessToken,
  type CachedAccessTokenOptions,
  type FetchedToken,
} from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { secrets } from '../helpers/mock-api.js';
import { recordingFetch } from '../helpers/recorder.js';

const T0 = new Date('2026-03-02T09:00:00Z').getTime();
const SECRET = 'tok-SECRET-4f1c9a';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the fake clock to `ms` after T0. */
function at(ms: number): void {
  vi.setSystemTime(T0 + ms);
}

/** Lets every pending promise callback run (a real macrotask turn, not a wait). */
function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A fetchToken whose calls stay pending until the test settles them, in order. */
function controlled() {
  const calls: Array<{ resolve(value: FetchedToken): void; reject(error: unknown): void }> = [];
  const fetchToken = vi.fn(() => new Promise<FetchedToken>((resolve, reject) => calls.push({ resolve, reject })));
  return { fetchToken, calls };
}

/** A cachedAccessToken over a {@link controlled} fetchToken, its first token `tok-1` (300 s) fetched at T0. */
async function primed(options?: CachedAccessTokenOptions) {
  const { fetchToken, calls } = controlled();
  const accessToken = cachedAccessToken(fetchToken, options);
  const first = accessToken();
  calls[0]!.resolve({ token: 'tok-1', expiresIn: 300 });
  expect(await first).toBe('tok-1');
  return { fetchToken, calls, accessToken };
}

/** A fetchToken that answers at once with `tok-1`, `tok-2`, …, each living `expiresIn` seconds. */
function counting(expiresIn = 300) {
  let n = 0;
  return vi.fn(async (): Promise<FetchedToken> => ({ token: `tok-${++n}`, expiresIn }));
}

/** Checks that `tok-1` is still served, with no second fetch, 1 ms before `ms`; then moves the clock to `ms`. */
async function servesFirstTokenUntil(ms: number, accessToken: () => Promise<string>, fetchToken: Mock): Promise<void> {
  at(ms - 1);
  expect(await accessToken()).toBe('tok-1');
  expect(fetchToken).toHaveBeenCalledTimes(1);
  at(ms);
}

/** The promise's value once settled, or `'pending'`; read after a {@link flush}. */
function watch<T>(promise: Promise<T>): () => T | 'pending' | { rejected: unknown } {
  let state: T | 'pending' | { rejected: unknown } = 'pending';
  promise.then(
    (value) => (state = value),
    (error: unknown) => (state = { rejected: error }),
  );
  return () => state;
}

describe('one fetch for many calls', () => {
  it('200 concurrent calls share one fetchToken call and all get its token', async () => {
    const { fetchToken, calls } = controlled();
    const accessToken = cachedAccessToken(fetchToken);
    const results = Promise.all(Array.from({ length: 200 }, () => accessToken()));
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    calls[0]!.resolve({ token: 'tok-1', expiresIn: 300 });
    expect(new Set(await results)).toEqual(new Set(['tok-1']));
    await accessToken();
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('serves the cached token without a fetch until the refresh window opens', async () => {
    const fetchToken = counting(300);
    const accessToken = cachedAccessToken(fetchToken);
    for (let ms = 0; ms < 240_000; ms += 1_000) {
      at(ms);
      expect(await accessToken()).toBe('tok-1');
    }
    at(239_999);
    await accessToken();
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('always resolves a promise, so it fits AccessToken', async () => {
    const accessToken: AccessToken = cachedAccessToken(counting());
    expect(typeof accessToken).toBe('function');
    const result = (accessToken as () => Promise<string>)();
    expect(result).toBeInstanceOf(Promise);
    expect(await result).toBe('tok-1');
  });
});

describe('expiry and refresh', () => {
  it('an expired token is refreshed exactly once, however many calls wait, and they all wait for it', async () => {
    const { fetchToken, calls, accessToken } = await primed();

    at(300_000); // the instant it expires
    const waiting = Array.from({ length: 50 }, () => watch(accessToken()));
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(waiting.every((state) => state() === 'pending')).toBe(true);
    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    await flush();
    expect(waiting.map((state) => state())).toEqual(Array(50).fill('tok-2'));
    expect(await accessToken()).toBe('tok-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('refreshBeforeMs is honoured: from expiry minus refreshBeforeMs one refresh runs in the background', async () => {
    const { fetchToken, calls, accessToken } = await primed({ refreshBeforeMs: 30_000 });

    await servesFirstTokenUntil(270_000, accessToken, fetchToken);

    // Still valid: served at once while the refresh runs; more calls start no second refresh.
    expect(await accessToken()).toBe('tok-1');
    expect(await Promise.all([accessToken(), accessToken()])).toEqual(['tok-1', 'tok-1']);
    expect(fetchToken).toHaveBeenCalledTimes(2);

    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    await flush();
    expect(await accessToken()).toBe('tok-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('the default refresh window is 60 seconds', async () => {
    const fetchToken = counting(300);
    const accessToken = cachedAccessToken(fetchToken);
    await accessToken();
    at(239_999);
    await accessToken();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    at(240_000);
    expect(await accessToken()).toBe('tok-1'); // the refresh runs in the background
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(await accessToken()).toBe('tok-2');
  });

  it('refreshBeforeMs 0 uses the token until it expires, then waits for a new one', async () => {
    const fetchToken = counting(300);
    const accessToken = cachedAccessToken(fetchToken, { refreshBeforeMs: 0 });
    await accessToken();
    await servesFirstTokenUntil(300_000, accessToken, fetchToken);
    expect(await accessToken()).toBe('tok-2');
  });

  it('a slow refresh: the old token is served while valid, then calls wait for the refresh', async () => {
    const { fetchToken, calls, accessToken } = await primed();

    at(250_000);
    expect(await accessToken()).toBe('tok-1'); // refresh started
    at(299_999);
    expect(await accessToken()).toBe('tok-1'); // refresh still running: old token, no second fetch
    at(300_000);
    const late = watch(accessToken());
    await flush();
    expect(late()).toBe('pending');
    expect(fetchToken).toHaveBeenCalledTimes(2);
    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    await flush();
    expect(late()).toBe('tok-2');
  });

  it('a token living less than twice refreshBeforeMs is refreshed halfway through its life, not on every call', async () => {
    const fetchToken = counting(60);
    const accessToken = cachedAccessToken(fetchToken); // window 60 s, life 60 s
    await accessToken();
    at(29_999);
    for (let i = 0; i < 10; i++) await accessToken();
    expect(fetchToken).toHaveBeenCalledTimes(1);
    at(30_000);
    expect(await accessToken()).toBe('tok-1');
    await flush();
    expect(await accessToken()).toBe('tok-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('expiresAt is read as epoch seconds', async () => {
    let n = 0;
    const fetchToken = vi.fn(async (): Promise<FetchedToken> => ({ token: `tok-${++n}`, expiresAt: (Date.now() + 600_000) / 1000 }));
    const accessToken = cachedAccessToken(fetchToken, { refreshBeforeMs: 10_000 });
    await accessToken();
    await servesFirstTokenUntil(590_000, accessToken, fetchToken);
    await accessToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('expiresIn counts from the call to fetchToken, so a slow answer does not stretch the token', async () => {
    const { fetchToken, calls } = controlled();
    const accessToken = cachedAccessToken(fetchToken, { refreshBeforeMs: 0 });
    const first = accessToken();
    at(10_000); // the token endpoint took 10 s
    calls[0]!.resolve({ token: 'tok-1', expiresIn: 300 });
    await first;
    at(299_999);
    expect(await accessToken()).toBe('tok-1');
    at(300_000);
    void accessToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('a token whose life ran out while it was fetched goes to the calls waiting, and the next call refreshes', async () => {
    const { fetchToken, calls } = controlled();
    const accessToken = cachedAccessToken(fetchToken);
    const first = accessToken();
    at(20_000);
    calls[0]!.resolve({ token: 'tok-1', expiresIn: 5 });
    expect(await first).toBe('tok-1');
    const next = watch(accessToken());
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(next()).toBe('pending');
    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    await flush();
    expect(next()).toBe('tok-2');
  });
});

describe('invalidate()', () => {
  it('makes the next call fetch a fresh token', async () => {
    const fetchToken = counting();
    const accessToken = cachedAccessToken(fetchToken);
    expect(await accessToken()).toBe('tok-1');
    accessToken.invalidate();
    expect(await accessToken()).toBe('tok-2');
    expect(await accessToken()).toBe('tok-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  /** A call waiting on refresh 1, `invalidate()`, then a call that must start refresh 2. */
  async function invalidatedDuringRefresh() {
    const { fetchToken, calls } = controlled();
    const accessToken = cachedAccessToken(fetchToken);
    const before = watch(accessToken()); // joins refresh 1
    accessToken.invalidate();
    const after = watch(accessToken()); // starts refresh 2: refresh 1 began before the invalidation
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    return { fetchToken, calls, accessToken, before, after };
  }

  it('a refresh started before it resolves its own waiters but is never cached, even if it ends last', async () => {
    const { fetchToken, calls, accessToken, before, after } = await invalidatedDuringRefresh();
    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    calls[0]!.resolve({ token: 'tok-1', expiresIn: 300 });
    await flush();
    expect(before()).toBe('tok-1');
    expect(after()).toBe('tok-2');
    expect(await accessToken()).toBe('tok-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('a refresh started before it that fails leaves the newer refresh and its token alone', async () => {
    const { fetchToken, calls, accessToken, before, after } = await invalidatedDuringRefresh();
    calls[0]!.reject(new Error('token endpoint down'));
    await flush();
    expect(before()).toEqual({ rejected: new Error('token endpoint down') });
    const joined = watch(accessToken()); // joins refresh 2, starts no third
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    await flush();
    expect([after(), joined()]).toEqual(['tok-2', 'tok-2']);
  });

  it('during a background refresh drops both the token and that refresh', async () => {
    const { fetchToken, calls, accessToken } = await primed();
    at(250_000);
    expect(await accessToken()).toBe('tok-1'); // background refresh 2
    accessToken.invalidate('tok-1');
    const after = watch(accessToken()); // must not be served tok-1 nor refresh 2's token
    await flush();
    expect(fetchToken).toHaveBeenCalledTimes(3);
    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    calls[2]!.resolve({ token: 'tok-3', expiresIn: 300 });
    await flush();
    expect(after()).toBe('tok-3');
    expect(await accessToken()).toBe('tok-3');
  });

  it('invalidate(token) for a token no longer cached does nothing: fifty 401s for one token cause one refresh', async () => {
    const fetchToken = counting();
    const accessToken = cachedAccessToken(fetchToken);
    const sent = await accessToken();
    const retries = Array.from({ length: 50 }, () => {
      accessToken.invalidate(sent);
      return accessToken();
    });
    expect(new Set(await Promise.all(retries))).toEqual(new Set(['tok-2']));
    expect(fetchToken).toHaveBeenCalledTimes(2);
    accessToken.invalidate('tok-1'); // a late 401 for the old token
    expect(await accessToken()).toBe('tok-2');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('before any token is fetched it changes nothing', async () => {
    const fetchToken = counting();
    const accessToken = cachedAccessToken(fetchToken);
    accessToken.invalidate();
    expect(await accessToken()).toBe('tok-1');
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });
});

describe('failures are not cached', () => {
  it('a failing refresh rejects every waiting call with its error, and the next call tries again', async () => {
    const { fetchToken, calls } = controlled();
    const accessToken = cachedAccessToken(fetchToken);
    const failure = new Error('token endpoint answered 503');
    const waiting = Array.from({ length: 20 }, () => accessToken());
    calls[0]!.reject(failure);
    const settled = await Promise.allSettled(waiting);
    expect(settled.every((r) => r.status === 'rejected' && r.reason === failure)).toBe(true);
    const retry = accessToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
    calls[1]!.resolve({ token: 'tok-2', expiresIn: 300 });
    expect(await retry).toBe('tok-2');
  });

  it('a fetchToken that throws at once rejects the call; it never throws', async () => {
    let fail = true;
    const fetchToken = vi.fn((): Promise<FetchedToken> => {
      if (fail) throw new Error('no credentials');
      return Promise.resolve({ token: 'tok-1', expiresIn: 300 });
    });
    const accessToken = cachedAccessToken(fetchToken);
    let result: Promise<string> | undefined;
    expect(() => (result = accessToken())).not.toThrow();
    await expect(result).rejects.toThrow('no credentials');
    fail = false;
    expect(await accessToken()).toBe('tok-1');
  });

  it('a failed background refresh rejects nobody, raises no unhandled rejection, and the next call retries', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const { fetchToken, calls, accessToken } = await primed();
      at(250_000);
      expect(await accessToken()).toBe('tok-1');
      calls[1]!.reject(new Error('token endpoint down'));
      await flush();
      await flush();
      expect(unhandled).toEqual([]);
      expect(await accessToken()).toBe('tok-1'); // still valid; starts the next refresh
      expect(fetchToken).toHaveBeenCalledTimes(3);
      calls[2]!.resolve({ token: 'tok-3', expiresIn: 300 });
      await flush();
      expect(await accessToken()).toBe('tok-3');
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});

describe('bad results of fetchToken are refused, naming the field and the rule', () => {
  const now = T0 / 1000;
  const cases: Array<[string, unknown, RegExp]> = [
    ['undefined', undefined, /fetchToken must resolve \{ token, expiresIn \} or \{ token, expiresAt \}; it resolved undefined/],
    ['null', null, /it resolved null/],
    ['the bare token string', SECRET, /fetchToken must resolve \{ token, expiresIn \} or \{ token, expiresAt \}; it resolved a string/],
    ['no token', { expiresIn: 300 }, /bad token: it must be a non-empty string .*; got undefined/],
    ['an empty token', { token: '', expiresIn: 300 }, /bad token: it must be a non-empty string .*; got an empty string/],
    ['a number token', { token: 40_271_958, expiresIn: 300 }, /bad token: .*; got a number$/],
    ['a token with "Bearer "', { token: `Bearer ${SECRET}`, expiresIn: 300 }, /bad token: .*without spaces or "Bearer "; got a string with other characters/],
    ['a token with a line break', { token: `${SECRET}\r\nx-evil: 1`, expiresIn: 300 }, /bad token: .*visible ASCII/],
    ['neither expiry', { token: SECRET }, /exactly one of expiresIn \(seconds from now\) and expiresAt \(epoch seconds\); it resolved neither/],
    ['both expiries', { token: SECRET, expiresIn: 300, expiresAt: now + 300 }, /exactly one of expiresIn .*; it resolved both/],
    [
      'a negative expiresIn',
      { token: SECRET, expiresIn: -5 },
      /bad expiresIn: it must be a number of seconds, more than 0 and at most 31536000 \(a year\); got -5$/,
    ],
    ['expiresIn 0', { token: SECRET, expiresIn: 0 }, /bad expiresIn: .*more than 0.*; got 0$/],
    ['a NaN expiresIn', { token: SECRET, expiresIn: Number.NaN }, /bad expiresIn: .*; got NaN$/],
    ['an infinite expiresIn', { token: SECRET, expiresIn: Infinity }, /bad expiresIn: .*; got Infinity$/],
    ['a string expiresIn', { token: SECRET, expiresIn: '300' }, /bad expiresIn: .*; got a string$/],
    ['expiresIn in milliseconds', { token: SECRET, expiresIn: 3_600_000_000 }, /bad expiresIn: .*; got 3600000000, milliseconds where seconds are expected\?/],
    ['expiresAt in the past', { token: SECRET, expiresAt: now - 120 }, /bad expiresAt: it must be in the future; got \d+, 120 s ago/],
    ['expiresAt now', { token: SECRET, expiresAt: now }, /bad expiresAt: it must be in the future; got \d+, 0 s ago/],
    [
      'expiresAt in milliseconds',
      { token: SECRET, expiresAt: T0 + 3_600_000 },
      /bad expiresAt: it must be epoch seconds at most a year away; got \d+, milliseconds where seconds are expected\?/,
    ],
    ['expiresAt two years away', { token: SECRET, expiresAt: now + 2 * 31_536_000 }, /bad expiresAt: it must be epoch seconds at most a year away; got \d+$/],
    ['a string expiresAt', { token: SECRET, expiresAt: '2026-03-02T10:00:00Z' }, /bad expiresAt: it must be a number of epoch seconds; got a string$/],
  ];

  for (const [name, result, message] of cases) {
    it(`${name}: rejects with ConfigurationError, and the next call asks again`, async () => {
      const fetchToken = vi.fn(async () => result as FetchedToken);
      const accessToken = cachedAccessToken(fetchToken);
      const error = await accessToken().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe('fetchToken');
      expect((error as Error).message).toMatch(/^cachedAccessToken: fetchToken /);
      expect((error as Error).message).toMatch(message);
      for (const shown of [(error as Error).message, JSON.stringify(error), inspect(error), String(error), (error as Error).stack ?? '']) {
        expect(shown).not.toContain(SECRET);
        expect(shown).not.toContain('40271958');
      }
      await accessToken().catch(() => {});
      expect(fetchToken).toHaveBeenCalledTimes(2);
    });
  }

  it('a lifetime of exactly a year, and one second, are accepted', async () => {
    for (const result of [
      { token: 'a', expiresIn: 31_536_000 },
      { token: 'b', expiresIn: 1 },
      { token: 'c', expiresAt: T0 / 1000 + 31_536_000 },
    ]) {
      expect(await cachedAccessToken(async () => result)()).toBe(result.token);
    }
  });
});

describe('bad arguments are refused at once with ConfigurationError naming the option', () => {
  const ok = async (): Promise<FetchedToken> => ({ token: 'tok', expiresIn: 300 });
  const cases: Array<[string, () => unknown, string, RegExp]> = [
    [
      'fetchToken undefined',
      () => cachedAccessToken(undefined as never),
      'fetchToken',
      /^cachedAccessToken: the fetchToken option must be a function resolving \{ token, expiresIn \} or \{ token, expiresAt \}; got undefined$/,
    ],
    ['fetchToken a token string', () => cachedAccessToken(SECRET as never), 'fetchToken', /the fetchToken option must be a function .*; got a string$/],
    [
      'fetchToken an object',
      () => cachedAccessToken({ token: SECRET, expiresIn: 300 } as never),
      'fetchToken',
      /the fetchToken option must be a function .*; got an object$/,
    ],
    ['options null', () => cachedAccessToken(ok, null as never), 'options', /^cachedAccessToken: the options option must be an object; got null$/],
    ['options a number', () => cachedAccessToken(ok, 60_000 as never), 'options', /the options option must be an object; got 60000$/],
    [
      'refreshBeforeMs negative',
      () => cachedAccessToken(ok, { refreshBeforeMs: -1 }),
      'refreshBeforeMs',
      /^cachedAccessToken: the refreshBeforeMs option must be a finite number of milliseconds, 0 or more; got -1$/,
    ],
    ['refreshBeforeMs NaN', () => cachedAccessToken(ok, { refreshBeforeMs: Number.NaN }), 'refreshBeforeMs', /got NaN$/],
    ['refreshBeforeMs Infinity', () => cachedAccessToken(ok, { refreshBeforeMs: Infinity }), 'refreshBeforeMs', /got Infinity$/],
    [
      'refreshBeforeMs a string',
      () => cachedAccessToken(ok, { refreshBeforeMs: '60000' as never }),
      'refreshBeforeMs',
      /refreshBeforeMs option must be .*; got a string$/,
    ],
  ];

  for (const [name, make, option, message] of cases) {
    it(name, () => {
      expect(make).toThrow(ConfigurationError);
      expect(make).toThrow(expect.objectContaining({ option, message: expect.stringMatching(message) }));
      expect(make).toThrow(expect.objectContaining({ message: expect.not.stringContaining(SECRET) }));
    });
  }

  it('accepts no options, empty options and refreshBeforeMs 0', () => {
    expect(() => cachedAccessToken(ok)).not.toThrow();
    expect(() => cachedAccessToken(ok, {})).not.toThrow();
    expect(() => cachedAccessToken(ok, { refreshBeforeMs: undefined })).not.toThrow();
    expect(() => cachedAccessToken(ok, { refreshBeforeMs: 0 })).not.toThrow();
  });
});

describe('the token is never shown', () => {
  /** Every way the function may be printed, serialised or enumerated. */
  function shownForms(accessToken: CachedAccessToken): string[] {
    const enumerated: string[] = [];
    for (const key in accessToken) enumerated.push(key, String((accessToken as unknown as Record<string, unknown>)[key]));
    return [
      JSON.stringify(accessToken),
      JSON.stringify({ accessToken }),
      inspect(accessToken),
      inspect({ accessToken }, { depth: 5, showHidden: true }),
      String(accessToken),
      `${accessToken}`,
      Object.keys(accessToken).join(','),
      Object.getOwnPropertyNames(accessToken).join(','),
      JSON.stringify(Object.entries(accessToken)),
      enumerated.join(','),
    ];
  }

  it('by JSON.stringify, util.inspect, String() or enumeration, before and after it is fetched', async () => {
    const accessToken = cachedAccessToken(async () => ({ token: SECRET, expiresIn: 300 }));
    for (const shown of shownForms(accessToken)) expect(shown).not.toContain(SECRET);
    expect(JSON.stringify(accessToken)).toBe('{"cached":false}');

    expect(await accessToken()).toBe(SECRET);
    for (const shown of shownForms(accessToken)) expect(shown).not.toContain(SECRET);
    expect(JSON.parse(JSON.stringify(accessToken))).toEqual({ cached: true, expiresAt: '2026-03-02T09:05:00.000Z' });
    expect(inspect(accessToken)).toBe('CachedAccessToken {"cached":true,"expiresAt":"2026-03-02T09:05:00.000Z"}');
    expect(String(accessToken)).toBe(inspect(accessToken));

    accessToken.invalidate();
    expect(JSON.stringify(accessToken)).toBe('{"cached":false}');
  });

  it('by a client holding it', async () => {
    const accessToken = cachedAccessToken(async () => ({ token: SECRET, expiresIn: 300 }));
    await accessToken();
    const client = new Client({ baseUrl: 'https://api.promokit.test', ...secrets, accessToken });
    expect(inspect(client, { depth: 10 })).not.toContain(SECRET);
    expect(JSON.stringify(client)).not.toContain(SECRET);
  });
});

describe('through a real Client', () => {
  const action = { id: 'aa_1', status: 'DONE', progress: 100, created_at: '2026-11-01T10:00:00Z', object: 'async_action' };

  /** A recording fetch that answers `body`, and the Authorization header of each request it got. */
  function authorizationsOf(body: unknown) {
    const { fetch, sent } = recordingFetch(() => ({ body }));
    return { fetch, authorization: () => sent.map((request) => request.headers.authorization ?? null) };
  }

  it('50 calls fetch one token and all carry it', async () => {
    const fetchToken = vi.fn(async (): Promise<FetchedToken> => ({ token: SECRET, expiresIn: 300 }));
    const { fetch, authorization } = authorizationsOf(action);
    const client = new Client({ baseUrl: 'https://api.promokit.test', ...secrets, accessToken: cachedAccessToken(fetchToken), fetch });
    const results = await Promise.all(Array.from({ length: 50 }, () => client.asyncActions.get('aa_1')));
    expect(results.every((r) => r.id === 'aa_1')).toBe(true);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(authorization()).toEqual(Array(50).fill(`Bearer ${SECRET}`));
  });

  it('a refresh that fails rejects the call before anything is sent, and the next call succeeds', async () => {
    let fail = true;
    const fetchToken = vi.fn(async (): Promise<FetchedToken> => {
      if (fail) throw new Error('token endpoint down');
      return { token: SECRET, expiresIn: 300 };
    });
    const { fetch, authorization } = authorizationsOf(action);
    const client = new Client({ baseUrl: 'https://api.promokit.test', ...secrets, accessToken: cachedAccessToken(fetchToken), fetch, logLevel: 'off' });
    await expect(client.asyncActions.get('aa_1')).rejects.toThrow();
    expect(authorization()).toEqual([]);
    fail = false;
    await client.asyncActions.get('aa_1');
    expect(authorization()).toEqual([`Bearer ${SECRET}`]);
  });

  it('a call that gives up on a refresh that never settles abandons it, even when the clock moved on before the refresh started', async () => {
    // A busy machine: every reading of the clock is a millisecond after the one before, so the
    // refresh starts later than the call began to wait. The call still abandons the refresh it
    // waited on, and the next call asks again instead of waiting on it too.
    let tick = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => T0 + tick++);
    try {
      const aborted: unknown[] = [];
      const fetchToken = vi.fn(({ signal }: { signal: AbortSignal }): Promise<FetchedToken> => {
        if (fetchToken.mock.calls.length > 1) return Promise.resolve({ token: SECRET, expiresIn: 300 });
        signal.addEventListener('abort', () => aborted.push(signal.reason));
        return new Promise<FetchedToken>(() => undefined);
      });
      const { fetch, authorization } = authorizationsOf(action);
      const client = new Client({ baseUrl: 'https://api.promokit.test', ...secrets, accessToken: cachedAccessToken(fetchToken), fetch, logLevel: 'off' });
      await expect(client.asyncActions.get('aa_1', { timeout: 50 })).rejects.toMatchObject({ name: 'ConfigurationError', option: 'accessToken' });
      expect(aborted).toHaveLength(1);
      await expect(client.asyncActions.get('aa_1', { timeout: 5_000 })).resolves.toMatchObject({ id: 'aa_1' });
      expect(fetchToken).toHaveBeenCalledTimes(2);
      expect(authorization()).toEqual([`Bearer ${SECRET}`]);
    } finally {
      clock.mockRestore();
    }
  });

  it('against the mock service, which checks every token: 30 calls, one token issued, refreshed once after expiry', async () => {
    const mock = createMockService();
    const issue = vi.fn(async (): Promise<FetchedToken> => ({ token: mock.issueToken({ expiresIn: 900 }), expiresIn: 900 }));
    const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, accessToken: cachedAccessToken(issue) });
    const members = await Promise.all(Array.from({ length: 30 }, () => client.loyalties.getMember(mock.ids.members.ada)));
    expect(members.every((m) => m.code === mock.ids.members.ada)).toBe(true);
    expect(issue).toHaveBeenCalledTimes(1);
    at(900_000);
    await Promise.all([client.loyalties.getMember(mock.ids.members.ada), client.loyalties.getMember(mock.ids.members.grace)]);
    expect(issue).toHaveBeenCalledTimes(2);
  });

  it('ClientEvents takes it too: 10 events, one token', async () => {
    const fetchToken = vi.fn(async (): Promise<FetchedToken> => ({ token: SECRET, expiresIn: 300 }));
    const ack = { object: 'event', type: 'signed_up', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };
    const { fetch, authorization } = authorizationsOf(ack);
    const events = new ClientEvents({
      baseUrl: 'https://api.promokit.test',
      clientApplicationId: 'app',
      clientToken: 'ct',
      origin: 'https://shop.example.com',
      accessToken: cachedAccessToken(fetchToken),
      fetch,
    });
    await Promise.all(Array.from({ length: 10 }, () => events.track({ event: 'signed_up', customer: { source_id: 'c1' } })));
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(authorization()).toEqual(Array(10).fill(`Bearer ${SECRET}`));
  });
});
