/**
 * What a header may be: a name that is an RFC 9110 token, a value without CR, LF or NUL. Checked
 * wherever a header comes from outside the pipeline (options, credentials, hooks), so that no
 * value can split a request and no call fails half-way on a header fetch refuses. The browser
 * build leaves the checks to fetch (headers.browser.ts): their messages would cost every
 * storefront its bytes.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';
import type { OptionCheck } from './option-check.js';
import { isRecord } from './is-record.js';

/** The headers that carry credentials: set by the client's options, never by a call's `headers`. */
const credentialHeader = /^(authorization|x-app-id|x-app-token|x-client-application-id|x-client-token)$/i;

/** A header name: an RFC 9110 token. */
const headerName = /^[!#$%&'*+.^_`|~\w-]+$/;

/** CR, LF and NUL: what would split a header or a request line. */
const breaksHeader = /[\r\n\0]/;

/** True for a header name: an RFC 9110 token. */
export function isHeaderName(name: string): boolean {
  return headerName.test(name);
}

/** True for a header value that can be sent as given: a string without CR, LF or NUL. */
export function isHeaderValue(value: unknown): value is string {
  return typeof value === 'string' && !breaksHeader.test(value);
}

/** Checks a `headers` option: names that are tokens, values without CR, LF or NUL, no credential header. */
export function checkHeaders(headers: unknown, check: OptionCheck, credentials: string): void {
  check(headers === undefined || isRecord(headers), 'headers', 'an object of header names and string values');
  for (const name in headers as Record<string, unknown>) {
    check(isHeaderName(name), 'headers', `an object of header names and string values; ${JSON.stringify(name)} is not a header name`);
    check(isHeaderValue((headers as Record<string, unknown>)[name]), 'headers', `string values without CR, LF or NUL; the value of ${name} is not`);
    check(!credentialHeader.test(name), 'headers', `free of credential headers (${name}): ${credentials}`);
  }
}

/** Checks that every credential given can be sent in a header: a string without CR, LF or NUL. */
export function checkCredentialValues(settings: object, check: OptionCheck): void {
  for (const [name, value] of Object.entries(settings)) {
    if (value !== undefined && typeof value !== 'function') check(isHeaderValue(value), name, 'a string without CR, LF or NUL');
  }
}

/**
 * Refuses a header a `request` hook sets that fetch could not send: refused in the hook, it is
 * logged as the hook's error and the call goes on without it.
 */
export function checkHookHeader(name: string, value: unknown): void {
  if (!isHeaderName(name) || !isHeaderValue(value)) {
    throw new ConfigurationError('hooks', `setHeader: ${JSON.stringify(name).slice(0, 80)} is not a header name, or its value is not a string without CR, LF or NUL`);
  }
}
