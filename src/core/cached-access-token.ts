/**
 * Managed access tokens: {@link cachedAccessToken} turns a function that fetches a token into an
 * `accessToken` function that fetches it once, serves it from memory until shortly before it
 * expires, and shares one refresh between concurrent calls. No timer, no Node built-in: expiry is
 * computed from `Date.now()` at each call.
 *
 * @module
 */
import { optionCheck } from './inputs.js';
import { ConfigurationError } from './errors.js';
import { inspectSymbol } from './log.js';
import { abandonRefresh } from './credentials.js';
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
   * Where every process of a fleet keeps one token (`redisTokenStore({ redis })` of
   * `promokit/redis`, or a {@link TokenStore} of your own): a refresh reads the fleet's token
   * first, and only one process at a time fetches a new one for all. A store that fails or is slow
   * is left aside: the process then fetches its own token, as without a store. See
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
 * - **Cached**: the first call fetches a token; later calls get it from memory until
 *   `refreshBeforeMs` (default 60,000) before it expires (halfway through its life for a token
 *   that lives less than twice that). Expiry is read from `Date.now()` at each call; no timer runs.
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
  const refreshBeforeMs = options.refreshBeforeMs ?? 60_000;
  check(
    Number.isFinite(refreshBeforeMs) && refreshBeforeMs >= 0,
    'refreshBeforeMs',
    `a finite number of milliseconds, 0 or more; got ${kind(refreshBeforeMs)}`,
  );

  // The fleet's token store, when one is given: the refresh goes through it.
  const shared = options.store === undefined ? undefined : sharedFetch(options.store, () => fetchToken({ signal: refreshAbort!.signal }), refreshBeforeMs);

  let held: Held | undefined;
  /** The refresh under way, if any, and how to abort its `fetchToken`. */
  let refresh: Promise<string> | undefined;
  let refreshAbort: AbortController | undefined;
  /** Counts invalidations: a refresh started in an earlier generation is not cached. */
  let generation = 0;

  const start = (): Promise<string> => {
    const at = generation;
    const settle = (next?: Held): void => {
      if (at !== generation) return;
      refresh = undefined;
      if (next) held = next;
    };
    const started = Date.now();
    const abort = (refreshAbort = new AbortController());
    // `async` so that a `fetchToken` that throws at once rejects like one that rejects.
    const promise = (async () => checked(await (shared ? shared.fetch() : fetchToken({ signal: abort.signal })), started, refreshBeforeMs))().then(
      (next) => (settle(next), next.token),
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    // A background refresh may have nobody waiting on it: its failure is not unhandled.
    promise.catch(() => {});
    return (refresh = promise);
  };

  const accessToken = (): Promise<string> => {
    const now = Date.now();
    if (held && now < held.refreshAt) return Promise.resolve(held.token);
    const pending = refresh ?? start();
    return held && now < held.expiresAt ? Promise.resolve(held.token) : pending;
  };

  const describe = (): { cached: boolean; expiresAt?: string } =>
    held ? { cached: true, expiresAt: new Date(held.expiresAt).toISOString() } : { cached: false };
  const show = (): string => `CachedAccessToken ${JSON.stringify(describe())}`;

  return Object.assign(accessToken, {
    invalidate(token?: string): void {
      if (token !== undefined && token !== held?.token) return;
      if (held) shared?.refused(held.token);
      generation++;
      held = undefined;
      refresh = undefined;
    },
    // A call gave up waiting at its bound on `waitedOn`, the promise it was given: when that is
    // the refresh still under way, it is dropped (its `fetchToken` aborted), so the next call
    // starts another instead of waiting on it too. A refresh started since is left alone.
    [abandonRefresh](waitedOn: unknown): void {
      if (!refresh || waitedOn !== refresh) return;
      refreshAbort?.abort(new Error('cachedAccessToken: a call gave up waiting for this refresh'));
      generation++;
      refresh = undefined;
    },
    toJSON: describe,
    toString: show,
    [inspectSymbol]: show,
  });
}

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
