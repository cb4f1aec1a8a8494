/**
 * One more try with a fresh access token: a 401 means the service did nothing, and when the
 * call's token came from a function, the token may just have expired. So the call is sent once
 * more, after `renew` has asked the function again, spends too; a second 401 stands.
 *
 * @module
 */
import type { AuthGroup, ClientCredentials } from './auth.js';
import { isKyHttpError } from './ky/errors.js';

/** `run()`, and once more after `renew()` when it was refused with a 401 that a fresh token may cure. */
export async function withFreshToken(run: () => Promise<Response>, credentials: ClientCredentials, auth: AuthGroup, renew: () => Promise<void>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(isKyHttpError(error) && error.response.status === 401 && credentials.refreshable(auth))) throw error;
    await renew();
    return run();
  }
}
