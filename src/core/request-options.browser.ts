/**
 * The browser build's checks of options (see request-options.ts and scripts/browser-build.mjs):
 * the ones that keep a storefront's calls bounded, a `timeout` and a `maxRetries` in range, and
 * not the full check of fetch options, whose messages would cost every visitor their bytes.
 *
 * @module
 */
import type { RequestOptions } from './operation.js';
import type { OptionCheck } from './option-check.js';

/** The most retries a call may make. */
export const MAX_RETRIES = 10;

/** The longest timeout a timer can hold, in milliseconds. */
export const MAX_TIMEOUT = 2_147_483_647;

/** Fetch options are passed under the pipeline's own in a browser: it sets those last. */
export function checkFetchOptions(_fetchOptions: unknown, _check: OptionCheck): void {}

/** Checks a call's `timeout` and `maxRetries`, the options that keep it bounded. */
export function checkRequestOptions(options: RequestOptions, check: OptionCheck): void {
  const { timeout, maxRetries } = options;
  check(timeout === undefined || (timeout > 0 && timeout <= MAX_TIMEOUT), 'timeout', `1 to ${MAX_TIMEOUT} ms`);
  check(maxRetries === undefined || (Number.isInteger(maxRetries) && maxRetries >= 0 && maxRetries <= MAX_RETRIES), 'maxRetries', `0 to ${MAX_RETRIES}`);
}
