/**
 * Stands in, in the browser build (scripts/browser-build.mjs, `browserBuild`), for ky's scan of
 * options (`utils/options.js` of ky). In Node it passes a runtime's own fetch options (undici's
 * `dispatcher`) beside the request; a browser's fetch takes none, the standard ones travel in the
 * request itself, and promokit passes no `searchParams`. The scan and its tables of every option
 * name are left out.
 *
 * @module
 */

/** No runtime-specific fetch option in a browser. */
export function findUnknownOptions(): Record<string, never> {
  return {};
}

/** promokit passes no `searchParams`: its URLs carry their query. */
export function hasSearchParameters(): boolean {
  return false;
}
