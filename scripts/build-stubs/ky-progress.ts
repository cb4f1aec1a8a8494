/**
 * Stands in, in every build of promokit (scripts/browser-build.mjs, `leanKy`), for
 * ky's upload and download progress streaming (`utils/body.js` of ky). ky calls these only when a request has an
 * `onUploadProgress` or `onDownloadProgress` option, which promokit never gives (its one ky
 * call builds its options in `send`, see `send.ts`), so the code is never run; a bundler cannot
 * tell, and it costs every bundle that includes promokit about 400 bytes gzipped. Should a later ky call
 * them, they pass the request and the response through unchanged.
 *
 * @module
 */

/** ky's upload progress wrapper, never used by promokit: the request unchanged. */
export const streamRequest = (request: Request): Request => request;

/** ky's download progress wrapper, never used by promokit: the response unchanged. */
export const streamResponse = (response: Response): Response => response;
