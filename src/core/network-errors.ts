/**
 * What a failed fetch tells of its cause, as undici (Node) builds it: an error code
 * (`ECONNREFUSED`) or a few words (`bad port`), and whether the request can have left the machine
 * at all, which decides whether a call that must not be sent twice may be sent again.
 *
 * @module
 */
import { printable } from './safe-text.js';

/**
 * Error codes of failures that happen before a request leaves the machine (the connection was
 * never made), so even a non-idempotent call may be sent again safely.
 */
const nothingSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Messages of fetch refusing a request before any connection: a port fetch blocks. */
const nothingSentMessages = new Set(['bad port']);

/** A cause in the chain behind a fetch failure, as undici builds it. */
interface Cause {
  code?: unknown;
  message?: unknown;
  errors?: Array<{ code?: unknown } | undefined>;
  cause?: unknown;
}

/** The first answer `visit` gives for the causes behind a fetch failure, outermost first (three deep at most). */
export function inCauses<R>(error: unknown, visit: (cause: Cause) => R | undefined): R | undefined {
  let cause = (error as { cause?: unknown } | undefined)?.cause as Cause | undefined;
  for (let depth = 0; cause && depth < 3; depth++) {
    const answer = visit(cause);
    if (answer !== undefined) return answer;
    cause = cause.cause as Cause | undefined;
  }
  return undefined;
}

/** True when a fetch failure shows that no byte of the request reached the service. */
export function nothingWasSent(error: unknown): boolean {
  return (
    inCauses(error, (cause) =>
      (typeof cause.code === 'string' && nothingSentCodes.has(cause.code)) || nothingSentMessages.has(String(cause.message))
        ? true
        : Array.isArray(cause.errors) && cause.errors.length > 0
          ? cause.errors.every((e) => nothingSentCodes.has(String(e?.code)))
          : undefined,
    ) ?? false
  );
}

/** The error code behind a fetch failure, e.g. `ECONNREFUSED`, else its cause's few words (`bad port`). */
export function failureCode(error: unknown): string | undefined {
  return inCauses(error, (cause) =>
    typeof cause.code === 'string' ? cause.code : typeof cause.errors?.[0]?.code === 'string' ? cause.errors[0].code : typeof cause.message === 'string' && cause.message ? printable(cause.message, 60) : undefined,
  );
}
