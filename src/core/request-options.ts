/**
 * The checks of options given where they are given: a client's headers and credentials when it
 * is built, each call's `RequestOptions` before anything is sent. A bad value is a
 * `ConfigurationError` naming the option and its rule, never a failure half-way down the
 * pipeline.
 *
 * @module
 */
import type { OptionCheck } from './option-check.js';
import { checkHeaders } from './headers.js';
import { isRecord } from './is-record.js';
import type { RequestOptions } from './operation.js';

/** The most retries a call may make: past it, a failing service would be hammered for nothing. */
export const MAX_RETRIES = 10;

/** The longest timeout a timer can hold, in milliseconds (2^31 - 1, about 24.8 days). */
export const MAX_TIMEOUT = 2_147_483_647;

/**
 * The `fetchOptions` a call may not set: the pipeline's own fields, and ky's options (ky would act
 * on them: a `prefixUrl` would send the credentials to another host, `throwHttpErrors: false`
 * would return a 5xx's body as a result). Its `retry`, `timeout` and `fetch` are always set over them.
 */
const owned = ['method', 'body', 'headers', 'signal', 'redirect', 'prefixUrl', 'searchParams', 'json', 'parseJson', 'stringifyJson', 'hooks', 'throwHttpErrors', 'onDownloadProgress', 'onUploadProgress', 'context'];

/** Checks a `fetchOptions` option: an object that sets none of the fields promokit sets itself. */
export function checkFetchOptions(fetchOptions: unknown, check: OptionCheck): void {
  check(fetchOptions === undefined || isRecord(fetchOptions), 'fetchOptions', 'an object of fetch options');
  for (const name of owned) check(!isRecord(fetchOptions) || !(name in fetchOptions), 'fetchOptions', `free of ${name}, which promokit sets itself`);
}

/**
 * Checks the `RequestOptions` of one call before anything is sent. `credentials` says where a
 * credential header belongs instead (`withOptions()` on the server `Client`).
 */
export function checkRequestOptions(options: RequestOptions, check: OptionCheck, credentials: string): void {
  check(isRecord(options), 'options', 'an object of request options');
  const { signal, timeout, maxRetries, keepalive } = options;
  check(signal === undefined || typeof (signal as Partial<AbortSignal> | null)?.addEventListener === 'function', 'signal', 'an AbortSignal');
  check(timeout === undefined || (Number.isFinite(timeout) && timeout > 0 && timeout <= MAX_TIMEOUT), 'timeout', `a positive number of milliseconds, at most ${MAX_TIMEOUT}`);
  check(maxRetries === undefined || (Number.isInteger(maxRetries) && maxRetries >= 0 && maxRetries <= MAX_RETRIES), 'maxRetries', `a whole number from 0 to ${MAX_RETRIES}`);
  check(keepalive === undefined || typeof keepalive === 'boolean', 'keepalive', 'true or false');
  checkHeaders(options.headers, check, credentials);
  checkFetchOptions(options.fetchOptions, check);
}
