/**
 * Stands in, in every build (scripts/browser-build.mjs, `leanKy`), for ky's option merging
 * (`utils/merge.js` of ky). `Ky.create` merges two things with it: the request's headers with the
 * option's, and ky's hook lists with the option's. promokit passes its headers as a plain object
 * and gives ky one hook at most, `beforeRetry` (a shared limiter asked again before a retry), so
 * the headers are copied and the hook lists are the option's; the deep merge of instance
 * defaults, search params and signals that ky's default instance needs is left out (about 1.7 KB
 * minified).
 *
 * @module
 */

/** The headers of `base` with those of `added` set over them. */
export function mergeHeaders(base?: HeadersInit, added?: HeadersInit): Headers {
  const headers = new Headers(base);
  new Headers(added).forEach((value, name) => headers.set(name, value));
  return headers;
}

/** ky's hook lists: `beforeRetry` as promokit gives it, the others empty. */
export function mergeHooks(
  _defaults: unknown,
  hooks?: { beforeRetry?: unknown[] },
): Record<'beforeRequest' | 'beforeRetry' | 'afterResponse' | 'beforeError', unknown[]> {
  return { beforeRequest: [], beforeRetry: hooks?.beforeRetry ?? [], afterResponse: [], beforeError: [] };
}
