/**
 * From whatever a call threw to the typed error it rejects with: the service's answer becomes an
 * `ApiError` of its status, ky's timeout a `TimeoutError`, the caller's abort an `AbortError`, and
 * any other failure of the transport a `ConnectionError`, each naming where the call went and
 * how many attempts it made, with the call's `outcome`. Text from the service is made printable,
 * and every secret the call sent is scrubbed from every field of the error.
 *
 * @module
 */
import { apiErrorFor, AuthenticationError } from './api-errors.js';
import { scrubText, type AuthGroup, type ClientCredentials } from './auth.js';
import { AbortError, ConnectionError, PromokitError, RedirectError, ResponseTooLargeError, TimeoutError, type CallContext, type Outcome } from './errors.js';
import { isKyHttpError, isKyTimeout } from './ky/errors.js';
import { unknownOutcomeNote } from './outcome.js';
import { parseBody } from './response-check.js';
import { failureCode } from './network-errors.js';

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

/** `operation: METHOD host: what happened; N attempts made` */
function say({ operation, method, host, attempts }: CallContext, what: string): string {
  return `${operation}: ${method} ${host}: ${what}; ${attempts} attempt${attempts === 1 ? '' : 's'} made`;
}

/** The typed error for whatever a call threw, with the call's outcome and none of its secrets. */
export function mapError(thrown: unknown, context: CallContext, failure: Failure): PromokitError {
  const { credentials, secrets } = failure;
  let error: PromokitError;
  if (thrown instanceof PromokitError) error = thrown;
  else if (failure.signal?.aborted) error = new AbortError(say(context, `aborted by the caller's signal`), context);
  else if (isKyHttpError(thrown)) {
    const { response } = thrown;
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) headers[name] = value;
    error = apiErrorFor({ ...context, status: response.status, body: parseBody(failure.body), headers });
  } else if (isKyTimeout(thrown)) error = new TimeoutError(say(context, `no complete response within ${failure.timeout} ms per attempt`), context);
  // Keep only the low-level cause: it names the socket failure and carries no request headers.
  else error = new ConnectionError(say(context, `${describeFailure(thrown)} before a complete response arrived`), context, { cause: (thrown as { cause?: unknown } | undefined)?.cause });
  error.outcome = failure.outcome;
  const wait = failure.refusedWaitMs;
  error.message +=
    (error instanceof AuthenticationError ? `; ${credentials.advice(failure.auth)}` : '') +
    (wait === undefined ? '' : `; not retried: the service asked to wait ${Math.ceil(wait / 1000)} s, longer than maxRetryDelay (${failure.maxRetryDelay} ms)`) +
    (failure.outcome === 'unknown' && failure.changesState ? unknownOutcomeNote() : '');
  return scrubbed(error, secrets);
}

/** The most nested fields of an error scrubbed: an error body is far shallower. */
const SCRUB_DEPTH = 32;

/** `error` with every secret replaced by `[redacted]` in its message and in every field it has (body, headers, issues, …). */
function scrubbed<E extends PromokitError>(error: E, secrets: readonly string[]): E {
  const scrub = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return scrubText(value, secrets);
    if (typeof value !== 'object' || value === null || depth > SCRUB_DEPTH) return value;
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const clean = scrub(fields[key], depth + 1);
      const name = scrubText(key, secrets);
      if (name !== key) delete fields[key];
      fields[name] = clean;
    }
    return value;
  };
  error.message = scrubText(error.message, secrets);
  scrub(error, 0);
  return error;
}

/** The error for a 3xx answer (or a browser's opaque redirect): where it pointed, never followed. */
export function redirectError(response: Response, url: string, context: CallContext & { status: number }, outcome: Outcome): RedirectError {
  void response.body?.cancel().catch(() => undefined);
  const target = response.headers.get('location');
  const location = target !== null && URL.canParse(target, url) ? new URL(target, url).origin : undefined;
  const where = location ? `to ${location}` : 'elsewhere';
  const told = outcome === 'unknown' ? 'the service may have processed the request before redirecting' : 'the service did not act on the request';
  return new RedirectError(say(context, `redirected ${where} (${context.status}), not followed, nothing sent there: ${told}`), { ...context, location });
}

/** The error for a body past `maxResponseBytes`. */
export function tooLargeError(limit: number, context: CallContext & { status: number }): ResponseTooLargeError {
  return new ResponseTooLargeError(say(context, `the response body (status ${context.status}) passed maxResponseBytes, ${limit} bytes, and was cancelled unread`), { ...context, limit });
}

/** Why an attempt failed, in a few words: `status 503`, `timeout`, `connection failure (ECONNRESET)`. */
export function describeFailure(error: unknown): string {
  if (isKyHttpError(error)) return `status ${error.response.status}`;
  if (isKyTimeout(error)) return 'timeout';
  const code = failureCode(error);
  return `connection failure${code ? ` (${code})` : ''}`;
}
