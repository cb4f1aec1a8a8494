/**
 * The error classes every promokit call may throw, but for the service's own answers (`ApiError`
 * and its status classes, in api-errors.ts). All extend {@link PromokitError}, so one
 * `instanceof PromokitError` check catches everything the SDK raises.
 *
 * @module
 */
import { printable } from './safe-text.js';

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
  // a long one is cut, so the rule it broke stays in the message.
  const shown = issues.slice(0, max).map(({ path, message }) => `${printable(formatPath(path), 120)}: ${printable(message)}`);
  if (issues.length > max) shown.push(`and ${issues.length - max} more`);
  return shown.join('; ');
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
  /** The `Client` option that is missing or wrong, e.g. `baseUrl`. */
  declare readonly option: string;

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
    super(`${operation}: invalid request: ${describeIssues(issues, 20)}`, { operation, issues, outcome: 'not_sent' });
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
    super(`${operation}: unexpected response: ${describeIssues(issues, 5)}`, { operation, issues, body });
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
    super(`${operation}: ${message}; ${options?.retry ? 'its retry was not sent' : 'nothing was sent'}`, { operation, outcome: 'not_sent' }, options?.cause === undefined ? undefined : { cause: options.cause });
  }
}

