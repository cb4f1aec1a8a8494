/**
 * From whatever a call threw to the typed error it rejects with: the service's answer becomes an
 * `ApiError` of its status, ky's timeout a `TimeoutError`, the caller's abort an `AbortError`, and
 * any other failure of the transport a `ConnectionError`, each naming where the call went and
 * how many attempts it made.
 *
 * @module
 */
import { apiErrorFor } from './api-errors.js';
import { AbortError, ConnectionError, PromokitError, TimeoutError, type CallContext } from './errors.js';
import { isKyHttpError, isKyTimeout } from './ky/errors.js';
import { parseBody } from './response-check.js';
import { inCauses } from './retry.js';

/**
 * The typed error for whatever a call threw. `body` is the text of the last response read, the
 * error body of a non-2xx answer.
 */
export function mapError(error: unknown, context: CallContext, signal: AbortSignal | undefined, timeout: number, body: string): PromokitError {
  if (error instanceof PromokitError) return error;
  const { operation, method, host, attempts } = context;
  // `operation: METHOD host: what happened; N attempts made`
  const say = (what: string): string => `${operation}: ${method} ${host}: ${what}; ${attempts} attempt${attempts === 1 ? '' : 's'} made`;
  if (signal?.aborted) return new AbortError(say(`aborted by the caller's signal`), context);
  if (isKyHttpError(error)) {
    const { response } = error;
    return apiErrorFor({ ...context, status: response.status, body: parseBody(body), headers: Object.fromEntries(response.headers) });
  }
  if (isKyTimeout(error)) return new TimeoutError(say(`no complete response within ${timeout} ms per attempt`), context);
  // Keep only the low-level cause: it names the socket failure and carries no request headers.
  return new ConnectionError(say(`${describeFailure(error)} before a complete response arrived`), context, { cause: (error as { cause?: unknown } | undefined)?.cause });
}

/** Why an attempt failed, in a few words: `status 503`, `timeout`, `connection failure (ECONNRESET)`. */
export function describeFailure(error: unknown): string {
  if (isKyHttpError(error)) return `status ${error.response.status}`;
  if (isKyTimeout(error)) return 'timeout';
  const code = errorCode(error);
  return `connection failure${code ? ` (${code})` : ''}`;
}

/** The error code behind a fetch failure, e.g. `ECONNREFUSED`. */
function errorCode(error: unknown): string | undefined {
  return inCauses(error, (cause) => (typeof cause.code === 'string' ? cause.code : typeof cause.errors?.[0]?.code === 'string' ? cause.errors[0].code : undefined));
}
