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
import type { Paging, Strategy, WithResponse } from './pagination.js';
import type { ResponseSchema } from './responses.js';
import type { MetadataPlaces } from './metadata.js';

/**
 * The {@link Effect} of a call that states none (`client.request()`, `ClientEvents.track` without
 * its record), from whether it changes state and may be sent twice: every other call counts as a
 * `spend`. A registry operation's call carries its own.
 */
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
  /** What the call may do to the service's state: its operation's, for these params. */
  readonly effect: Effect;
  /** How `client.reconcile` finds the call's trace, when the operation has a way. */
  readonly trace?: Trace | undefined;
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

/**
 * Keeps beside a failed call's error what its attempts told: the call, its effect, its outcome,
 * and how far it got (`unsent`; `answered` when the service answered, or `answered` is true;
 * `sent` otherwise), with the status of the answer that failed it and the wait it asked for.
 */
export function recordFailure(
  error: unknown,
  call: { operation: string; method: string; attempts: number },
  failure: { changesState: boolean; effect: Effect; outcome: Outcome },
  status: number | undefined,
  waitMs: number | undefined,
  answered = false,
): void {
  const { outcome } = failure;
  recordCall(error, {
    operation: call.operation,
    method: call.method,
    idempotent: !failure.changesState,
    effect: failure.effect,
    attempts: call.attempts,
    phase: outcome === 'not_sent' ? 'unsent' : answered || status !== undefined || outcome === 'rejected' ? 'answered' : 'sent',
    status,
    outcome,
    waitMs,
  });
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
 * What an operation does to the service, which decides whether it may be sent twice:
 *
 * - `read`: changes nothing (a GET, a token introspection, a validation without a session);
 * - `idempotent-write`: sent twice, leaves the same state as sent once (a PUT, a DELETE, enabling
 *   a voucher, an upsert by a key the call carries);
 * - `spend`: consumes something (points, credit, a redemption, a session lock): never sent again
 *   after the service may have acted;
 * - `create`: makes a new record each time (an order, a publication, a tier, an event).
 *
 * Only `read` and `idempotent-write` are retried after a 5xx or a timeout.
 */
export type Effect = 'read' | 'idempotent-write' | 'spend' | 'create';

/** True for the effects a repeat cannot apply twice. */
export function safeToRepeat(effect: Effect): boolean {
  return effect === 'read' || effect === 'idempotent-write';
}

/**
 * How `client.reconcile` looks for the trace of a call that may have been applied: one of its
 * checks (resources/reconcile.ts), each with its evidence rules beside it, as data
 * (resources/reconcile-evidence.ts): what identifies the call, what excludes a record, what stays
 * unknown.
 */
export type TraceWay =
  /** The loyalty card's `POINTS_REDEMPTION` transactions of the reward, each one's redemption read back for the call's marker. */
  | 'member-transactions'
  /** The redeemables the customer holds, of the code or campaign (no identity of the call: never `applied`). */
  | 'customer-redeemables'
  /** The same order sent again under its own `source_id` (or `id`): it names the order the call made. */
  | 'order-upsert'
  /** The voucher of the code, read back for the call's marker. */
  | 'voucher-by-code'
  /** The customers, for the one carrying the call's marker; every other excluded by a field the call sent. */
  | 'customer-by-fields'
  /** The redemptions (of the call's customer), for one carrying the call's marker or its order's `source_id`. */
  | 'redemptions-since'
  /** The redemption's own record of its rollbacks (`related_redemptions.rollbacks`). */
  | 'redemption-rollbacks'
  /** The session lock released under the call's own key, on each voucher it named. */
  | 'session-release'
  /** The card's transactions, for the one carrying the `source_id` the balance change was sent with. */
  | 'voucher-transactions';

/**
 * Why `client.reconcile` cannot look for an operation's trace (its reason, in words, is in
 * resources/reconcile.ts, loaded on first use).
 */
export type NoTrace =
  /** No operation reads a session lock. */
  | 'no-session-read'
  /** No operation reads a stacked rollback back. */
  | 'no-rollback-read'
  /** No operation lists or reads promotion tiers. */
  | 'no-tier-read'
  /** No operation lists custom events. */
  | 'no-event-list'
  /** No operation finds a product or SKU by what a create without `id` or `source_id` sent. */
  | 'no-product-lookup';

/** The trace of an operation that may apply something: a check, or why none can be made. */
export type Trace = TraceWay | NoTrace;

/** The key of an operation's response type ({@link Operation}): a type alone, no value. */
declare const responseType: unique symbol;

/**
 * A service operation as the pipeline sees it: every fixed fact of one method, declared once in
 * the operations table of its resource file (and listed in the registry, resources/registry.ts).
 * `T` is the response body, `I` the params object the method takes.
 */
export interface Operation<T, I> {
  /** `subClient.method`, used in errors, logs and hook events: the key of its record. */
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
  /** What the call does to the service (fixed, or read from the params): decides its retry policy. */
  readonly effect: Effect | ((params: I) => Effect);
  /**
   * How `client.reconcile` finds the trace of a call that may have been applied; operations that
   * are always safe to repeat have none.
   */
  readonly trace?: Trace | undefined;
  /**
   * Loads the response schemas of its group of sub-clients, its own among them (a module of
   * their own, resources/responses.ts): a chunk loaded by the first call of the group.
   */
  readonly responses: () => Promise<ResponseTable>;
  /**
   * The type of its response body: a type alone, never set (its schema is in its group's responses
   * module), which its methods return and the registry checks its schema against.
   */
  readonly [responseType]?: T;
  /** Rules the params must pass before anything is sent; field paths are the params' own. */
  readonly rules?: Rule<I> | undefined;
  /** Params fields sent in the query string of a POST, PUT or DELETE. A GET sends every field not in its path there. */
  readonly query?: readonly string[] | undefined;
  /** Query fields whose arrays are sent as the key repeated (`ids=a&ids=b`), not in brackets. */
  readonly repeated?: readonly string[] | undefined;
  /** Body encoding: JSON, a form (token introspection), or none (a DELETE, enabling a voucher). */
  readonly encoding: 'json' | 'form' | 'none';
  /**
   * What promokit adds to the params once they passed the rules (a session key of its own): a new
   * object from the checked copy. What it returns is what is sent, and what is kept beside the
   * call for `client.reconcile`.
   */
  readonly prepare?: ((params: I) => I) | undefined;
  /**
   * A DELETE's record as the service's 404 names it when that record does not exist: its
   * `resource_type`, and the path parameter whose value the 404's `resource_id` echoes. A DELETE
   * retried after an attempt that may have deleted it, answered with that very 404, resolves: the
   * record is gone, as the call asked. Any other 404 (of another record, a proxy's page) does not.
   * With `always`, that 404 resolves a first attempt too (a session release: no lock under the
   * key is what it asks for).
   */
  readonly gone?: { readonly resource: string; readonly param: string; readonly always?: true } | undefined;
  /** How a list reaches its next page; only list operations have one. */
  readonly paging?: Paging<I> | Strategy<I> | undefined;
  /** The attribute holding a list's records when the envelope names none in `data_ref`. */
  readonly records?: string | undefined;
  /** Where the params hold metadata of which kind, for the client's `metadataSchemas`. */
  readonly metadataPlaces?: MetadataPlaces<I> | undefined;
}

/**
 * The response schemas of a group of sub-clients, by operation name, each a function building its
 * schema on first use (so importing the SDK builds none): a responses module's table, apart from
 * the operations' records, loaded with the first call of one of its sub-clients (see
 * {@link Operation.responses}).
 */
export type ResponseTable = Readonly<Record<string, () => ResponseSchema<unknown>>>;

/**
 * The response fields each operation of a sub-client relies on (the tolerance policy): only these
 * are required by its schema. Dot-separated paths, `*` for any element of an array. See
 * docs/validation-modes.md. Declared beside the sub-client's operations and read by the
 * documentation and the tests, never at run time.
 */
export type Relies<Name extends string> = { readonly [N in Name]: readonly string[] };

/** The response body's type of an operation's record. */
export type ResponseOf<O> = O extends { readonly [responseType]?: infer T } ? T : never;

/** The facts every operation states; the rest have defaults. */
type Stated<T, I> = Omit<Operation<T, I>, 'name' | 'auth' | 'encoding' | 'effect' | 'method' | 'trace' | 'responses'> & {
  /** Default `server`: app keys and the access token. */
  auth?: AuthGroup | undefined;
  /** Default `json` (`none` for a DELETE). */
  encoding?: 'json' | 'form' | 'none' | undefined;
};

/**
 * The facts of an operation as its resource declares them. A GET reads and a PUT or DELETE is an
 * idempotent write; a POST must state its effect, and how `client.reconcile` finds the trace of
 * one that may apply something, since a POST sent twice may spend twice.
 */
export type OperationFacts<T, I> = Stated<T, I> &
  (
    | { method: 'GET' }
    | { method: 'PUT'; effect?: 'idempotent-write' | undefined }
    | { method: 'DELETE'; effect?: 'idempotent-write' | undefined; gone: NonNullable<Operation<T, I>['gone']> }
    | { method: 'POST'; effect: 'read' | 'idempotent-write'; trace?: Trace | undefined }
    | { method: 'POST'; effect: 'spend' | 'create' | ((params: I) => Effect); trace: Trace }
  );

/** An operation not yet named: its record in a table names it (see {@link operations}). */
export type UnnamedOperation<T, I> = Omit<Operation<T, I>, 'name' | 'responses'>;

/** An operation from its facts, with the defaults filled in; a list operation when it has `paging`. */
export function operation<T, I>(facts: OperationFacts<T, I> & { paging: Paging<I> | Strategy<I> }): Omit<ListOperation<T, I>, 'name' | 'responses'>;
export function operation<T, I = Record<string, never>>(facts: OperationFacts<T, I>): UnnamedOperation<T, I>;
export function operation<T, I>(facts: OperationFacts<T, I>): UnnamedOperation<T, I> {
  const effect = facts.method === 'GET' ? 'read' : facts.method === 'POST' ? facts.effect : 'idempotent-write';
  return { auth: 'server', encoding: facts.method === 'DELETE' ? 'none' : 'json', ...facts, effect };
}

/**
 * A table of operations, each named by its key (`'vouchers.create'`): a resource file's
 * operations, as the registry (resources/registry.ts) lists them, each loading its response schema
 * with `responses` (the loader of its group's responses module).
 */
// biome-ignore lint/suspicious/noExplicitAny: each record keeps its own response and params types (the params are invariant in a record)
export function operations<const Table extends Record<string, UnnamedOperation<any, any>>>(
  responses: () => Promise<ResponseTable>,
  table: Table,
): { readonly [N in keyof Table & string]: Table[N] & { readonly name: N; readonly responses: () => Promise<ResponseTable> } } {
  const named: Record<string, Operation<unknown, unknown>> = {};
  for (const [name, op] of Object.entries(table)) named[name] = { ...op, name, responses };
  return named as never;
}

/** An operation whose responses are list pages. */
export type ListOperation<T, I> = Operation<T, I> & { readonly paging: Paging<I> | Strategy<I> };

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
  /** What the operation does to the service, for these params (a registry operation's). */
  readonly effect?: Effect | undefined;
  /** How `client.reconcile` finds the call's trace (a registry operation's). */
  readonly trace?: Trace | undefined;
  /**
   * The call changes state: a redirect it meets may follow a request the service processed.
   * Default: any method but GET.
   */
  readonly changesState?: boolean | undefined;
  /** The schema the response body is checked against. */
  readonly schema: ResponseSchema<T>;
  /** A 2xx with an empty body resolves with `undefined` (a DELETE's 204, and custom requests'). */
  readonly emptyBody?: boolean | undefined;
  /** What the caller gave, kept beside the call's error for `client.reconcile`. */
  readonly input?: CallRecord['input'];
  /** Checks the body once it passed its schema: the client's own metadata schemas (user-schema-check.ts). */
  readonly verify?: ((body: T) => Promise<void>) | undefined;
}

/**
 * How a `ClientEvents` sends its calls: its own, the storefront's send path (storefront-send.ts);
 * the server `Client`'s `clientEvents`, its client's pipeline (send.ts). `options` are the call's
 * `RequestOptions` as given, checked by the sender.
 */
export type EventSender = <T>(call: OutgoingCall<T>, options: unknown) => Promise<WithResponse<T>>;
