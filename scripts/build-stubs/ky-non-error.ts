/**
 * Stands in, in every build of promokit (scripts/browser-build.mjs, `leanKy`), for ky's
 * `NonError`, the wrapper ky puts around a thrown value that is not an `Error` before asking the
 * retry policy's `shouldRetry`. promokit's `shouldRetry` (src/core/retry.ts) retries only ky's
 * HTTP and timeout errors and fetch's network `TypeError`, so for any other value, wrapped or
 * not, it answers no; ky then rethrows the value itself, never the wrapper. The real class, with
 * its reading of the value's message, costs every bundle about 150 bytes gzipped.
 *
 * @module
 */

/** ky's wrapper of a thrown non-`Error`, for promokit a plain `Error` subclass. */
export class NonError extends Error {}
