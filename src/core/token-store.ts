/**
 * One access token for a fleet: a {@link TokenStore} (e.g. `redisTokenStore` of `promokit/redis`)
 * given to `cachedAccessToken` as `store` holds the token every process uses, so a fleet fetches
 * one token where each process would fetch its own. {@link sharedFetch} is the refresh of one
 * process through the store: read the shared token; else take the refresh lock and fetch, or wait
 * for the process that holds it. Every step is bounded, every answer of the store is checked, and
 * a store that fails, hangs or answers nonsense is set aside for a while: the process then fetches
 * its own token, as it would without a store.
 *
 * No timer runs unless a refresh waits, and nothing here imports a Node built-in: the module is
 * part of the main entry.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';
import { sleep } from './waiting.js';

/**
 * A token as a {@link TokenStore} holds it for the fleet.
 *
 * @category Client
 */
export interface SharedToken {
  /** The bare token, as `fetchToken` gave it. */
  token: string;
  /** Milliseconds it has left. */
  expiresInMs: number;
  /** Its whole lifetime in milliseconds, from when it was fetched: tells when the fleet refreshes it. */
  lifetimeMs: number;
}

/**
 * Where the processes of a fleet keep their one access token, for `cachedAccessToken(fetchToken,
 * { store })`: `redisTokenStore` of `promokit/redis` is one. Each method may fail or hang; the
 * process then fetches its own token and leaves the store alone for a few seconds. What a method
 * resolves is checked: anything unexpected counts as a failure.
 *
 * @category Client
 */
export interface TokenStore {
  /**
   * The shared token, or `undefined` (or `null`) when none is stored or what is stored is not a
   * token (the next refresh replaces it).
   */
  read(): Promise<SharedToken | undefined | null>;
  /** Stores `token` for the fleet, to expire when it does (`expiresInMs` from now). */
  write(token: SharedToken): Promise<void>;
  /**
   * Takes the refresh lock for {@link TokenStore.lockMs}: resolves a function that releases it,
   * or `undefined` (or `null`) when another process holds it.
   */
  lock(): Promise<(() => Promise<void>) | undefined | null>;
  /** Deletes the shared token if it is still `token`: the service refused it (a 401). */
  clear(token: string): Promise<void>;
  /**
   * How long the refresh lock holds, in milliseconds (1 to 60,000): a process waits for another's
   * refresh at most this long before it fetches its own token.
   */
  readonly lockMs: number;
  /** The longest one method may take, in milliseconds (1 to 60,000); past it, it counts as failed. Default 1,000. */
  readonly timeoutMs?: number | undefined;
}

/** What `cachedAccessToken`'s `fetchToken` resolves: `{ token, expiresIn }` or `{ token, expiresAt }`, checked by it. */
type Fetched = unknown;

/** The refresh of one process through a store, and what it learns of refused tokens. */
export interface SharedFetch {
  /** Resolves what `fetchToken` would: the shared token, or one fetched (by this process, for the fleet). */
  fetch(): Promise<Fetched>;
  /** The service refused `token` (a 401), or the user invalidated it: the fleet drops it if it still holds it. */
  refused(token: string): void;
}

/** How long a store that failed is left alone: the process fetches its own tokens meanwhile. */
const SET_ASIDE_MS = 2_000;
/** Polls of the store while another process refreshes: the first after this, then twice as long each time, up to {@link POLL_MAX_MS}. */
const POLL_FIRST_MS = 10;
const POLL_MAX_MS = 100;
/** Refused tokens remembered, so that a store still holding one (a clear that failed or is on its way) is not believed. */
const REFUSED_KEPT = 16;
/** Longest token accepted from the store, in characters. */
export const MAX_TOKEN_LENGTH = 16_384;
/** Longest lifetime, in milliseconds: a year, as `cachedAccessToken` accepts. */
const YEAR_MS = 31_536_000_000;
/** A token of the fleet's is refreshed when it has less than this share of its life left, on top of `refreshBeforeMs`. */
const FRESH_SLACK = 0.01;

/** A failure of the store (not of `fetchToken`): the process goes on without it. */
class StoreFailure extends Error {}

/** True for a token a header can carry and a store may hold: visible ASCII, bounded. */
export function isTokenText(token: unknown): token is string {
  return typeof token === 'string' && token.length <= MAX_TOKEN_LENGTH && /^[\x21-\x7e]+$/.test(token);
}

/**
 * The refresh of `cachedAccessToken` through `store`. Throws {@link ConfigurationError} naming
 * `store` when it is not a {@link TokenStore}.
 */
export function sharedFetch(store: TokenStore, fetchToken: () => Promise<Fetched>, refreshBeforeMs: number): SharedFetch {
  const rule =
    'a TokenStore: { read, write, lock, clear } functions, lockMs and timeoutMs from 1 to 60000 milliseconds (e.g. redisTokenStore() of promokit/redis)';
  const bad = () => new ConfigurationError('store', `cachedAccessToken: the store option must be ${rule}`);
  let lockMs: number;
  let timeoutMs: number;
  try {
    const s = store as Partial<TokenStore>;
    const methods = ['read', 'write', 'lock', 'clear'] as const;
    if (typeof s !== 'object' || s === null || methods.some((m) => typeof s[m] !== 'function')) throw bad();
    lockMs = s.lockMs as number;
    timeoutMs = s.timeoutMs ?? 1_000;
  } catch {
    throw bad();
  }
  const span = (ms: unknown) => typeof ms === 'number' && ms >= 1 && ms <= 60_000;
  if (!span(lockMs) || !span(timeoutMs)) throw bad();

  /** Until then the store is left alone. */
  let asideUntil = 0;
  const refusedTokens: string[] = [];
  /** The clear of a refused token under way: a read waits for it, so it does not read that token back. */
  let clearing: Promise<unknown> = Promise.resolve();

  /** One call of the store, bounded; any failure, a `StoreFailure`. */
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await deferredBound(Promise.resolve().then(run), timeoutMs, () => new StoreFailure(`the token store's ${what} took more than ${timeoutMs} ms`));
    } catch (error) {
      throw error instanceof StoreFailure ? error : new StoreFailure(`the token store's ${what} failed`, { cause: error });
    }
  };

  const read = async (): Promise<SharedToken | undefined> => {
    await clearing;
    const got = await call('read', () => store.read());
    if (got === undefined || got === null) return undefined;
    let shared: SharedToken;
    try {
      shared = checkedShared(got);
    } catch (error) {
      // A getter that throws, or a Proxy: the store's answer makes no sense either way.
      throw error instanceof StoreFailure ? error : new StoreFailure("the token store's read resolved an object that cannot be read", { cause: error });
    }
    return refusedTokens.includes(shared.token) ? undefined : shared;
  };

  /** A shared token this process may use without refreshing it: it has more than its refresh margin left. */
  const fresh = (shared: SharedToken | undefined): boolean =>
    shared !== undefined && shared.expiresInMs > Math.min(refreshBeforeMs, shared.lifetimeMs / 2) + shared.lifetimeMs * FRESH_SLACK;
  const served = (shared: SharedToken): Fetched => ({ token: shared.token, expiresIn: shared.expiresInMs / 1000 });

  /** Fetches a token under the lock and stores it for the fleet; `fetchToken`'s failure is thrown as it is. */
  const fetchForFleet = async (): Promise<Fetched> => {
    const started = Date.now();
    const fetched = await fetchToken();
    const shared = toShare(fetched, started);
    if (shared) {
      try {
        await call('write', () => store.write(shared));
      } catch {
        asideUntil = Date.now() + SET_ASIDE_MS;
      }
    }
    return fetched;
  };

  const throughStore = async (): Promise<Fetched> => {
    const deadline = Date.now() + lockMs;
    let last: SharedToken | undefined;
    for (let pause = POLL_FIRST_MS; ; pause = Math.min(POLL_MAX_MS, pause * 2)) {
      last = await read();
      if (fresh(last)) return served(last!);
      const release = await call('lock', () => store.lock());
      if (release !== undefined && release !== null) {
        if (typeof release !== 'function') throw new StoreFailure("the token store's lock resolved neither a function nor undefined");
        try {
          // Another process may have stored a token between the read and the lock.
          const again = await read();
          if (fresh(again)) return served(again!);
          return await fetchForFleet();
        } finally {
          void call('unlock', () => release()).catch(() => undefined);
        }
      }
      // Another process refreshes: wait for its token, within the lock's time.
      const left = deadline - Date.now();
      if (left <= 0) break;
      await sleep(Math.min(pause, left));
    }
    // Waited as long as a lock holds: the stored token while it lasts, else one of our own.
    if (last && last.expiresInMs > 2 * POLL_MAX_MS) return served(last);
    return fetchToken();
  };

  return {
    async fetch() {
      if (Date.now() < asideUntil) return fetchToken();
      try {
        return await throughStore();
      } catch (error) {
        if (!(error instanceof StoreFailure)) throw error;
        asideUntil = Date.now() + SET_ASIDE_MS;
        return fetchToken();
      }
    },
    refused(token) {
      if (!refusedTokens.includes(token)) refusedTokens.push(token);
      if (refusedTokens.length > REFUSED_KEPT) refusedTokens.shift();
      if (Date.now() < asideUntil) return;
      clearing = call('clear', () => store.clear(token)).catch(() => undefined);
    },
  };
}

/** What a store's `read` resolved, checked: a {@link SharedToken}, else a `StoreFailure`. */
function checkedShared(got: unknown): SharedToken {
  if (typeof got !== 'object' || got === null) throw new StoreFailure("the token store's read resolved neither a token nor undefined");
  const { token, expiresInMs, lifetimeMs } = got as Partial<SharedToken>;
  if (!isTokenText(token)) throw new StoreFailure("the token store's read resolved a token that is not visible ASCII text of at most 16384 characters");
  const ms = (value: unknown): value is number => typeof value === 'number' && value > 0 && value <= YEAR_MS;
  if (!ms(expiresInMs) || !ms(lifetimeMs) || expiresInMs > lifetimeMs + 1_000) {
    throw new StoreFailure(
      "the token store's read resolved a lifetime that cannot be right (expiresInMs and lifetimeMs must be more than 0, at most a year, expiresInMs within lifetimeMs)",
    );
  }
  return { token, expiresInMs, lifetimeMs };
}

/**
 * What `fetchToken` resolved, as the store keeps it; `undefined` when it is not a token
 * `cachedAccessToken` would accept (it then reports the fault, and nothing is stored).
 */
function toShare(fetched: unknown, started: number): SharedToken | undefined {
  if (typeof fetched !== 'object' || fetched === null) return undefined;
  const { token, expiresIn, expiresAt } = fetched as { token?: unknown; expiresIn?: unknown; expiresAt?: unknown };
  if (!isTokenText(token) || (expiresIn === undefined) === (expiresAt === undefined)) return undefined;
  const expires = expiresIn !== undefined ? started + (expiresIn as number) * 1000 : (expiresAt as number) * 1000;
  const now = Date.now();
  if (typeof (expiresIn ?? expiresAt) !== 'number' || !Number.isFinite(expires)) return undefined;
  const lifetimeMs = expires - started;
  const expiresInMs = expires - now;
  if (!(expiresInMs >= 1 && lifetimeMs <= YEAR_MS)) return undefined;
  return { token, expiresInMs: Math.floor(expiresInMs), lifetimeMs: Math.max(Math.floor(lifetimeMs), Math.floor(expiresInMs)) };
}

/**
 * `promise`, or `timedOut()` after `ms`. The rejection waits one more turn of the event loop: after
 * a stall (a busy process), timers run before the sockets are read, and an answer that arrived in
 * time must not be taken for a timeout. A late settling of `promise` is ignored.
 */
function deferredBound<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const timer = setTimeout(() => setTimeout(() => settle(() => reject(timedOut())), 0), ms);
    promise.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}
