/**
 * Logging: a level filter in front of the user's logger, and redaction of secret headers.
 *
 * @module
 */

/** Where promokit writes its log lines; `console` fits. */
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

/** How much promokit logs: `off` nothing, `debug` every request and response. */
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
    if (this.#rank >= 4) this.#logger!.debug(message, ...(data === undefined ? [] : [data]));
  }

  info(message: string, data?: unknown): void {
    if (this.#rank >= 3) this.#logger!.info(message, ...(data === undefined ? [] : [data]));
  }

  warn(message: string, data?: unknown): void {
    if (this.#rank >= 2) this.#logger!.warn(message, ...(data === undefined ? [] : [data]));
  }

  error(message: string, data?: unknown): void {
    if (this.#rank >= 1) this.#logger!.error(message, ...(data === undefined ? [] : [data]));
  }
}

/** Headers whose values are secrets: never logged, never put in an error. */
const secretHeaders = new Set(['authorization', 'x-app-token', 'x-client-token']);

/** The placeholder shown instead of a secret. */
export const REDACTED = '[redacted]';

/** A copy of the headers with every secret value replaced by {@link REDACTED}. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    out[name] = secretHeaders.has(name.toLowerCase()) ? REDACTED : headers[name]!;
  }
  return out;
}

/** The key Node's `util.inspect` looks for; declared without importing Node. */
export const inspectSymbol: unique symbol = Symbol.for('nodejs.util.inspect.custom') as never;
