/**
 * The request pipeline: every call of every sub-client passes through {@link Transport.request}.
 * Input checks, URL building, authentication headers, ky (timeouts, retries, backoff), error
 * mapping, body reading and response validation all happen here, in that order.
 *
 * @module
 */
import type { Options as KyOptions, RetryOptions } from 'ky';
import { apiPromise, type APIPromise, type WithResponse } from './api-promise.js';
import { isKyHttpError, isKyTimeout } from './ky-errors.js';
import { loadKy } from './ky-load.js';
import {
  AbortError,
  ConnectionError,
  InvalidRequestError,
  PromokitError,
  ResponseValidationError,
  TimeoutError,
  apiErrorFor,
  type CallContext,
  type Issue,
} from './errors.js';
import { callEvents, settable, type Hooks } from './hooks.js';
import { redactHeaders, type Log } from './log.js';
import { inCauses, retryPolicyFor } from './retry.js';
import { buildQuery, fillPath, joinUrl } from './url.js';
import { withFastCheck } from './fast-check.js';
import { checkResponse, type Check, type ResponseSchema, type ValidationMode } from './validate.js';
import type { ClientCredentials, Credentials, AuthGroup } from './auth.js';
import type { Gate } from './limits.js';

/**
 * Options accepted by every method as its last argument; each overrides the client's setting for this call.
 *
 * The retry policy and timeouts: [Errors and retries](../../docs/errors-and-retries.md).
 *
 * @category Client
 */
export interface RequestOptions {
  /** Aborts the call (and any retry waiting in backoff); the call rejects with `AbortError`. */
  signal?: AbortSignal | undefined;
  /** Milliseconds per attempt before `TimeoutError`. */
  timeout?: number | undefined;
  /** Retries after the first attempt, within the retry policy. `0` turns retries off. */
  maxRetries?: number | undefined;
  /** Extra headers for this call only. */
  headers?: Record<string, string> | undefined;
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
  check?: Check | undefined;
  /** Body encoding; JSON unless the endpoint takes a form. */
  encoding?: 'json' | 'form' | undefined;
}

/** What one call sends, already routed by the resource method. */
export interface Call {
  /** Values for the path template's placeholders. */
  path?: Record<string, unknown> | undefined;
  /** Query parameters; nested objects use bracket notation. */
  query?: object | undefined;
  body?: unknown | undefined;
  /** The caller's params as given, checked by the operation's rules (field paths match them). */
  input?: unknown | undefined;
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
  /** The `hooks` option, checked; `undefined` when no hook is set. */
  hooks: Hooks | undefined;
  /** Admits each call before it starts and sees it settle: the server `Client`'s limits (limits.ts). */
  gate?: Gate | undefined;
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
 * response validation, with the call's events sent to the client's hooks. `policy` is the
 * caller's cached retry policy for this kind of call; a per-call `maxRetries` derives another.
 * `ClientEvents` calls this directly, so the browser entry carries none of {@link Transport}'s
 * path, query and form encoding.
 */
export function send<T>(config: TransportConfig, op: Operation<T>, call: EncodedCall, options: RequestOptions, policy: RetryOptions): Promise<WithResponse<T>> {
  const start = () => sendNow(config, op, call, options, policy);
  return config.gate ? config.gate(op.name, options.signal, start) : start();
}

/** {@link send} once the call is admitted. */
async function sendNow<T>(config: TransportConfig, op: Operation<T>, call: EncodedCall, options: RequestOptions, policy: RetryOptions): Promise<WithResponse<T>> {
  if (!config.baseUrl) throw config.credentials.missing('baseUrl');
  const url = joinUrl(config.baseUrl, call.path);
  const { log, hooks } = config;
  const started = now();
  const emit = hooks && callEvents(hooks, log, op, url);
  const timeout = options.timeout ?? config.timeout;
  let attempts = 0;
  try {
    const credentials = await config.credentials.headersFor(op.auth);
    const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
    if (call.type) headers['content-type'] = call.type;
    Object.assign(headers, credentials, options.headers);
    const maxRetries = options.maxRetries ?? policy.limit!;
    // The client's cached policy, unless this call has its own `maxRetries` or reports its retries.
    const report = emit || log.enabled('info');
    const retry =
      maxRetries === policy.limit && !report
        ? policy
        : retryPolicyFor(op.idempotent, { maxRetries, maxRetryDelay: config.maxRetryDelay }, report ? (delayMs, error) => {
            const reason = describeFailure(error);
            log.info(`promokit: ${op.name}: retry ${attempts} of ${maxRetries} in ${delayMs} ms after ${reason}`);
            emit?.('retry', attempts, { delayMs, reason });
          } : undefined);
    const debug = log.enabled('debug');
    if (debug) log.debug(`promokit: ${op.method} ${url}`, { operation: op.name, headers: redactHeaders(headers) });

    // One attempt: the request hook, the fetch, the whole body (read inside the attempt, so ky's
    // timeout and retries cover a body that stalls or is cut off), the response hook.
    const attempt = async (request: Request, init?: RequestInit): Promise<Response> => {
      const n = ++attempts;
      if (emit) {
        const set: Record<string, string> = {};
        // Applied only when the hook returns: a hook that throws changes nothing.
        if (emit('request', n, { setHeader: (name, value) => void (set[settable(name, credentials)] = value) })) for (const name in set) request.headers.set(name, set[name]!);
      }
      const sent = now();
      const response = await (config.fetch ?? fetch)(request, init);
      bodies.set(response, await response.text());
      const { status } = response;
      const durationMs = now() - sent;
      if (debug) log.debug(`promokit: ${status} ${op.method} ${url} in ${durationMs} ms, attempt ${n}`);
      emit?.('response', n, { status, durationMs, requestId: response.headers.get('x-request-id') || undefined });
      return response;
    };
    // ky merges its options key by key on every call: only the keys this call needs are passed.
    const kyOptions: KyOptions = { method: op.method, headers, timeout, retry, fetch: attempt as KyOptions['fetch'] };
    if (call.body !== undefined) kyOptions.body = call.body;
    if (options.signal) kyOptions.signal = options.signal;
    const response = await (await loadKy())(url, kyOptions);
    const text = bodies.get(response) ?? '';
    // Let go of the text once read: a page keeps its response, but not the body text behind it.
    bodies.delete(response);
    return { data: checkResponse(config.validation, op.name, op.schema(), parseJson(text, op.name), log), response };
  } catch (thrown) {
    const error = mapError(thrown, { operation: op.name, method: op.method, host: new URL(url).host, attempts }, options.signal, timeout);
    emit?.('error', attempts, { error, durationMs: now() - started });
    throw error;
  }
}

/** Milliseconds on a monotonic clock, rounded for readable events and logs. */
function now(): number {
  return Math.round(performance.now());
}

/** The text of every response body, read inside the attempt so ky's timeout and retries cover it. */
const bodies = new WeakMap<Response, string>();

/** The typed error for whatever a call threw, with where it went and how many attempts it made. */
function mapError(error: unknown, context: CallContext, signal: AbortSignal | undefined, timeout: number): PromokitError {
  if (error instanceof PromokitError) return error;
  const { operation, method, host, attempts } = context;
  // `operation: METHOD host: what happened; N attempts made`
  const say = (what: string): string => `${operation}: ${method} ${host}: ${what}; ${attempts} attempt${attempts === 1 ? '' : 's'} made`;
  if (signal?.aborted) return new AbortError(say(`aborted by the caller's signal`), context);
  if (isKyHttpError(error)) {
    const { response } = error;
    return apiErrorFor({ ...context, status: response.status, body: parseBody(bodies.get(response) ?? ''), headers: Object.fromEntries(response.headers) });
  }
  if (isKyTimeout(error)) return new TimeoutError(say(`no complete response within ${timeout} ms per attempt`), context);
  // Keep only the low-level cause: it names the socket failure and carries no request headers.
  return new ConnectionError(say(`${describeFailure(error)} before a complete response arrived`), context, { cause: (error as { cause?: unknown } | undefined)?.cause });
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
  readonly #config: TransportConfig & { credentials: Credentials };
  readonly #policies: Record<'idempotent' | 'once', RetryOptions>;

  constructor(config: TransportConfig & { credentials: Credentials }) {
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

  /**
   * Checks the caller's input, fills the path, encodes query and body, and sends the call.
   * Resolves with the parsed body; `.withResponse()` adds the final HTTP response.
   */
  request<T>(op: Operation<T>, call: Call, options: RequestOptions = {}): APIPromise<T> {
    return apiPromise(this.#request(op, call, options));
  }

  async #request<T>(op: Operation<T>, call: Call, options: RequestOptions): Promise<WithResponse<T>> {
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

/** The JSON a 2xx body holds; a body that is not JSON breaks the response's contract. */
function parseJson(text: string, operation: string): unknown {
  const body = parseBody(text);
  // Parsing never gives back the very string it read: the same string means it was not JSON.
  if (body === text) throw new ResponseValidationError(operation, [{ path: [], message: text === '' ? 'the response body is empty' : 'the response body is not valid JSON' }], text);
  return body;
}

/** The parsed JSON of a body, or its raw text when it is not JSON (an HTML error page). */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The error code behind a fetch failure, e.g. `ECONNREFUSED`. */
function errorCode(error: unknown): string | undefined {
  return inCauses(error, (cause) => (typeof cause.code === 'string' ? cause.code : typeof cause.errors?.[0]?.code === 'string' ? cause.errors[0].code : undefined));
}

/** Why an attempt failed, in a few words: `status 503`, `timeout`, `connection failure (ECONNRESET)`. */
function describeFailure(error: unknown): string {
  if (isKyHttpError(error)) return `status ${error.response.status}`;
  if (isKyTimeout(error)) return 'timeout';
  const code = errorCode(error);
  return `connection failure${code ? ` (${code})` : ''}`;
}
