/**
 * Stands in, in every build (scripts/browser-build.mjs, `leanKy`), for ky's option
 * normalising (`utils/normalize.js` of ky): promokit gives ky a method already upper-case and a
 * retry policy that sets every field (src/core/retry.ts), so there is nothing to fill in.
 *
 * @module
 */

/** The method, upper-case. */
export function normalizeRequestMethod(method: string): string {
  return method.toUpperCase();
}

/** promokit's retry policy, complete as given. */
export function normalizeRetryOptions<R>(retry: R): R {
  return retry;
}
