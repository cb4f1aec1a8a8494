/**
 * What a failed call was, kept beside its error (never on it): `retryDecision` and
 * `client.reconcile` read it. Not exported from the package.
 *
 * `APIPromise`: what single-record methods return. Awaited, it gives the parsed body, as before;
 * `.withResponse()` gives the body and the final HTTP response.
 *
 * What the pipeline is told about a call: the fixed facts of each service operation (declared once
 * per method, in the operations table of its resource file), the per-call {@link RequestOptions},
 * and a call made ready to send.
 *
 * @module
 */
import type { AuthGroup } from './credentials.js';
import type { Outcome } from './errors.js';
import type { Rule } from './inputs.js';
import type { Strategy } from './pagination.js';
import type { ResponseSchema } from './responses.js';
import type { MetadataPlaces } from './metadata.js';

/**
 * What a call may do to the service's state, which decides whether it may be sent twice: `read`
 * (a GET, a read-only POST), `idempotent-write` (a PUT, a write stated `idempotent`: twice is
 * once), `spend` (may apply twice: points, redemptions, events) or `create` (may make two
 * records). Derived for now from whether the call reads and is `idempotent`: every other call
 * counts as a `spend`.
 */
export type Effect = 'read' | 'idempotent-write' | 'spend' | 'create';

/** The {@link Effect} of a call that changes state or not, and may be sent twice or not. */
export function effectOf(changesState: boolean, idempotent: boolean): Effect {
  return !changesState ? 'read' : idempotent ? 'idempotent-write' : 'spend';
}

/**
 * What a failed call was and how far it got, kept beside its error (never on it: params may hold
 * personal data, and no field of an error may, and a field of an error can be rewritten by any
 * code that holds it): `retryDecision` and `client.reconcile` decide from this record, never from
 * the error's `outcome`, `status` or `retryAfter`.
 */
export interface CallRecord {
  /** The operation, `subClient.method`, or `METHOD /path` for `client.request()`. */
  readonly operation: string;
  /** The HTTP method. */
  readonly method: string;
  /** Safe to send twice: a read, a PUT, a read-only POST, or a call stated `idempotent`. */
  readonly idempotent: boolean;
  /** What the call may do to the service's state. */
  readonly effect: Effect;
  /** Attempts made, the first included; `0` when none was. */
  readonly attempts: number;
  /**
   * How far the call got: `unsent` (no request may have reached the service), `sent` (one may
   * have, and no answer was read), `answered` (the service answered; `status` when it was not a 2xx).
   */
  readonly phase: 'unsent' | 'sent' | 'answered';
  /** The status of the last answer that failed the call (a 4xx, a 5xx, a 3xx), when there was one. */
  readonly status: number | undefined;
  /** Whether the service may have acted, as the pipeline found it. */
  readonly outcome: Outcome;
  /** The wait the last answer asked for (`Retry-After`), in milliseconds: finite, 0 to a day. */
  readonly waitMs: number | undefined;
  /** What the call was given: its positional path parameters and its params (a snapshot). */
  readonly input?: { readonly path: Readonly<Record<string, string>>; readonly params: unknown } | undefined;
  /** When the call started, by the wall clock: nothing it applied can be older. */
  readonly startedAt?: Date | undefined;
  /** When the call started, on the monotonic clock (`performance.now()`): how long ago, whatever the wall clock did since. */
  readonly started?: number | undefined;
  /** The pipeline (one per client) that sent it: `client.reconcile` looks with no other tenant's. */
  readonly via?: object | undefined;
}

const calls = new WeakMap<object, CallRecord>();

/**
 * Keeps `record` beside `error`, the pipeline's own error of a call: set by the pipeline (send.ts)
 * when it made the error, completed by the caller of the pipeline with what only it knows.
 */
export function recordCall(error: unknown, record: Partial<CallRecord>): void {
  if (typeof error === 'object' && error !== null) calls.set(error, { ...calls.get(error), ...record } as CallRecord);
}

/** The call a promokit error came from, when it came from one. */
export function callOf(error: unknown): CallRecord | undefined {
  return typeof error === 'object' && error !== null ? calls.get(error) : undefined;
}

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
  /**
   * Extra headers for this call only: names that are HTTP tokens, values without CR, LF or NUL.
   * A credential header is refused: credentials are the client's (`client.withOptions()` makes a
   * client with others).
   */
  headers?: Record<string, string> | undefined;
  /** Options passed to `fetch` for this call, over the client's `fetchOptions`. */
  fetchOptions?: FetchOptions | undefined;
  /**
   * Lets the request outlive the page that sends it (fetch's `keepalive`), for an event sent
   * right before the page is left. The body must be under 64 KB, the browsers' cap.
   */
  keepalive?: boolean | undefined;
}

/**
 * Options for `fetch`, as `fetchOptions` of a client or a call: any `RequestInit` field and any
 * runtime's own (`dispatcher` in Node, `tls` in Bun, `client` in Deno, `next` in Next.js), but for
 * the fields promokit sets itself and the options of ky, which it runs its requests on.
 * @category Client
 */
export type FetchOptions = Omit<RequestInit, 'method' | 'body' | 'headers' | 'signal' | 'redirect'> & { readonly [option: string]: unknown };

/** The HTTP methods of the service's operations. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Whether a call may be sent twice, which decides its retry policy: fixed, or read from the
 * call's params (a validation that opens a session lock may not be sent twice).
 */
export type Idempotency<I> = boolean | ((params: I) => boolean);

/**
 * A service operation as the pipeline sees it: every fixed fact of one method. `T` is the
 * response body, `I` the params object the method takes.
 */
export interface Operation<T, I> {
  /** `subClient.method`, used in errors, logs and hook events. */
  readonly name: string;
  readonly method: HttpMethod;
  /**
   * Path template. `{name}` is filled from the method's positional path parameter of that name,
   * else from the params field of that name (which then goes nowhere else); `{name?}` is an
   * optional segment, left out with its slash when the value is absent.
   */
  readonly path: string;
  /** Which credentials the endpoint group needs. */
  readonly auth: AuthGroup;
  /** Safe to send twice (GET, PUT, read-only POSTs): decides the retry policy. */
  readonly idempotent: Idempotency<I>;
  /**
   * A POST that only reads (introspection, a validation): it changes no state when it is also
   * `idempotent` for its params (a validation that opens a session lock does). Every other POST,
   * and every PUT, changes state: a redirect it meets may follow a request the service processed.
   */
  readonly reads?: boolean | undefined;
  /** Builds the response schema on first use, so importing the SDK builds none. */
  readonly schema: () => ResponseSchema<T>;
  /** Rules the params must pass before anything is sent; field paths are the params' own. */
  readonly rules?: Rule<I> | undefined;
  /** Params fields sent in the query string of a POST or PUT. A GET sends every field not in its path there. */
  readonly query?: readonly string[] | undefined;
  /** Body encoding: JSON, or a form (token introspection). */
  readonly encoding: 'json' | 'form';
  /** How a list reaches its next page; only list operations have one. */
  readonly paging?: Strategy<I> | undefined;
  /** The attribute holding a list's records when the envelope names none in `data_ref`. */
  readonly records?: string | undefined;
  /** Where the params hold metadata of which kind, for the client's `metadataSchemas`. */
  readonly metadataPlaces?: MetadataPlaces<I> | undefined;
}

/** The facts every operation states; the rest have defaults. */
type Stated<T, I> = Omit<Operation<T, I>, 'auth' | 'encoding' | 'idempotent' | 'method'> & {
  /** Default `server`: app keys and the access token. */
  auth?: AuthGroup | undefined;
  /** Default `json`. */
  encoding?: 'json' | 'form' | undefined;
};

/**
 * The facts of an operation as its resource declares them. GET and PUT are idempotent; a POST
 * must say whether it is, since a POST sent twice may spend twice.
 */
export type OperationFacts<T, I> = Stated<T, I> & ({ method: 'GET' | 'PUT' } | { method: 'POST'; idempotent: Idempotency<I> });

/** An operation from its facts, with the defaults filled in; a list operation when it has `paging`. */
export function operation<T, I>(facts: OperationFacts<T, I> & { paging: Strategy<I> }): ListOperation<T, I>;
export function operation<T, I = Record<string, never>>(facts: OperationFacts<T, I>): Operation<T, I>;
export function operation<T, I>(facts: OperationFacts<T, I>): Operation<T, I> {
  return { auth: 'server', encoding: 'json', idempotent: true, ...facts };
}

/** An operation whose responses are list pages. */
export type ListOperation<T, I> = Operation<T, I> & { readonly paging: Strategy<I> };

/** A call checked and encoded, ready for `send`: what the request pipeline needs, and nothing else. */
export interface OutgoingCall<T> {
  /** The operation, `subClient.method`. */
  readonly name: string;
  readonly method: HttpMethod;
  readonly auth: AuthGroup;
  /** Path and query string, e.g. `/v1/vouchers/SUMMER%2025/validate`. */
  readonly path: string;
  /** The encoded body, when the call has one. */
  readonly body?: string | undefined;
  /** The `content-type` of `body`. */
  readonly type?: string | undefined;
  /** Safe to send twice: what its retry policy was built for. */
  readonly idempotent: boolean;
  /**
   * The call changes state: a redirect it meets may follow a request the service processed.
   * Default: any method but GET.
   */
  readonly changesState?: boolean | undefined;
  /** The schema the response body is checked against. */
  readonly schema: ResponseSchema<T>;
  /** A 2xx with an empty body resolves with `undefined` (custom requests: a 204 to a DELETE). */
  readonly emptyBody?: boolean | undefined;
  /** What the caller gave, kept beside the call's error for `client.reconcile`. */
  readonly input?: CallRecord['input'];
  /** Checks the body once it passed its schema: the client's own metadata schemas (user-schema-check.ts). */
  readonly verify?: ((body: T) => Promise<void>) | undefined;
}
