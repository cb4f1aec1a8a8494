/**
 * The options of one call (`RequestOptions`) and the `fetchOptions` of a client or a call: each
 * declared once with its rule, checked on a copy before anything is sent. A bad value is a
 * `ConfigurationError` naming the option and its rule, never a failure half-way down the
 * pipeline.
 *
 * @module
 */
import { checkHeaders, fetchRefusal, headersRule } from './runtime.js';
import { isRecord, checkedOptions, positiveMs, shallowCopy, trueOrFalse, wholeNumber, type OptionRule, type OptionRules } from './inputs.js';
import type { RequestOptions } from './call.js';
import { InvalidRequestError } from './errors.js';

export { MAX_TIMEOUT } from './inputs.js';

/** The most retries a call may make: past it, a failing service would be hammered for nothing. */
export const MAX_RETRIES = 10;

/**
 * The `fetchOptions` a call may not set: the request's own fields, which the pipeline sets
 * (`keepalive` has an option of its own, checked against the browsers' 64 KiB cap). No fetch
 * option reaches ky as one of ky's own (see {@link splitFetchOptions}): a `prefix`, a `baseUrl` or
 * a `throwHttpErrors` given there is only an unknown field of fetch's.
 */
const owned = ['method', 'body', 'headers', 'signal', 'redirect', 'keepalive', 'window', 'duplex'];

/**
 * Rule of a `fetchOptions` option: an object that sets none of the fields promokit sets itself,
 * and no value fetch would refuse (a call refused by fetch must be refused before it is sent, as
 * a `ConfigurationError` naming the field, never reported as a network failure).
 */
export const fetchOptionsRule: OptionRule = [
  (v) => {
    if (!isRecord(v)) return false;
    const name = owned.find((field) => Object.hasOwn(v, field));
    return name
      ? `free of ${name}, which promokit sets itself${name === 'keepalive' ? ' (use the keepalive option)' : ''}`
      : (fetchRefusal(v, requestFields) ?? true);
  },
  'an object of fetch options',
  shallowCopy,
];

/** The fields of a `Request` that fetch options may set: ky puts them on the request it builds. */
const requestFields = ['cache', 'credentials', 'integrity', 'mode', 'priority', 'referrer', 'referrerPolicy'];

/**
 * Fetch options split by where they go: the `Request`'s own fields (`cache`, `credentials`, …),
 * which ky sets on the request it builds, and every other (`dispatcher`, `next`, …), which go to
 * `fetch` with it. Nothing else reaches ky: no option of ky's can be set through them.
 */
export function splitFetchOptions(fetchOptions: Record<string, unknown>): { request: Record<string, unknown>; init: Record<string, unknown> } {
  const request: Record<string, unknown> = {};
  const init: Record<string, unknown> = {};
  for (const name of Object.keys(fetchOptions)) (requestFields.includes(name) ? request : init)[name] = fetchOptions[name];
  return { request, init };
}

/** Rule of a `signal` option: an `AbortSignal`. */
const signalRule: OptionRule = [
  (v) => typeof (v as Partial<AbortSignal>)?.addEventListener === 'function' && typeof (v as Partial<AbortSignal>).aborted === 'boolean',
  'an AbortSignal',
];

/** The rules of `RequestOptions`, one per option. */
export const requestOptionRules: OptionRules<RequestOptions> = {
  signal: signalRule,
  timeout: positiveMs,
  maxRetries: wholeNumber(0, MAX_RETRIES),
  headers: headersRule(),
  fetchOptions: fetchOptionsRule,
  keepalive: trueOrFalse,
};

/**
 * The `RequestOptions` of one call, copied (each field read once, `headers` and `fetchOptions`
 * too) and checked before anything is sent. `credentials` says where a credential header belongs
 * instead (`withOptions()` on the server `Client`).
 */
export function checkRequestOptions(options: unknown, owner: string, credentials: string): RequestOptions {
  const copy = checkedOptions(owner, requestOptionRules, options);
  checkHeaders(copy.headers, owner, credentials);
  return copy;
}

/** The largest body browsers send with `keepalive`: 64 KiB, for all such requests of a page together. */
export const KEEPALIVE_BODY_LIMIT = 65_536;

/** True when `options` send `body` with `keepalive` and it is past the browsers' cap ({@link KEEPALIVE_BODY_LIMIT}). */
export function exceedsKeepalive(options: RequestOptions, body: string | undefined): boolean {
  return !!options.keepalive && !!body && new Blob([body]).size > KEEPALIVE_BODY_LIMIT;
}

/** The refusal of a call of `operation` whose body is past the browsers' cap for `keepalive`: nothing sent. */
export function keepaliveRefusal(operation: string): InvalidRequestError {
  return new InvalidRequestError(operation, [
    { path: [], message: `must be at most ${KEEPALIVE_BODY_LIMIT} bytes to be sent with keepalive (the browsers' cap)` },
  ]);
}
