/**
 * A failed call's typed error: from whatever a call threw to the error it rejects with. The
 * service's answer becomes an `ApiError` of its status, ky's timeout a `TimeoutError`, the
 * caller's abort an `AbortError`, and any other failure of the transport a `ConnectionError`, each
 * naming where the call went and how many attempts it made, with the call's `outcome` (what its
 * attempts told, outcome.ts) and its record kept beside it. Text from the service is made
 * printable, and every secret the call sent is scrubbed from every field of the error.
 *
 * Loaded on first use, by a call's first failure (a call that succeeds never needs it): when it
 * cannot be loaded, the call rejects with the loader's `ConfigurationError` naming it, carrying
 * the outcome the attempts told.
 *
 * @module
 */
import type { AuthGroup, ClientCredentials } from './credentials.js';
import { apiErrorFor, askedWaitMs, AuthenticationError, namesMissing, RateLimitError } from './api-errors.js';
import { callOf, effectOf, recordCall, recordFailure, type Effect, type Operation } from './call.js';
import { scrubText, type Log } from './log.js';
import {
  AbortError,
  ConfigurationError,
  ConnectionError,
  describeIssues,
  describeValue,
  formatPath,
  InvalidRequestError,
  isA,
  LimiterError,
  PromokitError,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
  say,
  type CallContext,
  type Issue,
  type Outcome,
  isKyHttpError,
  isKyTimeout,
  networkCause,
} from './errors.js';
import { DEVIATION_KINDS_LIMIT, parseBody, type DeviationRecord, type ResponseSchema, type ValidationMode } from './responses.js';
import { describeFailure } from './retry.js';
import { MARKER_KEY } from './metadata.js';
import { eventIssuesAgain } from './runtime.js';

export { keepaliveRefusal } from './request-options.js';
export { notJson } from './responses.js';

/** The error for a `fetch` option that resolved no `Response`: the request may have been sent. */
export function notResponse(value: unknown): ConfigurationError {
  return new ConfigurationError('fetch', `the fetch option resolved ${describeValue(value, 80)}, not a Response`);
}

/**
 * The refusal of a call's input (`issues`, every rule it broke), before anything was sent. An
 * event of `track` (`ClientEvents`) refused without them (a browser's check names none) has them
 * found here, its `params` read again (the runtime's `eventIssuesAgain`).
 */
export function invalidRequest(operation: string, issues: Issue[], params?: unknown): InvalidRequestError {
  if (issues.length === 0) eventIssuesAgain(params, issues);
  return new InvalidRequestError(operation, issues);
}

/**
 * The words an `unknown` error of a call that changes state adds to its message: it may have been
 * applied, it was not retried, and the guide that says how to find out for each operation.
 */
export function unknownOutcomeNote(): string {
  return '; it may have been applied, and was not retried: to check, see the guide "After an unknown outcome" in the promokit docs';
}

/** What the pipeline knows of a failed call besides where it went. */
export interface Failure {
  /** The call's own signal (aborted when the caller's is). */
  signal: AbortSignal | undefined;
  /** Milliseconds per attempt. */
  timeout: number;
  /** The text of the last response read: the error body of a non-2xx answer. */
  body: string;
  /** What the attempts tell about whether the service may have acted. */
  outcome: Outcome;
  /** The call may not be sent twice: an `unknown` outcome says so in its message. */
  changesState: boolean;
  /** What the call may do to the service's state, for its record. */
  effect: Effect;
  /** Every secret the call sent or the client holds: none may appear in the error. */
  secrets: readonly string[];
  /** The client's credentials, for what a 401 asks to check. */
  credentials: ClientCredentials;
  /** The call's credentials group, for what a 401 asks to check. */
  auth: AuthGroup;
  /** The wait a retryable failure asked for, longer than `maxRetryDelay`, so not retried. */
  refusedWaitMs?: number | undefined;
  /** The client's `maxRetryDelay`, for the message of a wait not waited. */
  maxRetryDelay: number;
}

/** The typed error for whatever a call threw, with the call's outcome and none of its secrets, its record kept beside it. */
export function mapError(thrown: unknown, context: CallContext, failure: Failure): PromokitError {
  const { credentials, secrets } = failure;
  let error: PromokitError;
  let status: number | undefined;
  let waitMs: number | undefined;
  try {
    // A promokit error of this call; one of another call (thrown by user code) is foreign, a cause.
    if (isA(thrown, PromokitError) && !callOf(thrown)) {
      error = thrown;
      const answered = (thrown as { status?: unknown }).status;
      if (typeof answered === 'number') status = answered;
    } else if (failure.signal?.aborted) error = new AbortError(say(context, `aborted by the caller's signal`), context);
    else if (isKyHttpError(thrown)) {
      const { response } = thrown;
      const headers: Record<string, string> = {};
      for (const [name, value] of response.headers) headers[name] = value;
      status = response.status;
      const asked = askedWaitMs((name) => headers[name]);
      if (asked! >= 0) waitMs = asked;
      error = apiErrorFor({ ...context, status, body: parseBody(failure.body), headers });
    } else if (isKyTimeout(thrown)) error = new TimeoutError(say(context, `no complete response within ${failure.timeout} ms per attempt`), context);
    // Keep only the low-level cause: it names the socket failure and carries no request headers.
    else
      error = new ConnectionError(say(context, `${describeFailure(thrown)} before a complete response arrived`), context, {
        cause: (networkCause(thrown) as { cause?: unknown } | undefined)?.cause,
      });
  } catch (unreadable) {
    // Whatever user code threw that defeats every reading: still a typed error, never a bare one.
    error = new ConnectionError(say(context, `failed: ${describeValue(unreadable)}`), context, { cause: thrown });
  }
  const { outcome } = failure;
  error.outcome = outcome;
  const wait = failure.refusedWaitMs;
  error.message +=
    (error instanceof AuthenticationError ? `; ${credentials.advice(failure.auth)}` : '') +
    (status === 400 && namesMarker(error) ? markerAdvice : '') +
    (wait === undefined
      ? ''
      : `; not retried: the service asked to wait ${Math.ceil(wait / 1000)} s, longer than maxRetryDelay (${failure.maxRetryDelay} ms)`) +
    (outcome === 'unknown' && failure.changesState ? unknownOutcomeNote() : '');
  recordFailure(error, context, failure, status, waitMs, error instanceof ResponseValidationError);
  return scrubbed(error, secrets);
}

/** A 400 about promokit's marker: what fixes it. */
const markerAdvice = `; promokit adds metadata.${MARKER_KEY} to the call (its identity for client.reconcile): define ${MARKER_KEY} (a string) in the project's metadata schema of this record, or send the call with marker: false`;

/** Whether the service's 400 names promokit's marker (a metadata schema that allows only defined keys). */
function namesMarker(error: PromokitError): boolean {
  const { body, message } = error as PromokitError & { body?: unknown };
  return message.includes(MARKER_KEY) || (typeof body === 'string' ? body : (JSON.stringify(body) ?? '')).includes(MARKER_KEY);
}

/**
 * The error a call rejects with when it failed before any attempt (its limits, the hooks'
 * module): a promokit error as it is, anything else typed, `not_sent`, with its record beside it.
 * An error `mapError` made already has its record, and goes on as it is.
 */
export function unsent(
  thrown: unknown,
  call: { name: string; method: string; idempotent: boolean; effect?: Effect | undefined },
  changesState: boolean,
): PromokitError {
  if (isA(thrown, PromokitError) && callOf(thrown)) return thrown;
  const error = isA(thrown, PromokitError)
    ? thrown
    : new PromokitError(
        `${call.name}: failed before anything was sent: ${describeValue(thrown)}`,
        { operation: call.name, outcome: 'not_sent' },
        { cause: thrown },
      );
  recordCall(error, {
    operation: call.name,
    method: call.method,
    idempotent: call.idempotent,
    effect: call.effect ?? effectOf(changesState, call.idempotent),
    attempts: 0,
    phase: 'unsent',
    status: undefined,
    outcome: 'not_sent',
    waitMs: error instanceof RateLimitError && error.retryAfter! >= 0 ? error.retryAfter! * 1000 : undefined,
  });
  error.outcome = 'not_sent';
  return error;
}

/** How deep a chain of causes is kept: a deeper cause (or a cycle) is left out. */
const CAUSE_DEPTH = 8;

/** The longest text (a message, a stack) a copied cause keeps, in characters. */
const CAUSE_TEXT = 10_000;

/**
 * `error` with every secret replaced by `[redacted]` (in any letter case, and in its JSON-escaped
 * form) in every rendering: its message and stack, every field it has (body, headers, issues, …:
 * plain JSON data, scrubbed as its JSON text), and its whole chain of causes. A promokit error in
 * the chain is scrubbed the same way; anything else there (what user code or the network threw)
 * is replaced by a copy that holds only scrubbed text (10,000 characters at most of each): an
 * `Error` with its name, message, stack, plain fields (`code`, …), its `errors` and its own
 * cause, so that no rendering of the error (`message`, `stack`, `toJSON()`, `util.inspect`, a
 * logger's serialiser) can show the original.
 */
export function scrubbed<E extends PromokitError>(error: E, secrets: readonly string[], depth = 0, seen = new Set<unknown>()): E {
  seen.add(error);
  const fields = error as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) fields[key] = scrubbedData(fields[key], secrets);
  error.message = scrubText(error.message, secrets);
  // Read after the message: a stack not yet rendered renders with the scrubbed message.
  own(error, 'stack', scrubText(String(error.stack), secrets));
  if ('cause' in error) own(error, 'cause', scrubbedCause(error.cause, secrets, depth + 1, seen));
  return error;
}

/** Plain data with every secret scrubbed from its JSON text; what JSON cannot carry (a BigInt, a getter that throws), described. */
function scrubbedData(value: unknown, secrets: readonly string[]): unknown {
  try {
    if (typeof value !== 'object' && typeof value !== 'string') return value;
    return value === null ? null : JSON.parse(scrubText(JSON.stringify(value), secrets));
  } catch {
    return scrubText(describeValue(value), secrets);
  }
}

/** A cause, scrubbed: a promokit error in place, anything else as a scrubbed copy; `undefined` past the depth or in a cycle. */
function scrubbedCause(cause: unknown, secrets: readonly string[], depth: number, seen: Set<unknown>): unknown {
  if (depth > CAUSE_DEPTH || seen.has(cause)) return undefined;
  // A string, a Symbol or a function thrown is kept as its scrubbed text (a Symbol's description
  // and a function's name render as they are).
  if (typeof cause === 'string' || typeof cause === 'symbol' || typeof cause === 'function') return scrubText(describeValue(cause, CAUSE_TEXT), secrets);
  if (typeof cause !== 'object' || cause === null) return cause;
  if (isA(cause, PromokitError)) {
    try {
      return scrubbed(cause, secrets, depth, seen);
    } catch {
      // A promokit error that cannot be scrubbed in place (frozen, a Proxy): copied like any other.
    }
  }
  seen.add(cause);
  const read = (key: string): unknown => {
    try {
      return (cause as Record<string, unknown>)[key];
    } catch {
      return undefined;
    }
  };
  // Its text scrubbed, then kept bounded (a cut through a secret would leave part of it), however
  // long what was thrown: a cause must not flood a log.
  const text = (value: unknown): string => {
    const scrubbedText = scrubText(typeof value === 'string' ? value : '', secrets);
    return scrubbedText.length > CAUSE_TEXT ? `${scrubbedText.slice(0, CAUSE_TEXT)}…` : scrubbedText;
  };
  const copy = new Error(text(read('message')) || scrubText(describeValue(cause), secrets));
  const name = text(read('name'));
  if (name) own(copy, 'name', name);
  own(copy, 'stack', text(read('stack')) || `${copy.name}: ${copy.message}`);
  let keys: string[] = [];
  try {
    keys = Object.keys(cause).slice(0, 50);
  } catch {
    // A Proxy that cannot list its keys: its name and message are all that is kept.
  }
  for (const key of keys)
    if (key !== 'message' && key !== 'stack' && key !== 'cause' && key !== 'errors')
      (copy as unknown as Record<string, unknown>)[key] = scrubbedData(read(key), secrets);
  const errors = read('errors');
  if (Array.isArray(errors))
    own(
      copy,
      'errors',
      errors.slice(0, CAUSE_DEPTH).map((e) => scrubbedCause(e, secrets, depth + 1, seen)),
    );
  const next = read('cause');
  if (next !== undefined) own(copy, 'cause', scrubbedCause(next, secrets, depth + 1, seen));
  return copy;
}

/** Sets `key` on `target` as an own property that is not enumerable, as `stack` and `cause` are. */
function own(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
}

/** The error for a 3xx answer (or a browser's opaque redirect): where it pointed, never followed. */
export function redirectError(target: string | null, url: string, context: CallContext & { status: number }, outcome: Outcome): RedirectError {
  const location = target !== null && URL.canParse(target, url) ? new URL(target, url).origin : undefined;
  const where = location ? `to ${location}` : 'elsewhere';
  return new RedirectError(
    say(
      context,
      `redirected ${where} (${context.status}), not followed: nothing was sent there${outcome === 'unknown' ? ', and the service may have processed the request' : ''}`,
    ),
    { ...context, location },
  );
}

/**
 * What a response that does not match its schema makes of its call (`checkResponse`, outcome.ts,
 * found it; `broken` the schema's issues, `inexact` the numbers read rounded): `strict` throws
 * {@link ResponseValidationError}; `warn` returns the body untouched and records each deviation
 * (operation and field path) in the client's record, logging each kind once, unless the body is
 * not what the schema needs at its root or a field promokit decides on (the tolerance policy)
 * breaks its schema: that is an error in `warn` mode too, for an answer read the wrong way could
 * take the wrong branch. The body is never copied or transformed.
 */
export function deviating<T>(
  mode: ValidationMode,
  operation: string,
  schema: ResponseSchema<T>,
  body: unknown,
  log: Log,
  record: DeviationRecord,
  broken: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  inexact: Issue[],
): T {
  const issues: Issue[] = broken.map((i) => ({ path: i.path.map((p) => (typeof p === 'number' ? p : String(p))), message: i.message }));
  issues.push(...inexact);
  const shapes = issues.map((issue) => schema.pathShape?.(issue.path) ?? formatPath(issue.path.map((p) => (typeof p === 'number' ? '*' : p))));
  if (mode === 'strict' || issues.some((issue) => issue.path.length === 0 || schema.decides?.(issue.path))) {
    throw new ResponseValidationError(operation, issues, body);
  }
  const { kinds } = record;
  const fresh = issues.filter((_, i) => {
    const key = `${operation} ${shapes[i]}`;
    const count = kinds.get(key);
    if (count === undefined && kinds.size >= DEVIATION_KINDS_LIMIT) {
      record.dropped += 1;
      return false;
    }
    kinds.set(key, (count ?? 0) + 1);
    return count === undefined;
  });
  if (fresh.length > 0) log.write('warn', `promokit: ${operation}: response does not match its schema, returned as received: ${describeIssues(fresh, 5)}`);
  return body as T;
}

/**
 * The `RateLimitError` of a call refused during a pause longer than `maxRetryDelay` (`cap`, with
 * `left` ms to go): nothing sent.
 */
export function pausedFor(operation: string, left: number, cap: number): RateLimitError {
  const seconds = Math.ceil(left / 1000);
  return new RateLimitError({
    status: 429,
    operation,
    attempts: 0,
    outcome: 'not_sent',
    headers: { 'retry-after': String(seconds) },
    body: { message: `the service asked for a pause longer than maxRetryDelay (${cap} ms); ${seconds} s remain, so the call was not sent` },
  });
}

/**
 * A DELETE answered 404 after an attempt that may have deleted the record (a timeout, a dropped
 * connection or a 5xx, retried: only such an attempt leaves a 404's outcome `unknown`): when the
 * 404 is the service's own for the very record the DELETE targeted (its `resource_type` and
 * `resource_id`, the operation's `gone`, `id` the path's value), the record is gone, as the call
 * asked: the answer it resolves with. A 404 to the first attempt (unless `gone` says `always`),
 * or one of another record or without the service's error body (a proxy's page), stays the
 * `NotFoundError` it is: `undefined`.
 */
export function goneAnswer(error: unknown, gone: NonNullable<Operation<unknown, unknown>['gone']>, id: string): Response | undefined {
  // The outcome read from the call's own record, which no code holding the error can rewrite.
  if ((gone.always || callOf(error)?.outcome === 'unknown') && namesMissing(error, gone.resource, id))
    return new Response(null, { status: 404, headers: (error as { headers: Record<string, string> }).headers });
  return undefined;
}

/**
 * The error of a call its limits did not admit, nothing sent: the caller's `AbortError` when its
 * signal fired while waiting (`aborted`), a promokit error the limits threw as it is, anything
 * else a `LimiterError` saying what failed, with it as its `cause`.
 */
export function limitsError(operation: string, error: unknown, aborted: boolean): PromokitError {
  if (aborted)
    return new AbortError(`${operation}: aborted by the caller's signal while waiting to start; 0 attempts made`, {
      operation,
      attempts: 0,
      outcome: 'not_sent',
    });
  if (isA(error, PromokitError)) return error;
  return new LimiterError(operation, `the limits failed: ${describeValue(error)}`, { cause: error });
}
