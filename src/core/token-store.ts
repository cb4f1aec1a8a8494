/**
 * One access token for a fleet: a {@link TokenStore} (e.g. `redisTokenStore` of `promokit/redis`)
 * given to `cachedAccessToken` as `store` holds the token every process uses, so a fleet fetches
 * one token where each process would fetch its own. {@link sharedFetch} is the refresh of one
 * process through the store: read the shared token; else take the refresh lock and fetch, or wait
 * for the process that holds it. Every step is bounded, every answer of the store is checked, and
 * a store that fails, hangs or answers nonsense is set aside for a while: the process then fetches
 * its own token, as it would without a store.
 *
 * What a store holds belongs to the credentials it was fetched for. Each entry is kept under the
 * name of its owner (an HMAC of the app ID and the service's origin, keyed by the app token, so
 * it names no secret), and carries a seal (an HMAC of the token by the same key): a token whose
 * seal is not the one the calling credentials make (another app's, or one planted in the store by
 * anyone without the app token) is never sent, and is removed from the store as soon as it is read.
 *
 * No timer runs unless a refresh waits, and nothing here imports a Node built-in (the HMACs are Web
 * Crypto's): the module is part of the main entry.
 *
 * @module
 */
import type { TokenOwner } from './credentials.js';
import { ConfigurationError, isA } from './errors.js';
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
  /**
   * Binds the token to the credentials it was fetched for: an HMAC of it keyed by their app token
   * (64 hexadecimal characters, no secret in clear). Keep it with the token: a token read back
   * without the seal the calling credentials make is never sent.
   */
  seal: string;
}

/**
 * Where the processes of a fleet keep their access tokens, for `cachedAccessToken(fetchToken,
 * { store })`: `redisTokenStore` of `promokit/redis` is one. Each method may fail or hang; the
 * process then fetches its own token and leaves the store alone for a few seconds. What a method
 * resolves is checked: anything unexpected counts as a failure.
 *
 * Every method is given `owner`: whose token it is, 32 hexadecimal characters derived from the
 * app ID, the service's origin and the app token (an HMAC: it names no secret). Keep one token
 * and one lock per owner, so that apps sharing a store each keep their own. (A store that ignores
 * it still never serves one app another's token, whose seal does not match, but its apps would
 * keep replacing each other's token.)
 *
 * @category Client
 */
export interface TokenStore {
  /**
   * The `owner`'s token, or `undefined` (or `null`) when none is stored or what is stored is not a
   * token (the next refresh replaces it).
   */
  read(owner: string): Promise<SharedToken | undefined | null>;
  /** Stores `token` as the `owner`'s, to expire when it does (`expiresInMs` from now). */
  write(token: SharedToken, owner: string): Promise<void>;
  /**
   * Takes the `owner`'s refresh lock for {@link TokenStore.lockMs}: resolves a function that
   * releases it, or `undefined` (or `null`) when another process holds it.
   */
  lock(owner: string): Promise<(() => Promise<void>) | undefined | null>;
  /**
   * Deletes the `owner`'s token if it is still `token`: the service refused it (a 401), or its seal
   * is not the owner's (a token planted, or another app's).
   */
  clear(token: string, owner: string): Promise<void>;
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
  /** Resolves what `fetchToken` would: `owner`'s shared token, or one `fetchToken` fetched (by this process, for the fleet). */
  fetch(owner: TokenOwner, fetchToken: () => Promise<Fetched>): Promise<Fetched>;
  /** The service refused `owner`'s `token` (a 401), or the user invalidated it: the fleet drops it if it still holds it. */
  refused(token: string, owner: TokenOwner): void;
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
export function sharedFetch(store: TokenStore, refreshBeforeMs: number): SharedFetch {
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
  /** The name and the seal of the last owners asked for, by their credentials. */
  const owners = new Map<string, Promise<Bound>>();

  /** One call of the store, bounded; any failure, a `StoreFailure`. */
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await deferredBound(Promise.resolve().then(run), timeoutMs, () => new StoreFailure(`the token store's ${what} took more than ${timeoutMs} ms`));
    } catch (error) {
      throw isA(error, StoreFailure) ? error : new StoreFailure(`the token store's ${what} failed`, { cause: error });
    }
  };

  /** `owner`'s name and seal: made once per set of credentials (a few kept). */
  const bind = (owner: TokenOwner): Promise<Bound> => {
    const id = `${owner.id}\n${owner.origin}\n${owner.secret}`;
    let bound = owners.get(id);
    if (!bound) {
      bound = ownerBinding(owner);
      // A failure (no Web Crypto) is not kept: the store is set aside, and asked again later.
      bound.catch(() => owners.delete(id));
      owners.set(id, bound);
      if (owners.size > OWNERS_KEPT) owners.delete(owners.keys().next().value!);
    }
    return bound;
  };

  const read = async (owner: Bound): Promise<SharedToken | undefined> => {
    await clearing;
    const got = await call('read', () => store.read(owner.name));
    if (got === undefined || got === null) return undefined;
    let shared: SharedToken;
    try {
      shared = checkedShared(got);
    } catch (error) {
      // A getter that throws, or a Proxy: the store's answer makes no sense either way.
      throw isA(error, StoreFailure) ? error : new StoreFailure("the token store's read resolved an object that cannot be read", { cause: error });
    }
    // Another app's token, or one planted by anyone without the app token: never sent, and removed
    // while it is still the one stored (a refresh that fails, or a lock another process holds,
    // would otherwise leave it there), whatever the removal meets.
    if (shared.seal !== (await owner.seal(shared.token))) {
      await call('clear', () => store.clear(shared.token, owner.name)).catch(() => undefined);
      return undefined;
    }
    return refusedTokens.includes(shared.token) ? undefined : shared;
  };

  /** A shared token this process may use without refreshing it: it has more than its refresh margin left. */
  const fresh = (shared: SharedToken | undefined): boolean =>
    shared !== undefined && shared.expiresInMs > Math.min(refreshBeforeMs, shared.lifetimeMs / 2) + shared.lifetimeMs * FRESH_SLACK;
  const served = (shared: SharedToken): Fetched => ({ token: shared.token, expiresIn: shared.expiresInMs / 1000 });

  /** Fetches a token under the lock and stores it as `owner`'s; `fetchToken`'s failure is thrown as it is. */
  const fetchForFleet = async (owner: Bound, fetchToken: () => Promise<Fetched>): Promise<Fetched> => {
    const started = Date.now();
    const fetched = await fetchToken();
    const shared = toShare(fetched, started);
    if (shared) {
      try {
        const sealed = { ...shared, seal: await owner.seal(shared.token) };
        await call('write', () => store.write(sealed, owner.name));
      } catch {
        asideUntil = Date.now() + SET_ASIDE_MS;
      }
    }
    return fetched;
  };

  const throughStore = async (owner: Bound, fetchToken: () => Promise<Fetched>): Promise<Fetched> => {
    const deadline = Date.now() + lockMs;
    let last: SharedToken | undefined;
    for (let pause = POLL_FIRST_MS; ; pause = Math.min(POLL_MAX_MS, pause * 2)) {
      last = await read(owner);
      if (fresh(last)) return served(last!);
      const release = await call('lock', () => store.lock(owner.name));
      if (release !== undefined && release !== null) {
        if (typeof release !== 'function') throw new StoreFailure("the token store's lock resolved neither a function nor undefined");
        try {
          // Another process may have stored a token between the read and the lock.
          const again = await read(owner);
          if (fresh(again)) return served(again!);
          return await fetchForFleet(owner, fetchToken);
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
    async fetch(owner, fetchToken) {
      if (Date.now() < asideUntil) return fetchToken();
      try {
        return await throughStore(await bind(owner), fetchToken);
      } catch (error) {
        if (!isA(error, StoreFailure)) throw error;
        asideUntil = Date.now() + SET_ASIDE_MS;
        return fetchToken();
      }
    },
    refused(token, owner) {
      if (!refusedTokens.includes(token)) refusedTokens.push(token);
      if (refusedTokens.length > REFUSED_KEPT) refusedTokens.shift();
      if (Date.now() < asideUntil) return;
      clearing = bind(owner)
        .then((bound) => call('clear', () => store.clear(token, bound.name)))
        .catch(() => undefined);
    },
  };
}

/** What binds a store's entries to one set of credentials: the name they are kept under, and the seal of a token. */
interface Bound {
  /** The owner's name in the store: 32 hexadecimal characters. */
  readonly name: string;
  /** The seal of `token` for this owner: 64 hexadecimal characters. */
  seal(token: string): Promise<string>;
}

/** How many owners' names and seals a process keeps ready. */
const OWNERS_KEPT = 8;

/** `owner`'s name and seal: HMAC-SHA-256 keyed by its secret, of its ID and origin (the name) and of a token (the seal). */
async function ownerBinding(owner: TokenOwner): Promise<Bound> {
  try {
    const subtle = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto!.subtle!;
    const encode = (text: string) => new TextEncoder().encode(text);
    const key = await subtle.importKey('raw', encode(owner.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const mac = async (text: string) =>
      Array.from(new Uint8Array(await subtle.sign('HMAC', key, encode(`promokit-token\n${owner.id}\n${owner.origin}\n${text}`))), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join('');
    return {
      name: (await mac('owner')).slice(0, 32),
      seal: (token) =>
        mac(`token\n${token}`).catch((cause: unknown) => {
          throw new StoreFailure('the token store could not seal a token', { cause });
        }),
    };
  } catch (cause) {
    // No Web Crypto here (a page served over plain HTTP): the process goes on without the store.
    throw new StoreFailure('the token store needs Web Crypto (crypto.subtle) to bind its tokens to their credentials', { cause });
  }
}

/** What a store's `read` resolved, checked: a {@link SharedToken}, else a `StoreFailure`. */
function checkedShared(got: unknown): SharedToken {
  if (typeof got !== 'object' || got === null) throw new StoreFailure("the token store's read resolved neither a token nor undefined");
  const { token, expiresInMs, lifetimeMs, seal } = got as Partial<SharedToken>;
  if (!isTokenText(token)) throw new StoreFailure("the token store's read resolved a token that is not visible ASCII text of at most 16384 characters");
  const ms = (value: unknown): value is number => typeof value === 'number' && value > 0 && value <= YEAR_MS;
  if (!ms(expiresInMs) || !ms(lifetimeMs) || expiresInMs > lifetimeMs + 1_000) {
    throw new StoreFailure(
      "the token store's read resolved a lifetime that cannot be right (expiresInMs and lifetimeMs must be more than 0, at most a year, expiresInMs within lifetimeMs)",
    );
  }
  return { token, expiresInMs, lifetimeMs, seal: typeof seal === 'string' ? seal : '' };
}

/**
 * What `fetchToken` resolved, as the store keeps it; `undefined` when it is not a token
 * `cachedAccessToken` would accept (it then reports the fault, and nothing is stored).
 */
function toShare(fetched: unknown, started: number): Omit<SharedToken, 'seal'> | undefined {
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
