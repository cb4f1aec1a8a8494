/**
 * What a header may be: a name that is an RFC 9110 token, a value without CR, LF or NUL. Checked
 * wherever a header comes from outside the pipeline (options, credentials, hooks), so that no
 * value can split a request and no call fails half-way on a header fetch refuses.
 *
 * @module
 */

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
