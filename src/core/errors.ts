/**
 * Text from the service made safe for a message or a log line: a hostile or broken service must not
 * be able to forge log lines (CR, LF), drive a terminal (ANSI escapes) or flood a log.
 *
 * The error classes every promokit call may throw, but for the service's own answers (`ApiError`
 * and its status classes, in api-errors.ts). All extend {@link PromokitError}, so one `instanceof
 * PromokitError` check catches everything the SDK raises.
 *
 * The errors of walking a list: a walk that would never end, a page past the service's last, a
 * `toArray()` past its safety limit, a next page that does not exist. Each is thrown before a
 * request is sent.
 *
 * @module
 */

/** Longest piece of service text a message quotes, in characters. */
export const QUOTED_TEXT_LIMIT = 300;

/** `text` with every control character escaped (`\u000a`), cut to `max` characters with `…`. */
export function printable(text: string, max = QUOTED_TEXT_LIMIT): string {
  const escaped = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

/**
 * A few words for anything user code threw or returned (an error, a string, a null-prototype
 * object, a Proxy, an object whose getters throw, `undefined`), read defensively: it never throws.
 * An error reads `Name: message` (its message alone for a plain `Error`); any other value its
 * kind, or its text when it is a string or a number. Printable, at most `max` characters.
 */
export function describeValue(value: unknown, max = QUOTED_TEXT_LIMIT): string {
  // What is known of it when reading it throws (a revoked Proxy, a getter that throws).
  let text = 'a value';
  try {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) text = String(value);
    else {
      text = typeof value === 'function' ? 'a function' : Array.isArray(value) ? 'an array' : 'an object';
      const { name, message } = value as { name?: unknown; message?: unknown };
      if (typeof message === 'string') text = typeof name === 'string' && name && name !== 'Error' ? `${name}: ${message}` : message;
    }
  } catch {
    text = `${text} that cannot be read`;
  }
  return printable(text, max);
}

/** `value instanceof type`, false when asking throws (a Proxy whose `getPrototypeOf` trap throws). */
export function isA<T>(value: unknown, type: abstract new (...args: never[]) => T): value is T {
  try {
    return value instanceof type;
  } catch {
    return false;
  }
}

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
  // Paths can hold keys of a response body: printable, so a hostile key cannot forge a log line;
  // a long one is cut, so the rule it broke stays in the message. What is no issue (given to an
  // error built by hand) is described as the value it is.
  const list = issuesOf(issues);
  const shown = list.slice(0, max).map((issue) => {
    try {
      return `${printable(formatPath(issue.path), 120)}: ${printable(issue.message)}`;
    } catch {
      return describeValue(issue);
    }
  });
  if (list.length > max) shown.push(`and ${list.length - max} more`);
  return shown.join('; ');
}

/** The issues given to an error: the array, or none when it is no array (an error built by hand may be given anything). */
function issuesOf(issues: unknown): readonly Issue[] {
  return Array.isArray(issues) ? issues : [];
}

/**
 * Whether the service may have acted on a failed call; see {@link PromokitError.outcome}.
 * @category Errors
 */
export type Outcome = 'not_sent' | 'rejected' | 'unknown';

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
   * Whether the service may have acted on the call: `not_sent` (no attempt reached it: bad input or
   * settings, a refused connection or a failed DNS lookup, a limit or a pause that did not admit
   * the call), `rejected` (it answered and did not act: a 4xx, 409, 422 and 429 included; a 307 or
   * 308; any redirect to a read), or `unknown` (it may have: a timeout or a reset after the request
   * was sent, a 5xx, a 2xx whose body could not be read, any other 3xx to a call that changes
   * state, which may follow a request processed). Any answer, of any status, means the call
   * reached the service. A read is safe to repeat whatever its outcome; after an `unknown` spend,
   * check before sending it again: [After an unknown outcome](../../docs/after-an-unknown-outcome.md).
   */
  outcome: Outcome = 'unknown';

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
  /** The `Client` option that is missing or wrong, e.g. `baseUrl`; `chunk` for a part of promokit that could not be loaded. */
  declare readonly option: string;
  /**
   * The part of promokit, loaded on first use, that could not be loaded (`option: 'chunk'`), e.g.
   * `reconcile`: a bundle or a deployment that left out one of the files of promokit's `dist/`.
   */
  declare readonly chunk?: string;

  constructor(option: string, message: string, options?: ErrorOptions) {
    super(message, { option, outcome: 'not_sent' }, options);
  }
}

/**
 * Bad input caught before anything is sent: a params field breaks a documented limit or a
 * required field is missing. `issues` lists every broken rule with its field path; the message
 * names the first 20.
 * @category Errors
 */
export class InvalidRequestError extends PromokitError {
  override name: string = 'InvalidRequestError';
  /** The operation whose input was refused, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;
  /** Every rule the input broke. */
  declare readonly issues: readonly Issue[];

  constructor(operation: string, issues: readonly Issue[]) {
    super(`${operation}: invalid request: ${describeIssues(issues, 20)}`, { operation, issues: issuesOf(issues), outcome: 'not_sent' });
  }
}

/**
 * The transport failed: the call got no HTTP answer it could use. One `instanceof CallError`
 * catches the three ways that happens ({@link ConnectionError}, {@link TimeoutError},
 * {@link AbortError}); each names the operation, method, host and attempts made, in its message
 * and in its fields.
 * @category Errors
 */
export class CallError extends PromokitError implements CallContext {
  override name: string = 'CallError';
  declare readonly operation: string;
  declare readonly method: string;
  declare readonly host: string;
  declare readonly attempts: number;
}

/**
 * The request never got a complete answer: refused connection, reset, DNS failure, cut body.
 * @category Errors
 */
export class ConnectionError extends CallError {
  override name: string = 'ConnectionError';
}

/**
 * An attempt took longer than the `timeout` option (milliseconds per attempt).
 * @category Errors
 */
export class TimeoutError extends CallError {
  override name: string = 'TimeoutError';
}

/**
 * The caller's `AbortSignal` fired; the request was stopped and not retried.
 * @category Errors
 */
export class AbortError extends CallError {
  override name: string = 'AbortError';
}

/**
 * The service answered with a 3xx: promokit never follows a redirect (the service sends none), so
 * no credential and no request body goes to the other place, and the call is not sent again.
 * `location` is the origin the answer pointed to (never its path), when the runtime shows it (a
 * browser hides it). Its `outcome` is `rejected` for a 307 or 308 (the same request asked for
 * elsewhere: the service that answered did not act on it) and for any redirect to a read, and
 * `unknown` for any other 3xx (300–306, or a browser's redirect, whose status it hides) to a call
 * that changes state: a redirect may follow a request that was processed (Post/Redirect/Get).
 * @category Errors
 */
export class RedirectError extends PromokitError implements CallContext {
  override name: string = 'RedirectError';
  declare readonly operation: string;
  declare readonly method: string;
  declare readonly host: string;
  declare readonly attempts: number;
  /** The status of the answer, e.g. `307`; `0` in a browser, which hides the redirect. */
  declare readonly status: number;
  /** The origin of the `Location` the answer named (`https://elsewhere.example`), when known. */
  declare readonly location: string | undefined;
}

/**
 * A response body was larger than the client's `maxResponseBytes` (counted after decompression):
 * it was cancelled, unread. `limit` is that option.
 * @category Errors
 */
export class ResponseTooLargeError extends PromokitError implements CallContext {
  override name: string = 'ResponseTooLargeError';
  declare readonly operation: string;
  declare readonly method: string;
  declare readonly host: string;
  declare readonly attempts: number;
  /** The HTTP status of the response whose body was too large. */
  declare readonly status: number;
  /** The limit it passed, in bytes. */
  declare readonly limit: number;
}

/**
 * A response broke its schema (`strict` mode; `warn` too at a field promokit decides on or a body
 * that is no record), or a 2xx body was not JSON (every mode). `issues`: field paths; `body`: raw.
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
    super(`${operation}: unexpected response: ${describeIssues(issues, 5)}`, { operation, issues: issuesOf(issues), body });
  }
}

/**
 * A call could not be admitted by its limits: a `limiter` failed (its store is unreachable) or
 * did not admit the call within its bound. Nothing was sent (or, for a retry the limiter did not
 * admit again, nothing more: `outcome` says what the earlier attempts tell); the call may be made
 * again later. `cause` holds the limiter's own error, when it gave one.
 * @category Errors
 */
export class LimiterError extends PromokitError {
  override name: string = 'LimiterError';
  /** The operation that was not admitted, e.g. `publications.create`. */
  declare readonly operation: string;

  /** `retry`: the call was admitted and sent before; only its retry was not. */
  constructor(operation: string, message: string, options?: ErrorOptions & { retry?: boolean }) {
    super(
      `${operation}: ${message}; ${options?.retry ? 'its retry was not sent' : 'nothing was sent'}`,
      { operation, outcome: 'not_sent' },
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}

/**
 * A list has more records than a walk can reach: past the last page the service serves (page 100,
 * or 99 on some lists), or past the pages one walk fetches at most (100,000). Thrown instead of
 * silently stopping; narrow the query with filters to reach the rest.
 * @category Errors
 */
export class PaginationLimitError extends PromokitError {
  override name: string = 'PaginationLimitError';
  /** The list operation, e.g. `loyalties.listRewardAssignments`. */
  declare readonly operation: string;
  /** The last page the service allows, or the most pages one walk fetches. */
  declare readonly maxPage: number;

  /** `message`: another account of the bound than the service's last page (the pages of one walk). */
  constructor(operation: string, maxPage: number, message?: string) {
    super(message ?? `${operation}: records remain past page ${maxPage}, the last page the service serves; narrow the query to reach them`, {
      operation,
      maxPage,
      outcome: 'not_sent',
    });
  }
}

/**
 * A list walk stopped because it made no progress, or could not go on without skipping records:
 * the service named a page already fetched as the next one (a cursor that cycles), moved a time
 * cursor the wrong way, served the records of the page before again, kept answering empty pages
 * that said more records follow, or said more follow and named no way to them. Thrown instead of
 * fetching for ever or ending the list early; each record yielded so far was yielded once, and
 * more may remain (the message says which way out there is, when there is one).
 * @category Errors
 */
export class PaginationStalledError extends PromokitError {
  override name: string = 'PaginationStalledError';
  /** The list operation, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;

  /** `why`: what the walk saw, and why it could not go on (the records yielded so far are kept). */
  constructor(operation: string, why: string) {
    super(`${operation}: the list walk stopped: ${why}`, { operation, outcome: 'not_sent' });
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
      `${operation}: more than ${typeof limit === 'number' ? limit.toLocaleString('en-US') : limit} records, the safety limit of toArray() without max; pass toArray({ max: n }) to collect up to n records, or iterate with for await to walk them all`,
      { operation, limit, outcome: 'not_sent' },
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
    super(`${operation}: there is no next page; check hasNextPage() first`, { operation, outcome: 'not_sent' });
  }
}

/** `operation: METHOD host: what happened; N attempts made` */
export function say({ operation, method, host, attempts }: CallContext, what: string): string {
  return `${operation}: ${method} ${host}: ${what}; ${attempts} attempt${attempts === 1 ? '' : 's'} made`;
}

/** The error for a body past `maxResponseBytes`. */
export function tooLargeError(limit: number, context: CallContext & { status: number }): ResponseTooLargeError {
  return new ResponseTooLargeError(
    say(context, `the response body (status ${context.status}) passed maxResponseBytes, ${limit} bytes, and was cancelled unread`),
    { ...context, limit },
  );
}

/** ky's error for a non-2xx response: carries the `Response`. (Read defensively: it may be anything user code threw.) */
export function isKyHttpError(error: unknown): error is Error & { response: Response } {
  try {
    return error instanceof Error && error.name === 'HTTPError' && typeof (error as { response?: { status?: unknown } }).response?.status === 'number';
  } catch {
    return false;
  }
}

/** ky's error for an attempt that outlived its `timeout`. */
export function isKyTimeout(error: unknown): error is Error {
  try {
    return error instanceof Error && error.name === 'TimeoutError' && 'request' in error;
  } catch {
    return false;
  }
}

/** ky's error for a fetch that failed on the network: what fetch threw is its `cause`. */
export function isKyNetworkError(error: unknown): error is Error {
  return error instanceof Error && error.name === 'NetworkError' && 'request' in error;
}

/** What fetch itself threw: the `cause` of ky's `NetworkError`, else the error as it is. */
export function networkCause(error: unknown): unknown {
  return isKyNetworkError(error) ? error.cause : error;
}
