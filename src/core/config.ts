/**
 * Options shared by `Client` and `ClientEvents`, and how they become the pipeline's settings:
 * defaults, environment fallbacks and early checks of the options' own types.
 *
 * @module
 */
import { envName, type AccessToken, type ClientCredentials, type SettingName } from './auth.js';
import { readEnv } from './env.js';
import { ConfigurationError } from './errors.js';
import type { Hooks } from './hooks.js';
import type { TransportConfig } from './http.js';
import type { Gate } from './limits.js';
import { Log, logLevels, type LogLevel, type Logger } from './log.js';
import type { ValidationMode } from './validate.js';

/**
 * Settings of the request pipeline that every promokit client accepts.
 * @category Client
 */
export interface CommonOptions {
  /**
   * The service address, e.g. `https://api.example.com`, without `/v1`: the SDK's paths start with
   * it, so a `baseUrl` ending in `/v1` or `/client/v1` is refused. Env: `PROMOKIT_BASE_URL`.
   */
  baseUrl?: string | undefined;
  /**
   * OAuth access token sent as `Authorization: Bearer …`, or a function returning one (sync or
   * async), called once per request so an expiring token can be refreshed. Env: `PROMOKIT_ACCESS_TOKEN`.
   */
  accessToken?: AccessToken | undefined;
  /** Milliseconds each attempt may take before `TimeoutError`. Default 30,000. */
  timeout?: number | undefined;
  /** Retries after the first attempt, within the retry policy. Default 2; `0` turns retries off. */
  maxRetries?: number | undefined;
  /**
   * Longest wait between attempts in milliseconds; caps the backoff. A `Retry-After` longer than
   * this is not waited: the call rejects at once (e.g. `RateLimitError` with its `retryAfter`).
   * Default 30,000.
   */
  maxRetryDelay?: number | undefined;
  /** What to do with a response that breaks its schema: `strict` throws, `warn` (default) logs, `off` skips checks. */
  validation?: ValidationMode | undefined;
  /** Where log lines go; default `console`. Secrets are never logged. */
  logger?: Logger | undefined;
  /** How much to log; default `warn`. `debug` logs every request with secret headers redacted. */
  logLevel?: LogLevel | undefined;
  /** Extra headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /** A fetch implementation (proxies, tests, the mock service); default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Functions called with the events of every call: `request` and `response` per attempt, `retry`
   * before each wait, `error` when a call rejects. See {@link Hooks}.
   */
  hooks?: Hooks | undefined;
}

const modes: readonly ValidationMode[] = ['strict', 'warn', 'off'];

/** Reads an option, falling back to its environment variable where the runtime has one. */
export function optionOrEnv(value: string | undefined, name: SettingName): string | undefined {
  return value ?? readEnv(envName(name));
}

/** Checks the options' own types and builds the pipeline settings. Throws {@link ConfigurationError} on a bad option. */
export function transportConfig<C extends ClientCredentials>(options: CommonOptions, credentials: C, owner: string): TransportConfig & { credentials: C } {
  const timeout = options.timeout ?? 30_000;
  const maxRetries = options.maxRetries ?? 2;
  const maxRetryDelay = options.maxRetryDelay ?? 30_000;
  const validation = options.validation ?? 'warn';
  const logLevel = options.logLevel ?? 'warn';
  const fetchFn = options.fetch;
  const baseUrl = optionOrEnv(options.baseUrl, 'baseUrl');
  const check = (ok: boolean, option: string, rule: string): void => {
    if (!ok) throw new ConfigurationError(option, `${owner}: the ${option} option must be ${rule}`);
  };
  check(Number.isFinite(timeout) && timeout > 0 && timeout <= 2_147_483_647, 'timeout', 'a positive number of milliseconds');
  check(Number.isInteger(maxRetries) && maxRetries >= 0, 'maxRetries', 'a whole number, 0 or more');
  check(Number.isFinite(maxRetryDelay) && maxRetryDelay >= 0, 'maxRetryDelay', '0 or more milliseconds');
  check(modes.includes(validation), 'validation', `one of ${modes.join(', ')}`);
  check(logLevels.includes(logLevel), 'logLevel', `one of ${logLevels.join(', ')}`);
  check(fetchFn === undefined || typeof fetchFn === 'function', 'fetch', 'a function');
  check(baseUrl === undefined || /^https?:\/\/[^/]/i.test(baseUrl), 'baseUrl', 'an http:// or https:// URL');
  check(!/\/(client\/)?v1\/*$/i.test(baseUrl!), 'baseUrl', 'the service address without /v1 or /client/v1: drop the suffix');
  const { hooks } = options;
  // Each hook a function (or undefined). The server `Client` also refuses unknown hook names
  // (`checkHookNames`); in the browser entry that check would cost every storefront ~50 bytes.
  for (const name in hooks) {
    const hook = hooks[name as keyof Hooks];
    check(hook === undefined || typeof hook === 'function', 'hooks', 'an object of functions');
  }
  return {
    baseUrl,
    credentials,
    timeout,
    maxRetries,
    maxRetryDelay,
    validation,
    // A `Log` given as the logger is used as is: the `Client` hands its own to `client.clientEvents`,
    // so both share one level filter and one count of response deviations.
    log: options.logger instanceof Log ? options.logger : new Log(options.logger ?? (globalThis as { console?: Logger }).console, logLevel),
    headers: { ...options.headers },
    fetch: fetchFn,
    // A copy: hooks added to the caller's object later do not change this client.
    hooks: hooks && { ...hooks },
    // The server Client hands its limits to its own `clientEvents` this way; never set in a browser.
    gate: (options as { gate?: Gate }).gate,
  };
}
