/**
 * The escape hatch, `client.request()`: an endpoint promokit does not wrap, sent through the same
 * pipeline as the 24 operations. Its path is a template of the service's own (`/v1/…`), so a
 * call can never be pointed at another host, and a POST is sent once by default. Loaded on the
 * first `client.request()`: a program that never calls one does not carry it.
 *
 * @module
 */
import type { WithResponse } from './api-promise.js';
import type { AuthGroup } from './auth.js';
import { InvalidRequestError, type Issue } from './errors.js';
import type { RequestOptions } from './operation.js';
import type { ResponseSchema } from './response-check.js';
import type { Transport } from './transport.js';

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

/** True for a plain object. (The shared guard would tie this module to the pipeline's chunk.) */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every way `spec` breaks the rules of a custom request: method, path template, params, one body. */
export function customIssues(spec: CustomRequest<unknown>): Issue[] {
  const { method, path, pathParams, query, body, form } = spec;
  const issues: Issue[] = [];
  if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) issues.push({ path: ['method'], message: 'must be GET, POST, PUT, PATCH or DELETE' });
  if (typeof path !== 'string' || !/^\/(client\/)?v1\//.test(path)) {
    issues.push({ path: ['path'], message: 'must be a path of the service starting /v1/ (or /client/v1/): never an absolute URL' });
  } else if (!pathCharacters.test(path) || path.split('/').some((segment, i) => i > 0 && (segment === '' || segment === '.' || segment === '..'))) {
    issues.push({ path: ['path'], message: 'must hold only path segments and {name} placeholders: no empty, . or .. segment, no ?, #, %, space or control character (put the query in query)' });
  } else if (/[{}]/.test(path.replace(/\/\{\w+\??\}/g, ''))) {
    issues.push({ path: ['path'], message: 'must hold placeholders only as whole segments, /{name}' });
  }
  if (pathParams !== undefined && !isObject(pathParams)) issues.push({ path: ['pathParams'], message: 'must be an object of strings' });
  if (query !== undefined && !isObject(query)) issues.push({ path: ['query'], message: 'must be an object' });
  if (body !== undefined && form !== undefined) issues.push({ path: ['form'], message: 'must not be given with body: a request has one body' });
  return issues;
}

/**
 * Checks a custom request, then has `transport` fill its path and query, encode its body and send
 * it. Bad input is an `InvalidRequestError` named after the request (`GET /v1/campaigns/{id}`),
 * with nothing sent.
 */
export async function sendCustom<T>(transport: Transport, spec: CustomRequest<T>, options: RequestOptions = {}): Promise<WithResponse<T>> {
  const name = `${spec?.method} ${spec?.path}`;
  const issues = customIssues(spec ?? ({} as CustomRequest<T>));
  if (issues.length > 0) throw new InvalidRequestError(name, issues);
  const { method, form, body } = spec;
  const op = { name, method, path: spec.path, auth: spec.auth ?? 'server', idempotent: spec.idempotent ?? (method !== 'POST' && method !== 'PATCH'), schema: spec.schema };
  return transport.custom(op, spec.pathParams, spec.query, form !== undefined ? { form } : body !== undefined ? { json: body } : undefined, options);
}
