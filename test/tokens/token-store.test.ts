/**
 * `processOf(fetchToken, { store })`: one token for every process of a fleet, through a
 * `TokenStore`. Here the store is in memory and each "process" is a `cachedAccessToken` of its
 * own, called as a `Client` calls it (for the credentials of its calls: their owner), so the
 * coordination (read, lock, fetch, write, wait, clear the refused token) is tested on its own; the
 * Redis store is tested against a real redis-server in test/redis/token-store.test.ts. A store
 * is a dependency: it may throw, hang or answer nonsense, and every call must still get a token
 * within its bounds, never an unhandled rejection. What it holds belongs to the credentials it
 * was fetched for: another app's token, or one planted, is never served.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forOwner, type TokenOwner } from '../../src/core/credentials.js';
import { cachedAccessToken, ConfigurationError, type CachedAccessTokenOptions, type FetchedToken, type SharedToken, type TokenStore } from '../../src/index.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The credentials of the calls of the tests' fleet, and of another app's. */
const OWNER: TokenOwner = { id: 'app-fleet', origin: 'https://api.example.test', secret: 'app-token-of-the-fleet' };
const OTHER: TokenOwner = { id: 'app-other', origin: 'https://api.example.test', secret: 'app-token-of-another-app' };

/** A process of the fleet: a `cachedAccessToken` of its own, called as a `Client` with `owner`'s credentials calls it. */
function processOf(fetchToken: () => Promise<FetchedToken>, options: CachedAccessTokenOptions, owner: TokenOwner = OWNER) {
  const managed = cachedAccessToken(fetchToken, options);
  return Object.assign(() => (managed as unknown as Record<symbol, (owner: TokenOwner) => Promise<string>>)[forOwner]!(owner), {
    invalidate: managed.invalidate,
  });
}

/** A store in memory, as Redis would keep it: each owner's token with its expiry and seal, a lock per owner that expires. */
class MemoryStore implements TokenStore {
  lockMs = 300;
  timeoutMs = 100;
  entries = new Map<string, { token: string; lifetimeMs: number; expiresAt: number; seal: string }>();
  locks = new Map<string, number>();
  calls: string[] = [];
  owners = new Set<string>();
  /** The entry of the only owner that has one (the tests' fleet has one owner). */
  get held() {
    return [...this.entries.values()][0];
  }
  get lockedUntil(): number {
    return Math.max(0, ...this.locks.values());
  }
  set lockedUntil(until: number) {
    this.lockAll = until;
  }
  lockAll = 0;
  async read(owner: string): Promise<SharedToken | undefined> {
    this.calls.push('read');
    this.owners.add(owner);
    const held = this.entries.get(owner);
    if (!held || held.expiresAt <= Date.now()) return undefined;
    return { token: held.token, expiresInMs: held.expiresAt - Date.now(), lifetimeMs: held.lifetimeMs, seal: held.seal };
  }
  async write({ token, expiresInMs, lifetimeMs, seal }: SharedToken, owner: string): Promise<void> {
    this.calls.push('write');
    this.entries.set(owner, { token, lifetimeMs, expiresAt: Date.now() + expiresInMs, seal });
  }
  async lock(owner: string): Promise<(() => Promise<void>) | undefined> {
    this.calls.push('lock');
    if (Date.now() < Math.max(this.locks.get(owner) ?? 0, this.lockAll)) return undefined;
    const mine = Date.now() + this.lockMs;
    this.locks.set(owner, mine);
    return async () => {
      if (this.locks.get(owner) === mine) this.locks.delete(owner);
    };
  }
  async clear(token: string, owner: string): Promise<void> {
    this.calls.push('clear');
    if (this.entries.get(owner)?.token === token) this.entries.delete(owner);
  }
}

/** A token endpoint that counts what it issues; each token lives `expiresIn` seconds. */
function issuer(expiresIn = 900, delayMs = 20) {
  const issued: string[] = [];
  const fetchToken = async () => {
    const token = `tok-${issued.length + 1}`;
    issued.push(token);
    await sleep(delayMs);
    return { token, expiresIn };
  };
  return { issued, fetchToken };
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', onUnhandled);
afterEach(() => {
  expect(unhandled).toEqual([]);
  unhandled.length = 0;
  vi.restoreAllMocks();
});

describe('cachedAccessToken with a store: one token for the fleet', () => {
  it('eight processes with 25 calls each at once: one token fetched, every call gets it', async () => {
    const store = new MemoryStore();
    const { issued, fetchToken } = issuer();
    const processes = Array.from({ length: 8 }, () => processOf(fetchToken, { store }));
    const tokens = await Promise.all(processes.flatMap((accessToken) => Array.from({ length: 25 }, () => accessToken())));
    expect(issued).toEqual(['tok-1']);
    expect(new Set(tokens)).toEqual(new Set(['tok-1']));
    // The token went to the store once.
    expect(store.calls.filter((c) => c === 'write')).toHaveLength(1);
  });

  it("a process that starts later reads the fleet's token instead of fetching one", async () => {
    const store = new MemoryStore();
    const { issued, fetchToken } = issuer();
    await processOf(fetchToken, { store })();
    expect(await processOf(fetchToken, { store })()).toBe('tok-1');
    expect(issued).toHaveLength(1);
  });

  it('a 401: the refused token is cleared from the store only while it is still the one stored; the fleet fetches one new token', async () => {
    const store = new MemoryStore();
    const { issued, fetchToken } = issuer();
    const [a, b, c] = Array.from({ length: 3 }, () => processOf(fetchToken, { store }));
    await Promise.all([a!(), b!(), c!()]);
    // Every process is refused with tok-1 (it was revoked), one after the other.
    a!.invalidate('tok-1');
    expect(await a!()).toBe('tok-2');
    b!.invalidate('tok-1');
    // b's clear of tok-1 does not clear tok-2, stored by a meanwhile.
    expect(await b!()).toBe('tok-2');
    c!.invalidate('tok-1');
    expect(await c!()).toBe('tok-2');
    expect(issued).toEqual(['tok-1', 'tok-2']);
    expect(store.held?.token).toBe('tok-2');
  });

  it('a refused token is not believed even while the store still holds it (its clear failed)', async () => {
    const store = new MemoryStore();
    store.clear = async () => {
      throw new Error('clear failed');
    };
    const { issued, fetchToken } = issuer();
    const accessToken = processOf(fetchToken, { store });
    expect(await accessToken()).toBe('tok-1');
    accessToken.invalidate('tok-1');
    expect(store.held?.token).toBe('tok-1');
    expect(await accessToken()).toBe('tok-2');
    expect(issued).toEqual(['tok-1', 'tok-2']);
  });

  it("the lock holder's fetch fails: every call waiting on it rejects with its error, the lock is released, and the next call tries again", async () => {
    const store = new MemoryStore();
    let fail = true;
    const fetchToken = async () => {
      await sleep(10);
      if (fail) throw new Error('token endpoint down');
      return { token: 'tok-ok', expiresIn: 900 };
    };
    const accessToken = processOf(fetchToken, { store });
    await expect(Promise.all([accessToken(), accessToken()])).rejects.toThrow('token endpoint down');
    expect(store.lockedUntil).toBe(0);
    fail = false;
    expect(await accessToken()).toBe('tok-ok');
  });

  it('a lock held by a process that died: the others wait at most lockMs, then fetch their own', async () => {
    const store = new MemoryStore();
    store.lockedUntil = Date.now() + 60_000; // never released
    const { issued, fetchToken } = issuer();
    const started = performance.now();
    expect(await processOf(fetchToken, { store })()).toBe('tok-1');
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(store.lockMs - 5);
    expect(waited).toBeLessThan(store.lockMs + 500);
    expect(issued).toHaveLength(1);
  });

  it('a token fetchToken gives that cachedAccessToken refuses is not stored, and the call rejects as it always did', async () => {
    const store = new MemoryStore();
    const accessToken = processOf(async () => ({ token: 'has space', expiresIn: 900 }), { store });
    await expect(accessToken()).rejects.toBeInstanceOf(ConfigurationError);
    expect(store.held).toBeUndefined();
  });

  it('short-lived tokens: over several lifetimes, the fleet fetches about one token per lifetime, not one per process', async () => {
    const store = new MemoryStore();
    // Tokens of 0.4 s, refreshed halfway through (refreshBeforeMs is more than half their life).
    const { issued, fetchToken } = issuer(0.4, 5);
    const processes = Array.from({ length: 4 }, () => processOf(fetchToken, { store, refreshBeforeMs: 1_000 }));
    const started = performance.now();
    while (performance.now() - started < 2_000) {
      await Promise.all(processes.map((accessToken) => accessToken()));
      await sleep(10);
    }
    // 2 s of tokens refreshed every 0.2 s: about 10, where four processes alone fetch 40.
    expect(issued.length).toBeLessThanOrEqual(13);
  });
});

describe('what a store holds belongs to the credentials it was fetched for', () => {
  /** A token endpoint of one app: its tokens are named after it. */
  const appIssuer = (app: string) => {
    const issued: string[] = [];
    return {
      issued,
      fetchToken: async () => {
        const token = `${app}-tok-${issued.length + 1}`;
        issued.push(token);
        await sleep(5);
        return { token, expiresIn: 900 };
      },
    };
  };

  /** A store that ignores whose token it holds: one token and one lock for every app. */
  class OneSlotStore extends MemoryStore {
    override read = (_owner: string) => super.read('one');
    override write = (token: SharedToken, _owner: string) => super.write(token, 'one');
    override lock = (_owner: string) => super.lock('one');
    override clear = (token: string, _owner: string) => super.clear(token, 'one');
  }

  it.each<[string, () => MemoryStore]>([
    ['a store that keeps each owner apart', () => new MemoryStore()],
    ['a store that ignores the owner (one slot for all)', () => new OneSlotStore()],
  ])('%s: two apps, each four processes, calls interleaved over three rounds: each app sends only its own tokens', async (_name, makeStore) => {
    const store = makeStore();
    const a = appIssuer('a');
    const b = appIssuer('b');
    const fleetA = Array.from({ length: 4 }, () => processOf(a.fetchToken, { store }, OWNER));
    const fleetB = Array.from({ length: 4 }, () => processOf(b.fetchToken, { store }, OTHER));
    for (let round = 0; round < 3; round++) {
      const tokens = await Promise.all([...fleetA, ...fleetB].map((accessToken) => accessToken()));
      expect(tokens.slice(0, 4).every((t) => t.startsWith('a-tok-'))).toBe(true);
      expect(tokens.slice(4).every((t) => t.startsWith('b-tok-'))).toBe(true);
      for (const accessToken of [...fleetA, ...fleetB]) accessToken.invalidate();
    }
    // Two names in the store, neither of them the app's ID or its secret in clear.
    if (!(store instanceof OneSlotStore)) {
      expect(store.owners.size).toBe(2);
      for (const owner of store.owners) {
        expect(owner).toMatch(/^[0-9a-f]{32}$/);
        for (const clear of [OWNER.id, OWNER.secret, OTHER.id, OTHER.secret]) expect(owner).not.toContain(clear);
      }
    }
  });

  it("a token planted under the fleet's name (no seal, a forged seal, another app's sealed token copied over) is never sent, and the next refresh replaces it", async () => {
    const store = new MemoryStore();
    const a = appIssuer('a');
    const b = appIssuer('b');
    // B's real, sealed token, and the name A's tokens are kept under.
    await processOf(b.fetchToken, { store }, OTHER)();
    const other = [...store.entries.values()][0]!;
    await processOf(a.fetchToken, { store }, OWNER)();
    const name = [...store.entries.keys()].find((key) => store.entries.get(key)!.token.startsWith('a-'))!;
    for (const plant of [
      { token: 'planted-token', seal: '' },
      { token: 'planted-token', seal: 'f'.repeat(64) },
      { token: other.token, seal: other.seal },
    ]) {
      store.entries.set(name, { ...plant, lifetimeMs: 900_000, expiresAt: Date.now() + 900_000 });
      const token = await processOf(a.fetchToken, { store }, OWNER)();
      expect(token).toMatch(/^a-tok-/);
      expect(store.entries.get(name)!.token).toBe(token);
    }
  });

  it("one cachedAccessToken given to two apps' clients: each app's calls get a token of their own, in memory as in the store", async () => {
    const store = new MemoryStore();
    let n = 0;
    const managed = cachedAccessToken(async () => ({ token: `tok-${++n}`, expiresIn: 900 }), { store });
    const as = (owner: TokenOwner) => (managed as unknown as Record<symbol, (owner: TokenOwner) => Promise<string>>)[forOwner]!(owner);
    const [a1, b1, a2, b2] = [await as(OWNER), await as(OTHER), await as(OWNER), await as(OTHER)];
    expect([a1, a2]).toEqual(['tok-1', 'tok-1']);
    expect([b1, b2]).toEqual(['tok-2', 'tok-2']);
    expect(store.entries.size).toBe(2);
    // A 401 to one app's token leaves the other's alone.
    managed.invalidate('tok-1');
    expect(await as(OTHER)).toBe('tok-2');
    expect(await as(OWNER)).toBe('tok-3');
  });

  it('a call that says whose token it asks for is a call of a Client; your own call of the function (or a ClientEvents) never uses the store', async () => {
    const store = new MemoryStore();
    const a = appIssuer('a');
    const accessToken = cachedAccessToken(a.fetchToken, { store });
    expect(await accessToken()).toBe('a-tok-1');
    expect(store.calls).toEqual([]);
  });

  it('without Web Crypto to bind its tokens, the store is left aside: every call still gets a token', async () => {
    const store = new MemoryStore();
    const a = appIssuer('a');
    vi.spyOn(globalThis.crypto, 'subtle', 'get').mockReturnValue(undefined as never);
    expect(await processOf(a.fetchToken, { store })()).toBe('a-tok-1');
    expect(store.calls).toEqual([]);
  });
});

describe('a store that fails, hangs or answers nonsense: each call still gets a token, within its bounds', () => {
  const broken: Array<[string, (store: MemoryStore) => void]> = [
    [
      'read throws at once',
      (s) =>
        (s.read = (() => {
          throw new Error('boom');
        }) as never),
    ],
    [
      'read rejects',
      (s) =>
        (s.read = async () => {
          throw new Error('boom');
        }),
    ],
    ['read never settles', (s) => (s.read = () => new Promise(() => undefined))],
    ['read resolves a number', (s) => (s.read = (async () => 42) as never)],
    ['read resolves a token with a line break', (s) => (s.read = async () => ({ token: 'a\r\nb', expiresInMs: 1_000, lifetimeMs: 2_000, seal: '' }))],
    ['read resolves NaN lifetimes', (s) => (s.read = async () => ({ token: 'x', expiresInMs: Number.NaN, lifetimeMs: Number.NaN, seal: '' }))],
    ['read resolves more life left than the lifetime', (s) => (s.read = async () => ({ token: 'x', expiresInMs: 10_000_000, lifetimeMs: 1_000, seal: '' }))],
    [
      'read resolves a getter that throws',
      (s) =>
        (s.read = async () => ({
          get token(): string {
            throw new Error('trap');
          },
          expiresInMs: 1,
          lifetimeMs: 1,
          seal: '',
        })),
    ],
    ['lock resolves a string', (s) => (s.lock = (async () => 'yes') as never)],
    ['lock never settles', (s) => (s.lock = () => new Promise(() => undefined))],
    [
      'write rejects',
      (s) =>
        (s.write = async () => {
          throw new Error('READONLY');
        }),
    ],
    ['write never settles', (s) => (s.write = () => new Promise(() => undefined))],
    [
      'release rejects',
      (s) =>
        (s.lock = async () => async () => {
          throw new Error('gone');
        }),
    ],
  ];

  it.each(broken)('%s', async (_name, breakIt) => {
    const store = new MemoryStore();
    breakIt(store);
    const { issued, fetchToken } = issuer();
    const accessToken = processOf(fetchToken, { store });
    const started = performance.now();
    const tokens = await Promise.all(Array.from({ length: 5 }, () => accessToken()));
    // One bound of the store (timeoutMs 100) and the fetch, with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(store.timeoutMs * 2 + 500);
    expect(new Set(tokens)).toEqual(new Set(['tok-1']));
    expect(issued).toHaveLength(1);
    await sleep(150); // whatever was left running ends without an unhandled rejection
  });

  it('a store that failed is left aside for two seconds (the process fetches its own), then used again', async () => {
    const store = new MemoryStore();
    let down = true;
    const read = store.read.bind(store);
    store.read = async (owner) => {
      if (down) throw new Error('down');
      return read(owner);
    };
    const { issued, fetchToken } = issuer(900, 1);
    const accessToken = processOf(fetchToken, { store });
    expect(await accessToken()).toBe('tok-1');
    down = false;
    store.calls = [];
    accessToken.invalidate();
    expect(await accessToken()).toBe('tok-2');
    // Left aside: neither read nor cleared.
    expect(store.calls).toEqual([]);
    await sleep(2_100);
    accessToken.invalidate();
    expect(await accessToken()).toBe('tok-3');
    expect(store.calls).toContain('write');
    expect(store.held?.token).toBe('tok-3');
    expect(issued).toHaveLength(3);
  });
});

describe('the store option, checked at once', () => {
  const good = () => new MemoryStore();
  it.each<[string, () => unknown]>([
    ['a string', () => 'redis://localhost'],
    ['null', () => null],
    ['an object without lock', () => Object.assign(good(), { lock: undefined })],
    ['lockMs 0', () => Object.assign(good(), { lockMs: 0 })],
    ['lockMs NaN', () => Object.assign(good(), { lockMs: Number.NaN })],
    ["lockMs '300'", () => Object.assign(good(), { lockMs: '300' })],
    ['timeoutMs 61000', () => Object.assign(good(), { timeoutMs: 61_000 })],
    [
      'a Proxy that throws',
      () =>
        new Proxy(
          {},
          {
            get: () => {
              throw new Error('trap');
            },
          },
        ),
    ],
  ])('refuses %s with a ConfigurationError naming store', (_name, store) => {
    let error: unknown;
    try {
      cachedAccessToken(async () => ({ token: 't', expiresIn: 1 }), { store: store() as TokenStore });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('store');
    expect((error as Error).message).toMatch(/^cachedAccessToken: the store option must be a TokenStore/);
  });

  it('accepts store: undefined as no store', async () => {
    expect(await cachedAccessToken(async () => ({ token: 't', expiresIn: 100 }), { store: undefined })()).toBe('t');
  });
});
