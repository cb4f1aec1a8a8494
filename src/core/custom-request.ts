/**
 * The escape hatch, `client.request()`: an endpoint promokit does not wrap, sent through the same
 * pipeline as the 24 operations. Its path is a template of the service's own (`/v1/…`), so a
 * call can never be pointed at another host, and a POST is sent once by default.
 *
 * @module
 */
import type { AuthGroup } from './auth.js';
import type { Issue } from './errors.js';
import { isRecord } from './is-record.js';
import type { ResponseSchema } from './response-check.js';
import { buildQuery, fillPath } from './url.js';

/**
 * A request to an endpoint promokit does not wrap, for `client.request()`.
 * @category Client
 */
export interface CustomRequest<T = unknown> {
  /** The HTTP method. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * The path: a template relative to `baseUrl`, starting `/v1/` (or `/client/v1/`), with `{name}`
   * placeholders filled from `pathParams`, each value encoded as one segment. An absolute URL,
   * `.` or `..` segments, `?`, `#`, spaces and control characters are refused: put the query in
   * `query`.
   */
  path: string;
  /** Values of the path's placeholders. */
  pathParams?: Record<string, string> | undefined;
  /** Query parameters; nested objects use the service's bracket notation, like `filters`. */
  query?: Record<string, unknown> | undefined;
  /** The JSON body. */
  body?: unknown;
  /** A form-encoded body instead of JSON (as token introspection takes). */
  form?: Record<string, string> | undefined;
  /**
   * Which credentials to send: `server` (default: app keys and access token), `app` (app keys
   * only) or `client` (client-side keys).
   */
  auth?: AuthGroup | undefined;
  /**
   * Whether it is safe to send twice, which decides the retry policy. Default `true` for GET, PUT
   * and DELETE, **`false`** for POST and PATCH: a POST is never re-sent after a 5xx or a timeout
   * unless you say it may be.
   */
  idempotent?: boolean | undefined;
  /**
   * A schema of the response (a zod schema, or anything with `safeParse`), checked in the
   * client's validation mode. Without one, the body is returned unchecked, typed `T`.
   */
  schema?: ResponseSchema<T> | undefined;
}

/**
 * A list endpoint promokit does not wrap, for `client.requestList()`: a GET whose pages are
 * reached the way `paging` names.
 * @category Client
 */
export interface CustomListRequest extends Omit<CustomRequest<unknown>, 'method' | 'body' | 'form' | 'idempotent'> {
  /** How the next page is asked for: `cursor` (`starting_after_id`), `page` (page numbers) or `end_date`. */
  paging: 'cursor' | 'page' | 'end_date';
  /** The attribute holding the records when a page's envelope names none in `data_ref`; default `data`. */
  records?: string | undefined;
}

/** The characters a path template may hold outside its placeholders: RFC 3986 path characters but `%`. */
const pathCharacters = /^[\w\-.~!$&'()*+,;=:@/{}]*$/;

/** The path of a custom request, filled and checked; problems are pushed to `issues` under `path`. */
export function customPath(template: unknown, pathParams: unknown, issues: Issue[]): string {
  if (typeof template !== 'string' || !/^\/(client\/)?v1\//.test(template)) {
    issues.push({ path: ['path'], message: 'must be a path of the service starting /v1/ (or /client/v1/): never an absolute URL' });
    return '';
  }
  if (!pathCharacters.test(template) || template.split('/').some((segment, i) => i > 0 && (segment === '' || segment === '.' || segment === '..'))) {
    issues.push({ path: ['path'], message: 'must hold only path segments and {name} placeholders: no empty, . or .. segment, no ?, #, %, space or control character (put the query in query)' });
    return '';
  }
  if (pathParams !== undefined && !isRecord(pathParams)) issues.push({ path: ['pathParams'], message: 'must be an object of strings' });
  const path = fillPath(template, isRecord(pathParams) ? pathParams : {}, {}, issues);
  if (/[{}]/.test(path)) issues.push({ path: ['path'], message: 'must hold placeholders only as whole segments, /{name}' });
  return path;
}

/** The query string of a custom request: `?…`, or `''`. */
export function customQuery(query: unknown, issues: Issue[]): string {
  if (query === undefined) return '';
  if (!isRecord(query)) {
    issues.push({ path: ['query'], message: 'must be an object' });
    return '';
  }
  return buildQuery(query, issues);
}
