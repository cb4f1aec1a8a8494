/**
 * Building request URLs: path segments encoded exactly once, query strings with the service's
 * bracket notation for nested `filters`.
 *
 * @module
 */
import type { Issue } from './errors.js';

/**
 * Fills a path template like `/v1/vouchers/{code}/validate` with encoded values: each from
 * `path` (the method's positional path parameters), else from the params field of that name,
 * which is then taken out of `fields` so it goes nowhere else. `{name?}` is an optional segment:
 * with no value it is left out, slash and all. Each value is a single path segment: `/`, `%`,
 * `#`, `?`, spaces and non-ASCII letters are percent-encoded once. Problems (empty, `.`/`..`,
 * not a string) are pushed to `issues` under the parameter's name.
 */
export function fillPath(template: string, path: Record<string, unknown>, fields: Record<string, unknown>, issues: Issue[]): string {
  return template.replace(/\/\{(\w+)(\??)\}/g, (_, name: string, optional: string) => {
    let value = path[name];
    if (value === undefined && name in fields) {
      value = fields[name];
      delete fields[name];
    }
    if (optional && value === undefined) return '';
    // "." and ".." (even as %2E) are dot segments a URL parser would resolve away.
    const problem = typeof value !== 'string' || value.trim() === '' ? 'must be a non-empty string, not only spaces' : value === '.' || value === '..' ? 'must not be "." or ".."' : undefined;
    const encoded = problem ? undefined : encode(value as string);
    if (problem || encoded === undefined) issues.push({ path: [name], message: problem ?? malformed });
    return `/${encoded ?? '_'}`;
  });
}

const malformed = 'must be well-formed Unicode text (it contains a lone surrogate)';

/** `encodeURIComponent`, or `undefined` for text it cannot encode (a lone UTF-16 surrogate). */
function encode(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A query value the serializer accepts; nested objects become `a[b][c]=v`. */
export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };

/**
 * Serializes query parameters. `undefined` and `null` are left out; nested objects and arrays use
 * bracket notation (`filters[id][conditions][$in][0]=vtx_1`), the form the service reads. Text
 * that cannot be encoded (a lone surrogate) is pushed to `issues` under its field path.
 */
export function buildQuery(params: Record<string, unknown>, issues: Issue[]): string {
  const parts: string[] = [];
  for (const key of Object.keys(params)) appendQuery(parts, [key], params[key], issues);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function appendQuery(parts: string[], path: Array<string | number>, value: unknown, issues: Issue[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => appendQuery(parts, [...path, index], item, issues));
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const inner of Object.keys(value)) appendQuery(parts, [...path, inner], (value as Record<string, unknown>)[inner], issues);
  } else {
    const key = encode(path.map((p, i) => (i === 0 ? p : `[${p}]`)).join(''));
    const text = encode(value instanceof Date ? value.toISOString() : String(value));
    if (key === undefined || text === undefined) issues.push({ path, message: malformed });
    // Brackets and `$` (filter operators) stay readable in keys; everything else is encoded.
    else parts.push(`${key.replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%24/g, '$')}=${text}`);
  }
}

/** Joins the base URL and a path that starts with `/`, whatever trailing slashes the base has. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.endsWith('/') ? baseUrl.replace(/\/+$/, '') + path : baseUrl + path;
}
