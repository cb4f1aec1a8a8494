/**
 * Recognising ky's errors without importing ky: the pipeline loads ky only on the first request
 * (see `send.ts`), so its classes are not at hand for `instanceof`. ky names its errors.
 *
 * What a call's attempts tell about whether the service may have acted, for the `outcome` of the
 * error the call rejects with. The pipeline (send.ts) records each attempt: sent or not, and the
 * status it got. `not_sent` holds only until an attempt may have reached the service: any answer,
 * of any status, makes the call `rejected` or `unknown`.
 *
 * From whatever a call threw to the typed error it rejects with: the service's answer becomes an
 * `ApiError` of its status, ky's timeout a `TimeoutError`, the caller's abort an `AbortError`, and
 * any other failure of the transport a `ConnectionError`, each naming where the call went and how
 * many attempts it made, with the call's `outcome`. Text from the service is made printable, and
 * every secret the call sent is scrubbed from every field of the error.
 *
 * @module
 */
import { apiErrorFor, AuthenticationError } from './api-errors.js';
import { scrubText, type AuthGroup, type ClientCredentials } from './credentials.js';
import {
  AbortError,
  ConnectionError,
  PromokitError,
  RedirectError,
  TimeoutError,
  say,
  type CallContext,
  type Outcome,
  isKyHttpError,
  isKyTimeout,
  fetchFailure,
} from './errors.js';
import { parseBody } from './responses.js';
import { failureCode } from './runtime.js';

/** The outcomes, from the one that says most about the service having not acted. */
const rank: readonly Outcome[] = ['not_sent', 'rejected', 'unknown'];

/** The outcome that says less about the service having acted not: `unknown` over `rejected` over `not_sent`. */
export function worse(a: Outcome, b: Outcome): Outcome {
  return rank.indexOf(a) >= rank.indexOf(b) ? a : b;
}

/**
 * What an answer with `status` says of a call:
 * - a 4xx, a 307 or a 308: `rejected` (a refusal; a 307 or 308 asks for the same request
 *   elsewhere, so the answering service did not act on it);
 * - a 2xx or a 5xx: `unknown` (applied but unconfirmed when its body cannot be read; maybe applied);
 * - any other status (300–306, 1xx, a browser's opaque redirect, 0): `unknown` for a call that
 *   changes state, since a redirect may follow a request processed (Post/Redirect/Get), else
 *   `rejected`.
 */
export function outcomeOf(status: number, changesState: boolean): Outcome {
  if (status === 307 || status === 308 || (status >= 400 && status < 500)) return 'rejected';
  if ((status >= 200 && status < 300) || status >= 500 || changesState) return 'unknown';
  return 'rejected';
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
  // Keep only the low-level cause, behind fetch's error (and ky's `NetworkError` around it): it
  // names the socket failure and carries no request headers.
  else
    error = new ConnectionError(say(context, `${describeFailure(thrown)} before a complete response arrived`), context, {
      cause: (fetchFailure(thrown) as { cause?: unknown } | undefined)?.cause,
    });
  error.outcome = failure.outcome;
  const wait = failure.refusedWaitMs;
  error.message +=
    (error instanceof AuthenticationError ? `; ${credentials.advice(failure.auth)}` : '') +
    (wait === undefined
      ? ''
      : `; not retried: the service asked to wait ${Math.ceil(wait / 1000)} s, longer than maxRetryDelay (${failure.maxRetryDelay} ms)`) +
    (failure.outcome === 'unknown' && failure.changesState ? unknownOutcomeNote() : '');
  return scrubbed(error, secrets);
}

/**
 * `error` with every secret replaced by `[redacted]` in its message and in every field it has
 * (body, headers, issues, …): each is plain JSON data, scrubbed as its JSON text.
 */
function scrubbed<E extends PromokitError>(error: E, secrets: readonly string[]): E {
  const fields = error as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (typeof value === 'string' || (typeof value === 'object' && value !== null)) fields[key] = JSON.parse(scrubText(JSON.stringify(value), secrets));
  }
  error.message = scrubText(error.message, secrets);
  return error;
}

/** The error for a 3xx answer (or a browser's opaque redirect): where it pointed, never followed. */
export function redirectError(response: Response, url: string, context: CallContext & { status: number }, outcome: Outcome): RedirectError {
  void response.body?.cancel().catch(() => undefined);
  const target = response.headers.get('location');
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

/** Why an attempt failed, in a few words: `status 503`, `timeout`, `connection failure (ECONNRESET)`. */
export function describeFailure(error: unknown): string {
  if (isKyHttpError(error)) return `status ${error.response.status}`;
  if (isKyTimeout(error)) return 'timeout';
  const code = failureCode(fetchFailure(error));
  return `connection failure${code ? ` (${code})` : ''}`;
}
