/**
 * The browser build's reading of a failed fetch (see network-errors.ts and
 * scripts/browser-build.mjs): a browser hides why a fetch failed (every failure is a bare
 * `TypeError`), so no failure shows that nothing was sent, and none has a code.
 *
 * @module
 */

/** Never known in a browser. */
export function nothingWasSent(_error: unknown): boolean {
  return false;
}

/** Never told in a browser. */
export function failureCode(_error: unknown): string | undefined {
  return undefined;
}
