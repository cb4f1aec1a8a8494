/**
 * Options shared by `Client` and `ClientEvents`, and how they become the pipeline's settings
 * ({@link PipelineConfig}): defaults, environment fallbacks and early checks of the options' own
 * types. The settings type and the {@link Gate} the limits plug in are declared here, so the
 * modules that fill them (limits.ts) and the one that reads them (send.ts) import only this one.
 *
 * @module
 */
import type { AccessToken, AuthGroup, ClientCredentials } from './credentials.js';
import { optionOrEnv, checkHeaders, headersRule, isHeaderValue } from './runtime.js';
import type { ConfigurationError } from './errors.js';
import type { Hooks } from './hooks.js';
import { Log, logLevels, type LogLevel, type Logger } from './log.js';
import type { FetchOptions } from './call.js';
import { aFunction, optionCheck, oneOfStrings, positiveMs, shallowCopy, wholeNumber, type OptionRule, type OptionRules, isRecord, joinUrl } from './inputs.js';
import { fetchOptionsRule, MAX_RETRIES, MAX_TIMEOUT } from './request-options.js';
import type { EventSchemas, MetadataSchemas } from './metadata.js';
import { DeviationRecord, type ValidationMode } from './responses.js';
import { schemasRule, type SchemaOptions } from './metadata.js';

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
   *
   * `false`, on the server `Client` only: the app keys alone. Its `/v1` calls send `X-App-Id` and
   * `X-App-Token` and no `Authorization`, as the vendor's SDK does. The service's published spec
   * accepts that pair on every `/v1` operation as the alternative to an OAuth token; the interface
   * promokit follows asks for all three, which stays the default. Opt in only for a service that
   * accepts the pair. With it, `appId` and `appToken` are required when the client is built, no
   * token is ever asked for (none is read from `PROMOKIT_ACCESS_TOKEN`), a 401 is an
   * `AuthenticationError` with no resend, and the client-side endpoint (`clientEvents.track`,
   * `request({ auth: 'client' })`), which takes other keys, is refused with a `ConfigurationError`,
   * nothing sent. `ClientEvents` refuses `false`.
   */
  accessToken?: AccessToken | false | undefined;
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
  /**
   * Extra headers sent with every request: names that are HTTP tokens, values without CR, LF or
   * NUL. Credential headers are set by the credential options, never here.
   */
  headers?: Record<string, string> | undefined;
  /** A fetch implementation (proxies, tests, the mock service); default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch | undefined;
  /**
   * Options passed to `fetch` with every attempt, e.g. undici's `dispatcher` for a proxy in Node or
   * `cache: 'no-store'` in Next.js; a call's own `fetchOptions` win over them. `method`, `body`,
   * `headers`, `signal` and `redirect` are the pipeline's own and refused. Nothing is set by
   * default. Recipes: [Proxies, TLS and runtimes](../../docs/fetch-options.md).
   */
  fetchOptions?: FetchOptions | undefined;
  /**
   * The largest response body read, in bytes, counted after decompression: a larger one is
   * cancelled and the call rejects with `ResponseTooLargeError`. Default 20,000,000 (20 MB), far
   * above any answer of the service.
   */
  maxResponseBytes?: number | undefined;
  /**
   * Functions called with the events of every call: `request` and `response` per attempt, `retry`
   * before each wait, `error` when a call rejects. See {@link Hooks}.
   */
  hooks?: Hooks | undefined;
  /**
   * Your schemas of metadata, one Standard Schema (zod, valibot, arktype, …) per kind of record:
   * metadata of that kind a call sends is checked before sending (an `InvalidRequestError` naming
   * the path, nothing sent), and metadata a response carries is checked in the `validation` mode.
   * Loaded and run only by a client that has them. See
   * [Typed metadata and events](../../docs/typed-metadata-and-events.md).
   */
  metadataSchemas?: MetadataSchemas | undefined;
  /**
   * Your schemas of custom events' metadata, one Standard Schema per event name: `track` checks
   * an event's metadata before sending it, and its acknowledgment's in the `validation` mode.
   */
  eventSchemas?: EventSchemas | undefined;
}

/**
 * The limits of the server `Client` as the pipeline sees them: two steps, each called where it
 * happens in `send` (send.ts).
 */
export interface Gate {
  /**
   * Waits until the limits let one more call start, and resolves with its place. Rejects, with
   * nothing sent, when the caller's signal aborts or a `limiter` fails.
   */
  admit(operation: string, signal: AbortSignal | undefined, tenant: string): Promise<Place>;
  /**
   * Sees the response of every attempt, e.g. a 429 whose `Retry-After` pauses the new calls of
   * `tenant` (the credentials it was earned with).
   */
  observe(response: Response, tenant: string): void;
}

/** A call's place in its client's limits, held from its admission until it settles. */
export interface Place {
  /** Frees the place; called once, when the call settles. */
  release(): void;
  /**
   * Admits the call again before it is sent again (a retry, or the resend with a fresh token after
   * a 401): a start in the `rateLimit` window and the shared `limiter`'s admission, first in line;
   * present when the client has either. Rejects when the caller's signal aborts or the limiter
   * fails or does not answer within its bound.
   */
  again?: (() => Promise<void>) | undefined;
}

/** Settings the request pipeline runs with; the `Client` and `ClientEvents` build them from their options. */
export interface PipelineConfig {
  baseUrl: string | undefined;
  credentials: ClientCredentials;
  timeout: number;
  maxRetries: number;
  maxRetryDelay: number;
  validation: ValidationMode;
  log: Log;
  /** The deviations `warn` mode has seen, shared by the clients `withOptions()` makes. */
  deviations: DeviationRecord;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch | undefined;
  /** The `hooks` option, checked; `undefined` when no hook is set. */
  hooks: Hooks | undefined;
  /** The `fetchOptions` option; `undefined` when none is set. */
  fetchOptions: FetchOptions | undefined;
  /** The `maxResponseBytes` option. */
  maxResponseBytes: number;
  /** The client's name in messages, `Client` or `ClientEvents`. */
  owner: string;
  /** Where a credential header belongs instead of a call's `headers`, said in the message refusing one. */
  credentialsAdvice: string;
  /** The server `Client`'s limits (limits.ts); a `ClientEvents` of its own has none. */
  gate?: Gate | undefined;
  /** The tenant of a call of a credentials group, for the gate: whose 429 pauses it. */
  tenant?: ((auth: AuthGroup) => string) | undefined;
  /** The `metadataSchemas` and `eventSchemas` options, checked; `undefined` when neither is set. */
  schemas?: SchemaOptions | undefined;
}

const modes: readonly ValidationMode[] = ['strict', 'warn', 'off'];

/** The names of the hooks. */
const hookNames: ReadonlyArray<string> = ['request', 'response', 'retry', 'error'];

/** Rule of a credential option (`appId`, `clientToken`, …): a string that can be sent in a header. */
export const credentialRule: OptionRule = [isHeaderValue, 'a string of Latin-1 text without control characters'];

/** Rule of `baseUrl`, given or from the environment. */
const baseUrlRule: OptionRule = [
  (v) =>
    typeof v === 'string' &&
    /^https?:\/\/[^/]/i.test(v) &&
    URL.canParse(v) &&
    // Credentials in the URL would travel in every log line and hook event that names it.
    (/\/(client\/)?v1\/*$/i.test(v)
      ? 'the service address without /v1 or /client/v1: drop the suffix'
      : /^[^/]*\/\/[^/]*@/.test(v)
        ? 'free of a user name or password (pass credentials as options)'
        : // Each call's path follows it: after a query or a fragment it would be no path, after a space no URL.
          /[?#]/.test(v) || !URL.canParse(joinUrl(v, '/v1'))
          ? 'an http:// or https:// URL without a query string, a fragment or a space, which the path of each call follows'
          : true),
  'an http:// or https:// URL',
];

/** The rules of the options both clients take, one per option of {@link CommonOptions}. */
export const commonOptionRules: OptionRules<CommonOptions> = {
  baseUrl: baseUrlRule,
  // `false`, the app keys alone, is the server Client's: the credentials of ClientEvents refuse it.
  accessToken: [(v) => v === false || typeof v === 'function' || isHeaderValue(v), 'a token string of Latin-1 text, or a function returning one'],
  timeout: positiveMs,
  maxRetries: wholeNumber(0, MAX_RETRIES),
  maxRetryDelay: [(v) => typeof v === 'number' && v >= 0 && v <= MAX_TIMEOUT, `0 or more milliseconds, at most ${MAX_TIMEOUT}`],
  validation: oneOfStrings(modes),
  logger: [
    (v) => isRecord(v) && logLevels.every((level) => level === 'off' || typeof v[level] === 'function'),
    'an object with debug, info, warn and error functions (console fits)',
  ],
  logLevel: oneOfStrings(logLevels),
  headers: headersRule(),
  fetch: aFunction,
  fetchOptions: fetchOptionsRule,
  maxResponseBytes: wholeNumber(1),
  // The server `Client` also refuses a name that is no hook (`hooksRule`); in the browser entry
  // that list would cost every storefront its bytes.
  hooks: [(v) => isRecord(v) && Object.values(v).every((hook) => hook === undefined || typeof hook === 'function'), 'an object of functions', shallowCopy],
  metadataSchemas: schemasRule,
  eventSchemas: schemasRule,
};

/**
 * Rule of the server `Client`'s `hooks`: an object of functions, each named after a hook. Made by
 * a call marked pure, so that a bundle without the server `Client` (a storefront's) drops it.
 */
export const hooksRule: OptionRule = /* @__PURE__ */ (() => [
  (v: unknown) => commonOptionRules.hooks[0](v) === true && Object.keys(v as object).every((name) => hookNames.includes(name)),
  `an object of functions named ${hookNames.join(', ')}`,
  shallowCopy,
])() as OptionRule;

/**
 * The checks of options already copied and checked against their rules that read beyond the
 * options: the `baseUrl` (given, or the environment's) and the names of the `headers`. Returns the
 * `baseUrl`; throws {@link ConfigurationError} naming the option. The credentials are checked by
 * their owner.
 */
export function checkedSettings(options: CommonOptions, owner: string): string | undefined {
  const baseUrl = optionOrEnv(options.baseUrl, 'baseUrl');
  const answer = baseUrl === undefined || baseUrlRule[0](baseUrl);
  optionCheck(owner)(answer === true, 'baseUrl', typeof answer === 'string' ? answer : baseUrlRule[1]);
  checkHeaders(options.headers, owner, 'set credentials with their options');
  return baseUrl;
}

/**
 * The pipeline settings of options already copied and checked against their rules
 * (`checkedOptions`): defaults, the environment's `baseUrl`, the credentials checked.
 * Throws {@link ConfigurationError} on a bad `baseUrl` from the environment or a bad credential.
 */
export function pipelineConfig<C extends ClientCredentials>(options: CommonOptions, credentials: C, owner: string): PipelineConfig & { credentials: C } {
  const baseUrl = checkedSettings(options, owner);
  credentials.check(owner);
  return {
    baseUrl,
    credentials,
    timeout: options.timeout ?? 30_000,
    maxRetries: options.maxRetries ?? 2,
    maxRetryDelay: options.maxRetryDelay ?? 30_000,
    validation: options.validation ?? 'warn',
    log: new Log(options.logger ?? (globalThis as { console?: Logger }).console, options.logLevel ?? 'warn', () => credentials.secrets([])),
    deviations: new DeviationRecord(),
    headers: { ...options.headers },
    fetch: options.fetch,
    hooks: options.hooks,
    fetchOptions: options.fetchOptions,
    maxResponseBytes: options.maxResponseBytes ?? 20_000_000,
    owner,
    credentialsAdvice: 'set credentials with the client options',
    schemas: options.metadataSchemas || options.eventSchemas ? options : undefined,
  };
}
