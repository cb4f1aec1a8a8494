/**
 * One more try with a fresh access token: a 401 means the service did nothing, and when the
 * call's token came from a function, the token may just have expired. So the call is sent once
 * more, after `renew` has asked the function again, spends too; a second 401 stands, and the
 * credentials remember that a fresh token did not cure them, so their next 401 asks for no
 * refresh (a clone whose keys are wrong refreshes a shared token once, not once per call).
 *
 * @module
 */
import type { AuthGroup, ClientCredentials } from './credentials.js';
import type { TokenWait } from './waiting.js';
import { isKyHttpError } from './errors.js';

const is401 = (error: unknown): boolean => isKyHttpError(error) && error.response.status === 401;

/** What a call lends the resend: its credentials, the headers it sent, and how to send again. */
export interface Resend {
  credentials: ClientCredentials;
  auth: AuthGroup;
  /** The credential headers of each attempt so far, the latest last; the fresh ones are added. */
  sent: Array<Record<string, string>>;
  /** The call's bounds for the access token function. */
  wait: TokenWait;
  /** The call's headers (ky's, when its request carries them), which the fresh credentials go into. */
  headers: Record<string, string>;
  /** Asks a shared limiter again before the resend. */
  again?: (() => Promise<void>) | undefined;
  /** Reports the resend (the retry hook). */
  retrying?: (() => void) | undefined;
}

/**
 * After `run()` was refused with a 401: `run()` once more with fresh credentials when a fresh
 * token may cure it; else the 401 stands. Loaded by the first 401 a client meets.
 */
export async function resend(refused: unknown, run: () => Promise<Response>, call: Resend): Promise<Response> {
  const { credentials, auth, sent } = call;
  if (!credentials.refreshable?.(auth, sent[sent.length - 1]!)) throw refused;
  credentials.expire?.(sent[sent.length - 1]!);
  call.retrying?.();
  const fresh = await credentials.headersFor(auth, call.wait);
  sent.push(fresh);
  await call.again?.();
  Object.assign(call.headers, fresh);
  try {
    return await run();
  } catch (error) {
    if (is401(error)) credentials.uncured?.(fresh);
    throw error;
  }
}
