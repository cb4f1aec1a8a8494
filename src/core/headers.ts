/**
 * What a header may be: a name that is an RFC 9110 token and not one fetch refuses to send, a
 * value of Latin-1 text without control characters. Checked wherever a header comes from outside
 * the pipeline (options, credentials, hooks), before anything is sent, so that no value can split
 * a request and no call fails half-way, as a network failure, on a header fetch refuses. The
 * browser build leaves the checks to fetch (headers.browser.ts): their messages would cost every
 * storefront its bytes.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';
import { optionCheck, shallowCopy, type OptionRule } from './option-check.js';

/** The headers that carry credentials: set by the client's options, never by a call's `headers`. */
const credentialHeader = /^(authorization|x-app-id|x-app-token|x-client-application-id|x-client-token)$/i;

/**
 * Headers fetch will not send (Node's fetch throws on them, browsers drop them): they describe
 * the connection or the body framing, which fetch owns.
 */
const refusedHeader = /^(connection|keep-alive|transfer-encoding|upgrade|expect|content-length|host|te|trailer|proxy-connection|http2-settings)$/i;

/** A header name: an RFC 9110 token. */
const headerName = /^[!#$%&'*+.^_`|~\w-]+$/;

/** What a header value may hold: tab, and Latin-1 text without control characters. */
const headerValue = /^[\t\x20-\x7e\x80-\xff]*$/;

/** True for a header name: an RFC 9110 token. */
export function isHeaderName(name: string): boolean {
  return headerName.test(name);
}

/** True for a header value that can be sent as given: Latin-1 text without control characters. */
export function isHeaderValue(value: unknown): value is string {
  return typeof value === 'string' && headerValue.test(value);
}

/** What is wrong with a header a caller sets, or `undefined` when it can be sent. */
function headerProblem(name: string, value: unknown): string | undefined {
  if (!isHeaderName(name)) return `${JSON.stringify(name).slice(0, 80)} is not a header name`;
  if (refusedHeader.test(name)) return `${name} is a header fetch will not send (it belongs to the connection)`;
  if (!isHeaderValue(value)) return `the value of ${name} is not a string of Latin-1 text without control characters`;
  return undefined;
}

/** Rule of a `headers` option: an object, copied; its fields are checked by {@link checkHeaders}. */
export const headersRule: OptionRule = [(v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'an object of header names and string values', shallowCopy];

/** Checks the fields of a (copied) `headers` option: names fetch sends, Latin-1 values, no credential header. */
export function checkHeaders(headers: Record<string, unknown> | undefined, owner: string, credentials: string): void {
  const check = optionCheck(owner);
  for (const name in headers) {
    const problem = headerProblem(name, headers[name]);
    check(!problem, 'headers', `an object of header names and string values that fetch sends: ${problem}`);
    check(!credentialHeader.test(name), 'headers', `free of credential headers (${name}): ${credentials}`);
  }
}

/** Checks that every credential given can be sent in a header: Latin-1 text without control characters. */
export function checkCredentialValues(settings: object, owner: string): void {
  const check = optionCheck(owner);
  for (const [name, value] of Object.entries(settings)) {
    if (value !== undefined && typeof value !== 'function') check(isHeaderValue(value), name, 'a string of Latin-1 text without control characters');
  }
}

/**
 * Refuses a header a `request` hook sets that fetch could not send: refused in the hook, it is
 * logged as the hook's error and the call goes on without it.
 */
export function checkHookHeader(name: string, value: unknown): void {
  const problem = headerProblem(name, value);
  if (problem) throw new ConfigurationError('hooks', `setHeader: ${problem}`);
}
