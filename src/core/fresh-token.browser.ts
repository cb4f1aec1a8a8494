/**
 * The browser build's `withFreshToken` (see fresh-token.ts and scripts/browser-build.mjs): a
 * storefront's events carry client-side keys, so a 401 stands.
 *
 * @module
 */

/** `run()`. */
export function withFreshToken(run: () => Promise<Response>, _call: unknown): Promise<Response> {
  return run();
}
