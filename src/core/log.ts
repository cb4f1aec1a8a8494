/**
 * Logging: a level filter in front of the user's logger, and redaction of secret headers.
 *
 * @module
 */

/**
 * Where promokit writes its log lines; `console` fits.
 * @category Client
 */
export interface Logger {
  /** Every request and response, with secret headers redacted (`logLevel: 'debug'`). */
  debug(message: string, ...rest: unknown[]): void;
  /** Retries and other notable events (`logLevel: 'info'`). */
  info(message: string, ...rest: unknown[]): void;
  /** Responses that break their schema in `warn` validation mode (`logLevel: 'warn'`, the default). */
  warn(message: string, ...rest: unknown[]): void;
  /** Failures (`logLevel: 'error'`). */
  error(message: string, ...rest: unknown[]): void;
}

/**
 * How much promokit logs: `off` nothing, `debug` every request and response.
 * @category Client
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

/** The levels, least verbose first: a level's index is its rank. */
export const logLevels: readonly LogLevel[] = ['off', 'error', 'warn', 'info', 'debug'];

/** A log line: the message, and data when there is some. */
type Line = [message: string, data?: unknown];

/** A logger that drops lines below its level. Built once per client. */
export class Log {
  readonly #logger: Logger | undefined;
  readonly #rank: number;

  constructor(logger: Logger | undefined, level: LogLevel) {
    this.#logger = logger;
    // `level` is one of `logLevels`: the options are checked before a Log is built.
    this.#rank = logger ? logLevels.indexOf(level) : 0;
  }

  /** True when lines of this level are written; lets callers skip building them. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return this.#rank >= logLevels.indexOf(level);
  }

  /** Writes the line, as given (message, and data when given), when its level is enabled. */
  write(level: Exclude<LogLevel, 'off'>, ...line: Line): void {
    if (this.enabled(level)) this.#logger![level](...line);
  }
}

/**
 * Headers whose values are secrets, never logged nor put in an error: every header whose name
 * says auth, token, secret, key, cookie or password (`Authorization`, `Proxy-Authorization`,
 * `X-App-Token`, `X-Client-Token`, `X-Api-Key`, `Cookie`, and any a caller adds). A pattern
 * rather than a list of names, so the browser bundle names no server-side header.
 */
const secretHeader = /auth|token|secret|key|cookie|passw/i;

/** The placeholder shown instead of a secret. */
export const REDACTED = '[redacted]';

/** A copy of the headers with every secret value replaced by {@link REDACTED}. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    out[name] = secretHeader.test(name) ? REDACTED : headers[name]!;
  }
  return out;
}

/** The key Node's `util.inspect` looks for; declared without importing Node. */
export const inspectSymbol: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;
