/**
 * Stands in, in every build (scripts/browser-build.mjs, `leanKy`), for ky's scan of options
 * (`utils/options.js` of ky), which hands a runtime's own fetch options (undici's `dispatcher`) to
 * fetch beside the request. promokit gives ky none: a call's fetch options other than the
 * request's own fields go to fetch from its own attempt function (src/core/send.ts), never
 * through ky; and promokit passes no `searchParams`. The scan and its tables of every option name
 * are left out.
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
