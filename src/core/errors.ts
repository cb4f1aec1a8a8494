/**
 * The error classes every promokit call may throw. All extend {@link PromokitError}, so one
 * `instanceof PromokitError` check catches everything the SDK raises.
 *
 * @module
 */
import type { AsyncAction } from '../schemas/async-action.js';

/**
 * A problem found in a request's input or in a response's shape: where, and what rule broke.
 * @category Errors
 */
export interface Issue {
  /** Field path, e.g. `['order', 'items', 3, 'quantity']`; empty for the value as a whole. */
  path: ReadonlyArray<string | number>;
  /** The rule that was broken, in plain words. */
  message: string;
}

/**
 * Formats an issue path the way a reader writes it: `order.items[3].quantity`.
 * @internal
 */
export function formatPath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const part of path) {
    out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out === '' ? '(root)' : out;
}

/**
 * Lists issues the way messages show them, `path: rule; path: rule`, at most `max` of them and
 * then how many more.
 * @internal
 */
export function describeIssues(issues: readonly Issue[], max = Infinity): string {
  const shown = issues.slice(0, max).map((i) => `${formatPath(i.path)}: ${i.message}`);
  if (issues.length > max) shown.push(`and ${issues.length - max} more`);
  return shown.join('; ');
}

/**
 * Where a failed call went and how far it got. Network errors (`ConnectionError`, `TimeoutError`,
 * `AbortError`) carry all of it; an `ApiError` carries it too.
 * @category Errors
 */
export interface CallContext {
  /** The operation, named `subClient.method` as the reference names methods. */
  operation: string;
  /** The HTTP method, e.g. `GET`. */
  method: string;
  /** The host (and port) of the request's URL, e.g. `api.example.com`: never its path or query. */
  host: string;
  /** Attempts made, the first included: `3` after two retries, `0` when nothing was attempted. */
  attempts: number;
}

/**
 * Base class of every error promokit throws.
 *
 * Which error each failure raises and what is retried: [Errors and retries](../../docs/errors-and-retries.md);
 * every fault observed and its outcome: [Reliability: the fault matrix](../../docs/RELIABILITY.md).
 *
 * @category Errors
 */
export class PromokitError extends Error {
  // Every class names itself with a string: `new.target.name` would be the minified class name in
  // a production browser bundle (seen in Chromium: `Te` instead of `AuthenticationError`).
  override name: string = 'PromokitError';

  /**
   * @param message What went wrong, for people.
   * @param context Fields copied onto the error, e.g. a {@link CallContext}.
   * @param options `cause`: the lower-level error behind this one.
   */
  constructor(message?: string, context?: object, options?: ErrorOptions) {
    super(message, options);
    Object.assign(this, context);
  }

  /**
   * The error as plain data for logs and `JSON.stringify`: `name`, `message` and the error's own
   * fields (`status`, `key`, `details`, `request_id`, `operation`, `method`, `host`, `attempts`,
   * `issues`, … whichever it has), but never the response `headers` nor the raw `body`. No field
   * of a promokit error holds a secret.
   */
  toJSON(): Record<string, unknown> {
    const { body, headers, ...fields } = this as Record<string, unknown>;
    return { name: this.name, message: this.message, ...fields };
  }
}

/**
 * The client is missing a setting it needs for this request (a credential or the base URL).
 * Thrown before anything is sent; the message names the option and its environment variable.
 * @category Errors
 */
export class ConfigurationError extends PromokitError {
  override name: string = 'ConfigurationError';
  /** The `Client` option that is missing or wrong, e.g. `baseUrl`. */
  declare readonly option: string;

  constructor(option: string, message: string) {
    super(message, { option });
  }
}

/**
 * Bad input caught before anything is sent: a params field breaks a documented limit or a
 * required field is missing. `issues` lists every broken rule with its field path.
 * @category Errors
 */
export class InvalidRequestError extends PromokitError {
  override name: string = 'InvalidRequestError';
  /** The operation whose input was refused, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;
  /** Every rule the input broke. */
  declare readonly issues: readonly Issue[];

  constructor(operation: string, issues: readonly Issue[]) {
    super(`${operation}: invalid request: ${describeIssues(issues)}`, { operation, issues });
  }
}

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
  operation: string;
  /** The parsed JSON body, or the raw text when the body was not JSON. */
  body: unknown;
  /** Response headers, lower-cased names. */
  headers: Record<string, string>;
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
    const { status, operation, body } = init;
    const fields: ApiErrorBody = isRecord(body) ? body : {};
    const key = text(fields.key);
    const details = text(fields.details);
    // `details` is where the service names the record or field at fault.
    super(`${operation}: ${status}${key ? ` ${key}` : ''}: ${text(fields.message) ?? describeRawBody(body)}${details ? ` (${details})` : ''}`, init);
    this.code = typeof fields.code === 'number' ? fields.code : undefined;
    this.key = key;
    this.details = details;
    this.request_id = text(fields.request_id) ?? init.headers['x-request-id'];
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
   * or an HTTP date; the `RateLimit-Reset` headers when it is absent); `undefined` when the
   * response named no wait.
   */
  declare readonly retryAfter: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    const ms = retryAfterMs((name) => init.headers[name])!;
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
  const Class = statusClasses[init.status] ?? (init.status >= 500 ? InternalServerError : ApiError);
  return new Class(init);
}

/**
 * The request never got a complete answer: refused connection, reset, DNS failure, cut body.
 * The message names the operation, method, host and attempts made; so do the fields.
 * @category Errors
 */
export class ConnectionError extends PromokitError implements CallContext {
  override name: string = 'ConnectionError';
  declare readonly operation: string;
  declare readonly method: string;
  declare readonly host: string;
  declare readonly attempts: number;
}

/**
 * An attempt took longer than the `timeout` option (milliseconds per attempt). The message names
 * the operation, method, host and attempts made; so do the fields.
 * @category Errors
 */
export class TimeoutError extends PromokitError implements CallContext {
  override name: string = 'TimeoutError';
  declare readonly operation: string;
  declare readonly method: string;
  declare readonly host: string;
  declare readonly attempts: number;
}

/**
 * The caller's `AbortSignal` fired; the request was stopped and not retried. The message names
 * the operation, method, host and attempts made; so do the fields.
 * @category Errors
 */
export class AbortError extends PromokitError implements CallContext {
  override name: string = 'AbortError';
  declare readonly operation: string;
  declare readonly method: string;
  declare readonly host: string;
  declare readonly attempts: number;
}

/**
 * A response broke its schema (in `strict` validation mode), or a 2xx body was not JSON at all
 * (in every mode). `issues` hold the field paths; `body` keeps the raw body.
 *
 * When it is thrown and how to read it: [Validation modes](../../docs/validation-modes.md).
 *
 * @category Errors
 */
export class ResponseValidationError extends PromokitError {
  override name: string = 'ResponseValidationError';
  /** The operation whose response was refused. */
  declare readonly operation: string;
  /** Every schema violation, with its field path. */
  declare readonly issues: readonly Issue[];
  /** The body as received: parsed JSON, or the raw text when it was not JSON. */
  declare readonly body: unknown;

  constructor(operation: string, issues: readonly Issue[], body: unknown) {
    super(`${operation}: unexpected response: ${describeIssues(issues, 5)}`, { operation, issues, body });
  }
}

/**
 * A call could not be admitted by its limits: a `limiter` failed (its store is unreachable) or
 * did not admit the call within its bound. Nothing was sent; the call may be made again later.
 * `cause` holds the limiter's own error, when it gave one.
 * @category Errors
 */
export class LimiterError extends PromokitError {
  override name: string = 'LimiterError';
  /** The operation that was not admitted, e.g. `publications.create`. */
  declare readonly operation: string;

  constructor(operation: string, message: string, options?: ErrorOptions) {
    super(`${operation}: ${message}; nothing was sent`, { operation }, options);
  }
}

/**
 * A page-numbered list has more records than the service lets a client reach (page 100).
 * Thrown instead of silently stopping; narrow the query with filters to reach the rest.
 * @category Errors
 */
export class PaginationLimitError extends PromokitError {
  override name: string = 'PaginationLimitError';
  /** The list operation, e.g. `loyalties.listRewardAssignments`. */
  declare readonly operation: string;
  /** The last page the service allows. */
  declare readonly maxPage: number;

  constructor(operation: string, maxPage: number) {
    super(`${operation}: records remain past page ${maxPage}, the last page the service serves; narrow the query to reach them`, { operation, maxPage });
  }
}

/**
 * `toArray()` without `max` reached its safety limit (10,000 records) and the list has more.
 * Thrown instead of returning a silently cut list: pass `toArray({ max })` with the number you
 * need, or walk the records with `for await` (one page in memory at a time).
 * @category Errors
 */
export class ToArrayLimitError extends PromokitError {
  override name: string = 'ToArrayLimitError';
  /** The list operation, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;
  /** The limit that was reached, in records. */
  declare readonly limit: number;

  constructor(operation: string, limit: number) {
    super(
      `${operation}: more than ${limit.toLocaleString('en-US')} records, the safety limit of toArray() without max; pass toArray({ max: n }) to collect up to n records, or iterate with for await to walk them all`,
      { operation, limit },
    );
  }
}

/**
 * `getNextPage()` was called on the last page. Check `hasNextPage()` first, or iterate with `for await`.
 * @category Errors
 */
export class NoNextPageError extends PromokitError {
  override name: string = 'NoNextPageError';
  /** The list operation, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;

  constructor(operation: string) {
    super(`${operation}: there is no next page; check hasNextPage() first`, { operation });
  }
}

/**
 * The wait a response asks for before the next request, in milliseconds, read exactly as ky reads
 * it when it retries: `Retry-After` (seconds, or an HTTP date), else the `RateLimit-Reset` family;
 * a number past 2024 is a timestamp. `undefined` without such a header, `NaN` when unreadable
 * (ky then waits its cap).
 * @internal
 */
export function retryAfterMs(header: (name: string) => string | null | undefined): number | undefined {
  const value = header('retry-after') ?? header('ratelimit-reset') ?? header('x-ratelimit-retry-after') ?? header('x-ratelimit-reset') ?? header('x-rate-limit-reset');
  if (!value) return undefined;
  const after = Number(value) * 1000;
  if (Number.isNaN(after)) return Date.parse(value) - Date.now();
  return after >= 1_704_067_200_000 ? after - Date.now() : after;
}

/**
 * True for a plain JSON object.
 * @internal
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value if it is a string. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A raw (non-JSON) error body as one line of text, tags stripped: the title of an HTML 502 page. */
function describeRawBody(body: unknown): string {
  const line = typeof body === 'string' ? body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : '';
  return line === '' ? 'no error message in the response' : line.length > 120 ? `${line.slice(0, 120)}…` : line;
}

/**
 * An async action the SDK waited for (`asyncActions.waitFor`) ended with status `FAILED`.
 * `asyncAction` holds the record as last read, with its `result` (what failed, and why).
 * @category Errors
 */
export class AsyncActionFailedError extends PromokitError {
  override name: string = 'AsyncActionFailedError';
  /** The failed action as last read, with `status: 'FAILED'` and its `result`. */
  declare readonly asyncAction: AsyncAction;

  constructor(asyncAction: AsyncAction) {
    const reason = text(asyncAction.result?.message);
    super(`asyncActions.waitFor: async action ${asyncAction.id}${asyncAction.type ? ` (${asyncAction.type})` : ''} failed${reason ? `: ${reason}` : ''}`);
    this.asyncAction = asyncAction;
  }
}
