/**
 * The error classes every promokit call may throw. All extend {@link PromokitError}, so one
 * `instanceof PromokitError` check catches everything the SDK raises.
 *
 * @module
 */

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
    super(message);
    this.option = option;
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
    super(`${operation}: invalid request: ${describeIssues(issues)}`);
    this.operation = operation;
    this.issues = issues;
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
  [field: string]: unknown;
}

/**
 * Fields every {@link ApiError} is built from.
 * @category Errors
 */
export interface ApiErrorInit {
  status: number;
  operation: string;
  /** The parsed JSON body, or the raw text when the body was not JSON. */
  body: unknown;
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
  /** The service's request id: quote it when contacting support. */
  declare readonly request_id: string | undefined;
  /** The operation that failed, e.g. `vouchers.create`. */
  declare readonly operation: string;
  /** The error body: parsed JSON, or the raw text when it was not JSON (an HTML 502 page). */
  declare readonly body: unknown;
  /** Response headers, lower-cased names. */
  declare readonly headers: Record<string, string>;

  constructor(init: ApiErrorInit) {
    const { status, operation, body } = init;
    const fields: ApiErrorBody = isRecord(body) ? body : {};
    const key = text(fields.key);
    super(`${operation}: ${status}${key ? ` ${key}` : ''}: ${text(fields.message) ?? describeRawBody(body)}`);
    this.status = status;
    this.code = typeof fields.code === 'number' ? fields.code : undefined;
    this.key = key;
    this.details = text(fields.details);
    this.request_id = text(fields.request_id);
    this.operation = operation;
    this.body = body;
    this.headers = init.headers;
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
 * 429: too many requests; the SDK already retried within its policy.
 * @category Errors
 */
export class RateLimitError extends ApiError {
  override name: string = 'RateLimitError';
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
 * @category Errors
 */
export class ConnectionError extends PromokitError {
  override name: string = 'ConnectionError';
}

/**
 * An attempt took longer than the `timeout` option (milliseconds per attempt).
 * @category Errors
 */
export class TimeoutError extends PromokitError {
  override name: string = 'TimeoutError';
}

/**
 * The caller's `AbortSignal` fired; the request was stopped and not retried.
 * @category Errors
 */
export class AbortError extends PromokitError {
  override name: string = 'AbortError';
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
    super(`${operation}: unexpected response: ${describeIssues(issues, 5)}`);
    this.operation = operation;
    this.issues = issues;
    this.body = body;
  }
}

/**
 * A page-numbered list has more records than the service lets a client reach (page 100).
 * Thrown instead of silently stopping; narrow the query with filters to reach the rest.
 * @category Errors
 */
export class PaginationLimitError extends PromokitError {
  override name: string = 'PaginationLimitError';
  /** The last page the service allows. */
  declare readonly maxPage: number;

  constructor(operation: string, maxPage: number) {
    super(`${operation}: records remain past page ${maxPage}, the last page the service serves; narrow the query to reach them`);
    this.maxPage = maxPage;
  }
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
