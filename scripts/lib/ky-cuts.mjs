// The parts of ky's request class (`ky/distribution/core/Ky.js`) that promokit never reaches, cut
// out of every build (the `leanKy` plugin of scripts/browser-build.mjs). promokit calls ky one way
// only (src/core/send.ts): complete options, a string URL, a string body, `retry.shouldRetry`
// answering every failure with true or false, `beforeRetry` as its only hook, no response
// shortcut (`.json()`), no `prefixUrl`, `searchParams`, `json`, `parseJson` or progress option.
// What serves those options is dead code in promokit's bundles (about 0.8 KB of every storefront's
// 9.2 KB gate), so it is cut.
//
// Each cut is a pair of anchors that must each be found exactly once in ky's file, the cut from
// the first anchor to the end of the second. The build fails loudly, naming the cut, when ky's
// version is not the one the cuts were written for or an anchor is not found exactly once: a new
// ky is then read again before promokit ships it, never bundled with a cut in the wrong place.
// `test/package/lean-ky.test.ts` runs each cut's option through the built package to show ky
// still does what promokit asks of it.

/** The ky version the cuts were written against. */
export const KY_VERSION = '1.14.3';

/** [what it serves, first anchor, last anchor (kept out too)]. */
export const KY_CUTS = [
  ['afterResponse hooks', '            for (const hook of ky.#options.hooks.afterResponse) {', '                response = nextResponse;\n            }\n'],
  [
    'beforeError hooks',
    '                for (const hook of ky.#options.hooks.beforeError) {',
    '                    error = await hook(error, { retryCount: ky.#retryCount });\n                }\n',
  ],
  [
    'onDownloadProgress',
    '            // If `onDownloadProgress` is passed',
    '                return streamResponse(progressResponse, ky.#options.onDownloadProgress);\n            }\n',
  ],
  [
    'response shortcuts (.json(), .text(), …)',
    '        for (const [type, mimeType] of Object.entries(responseTypes)) {',
    '                return response[type]();\n            };\n        }\n',
  ],
  [
    'prefixUrl',
    "        if (this.#options.prefixUrl && typeof this.#input === 'string') {",
    '            this.#input = this.#options.prefixUrl + this.#input;\n        }\n',
  ],
  [
    'json',
    '        if (this.#options.json !== undefined) {',
    "            this.#options.headers.set('content-type', this.#options.headers.get('content-type') ?? 'application/json');\n        }\n",
  ],
  [
    'FormData and URLSearchParams bodies',
    '        // To provide correct form boundary',
    "            this.#options.headers.delete('content-type');\n        }\n",
  ],
  [
    'searchParams',
    '        if (hasSearchParameters(this.#options.searchParams)) {',
    '            this.request = new globalThis.Request(url, this.#options);\n        }\n',
  ],
  [
    'Retry-After read by ky (promokit tells it every delay)',
    "            const retryAfter = error.response.headers.get('Retry-After')",
    '                return after < max ? after : max;\n            }\n',
  ],
  [
    'its own timeout bound (promokit bounds timeout itself)',
    "            if (typeof ky.#options.timeout === 'number' && ky.#options.timeout > maxSafeTimeout) {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ky's own source text, matched as written
    '                throw new RangeError(`The \\`timeout\\` option cannot be greater than ${maxSafeTimeout}`);\n            }\n',
  ],
  ['parseJson (call)', '            ky.#decorateResponse(response);\n', '            ky.#decorateResponse(response);\n'],
  ['parseJson', '    #decorateResponse(response) {', '        return response;\n    }\n'],
  [
    'searchParams (normalising)',
    '    // eslint-disable-next-line unicorn/prevent-abbreviations\n    static #normalizeSearchParams(searchParams) {',
    '        return searchParams;\n    }\n',
  ],
  [
    'onUploadProgress',
    '        // If `onUploadProgress` is passed, it uses the stream API internally',
    '            this.request = this.#wrapRequestWithUploadProgress(this.request, this.#options.body ?? undefined);\n        }\n',
  ],
  [
    'beforeRequest hooks',
    '        for (const hook of this.#options.hooks.beforeRequest) {',
    '                this.#assignRequest(result);\n                break;\n            }\n        }\n',
  ],
  [
    'forced retries (the delay)',
    '        // Handle forced retry from afterResponse hook - skip method check and shouldRetry\n',
    '            return errorObject.customDelay ?? this.#calculateDelay();\n        }\n',
  ],
  [
    'its own retry rules (shouldRetry always answers)',
    '        // Default timeout behavior\n',
    '            if (error.response.status === 413) {\n                throw error;\n            }\n        }\n',
  ],
  [
    'forced retries (the request)',
    '            // Apply custom request from forced retry before beforeRetry hooks\n',
    '                this.#assignRequest(managedRequest);\n            }\n',
  ],
  [
    "beforeRetry results (promokit's hook returns nothing)",
    '                if (hookResult instanceof globalThis.Request) {',
    '                if (hookResult === stop) {\n                    return;\n                }\n',
  ],
  [
    'timeout: false',
    '        if (this.#options.timeout === false) {\n',
    '            return this.#options.fetch(this.#originalRequest, nonRequestOptions);\n        }\n',
  ],
  [
    'requests given by hooks',
    '    #assignRequest(request) {',
    '        return streamRequest(request, this.#options.onUploadProgress, originalBody ?? this.#options.body ?? undefined);\n    }\n',
  ],
  [
    "its list of retried methods (promokit's shouldRetry decides for every method)",
    '        // Check if method is retriable for non-forced retries\n',
    '        if (!this.#options.retry.methods.includes(this.request.method.toLowerCase())) {\n            throw error;\n        }\n',
  ],
  [
    'jitter: true (promokit gives a function)',
    '        if (this.#options.retry.jitter === true) {\n            jitteredDelay = Math.random() * retryDelay;\n        }\n        else ',
    'else ',
  ],
  [
    'an input that is not a string (promokit passes its URL as one)',
    "        if (typeof this.#input !== 'string' && !(this.#input instanceof URL || this.#input instanceof globalThis.Request)) {",
    "            throw new TypeError('`input` must be a string, URL, or Request');\n        }\n",
  ],
];

/** `source` (ky's Ky.js of version `version`) without the cuts; throws, naming the cut, on any mismatch. */
export function cutKy(source, version) {
  if (version !== KY_VERSION) {
    throw new Error(
      `scripts/lib/ky-cuts.mjs: the cuts were written for ky ${KY_VERSION}, and ky ${version} is installed: read its core/Ky.js again and update the cuts (or remove them)`,
    );
  }
  let text = source;
  for (const [what, first, last] of KY_CUTS) {
    const start = text.indexOf(first);
    const end = start < 0 ? -1 : text.indexOf(last, start);
    if (start < 0 || end < 0 || text.indexOf(first, start + 1) >= 0) {
      throw new Error(
        `scripts/lib/ky-cuts.mjs: the cut of ky's ${what} does not match ky ${version}'s core/Ky.js exactly once: read the file again and update the cut`,
      );
    }
    text = text.slice(0, start) + text.slice(end + last.length);
  }
  return text;
}
