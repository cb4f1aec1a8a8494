/**
 * The browser build's resend after a 401 (see fresh-token.ts and scripts/browser-build.mjs): a
 * storefront's events carry client-side keys, so a 401 stands.
 *
 * @module
 */

/** Throws `refused`: no fresh token is asked for. */
export async function resend(refused: unknown, _run: unknown, _call: unknown): Promise<Response> {
  throw refused;
}
