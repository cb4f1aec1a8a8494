/**
 * Logging: a level filter in front of the user's logger, redaction of secret headers, and the
 * scrubbing of secrets from any text (`scrubText`), which every error, hook event and log line
 * of a call goes through.
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

/**
 * A logger that drops lines below its level, and scrubs from every line it writes the secrets of
 * the client (`secrets`: its credentials', whatever the service echoed into a line). A logger
 * that throws changes nothing about a call. Built once per client.
 */
export class Log {
  readonly #logger: Logger | undefined;
  readonly #rank: number;
  readonly #secrets: () => readonly string[];

  constructor(logger: Logger | undefined, level: LogLevel, secrets: () => readonly string[] = () => []) {
    this.#logger = logger;
    // `level` is one of `logLevels`: the options are checked before a Log is built.
    this.#rank = logger ? logLevels.indexOf(level) : 0;
    this.#secrets = secrets;
  }

  /** True when lines of this level are written; lets callers skip building them. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return this.#rank >= logLevels.indexOf(level);
  }

  /** Writes the line (message, and data when given, both without a secret) when its level is enabled. */
  write(level: Exclude<LogLevel, 'off'>, ...line: Line): void {
    if (!this.enabled(level)) return;
    try {
      const secrets = this.#secrets();
      const scrub = (part: unknown) => (typeof part === 'string' ? scrubText(part, secrets) : JSON.parse(scrubText(JSON.stringify(part) ?? 'null', secrets)));
      this.#logger![level](...(line.map(scrub) as Line));
    } catch {
      // A logger that throws is the logger's own business.
    }
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

/**
 * `text` with every secret replaced by `[redacted]`, in any letter case (a token echoed in a URL's
 * host comes back lowercased) and in its JSON-escaped form too: a service that echoes a token in
 * an error body must not put it in an error. So is the start of a secret (4 characters or more)
 * where text was cut short (`…`): quoted text is bounded before it is scrubbed. Secrets shorter
 * than 8 characters are left alone (they would blank out ordinary words).
 */
export function scrubText(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) {
    if (secret.length < 8) continue;
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1)])) {
      text = text.replace(new RegExp(form.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'), 'gi'), '[redacted]');
      const start = form.toLowerCase();
      text = text.replace(/[^…]{4,}(?=…)/g, (cut) => {
        const tail = cut.toLowerCase();
        for (let n = Math.min(start.length, tail.length); n >= 4; n--) if (tail.endsWith(start.slice(0, n))) return `${cut.slice(0, -n)}[redacted]`;
        return cut;
      });
    }
  }
  return text;
}
