/**
 * Stands in, in the browser build (scripts/browser-build.mjs, `browserBuild`), for ky's option
 * merging (`utils/merge.js` of ky). `Ky.create` merges two things with it: the request's headers
 * with the option's, and ky's hook lists with the option's. promokit passes its headers as a plain
 * object and gives ky no hook, so the headers are copied and the hook lists are empty; the deep
 * merge of instance defaults, search params and signals that ky's default instance needs is left
 * out (about 1.7 KB minified).
 *
 * @module
 */

/** The headers of `base` with those of `added` set over them. */
export function mergeHeaders(base?: HeadersInit, added?: HeadersInit): Headers {
  const headers = new Headers(base);
  new Headers(added).forEach((value, name) => headers.set(name, value));
  return headers;
}

/** ky's hook lists: empty, as promokit gives ky no hook. */
export function mergeHooks(): Record<'beforeRequest' | 'beforeRetry' | 'afterResponse' | 'beforeError', never[]> {
  return { beforeRequest: [], beforeRetry: [], afterResponse: [], beforeError: [] };
}
