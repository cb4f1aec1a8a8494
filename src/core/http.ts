/**
 * The request pipeline: every call of every sub-client passes through {@link Transport.request}.
 * Input checks, URL building, authentication headers, ky (timeouts, retries, backoff), error
 * mapping, body reading and response validation all happen here, in that order.
 *
 * @module
 */
import type { Options as KyOptions, RetryOptions } from 'ky';
import { isKyHttpError, isKyTimeout } from './ky-errors.js';
import {
  AbortError,
  ConnectionError,
  InvalidRequestError,
  PromokitError,
  ResponseValidationError,
  TimeoutError,
  apiErrorFor,
  type Issue,
} from './errors.js';
import { redactHeaders, type Log } from './log.js';
import { retryPolicyFor } from './retry.js';
import { buildQuery, fillPath, joinUrl } from './url.js';
import { withFastCheck } from './fast-check.js';
import { checkResponse, type Check, type ResponseSchema, type ValidationMode } from './validate.js';
import type { ClientCredentials, AuthGroup } from './auth.js';

/**
 * Options accepted by every method as its last argument; each overrides the client's setting for this call.
 *
 * The retry policy and timeouts: [Errors and retries](../../docs/errors-and-retries.md).
 *
 * @category Client
 */
export interface RequestOptions {
  /** Aborts the call (and any retry waiting in backoff); the call rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Milliseconds per attempt before `TimeoutError`. */
  timeout?: number;
  /** Retries after the first attempt, within the retry policy. `0` turns retries off. */
  maxRetries?: number;
  /** Extra headers for this call only. */
  headers?: Record<string, string>;
}

/** A service operation as the pipeline sees it: fixed facts, defined once per method. */
export interface Operation<T> {
  /** `subClient.method`, used in errors and logs. */
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Path template with `{param}` placeholders, e.g. `/v1/vouchers/{code}`. */
  path: string;
  /** Which credentials the endpoint group needs. */
  auth: AuthGroup;
  /** Safe to send twice (GET, PUT, read-only POSTs); decides the retry policy. */
  idempotent: boolean;
  /** Builds the response schema on first use, so importing the SDK builds none. */
  schema: () => ResponseSchema<T>;
  /** Input rules checked against the caller's params before anything is sent. */
  check?: Check;
  /** Body encoding; JSON unless the endpoint takes a form. */
  encoding?: 'json' | 'form';
}

/** What one call sends, already routed by the resource method. */
export interface Call {
  /** Values for the path template's placeholders. */
  path?: Record<string, unknown>;
  /** Query parameters; nested objects use bracket notation. */
  query?: object;
  body?: unknown;
  /** The caller's params as given, checked by the operation's rules (field paths match them). */
  input?: unknown;
}

/** Settings the pipeline runs with; the `Client` and `ClientEvents` build them from their options. */
export interface TransportConfig {
  baseUrl: string | undefined;
  credentials: ClientCredentials;
  timeout: number;
  maxRetries: number;
  maxRetryDelay: number;
  validation: ValidationMode;
  log: Log;
  headers: Record<string, string>;
  fetch: typeof globalThis.fetch | undefined;
}

/** A call with its path and query filled in and its body encoded, ready for {@link send}. */
export interface EncodedCall {
  /** Path and query string, e.g. `/v1/vouchers/SUMMER%2025/validate`. */
  path: string;
  body?: string | undefined;
  /** The `content-type` of `body`. */
  type?: string | undefined;
}

/**
 * Sends one encoded call: the part of the pipeline every request passes through. Base URL,
 * headers and credentials, ky (timeouts, retries, backoff), error mapping, body reading and
 * response validation. `policy` is the caller's cached retry policy for this kind of call; a
 * per-call `maxRetries` derives another. `ClientEvents` calls this directly, so the browser entry
 * carries none of {@link Transport}'s path, query and form encoding.
 */
export async function send<T>(config: TransportConfig, op: Operation<T>, call: EncodedCall, options: RequestOptions, policy: RetryOptions): Promise<T> {
  if (!config.baseUrl) throw config.credentials.missing('baseUrl');
  const url = joinUrl(config.baseUrl, call.path);
  const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
  const { body } = call;
  if (call.type) headers['content-type'] = call.type;
  Object.assign(headers, await config.credentials.headersFor(op.auth), options.headers);

  const timeout = options.timeout ?? config.timeout;
  const { maxRetries } = options;
  const retry = maxRetries === undefined || maxRetries === policy.limit ? policy : retryPolicyFor(op.idempotent, { maxRetries, maxRetryDelay: config.maxRetryDelay });
  const { log } = config;
  const debug = log.enabled('debug');
  const started = debug ? Date.now() : 0;
  if (debug) log.debug(`promokit: ${op.method} ${url}`, { operation: op.name, headers: redactHeaders(headers) });

  const shared = sharedOptions(config);
  let response: Response;
  try {
    // ky merges its options key by key on every call: only the keys this call needs are passed,
    // and the retry-logging hook only when retries are logged (`info` and `debug`).
    const kyOptions: KyOptions = { method: op.method, headers, timeout, retry, fetch: shared.fetch };
    if (body !== undefined) kyOptions.body = body;
    if (options.signal) kyOptions.signal = options.signal;
    if (log.enabled('info')) {
      kyOptions.hooks = shared.hooks;
      kyOptions.context = { op, log };
    }
    response = await (await loadKy())(url, kyOptions);
  } catch (error) {
    throw mapError(error, op, timeout, options.signal, log);
  }
  const text = bodies.get(response) ?? '';
  // Let go of the text once read: nothing keeps it past the parse, even if the response lives on.
  bodies.delete(response);
  if (debug) log.debug(`promokit: ${response.status} ${op.method} ${url} in ${Date.now() - started} ms`);
  return checkResponse(config.validation, op.name, op.schema(), parseJson(text, op.name), log);
}

let kyModule: Promise<typeof import('ky')> | undefined;

/**
 * ky, loaded on the first request rather than at import: its module setup probes `Request` and
 * streams, which makes Node load its whole fetch implementation; deferred, importing promokit
 * stays cheap and the first request pays what a bare `fetch` pays on its first call too.
 */
async function loadKy(): Promise<typeof import('ky').default> {
  const module = await (kyModule ??= import('ky'));
  // From the CommonJS build the dynamic import yields `module.exports`, whose `default` is ky.
  const ky = module.default as typeof module.default | { default: typeof module.default };
  return typeof ky === 'function' ? ky : ky.default;
}

/** The text of every response body, read inside the attempt so ky's timeout and retries cover it. */
const bodies = new WeakMap<Response, string>();

interface SharedOptions {
  fetch: NonNullable<KyOptions['fetch']>;
  hooks: NonNullable<KyOptions['hooks']>;
}

const shared = new WeakMap<TransportConfig, SharedOptions>();

/**
 * The ky options that are the same for every call of a client, built once: hooks read the call's
 * operation from ky's `context`, and the fetch wrapper reads the whole body within the attempt, so
 * a body that stalls hits the per-attempt timeout and a body cut off mid-way is a network error
 * that the retry policy sees like any other.
 */
function sharedOptions(config: TransportConfig): SharedOptions {
  let options = shared.get(config);
  if (!options) {
    const base: NonNullable<KyOptions['fetch']> = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    options = {
      fetch: async (input, init) => {
        const response = await base(input, init);
        bodies.set(response, await response.text());
        return response;
      },
      hooks: {
        beforeRetry: [
          ({ error, retryCount, options: { context, retry } }) => {
            const { op, log } = context as { op: Operation<unknown>; log: Log };
            log.info(`promokit: ${op.name}: retry ${retryCount} of ${retry.limit} after ${describeFailure(error)}`);
          },
        ],
      },
    };
    shared.set(config, options);
  }
  return options;
}

function mapError(error: unknown, op: Operation<unknown>, timeout: number, signal: AbortSignal | undefined, log: Log): PromokitError {
  if (error instanceof PromokitError) return error;
  if (signal?.aborted) return new AbortError(`${op.name}: aborted by the caller's signal`);
  if (isKyHttpError(error)) {
    const { response } = error;
    const err = apiErrorFor({ status: response.status, operation: op.name, body: parseErrorBody(bodies.get(response) ?? ''), headers: headersToObject(response.headers) });
    log.debug(`promokit: ${response.status} ${op.method} ${op.name}`, { key: err.key, request_id: err.request_id });
    return err;
  }
  if (isKyTimeout(error)) return new TimeoutError(`${op.name}: no complete response within ${timeout} ms`);
  const code = errorCode(error);
  // Keep only the low-level cause: it names the socket failure and carries no request headers.
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return new ConnectionError(`${op.name}: the connection failed before a complete response arrived${code ? ` (${code})` : ''}`, { cause });
}

const fastOps = new WeakMap<Operation<any>, Operation<any>>();

/**
 * The operation with its response schema behind the fast yes/no check of `fast-check.ts`, built
 * on first use: a valid 100-record page is checked several times faster than by zod's parser,
 * and zod still gives the verdict and the issues whenever the fast check says no.
 */
function withFastSchema<T>(op: Operation<T>): Operation<T> {
  let fast = fastOps.get(op) as Operation<T> | undefined;
  if (!fast) {
    let schema: ResponseSchema<T> | undefined;
    fast = { ...op, schema: () => (schema ??= withFastCheck(op.schema())) };
    fastOps.set(op, fast);
  }
  return fast;
}

/** The one place requests are made. Shared by every sub-client of a client: checks and encodes a call, then {@link send}s it. */
export class Transport {
  readonly #config: TransportConfig;
  readonly #policies: Record<'idempotent' | 'once', RetryOptions>;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#policies = {
      idempotent: retryPolicyFor(true, config),
      once: retryPolicyFor(false, config),
    };
  }

  /** The validation mode responses are checked in. */
  get validation(): ValidationMode {
    return this.#config.validation;
  }

  /** Checks the caller's input, fills the path, encodes query and body, and sends the call. */
  async request<T>(op: Operation<T>, call: Call, options: RequestOptions = {}): Promise<T> {
    const issues: Issue[] = [];
    let path = fillPath(op.path, call.path ?? {}, issues);
    op.check?.(call.input, [], issues);
    if (call.query) path += buildQuery(call.query as Record<string, unknown>, issues);
    if (issues.length > 0) throw new InvalidRequestError(op.name, issues);
    const encoded: EncodedCall = { path };
    if (call.body !== undefined) {
      if (op.encoding === 'form') {
        encoded.body = new URLSearchParams(call.body as Record<string, string>).toString();
        encoded.type = 'application/x-www-form-urlencoded';
      } else {
        encoded.body = JSON.stringify(call.body);
        encoded.type = 'application/json';
      }
    }
    return send(this.#config, withFastSchema(op), encoded, options, op.idempotent ? this.#policies.idempotent : this.#policies.once);
  }

  /** A one-line description of the settings, without any secret. */
  describe(): string {
    return `Transport { baseUrl: ${JSON.stringify(this.#config.baseUrl)}, validation: '${this.#config.validation}', credentials: ${this.#config.credentials.describe()} }`;
  }

  // No `[inspectSymbol]` method here: a computed method key keeps a class in every bundle that
  // imports this module, and the browser entry imports it for `send`. Private fields keep the
  // secrets out of `util.inspect` anyway; `Client` shows `describe()` in its own inspection.

  /** Serialises without secrets. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.#config.baseUrl, validation: this.#config.validation };
  }
}

function parseJson(text: string, operation: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const what = text === '' ? 'the response body is empty' : 'the response body is not valid JSON';
    throw new ResponseValidationError(operation, [{ path: [], message: what }], text);
  }
}

function parseErrorBody(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function headersToObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

function errorCode(error: unknown): string | undefined {
  let cause = (error as { cause?: unknown } | undefined)?.cause as { code?: unknown; cause?: unknown; errors?: Array<{ code?: unknown }> } | undefined;
  for (let depth = 0; cause && depth < 3; depth++) {
    if (typeof cause.code === 'string') return cause.code;
    if (cause.errors?.[0] && typeof cause.errors[0].code === 'string') return cause.errors[0].code;
    cause = cause.cause as typeof cause;
  }
  return undefined;
}

function describeFailure(error: unknown): string {
  if (isKyHttpError(error)) return `status ${error.response.status}`;
  if (isKyTimeout(error)) return 'a timeout';
  return `a connection failure${errorCode(error) ? ` (${errorCode(error)})` : ''}`;
}
