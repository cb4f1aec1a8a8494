/**
 * Stands in, in every build of promokit (scripts/browser-build.mjs, `leanKy`), for ky's
 * `ForceRetryError`, the error ky throws when an `afterResponse` hook returns `ky.retry()`.
 * promokit gives ky no hooks, so ky never builds one; ky only tests errors against the class
 * (`instanceof`), which this empty class answers the same way (no error is one). The real class,
 * with its `NonError` wrapping of causes, costs every bundle about 80 bytes gzipped.
 *
 * @module
 */

/** ky's forced-retry error, never thrown for promokit: a plain `Error` subclass. */
export class ForceRetryError extends Error {}
