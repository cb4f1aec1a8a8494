/**
 * From whatever a call threw to the typed error it rejects with: the service's answer becomes an
 * `ApiError` of its status, ky's timeout a `TimeoutError`, the caller's abort an `AbortError`, and
 * any other failure of the transport a `ConnectionError`, each naming where the call went and
 * how many attempts it made, with the call's `outcome`. Text from the service is made printable,
 * and the client's secrets are scrubbed from every error.
 *
 * @module
 */
import { apiErrorFor, AuthenticationError } from './api-errors.js';
import type { AuthGroup, ClientCredentials } from './auth.js';
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
  /** The call changes state: an `unknown` outcome says so in its message. */
  changesState: boolean;
  /** The client's credentials, whose secrets no error may show. */
  credentials: ClientCredentials;
  /** The call's credentials group, for what a 401 asks to check. */
  auth: AuthGroup;
}

/** `operation: METHOD host: what happened; N attempts made` */
function say({ operation, method, host, attempts }: CallContext, what: string): string {
  return `${operation}: ${method} ${host}: ${what}; ${attempts} attempt${attempts === 1 ? '' : 's'} made`;
}

/** The typed error for whatever a call threw, with the call's outcome and no secret of the client. */
export function mapError(thrown: unknown, context: CallContext, failure: Failure): PromokitError {
  const { credentials } = failure;
  let error: PromokitError;
  if (thrown instanceof PromokitError) error = thrown;
  else if (failure.signal?.aborted) error = new AbortError(say(context, `aborted by the caller's signal`), context);
  else if (isKyHttpError(thrown)) {
    const { response } = thrown;
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) headers[name] = credentials.scrub(value);
    error = apiErrorFor({ ...context, status: response.status, body: parseBody(credentials.scrub(failure.body)), headers });
  } else if (isKyTimeout(thrown)) error = new TimeoutError(say(context, `no complete response within ${failure.timeout} ms per attempt`), context);
  // Keep only the low-level cause: it names the socket failure and carries no request headers.
  else error = new ConnectionError(say(context, `${describeFailure(thrown)} before a complete response arrived`), context, { cause: (thrown as { cause?: unknown } | undefined)?.cause });
  error.outcome = failure.outcome;
  error.message = credentials.scrub(error.message) + (error instanceof AuthenticationError ? `; ${credentials.advice(failure.auth)}` : '') + (failure.outcome === 'unknown' && failure.changesState ? unknownOutcomeNote() : '');
  return error;
}

/** The error for a 3xx answer (or a browser's opaque redirect): where it pointed, never followed. */
export function redirectError(response: Response, url: string, context: CallContext & { status: number }): RedirectError {
  void response.body?.cancel().catch(() => undefined);
  const target = response.headers.get('location');
  const location = target !== null && URL.canParse(target, url) ? new URL(target, url).origin : undefined;
  const where = location ? `to ${location}` : 'elsewhere';
  return new RedirectError(say(context, `redirected ${where} (${context.status}), not followed: nothing was sent there`), { ...context, location });
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
