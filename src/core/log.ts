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

const rank: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** A logger that drops lines below its level. Built once per client. */
export class Log {
  readonly #logger: Logger | undefined;
  readonly #rank: number;

  constructor(logger: Logger | undefined, level: LogLevel) {
    this.#logger = logger;
    this.#rank = logger ? rank[level] ?? rank.warn : 0;
  }

  /** True when lines of this level are written; lets callers skip building them. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return this.#rank >= rank[level];
  }

  debug(message: string, data?: unknown): void {
    this.#write('debug', message, data);
  }

  info(message: string, data?: unknown): void {
    this.#write('info', message, data);
  }

  warn(message: string, data?: unknown): void {
    this.#write('warn', message, data);
  }

  error(message: string, data?: unknown): void {
    this.#write('error', message, data);
  }

  #write(level: Exclude<LogLevel, 'off'>, message: string, data: unknown): void {
    if (this.enabled(level)) {
      if (data === undefined) this.#logger![level](message);
      else this.#logger![level](message, data);
    }
  }
}

/**
 * Headers whose values are secrets, never logged nor put in an error: `Authorization` and every
 * `…token…` header (`X-App-Token`, `X-Client-Token`, and any a caller adds). A pattern rather than
 * a list of names, so the browser bundle names no server-side header.
 */
const secretHeader = /^authorization$|token/i;

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
