/**
 * The browser build's header rules (see headers.ts and scripts/browser-build.mjs): a header value
 * is checked (Latin-1 text without control characters), but names are left to fetch, which
 * refuses a name it cannot send before anything leaves the page and drops the ones a page may not
 * set, so the lists and their messages stay out of every storefront bundle.
 *
 * @module
 */
import { shallowCopy, type OptionRule } from './option-check.js';
import { isRecord } from './is-record.js';

/** True for a header value that can be sent as given: Latin-1 text without control characters. */
export function isHeaderValue(value: unknown): value is string {
  return typeof value === 'string' && /^[\t\x20-\x7e\x80-\xff]*$/.test(value);
}

/** Rule of a `headers` option: an object, copied. */
export const headersRule: OptionRule = [isRecord, 'an object of headers', shallowCopy];

/** Names left to fetch in a browser. */
export function checkHeaders(_headers: Record<string, unknown> | undefined, _owner: string, _credentials: string): void {}

/** Left to fetch in a browser: a browser's client-side keys are checked where they are used. */
export function checkCredentialValues(_settings: object, _owner: string): void {}

/** Left to fetch in a browser. */
export function checkHookHeader(_name: string, _value: unknown): void {}
