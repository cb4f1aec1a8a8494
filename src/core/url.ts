/**
 * Building request URLs: path segments encoded exactly once, query strings with the service's
 * bracket notation for nested `filters`.
 *
 * @module
 */
import type { Issue } from './errors.js';

/**
 * Fills a path template like `/v1/vouchers/{code}/validate` with encoded values. Each value is a
 * single path segment: `/`, `%`, `#`, `?`, spaces and non-ASCII letters are percent-encoded once.
 * Problems (empty, `.`/`..`, not a string) are pushed to `issues` under the parameter's name.
 */
export function fillPath(template: string, values: Record<string, unknown>, issues: Issue[]): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') {
      issues.push({ path: [name], message: 'must be a non-empty string' });
      return '_';
    }
    // "." and ".." (even as %2E) are dot segments a URL parser would resolve away.
    if (value === '.' || value === '..') {
      issues.push({ path: [name], message: 'must not be "." or ".."' });
      return '_';
    }
    return encodeURIComponent(value);
  });
}

/** A query value the serializer accepts; nested objects become `a[b][c]=v`. */
export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };

/**
 * Serializes query parameters. `undefined` and `null` are left out; nested objects and arrays use
 * bracket notation (`filters[id][conditions][$in][0]=vtx_1`), the form the service reads.
 */
export function buildQuery(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of Object.keys(params)) appendQuery(parts, key, params[key]);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function appendQuery(parts: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => appendQuery(parts, `${key}[${index}]`, item));
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const inner of Object.keys(value)) appendQuery(parts, `${key}[${inner}]`, (value as Record<string, unknown>)[inner]);
  } else {
    const text = value instanceof Date ? value.toISOString() : String(value);
    parts.push(`${encodeQueryKey(key)}=${encodeURIComponent(text)}`);
  }
}

/** Brackets and `$` (filter operators) stay readable in keys; everything else is encoded. */
function encodeQueryKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$');
}

/** Joins the base URL and a path that starts with `/`, whatever trailing slashes the base has. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.endsWith('/') ? baseUrl.replace(/\/+$/, '') + path : baseUrl + path;
}
