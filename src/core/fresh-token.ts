/**
 * One more try with a fresh access token: a 401 means the service did nothing, and when the
 * call's token came from a function, the token may just have expired. So the call is sent once
 * more, after `renew` has asked the function again, spends too; a second 401 stands, and the
 * credentials remember that a fresh token did not cure them, so their next 401 asks for no
 * refresh (a clone whose keys are wrong refreshes a shared token once, not once per call).
 *
 * @module
 */
import type { AuthGroup, ClientCredentials } from './auth.js';
import { isKyHttpError } from './ky/errors.js';

const is401 = (error: unknown) => isKyHttpError(error) && error.response.status === 401;

/**
 * `run()`, and once more after `renew()` when it was refused with a 401 that a fresh token may
 * cure; `sent()` is the credential headers of the latest attempt.
 */
export async function withFreshToken(run: () => Promise<Response>, credentials: ClientCredentials, auth: AuthGroup, sent: () => Record<string, string>, renew: () => Promise<void>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(is401(error) && credentials.refreshable(auth, sent()))) throw error;
  }
  await renew();
  try {
    return await run();
  } catch (error) {
    if (is401(error)) credentials.uncured(sent());
    throw error;
  }
}
