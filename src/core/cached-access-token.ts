/**
 * Managed access tokens: {@link cachedAccessToken} turns a function that fetches a token into an
 * `accessToken` function that fetches it once, serves it from memory until shortly before it
 * expires, and shares one refresh between concurrent calls. No timer, no Node built-in: expiry is
 * computed from `Date.now()` at each call.
 *
 * @module
 */
import { optionCheck, readOnce } from './inputs.js';
import { ConfigurationError } from './errors.js';
import { inspectSymbol } from './log.js';
import { forOwner, type TokenOwner } from './credentials.js';
import { abandonRefresh } from './waiting.js';
import { sharedFetch, type TokenStore } from './token-store.js';

/**
 * What a `fetchToken` function of {@link cachedAccessToken} resolves: the bare token (without
 * `Bearer `) and when it expires, either `expiresIn`, seconds from when `fetchToken` was called
 * (OAuth's `expires_in`), or `expiresAt`, epoch **seconds**.
 *
 * @category Client
 */
export type FetchedToken = { token: string; expiresIn: number } | { token: string; expiresAt: number };

/**
 * What {@link cachedAccessToken} gives its `fetchToken` function.
 *
 * @category Client
 */
export interface FetchTokenContext {
  /**
   * Aborted when every call waiting on this refresh gave up at its timeout: pass it to the
   * token endpoint's `fetch`, so a request that hangs is abandoned too. The next call starts a
   * new refresh either way.
   */
  signal: AbortSignal;
}

/**
 * Options of {@link cachedAccessToken}.
 *
 * @category Client
 */
export interface CachedAccessTokenOptions {
  /**
   * How long before its expiry a token is refreshed, in milliseconds: a finite number, 0 or more.
   * Default 60,000 (one minute). A token that lives less than twice this long is refreshed halfway
   * through its life instead, so a short-lived token is not fetched again on every call.
   */
  refreshBeforeMs?: number | undefined;
  /**
   * Where every process of a fleet keeps one token per set of credentials (`redisTokenStore({
   * redis })` of `promokit/redis`, or a {@link TokenStore} of your own): a refresh reads the
   * fleet's token for the credentials of the call first, and only one process at a time fetches a
   * new one for all. The `Client` the function is given to says whose token a call asks for; a
   * call that does not (your own, a function wrapping this one, a `ClientEvents` of
   * `promokit/client-side`) fetches its own without the store. A token another application wrote
   * is never sent. A store that fails or is slow is left aside: the process then fetches its own
   * token, as without a store. See
   * [Running a fleet](../../docs/long-and-bulk-work.md#running-a-fleet).
   */
  store?: TokenStore | undefined;
}

/**
 * An `accessToken` function made by {@link cachedAccessToken}: each call resolves the cached
 * token, or the token of the one refresh under way.
 *
 * @category Client
 */
export interface CachedAccessToken {
  /** The current token: cached, or fetched by the one refresh every concurrent call shares. */
  (): Promise<string>;
  /**
   * Drops the cached token, and any refresh started before this call, so the next call fetches a
   * fresh token. Given the token a request was refused with, it does so only while that token is
   * still the cached one: fifty calls refused with the same token cause one refresh, not fifty.
   */
  invalidate(token?: string): void;
}

/** A cached token and its two instants, epoch milliseconds. */
interface Held {
  token: string;
  /** From then on, a call starts a refresh in the background and still gets this token. */
  refreshAt: number;
  /** From then on, calls wait for the refresh. */
  expiresAt: number;
}

/** Longest lifetime accepted, in seconds: more looks like milliseconds given for seconds. */
const YEAR = 31_536_000;

/**
 * An `accessToken` function for `Client` and `ClientEvents` that calls `fetchToken` only when
 * needed, instead of once per request:
 *
 * - **Cached, per set of credentials**: the first call fetches a token; later calls get it from memory until
 *   `refreshBeforeMs` (default 60,000) before it expires (halfway through its life for a token
 *   that lives less than twice that). Expiry is read from `Date.now()` at each call; no timer runs.
 *   The `Client` it is given to says whose token a call asks for: the calls of another app's
 *   client (another app ID or app token, another service origin) get a token of their own.
 * - **One refresh at a time**: concurrent calls share one `fetchToken` call, so 200 calls at once
 *   fetch one token.
 * - **Refreshed in the background while still valid**: once in the refresh window, a call starts
 *   the refresh and still gets the cached token at once, so a slow token endpoint delays no
 *   request while the old token works. Only once the token has expired (or was invalidated) do
 *   calls wait for the refresh.
 * - **Failures are not cached**: a refresh that fails rejects every call waiting on it with its
 *   error, and the next call tries again. A background refresh that fails rejects nobody (the
 *   calls got the still-valid token) and raises no unhandled rejection.
 * - **`invalidate()`** drops the cached token; the client calls it when the service answers 401,
 *   then retries once with a fresh token. A refresh started before `invalidate()` still resolves
 *   the calls already waiting on it, but its token is not cached: calls after `invalidate()` get a
 *   token from a refresh started after it. `invalidate(token)` does all this only while `token` is
 *   still the cached one, so a burst of 401s for one token causes one refresh.
 * - **Checked results**: `fetchToken` must resolve a {@link FetchedToken} with a non-empty token
 *   of visible ASCII characters and a lifetime in the future and at most a year away (more looks
 *   like milliseconds where seconds are expected); anything else rejects with a
 *   {@link ConfigurationError} naming the field and the rule. `expiresIn` counts from when
 *   `fetchToken` was called, so a slow token endpoint never stretches a token's life.
 * - **Secret**: the token lives in a closure. `JSON.stringify`, `util.inspect` and `String()` of
 *   the function show only whether a token is cached and when it expires; no error holds it.
 *
 * - **Bounded**: a call waits on a refresh within its own timeout; a call that gives up abandons
 *   the refresh (its `signal` aborts), and the next call starts another, so a token endpoint that
 *   never answers delays calls, never disables the client.
 *
 * `fetchToken` is given `{ signal }`: pass it to its `fetch`.
 *
 * @param fetchToken Fetches a new token from your authorization server.
 * @param options `refreshBeforeMs`.
 * @throws {@link ConfigurationError} at once when `fetchToken` is not a function or an option is bad.
 *
 * @example
 * ```ts
 * import { Client, cachedAccessToken } from 'promokit';
 *
 * const accessToken = cachedAccessToken(async () => {
 *   const response = await fetch('https://auth.example.com/oauth/token', {
 *     method: 'POST',
 *     body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' }),
 *   });
 *   const { access_token, expires_in } = (await response.json()) as { access_token: string; expires_in: number };
 *   return { token: access_token, expiresIn: expires_in };
 * });
 * const client = new Client({ baseUrl: 'https://api.example.com', appId: 'id', appToken: 'token', accessToken });
 * ```
 *
 * @category Client
 */
export function cachedAccessToken(
  fetchToken: (context: FetchTokenContext) => Promise<FetchedToken>,
  options: CachedAccessTokenOptions = {},
): CachedAccessToken {
  const check = optionCheck('cachedAccessToken');
  check(typeof fetchToken === 'function', 'fetchToken', `a function resolving { token, expiresIn } or { token, expiresAt }; got ${kind(fetchToken)}`);
  check(typeof options === 'object' && options !== null, 'options', `an object; got ${kind(options)}`);
  // A copy, each option read once: a getter or a Proxy that throws is refused, naming it.
  const { refreshBeforeMs = 60_000, store } = readOnce('cachedAccessToken', options) as CachedAccessTokenOptions;
  check(
    Number.isFinite(refreshBeforeMs) && refreshBeforeMs >= 0,
    'refreshBeforeMs',
    `a finite number of milliseconds, 0 or more; got ${kind(refreshBeforeMs)}`,
  );

  // The fleet's token store, when one is given: the refresh of a call that says whose token it
  // asks for goes through it.
  const shared = store === undefined ? undefined : sharedFetch(store, refreshBeforeMs);

  /**
   * What is held for one set of credentials (a call that says none: the key ''), never served to
   * another: the token, the refresh under way (and how to abort its `fetchToken`), and a count of
   * invalidations (a refresh started in an earlier generation is not cached).
   */
  interface Slot {
    readonly owner: TokenOwner | undefined;
    held?: Held | undefined;
    refresh?: Promise<string> | undefined;
    refreshAbort?: AbortController | undefined;
    generation: number;
  }
  const slots = new Map<string, Slot>();
  const slotOf = (owner: TokenOwner | undefined): Slot => {
    const key = owner ? JSON.stringify([owner.id, owner.origin, owner.secret]) : '';
    let slot = slots.get(key);
    if (!slot) {
      slots.set(key, (slot = { owner, generation: 0 }));
      if (slots.size > SLOTS_KEPT) slots.delete(slots.keys().next().value!);
    }
    return slot;
  };

  /** A refresh of `slot`: through the store for a call that said whose token it asks for (a `Client`'s), else by `fetchToken` alone. */
  const start = (slot: Slot): Promise<string> => {
    const at = slot.generation;
    const settle = (next?: Held): void => {
      if (at !== slot.generation) return;
      slot.refresh = undefined;
      if (next) slot.held = next;
    };
    const started = Date.now();
    const abort = (slot.refreshAbort = new AbortController());
    const fetchOne = () => fetchToken({ signal: abort.signal });
    // `async` so that a `fetchToken` that throws at once rejects like one that rejects.
    const promise = (async () => checked(await (shared && slot.owner ? shared.fetch(slot.owner, fetchOne) : fetchOne()), started, refreshBeforeMs))().then(
      (next) => (settle(next), next.token),
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    // A background refresh may have nobody waiting on it: its failure is not unhandled.
    promise.catch(() => {});
    return (slot.refresh = promise);
  };

  const accessToken = (owner?: TokenOwner): Promise<string> => {
    const slot = slotOf(owner);
    const { held } = slot;
    const now = Date.now();
    if (held && now < held.refreshAt) return Promise.resolve(held.token);
    const pending = slot.refresh ?? start(slot);
    return held && now < held.expiresAt ? Promise.resolve(held.token) : pending;
  };

  const describe = (): { cached: boolean; expiresAt?: string } => {
    const held = [...slots.values()].reverse().find((slot) => slot.held)?.held;
    return held ? { cached: true, expiresAt: new Date(held.expiresAt).toISOString() } : { cached: false };
  };
  const show = (): string => `CachedAccessToken ${JSON.stringify(describe())}`;

  return Object.assign(() => accessToken(), {
    [forOwner]: accessToken,
    invalidate(token?: string): void {
      for (const slot of slots.values()) {
        if (token !== undefined && token !== slot.held?.token) continue;
        if (slot.held && slot.owner) shared?.refused(slot.held.token, slot.owner);
        slot.generation++;
        slot.held = undefined;
        slot.refresh = undefined;
      }
    },
    // A call gave up waiting at its bound on `waitedOn`, the promise it was given: when that is a
    // refresh still under way, it is dropped (its `fetchToken` aborted), so the next call starts
    // another instead of waiting on it too. A refresh started since is left alone.
    [abandonRefresh](waitedOn: unknown): void {
      for (const slot of slots.values()) {
        if (!slot.refresh || waitedOn !== slot.refresh) continue;
        slot.refreshAbort?.abort(new Error('cachedAccessToken: a call gave up waiting for this refresh'));
        slot.generation++;
        slot.refresh = undefined;
      }
    },
    toJSON: describe,
    toString: show,
    [inspectSymbol]: show,
  });
}

/** How many sets of credentials one `cachedAccessToken` keeps a token for; past it the oldest is forgotten. */
const SLOTS_KEPT = 16;

/** The result of `fetchToken`, checked: the token and its instants. */
function checked(result: unknown, started: number, refreshBeforeMs: number): Held {
  const now = Date.now();
  const refused = (what: string): ConfigurationError => new ConfigurationError('fetchToken', `cachedAccessToken: fetchToken ${what}`);
  if (typeof result !== 'object' || result === null) throw refused(`must resolve { token, expiresIn } or { token, expiresAt }; it resolved ${kind(result)}`);
  const { token, expiresIn, expiresAt } = result as { token?: unknown; expiresIn?: unknown; expiresAt?: unknown };
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
    throw refused(
      `resolved a bad token: it must be a non-empty string of visible ASCII characters, without spaces or "Bearer "; got ${typeof token === 'string' && token ? 'a string with other characters' : kind(token, false)}`,
    );
  }
  if ((expiresIn === undefined) === (expiresAt === undefined)) {
    throw refused(
      `must resolve exactly one of expiresIn (seconds from now) and expiresAt (epoch seconds); it resolved ${expiresIn === undefined ? 'neither' : 'both'}`,
    );
  }
  let expires: number;
  if (expiresIn !== undefined) {
    if (typeof expiresIn !== 'number' || !(expiresIn > 0 && expiresIn <= YEAR)) {
      throw refused(
        `resolved a bad expiresIn: it must be a number of seconds, more than 0 and at most ${YEAR} (a year); got ${kind(expiresIn)}${milliseconds(expiresIn, YEAR)}`,
      );
    }
    // Counted from the call, not the answer: a slow token endpoint never stretches a token's life.
    expires = started + expiresIn * 1000;
  } else {
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt))
      throw refused(`resolved a bad expiresAt: it must be a number of epoch seconds; got ${kind(expiresAt)}`);
    expires = expiresAt * 1000;
    if (expires <= now) throw refused(`resolved a bad expiresAt: it must be in the future; got ${expiresAt}, ${Math.ceil((now - expires) / 1000)} s ago`);
    if (expires - now > YEAR * 1000)
      throw refused(`resolved a bad expiresAt: it must be epoch seconds at most a year away; got ${expiresAt}${milliseconds(expiresAt, 1e11)}`);
  }
  // A token that outlived the wait for it is served to the calls waiting, then refreshed at once.
  return { token, refreshAt: expires - Math.min(refreshBeforeMs, Math.max(0, expires - now) / 2), expiresAt: expires };
}

/** The hint for a number of seconds above `limit`, which looks like milliseconds. */
function milliseconds(value: unknown, limit: number): string {
  return Number.isFinite(value) && (value as number) > limit ? ', milliseconds where seconds are expected?' : '';
}

/**
 * A value for a message: by its kind only (it may be a secret: a token string where a function or
 * an object belongs), but for `null`, `undefined`, and a number unless `numbers` is false.
 */
function kind(value: unknown, numbers = true): string {
  if (value == null || (numbers && typeof value === 'number')) return String(value);
  if (value === '') return 'an empty string';
  const type = Array.isArray(value) ? 'array' : typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}
