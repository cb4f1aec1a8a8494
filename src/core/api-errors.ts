/**
 * The errors of the service's own answers: {@link ApiError} for any non-2xx status, a class per
 * common status, and the message each builds from the error body.
 *
 * And the reading of the wait a response asks for (`askedWaitMs`, and `retryAfterMs`, the same at
 * most a day): one strict parser, shared by the retry policy (retry.ts), the pause after a 429
 * (limit-options.ts) and `RateLimitError.retryAfter`, so every place reads the header the same way.
 *
 * @module
 */
import { ownErrorClasses, PromokitError, type CallContext, type Outcome, printable } from './errors.js';
import { isRecord } from './inputs.js';

/**
 * The fields of an error body the service sends with a non-2xx status.
 * @category Errors
 */
export interface ApiErrorBody {
  code?: number;
  key?: string;
  message?: string;
  details?: string;
  request_id?: string;
}

/**
 * Fields every {@link ApiError} is built from.
 * @category Errors
 */
export interface ApiErrorInit extends Partial<CallContext> {
  status: number;
  /** Whether the service may have acted; by default `unknown` for a 5xx, else `rejected`. */
  outcome?: Outcome | undefined;
  operation: string;
  /** The parsed JSON body, or the raw text when the body was not JSON. */
  body: unknown;
  /**
   * Response headers: a record (any letter case), a `Headers`, a `Map` or pairs; none when
   * absent. The error keeps them as a record of lower-cased names.
   */
  headers?: Record<string, string> | Headers | ReadonlyMap<string, string> | ReadonlyArray<readonly [string, string]> | undefined;
}

/**
 * The service answered with a non-2xx status. Subclasses name the common statuses.
 * @category Errors
 */
export class ApiError extends PromokitError {
  override name: string = 'ApiError';
  // `declare`: assigned in the constructor, so no class-field code is emitted for them.
  /** HTTP status of the response. */
  declare readonly status: number;
  /** The service's numeric error code from the body, when present. */
  declare readonly code: number | undefined;
  /** The service's error key, e.g. `not_found`, `duplicate_found`. */
  declare readonly key: string | undefined;
  /** Further detail from the error body. */
  declare readonly details: string | undefined;
  /**
   * The service's request id: quote it when contacting support. From the error body, else from the
   * response's `x-request-id` header (so an HTML 502 page from a proxy still yields one).
   */
  declare readonly request_id: string | undefined;
  /** The operation that failed, named `subClient.method` as the reference names methods. */
  declare readonly operation: string;
  /** The HTTP method of the request. */
  declare readonly method: string | undefined;
  /** The host (and port) the request went to. */
  declare readonly host: string | undefined;
  /** Attempts made, the first included (`3` when two retries got this answer too). */
  declare readonly attempts: number | undefined;
  /** The error body: parsed JSON, or the raw text when it was not JSON (an HTML 502 page). */
  declare readonly body: unknown;
  /** Response headers, lower-cased names. */
  declare readonly headers: Record<string, string>;

  constructor(init: ApiErrorInit) {
    // An error built by hand may be given anything: it builds all the same.
    const given: Partial<ApiErrorInit> = isRecord(init) ? init : {};
    const { status, operation, body } = given;
    const headers = headerRecord(given.headers);
    const fields: ApiErrorBody = isRecord(body) ? body : {};
    const key = text(fields.key);
    const details = text(fields.details);
    // `details` is where the service names the record or field at fault.
    super(`${operation}: ${status}${key ? ` ${key}` : ''}: ${text(fields.message) ?? describeRawBody(body)}${details ? ` (${details})` : ''}`, {
      outcome: status! < 500 ? 'rejected' : 'unknown',
      ...given,
      headers,
    });
    this.code = typeof fields.code === 'number' ? fields.code : undefined;
    this.key = key;
    this.details = details;
    this.request_id = text(fields.request_id) ?? headers['x-request-id'];
  }
}

/**
 * 400: the service refused the request as malformed.
 * @category Errors
 */
export class BadRequestError extends ApiError {
  override name: string = 'BadRequestError';
}
/**
 * 401: credentials missing, wrong, or the access token expired.
 * @category Errors
 */
export class AuthenticationError extends ApiError {
  override name: string = 'AuthenticationError';
}
/**
 * 403: the credentials lack the scope this operation needs.
 * @category Errors
 */
export class PermissionDeniedError extends ApiError {
  override name: string = 'PermissionDeniedError';
}
/**
 * 404: the record named in the path does not exist.
 * @category Errors
 */
export class NotFoundError extends ApiError {
  override name: string = 'NotFoundError';
}
/**
 * True when `error` is the service's own 404 saying that the record `resource` `id` does not
 * exist: a {@link NotFoundError} whose body has the key `not_found`, that `resource_type` and that
 * `resource_id` (the service echoes the id the path named). A 404 about another record (the
 * voucher, when a session was asked for), one that names no record, or one without the service's
 * error body (a proxy's HTML page) is not.
 */
export function namesMissing(error: unknown, resource: string, id: string): boolean {
  if (!(error instanceof NotFoundError) || !isRecord(error.body)) return false;
  const { key, resource_type, resource_id } = error.body;
  return key === 'not_found' && resource_type === resource && resource_id === id;
}

/**
 * 409: a record with that identity already exists (e.g. a duplicate voucher code).
 * @category Errors
 */
export class ConflictError extends ApiError {
  override name: string = 'ConflictError';
}
/**
 * 422: the request was understood but its content was refused.
 * @category Errors
 */
export class UnprocessableEntityError extends ApiError {
  override name: string = 'UnprocessableEntityError';
}
/**
 * 429: too many requests. The SDK already retried within its policy, or did not retry because
 * the service asked for a wait longer than `maxRetryDelay` (see {@link RateLimitError.retryAfter}).
 * @category Errors
 */
export class RateLimitError extends ApiError {
  override name: string = 'RateLimitError';
  /**
   * The seconds the service asked to wait before the next request, from `Retry-After` (seconds
   * or an HTTP date; the `RateLimit-Reset` headers when it is absent), however long;
   * `undefined` when the response named no wait. promokit itself waits and pauses at most a day,
   * and `retryDecision` advises at most a day.
   */
  declare readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    const ms = askedWaitMs((name) => this.headers[name])!;
    // A wait already over is 0; an unreadable or absent one (NaN, undefined) stays undefined.
    this.retryAfter = ms >= 0 ? Math.ceil(ms / 1000) : ms < 0 ? 0 : undefined;
  }
}
/**
 * 5xx: the service failed. Non-idempotent calls are never retried on it.
 * @category Errors
 */
export class InternalServerError extends ApiError {
  override name: string = 'InternalServerError';
}

ownErrorClasses(
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
);

const statusClasses: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/**
 * Builds the {@link ApiError} subclass that matches a status.
 * @internal
 */
export function apiErrorFor(init: ApiErrorInit): ApiError {
  const Class = statusClasses[init.status] ?? (init.status >= 500 && init.status < 600 ? InternalServerError : ApiError);
  return new Class(init);
}

/**
 * Response headers as a record of lower-cased names, from anything `Headers` takes (a record in
 * any letter case, a `Headers`, a `Map`, pairs); none from any other value.
 */
function headerRecord(headers: unknown): Record<string, string> {
  try {
    return Object.fromEntries(new Headers(headers as Headers));
  } catch {
    return {};
  }
}

/** The value, made printable, if it is a string: service text never reaches a message raw. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? printable(value) : undefined;
}

/** A raw (non-JSON) error body as one line of text, tags stripped: the title of an HTML 502 page. */
function describeRawBody(body: unknown): string {
  const line =
    typeof body === 'string'
      ? body
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '';
  return line === '' ? 'no error message in the response' : printable(line, 120);
}

/**
 * The longest wait promokit keeps to, in milliseconds: a day. A longer ask is waited, paused and
 * advised (`retryDecision`) as a day; the error still says how long the service asked for.
 */
export const LONGEST_ASKED_WAIT = 86_400_000;

/**
 * The wait a response asks for before the next request, in milliseconds, as asked: from
 * `Retry-After`, else the `RateLimit-Reset` family: a whole number of seconds (digits only; one
 * past 2024 as epoch seconds is a moment), or an HTTP date (IMF-fixdate or RFC 850: ending `GMT`).
 * `undefined` without such a header; `NaN` when the value is neither (`soon`, `-1`, `1.5`, `0x10`,
 * `1e400`, `Infinity`), which RFC 9110 says to ignore. A moment already past is a wait of 0; digits
 * past the largest whole number of milliseconds a number holds exactly are that number (as RFC
 * 9111 reads a delta too large to represent). `now` is the clock a moment is read against
 * (`Date.now` unless a test gives its own).
 */
export function askedWaitMs(header: (name: string) => string | null | undefined, now: () => number = Date.now): number | undefined {
  const value = (
    header('retry-after') ??
    header('ratelimit-reset') ??
    header('x-ratelimit-retry-after') ??
    header('x-ratelimit-reset') ??
    header('x-rate-limit-reset')
  )?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+$/.test(value)) {
    ms = Math.min(Number(value) * 1000, Number.MAX_SAFE_INTEGER);
    if (ms >= 1_704_067_200_000 && ms < 1e14) ms -= now();
  } else if (/ GMT$/.test(value)) {
    ms = Date.parse(value) - now();
  } else {
    return Number.NaN;
  }
  return Number.isNaN(ms) ? ms : Math.max(0, ms);
}

/**
 * The wait promokit keeps to after a response, in milliseconds: {@link askedWaitMs}, at most
 * {@link LONGEST_ASKED_WAIT} (`undefined` and `NaN` as there). What the retries wait, the pause
 * after a 429 and `retryDecision` read; a hostile `Retry-After` never stops a client for longer.
 */
export function retryAfterMs(header: (name: string) => string | null | undefined, now: () => number = Date.now): number | undefined {
  const ms = askedWaitMs(header, now);
  return ms === undefined || Number.isNaN(ms) ? ms : Math.min(ms, LONGEST_ASKED_WAIT);
}
