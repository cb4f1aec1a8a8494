/**
 * The browser build's header rules (see headers.ts and scripts/browser-build.mjs): fetch itself
 * refuses a header it cannot send, so the checks and their messages stay out of every
 * storefront bundle.
 *
 * @module
 */
import type { OptionCheck } from './option-check.js';

/** A string: fetch refuses one it cannot send. */
export function isHeaderValue(value: unknown): value is string {
  return typeof value === 'string';
}

/** Left to fetch in a browser. */
export function checkHeaders(_headers: unknown, _check: OptionCheck, _credentials: string): void {}

/** Left to fetch in a browser. */
export function checkCredentialValues(_settings: object, _check: OptionCheck): void {}

/** Left to fetch in a browser. */
export function checkHookHeader(_name: string, _value: unknown): void {}
