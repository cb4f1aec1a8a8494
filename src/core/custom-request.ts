/**
 * The escape hatch, `client.request()`: an endpoint promokit does not wrap, sent through the same
 * pipeline as the typed operations. Its path is a template of the service's own (`/v1/…`), so a
 * call can never be pointed at another host, and a POST is sent once by default. Loaded on the
 * first `client.request()`: a program that never calls one does not carry it.
 *
 * @module
 */
import type { RequestOptions } from './call.js';
import { walks, type APIPromise, type PagePromise, type Paging, type WithResponse } from './pagination.js';
import type { AuthGroup } from './credentials.js';
import { ConfigurationError, describeValue, InvalidRequestError, isA, type Issue, type PromokitError } from './errors.js';
import { readyToRead, type ReadableSchema, type ResponseSchema } from './responses.js';
import { encode, paginate, type Transport } from './transport.js';
import { buildQuery, fillPath } from './inputs.js';
import { plainCopy } from './runtime.js';
import { withFastPath } from './schema-fast-path.js';

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

/** A field's rule: the problem with a value given (never `undefined`: it means the default), if any. */
type FieldRule = (value: unknown) => string | undefined;

/** An object whose every value is a string. */
const stringsOnly: FieldRule = (v) => (isObject(v) && Object.values(v).every((x) => typeof x === 'string') ? undefined : 'must be an object of strings');

/**
 * The rules of every field of a custom request, one each: a field without a rule does not
 * compile, a name without one is refused at run time.
 */
const fieldRules: { readonly [K in keyof Required<CustomRequest<unknown>> | 'paging' | 'records']: FieldRule } = {
  method: (v) => (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(v as string) ? undefined : 'must be GET, POST, PUT, PATCH or DELETE'),
  path: (v) =>
    typeof v !== 'string' || !/^\/(client\/)?v1\//.test(v)
      ? 'must be a path of the service starting /v1/ (or /client/v1/): never an absolute URL'
      : !pathCharacters.test(v) || v.split('/').some((segment, i) => i > 0 && (segment === '' || segment === '.' || segment === '..'))
        ? 'must hold only path segments and {name} placeholders: no empty, . or .. segment, no ?, #, %, space or control character (put the query in query)'
        : /[{}]/.test(v.replace(/\/\{\w+\??\}/g, ''))
          ? 'must hold placeholders only as whole segments, /{name}'
          : undefined,
  pathParams: stringsOnly,
  query: (v) => (isObject(v) ? undefined : 'must be an object'),
  body: () => undefined,
  form: stringsOnly,
  auth: (v) => (['server', 'app', 'client'].includes(v as string) ? undefined : "must be 'server', 'app' or 'client'"),
  idempotent: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false (a string such as "false" is refused: it would read as true)'),
  schema: (v) =>
    typeof (v as { safeParse?: unknown } | null)?.safeParse === 'function' ? undefined : 'must be a schema with a safeParse method (a zod schema)',
  paging: (v) => (['cursor', 'page', 'end_date'].includes(v as string) ? undefined : "must be 'cursor', 'page' or 'end_date'"),
  records: (v) => (typeof v === 'string' && v !== '' ? undefined : 'must be a non-empty string'),
};

/**
 * A custom request as plain data, each field read once (`schema` kept as given), and every way it
 * breaks the rules: a field it may not have (`allowed`), a value its rule refuses, a body that
 * cannot be sent as JSON, two bodies.
 */
export function customRequestOf<R extends CustomRequest<unknown> | CustomListRequest>(
  spec: unknown,
  allowed: ReadonlyArray<keyof typeof fieldRules>,
): { request: R; issues: Issue[] } {
  const issues: Issue[] = [];
  const request: Record<string, unknown> = {};
  try {
    // Inside the try: a revoked Proxy throws even when asked whether it is an array.
    if (!isObject(spec)) return { request: request as R, issues: [{ path: [], message: 'must be an object: { method, path, … }' }] };
    for (const name of Object.keys(spec)) {
      if (!allowed.includes(name as keyof typeof fieldRules))
        issues.push({ path: [name], message: `is not a field of this request (its fields: ${allowed.join(', ')})` });
      else request[name] = name === 'schema' ? spec[name] : plainCopy(spec[name], issues, [name]);
    }
  } catch (error) {
    issues.push({ path: [], message: `could not be read: ${describeValue(error)}` });
  }
  for (const name of allowed) {
    const value = request[name];
    let problem: string | undefined;
    try {
      problem = value === undefined ? (name === 'method' || name === 'path' || name === 'paging' ? 'is required' : undefined) : fieldRules[name](value);
    } catch (error) {
      problem = `could not be read: ${describeValue(error)}`;
    }
    if (problem) issues.push({ path: [name], message: problem });
  }
  if (request.body !== undefined && request.form !== undefined) issues.push({ path: ['form'], message: 'must not be given with body: a request has one body' });
  // fetch refuses a GET with a body: refused here, nothing sent, rather than failed on the way.
  for (const name of ['body', 'form'] as const)
    if (request.method === 'GET' && request[name] !== undefined)
      issues.push({ path: [name], message: 'must not be given with method GET: fetch sends no body with a GET' });
  return { request: request as R, issues };
}

/** The fields of `client.request()`. */
const requestFields = ['method', 'path', 'pathParams', 'query', 'body', 'form', 'auth', 'idempotent', 'schema'] as const;

/** The fields of `client.requestList()`. */
export const listFields = ['path', 'pathParams', 'query', 'auth', 'schema', 'paging', 'records'] as const;

/**
 * Checks a custom request (a copy of it), then has `transport` fill its path and query, encode its
 * body and send it. Bad input is an `InvalidRequestError` named after the request
 * (`GET /v1/campaigns/{id}`), with nothing sent.
 */
export async function sendCustom<T>(transport: Transport, spec: CustomRequest<T>, options?: RequestOptions): Promise<WithResponse<T>> {
  const { request, issues } = customRequestOf<CustomRequest<T>>(spec, requestFields);
  const { method, path, form, body } = request;
  const name = `${String(method)} ${String(path)}`;
  if (issues.length > 0) throw new InvalidRequestError(name, issues);
  const fill: Issue[] = [];
  const target = fillPath(path, request.pathParams ?? {}, {}, fill) + buildQuery(request.query ?? {}, fill);
  if (fill.length > 0) throw new InvalidRequestError(name, fill);
  const schema = request.schema && withFastPath(guarded(request.schema, name));
  const sent = form !== undefined ? { form } : body !== undefined ? { json: body } : undefined;
  return transport.sendBuilt(
    {
      name,
      method,
      auth: request.auth ?? 'server',
      path: target,
      idempotent: request.idempotent ?? (method !== 'POST' && method !== 'PATCH'),
      schema: schema ?? { safeParse: (data) => ({ success: true, data: data as T }) },
      ...(sent && ('form' in sent ? encode('form', sent.form) : encode('json', sent.json))),
      // A 2xx without a body resolves with `undefined`.
      emptyBody: true,
      changesState: method !== 'GET',
      input: { path: {}, params: { pathParams: request.pathParams, query: request.query, body: sent } },
    },
    options,
  );
}

/**
 * `client.requestList()`'s walk: the request checked (bad input an `InvalidRequestError` named
 * `GET /v1/…`, nothing sent), then its first page, each page asked for with `send` (the client's
 * `request()`), the next one the way `paging` names; `secure` scrubs the client's secrets from a
 * walk's error.
 */
export function customListWalk<T>(
  spec: CustomListRequest,
  send: (request: CustomRequest<unknown>) => APIPromise<unknown>,
  secure: (error: PromokitError) => Promise<PromokitError>,
): () => PagePromise<T, Record<string, unknown>> {
  const { request: list, issues } = customRequestOf<CustomListRequest>(spec, listFields);
  const name = `GET ${String(list.path)}`;
  if (issues.length > 0) throw new InvalidRequestError(name, issues);
  const { paging, query = {}, records, ...rest } = list;
  return () =>
    paginate<T, Record<string, unknown>>(
      name,
      query,
      ({ cursor: walks.idCursor, page: walks.pageNumber, end_date: walks.endDateCursor } as const)[paging] as Paging<Record<string, unknown>>,
      (pageQuery) => send({ ...rest, method: 'GET', query: pageQuery }),
      records,
      secure,
    );
}

/** The most issues read from a schema's answer (the client records at most 100 kinds of deviation, and counts the rest). */
const ISSUES_READ = 1_000;

/**
 * A caller's response schema made safe to run: it is user code, so whatever its `safeParse` throws
 * or answers other than a result (`null`, a Proxy, an object whose getters throw) fails the call
 * with a `ConfigurationError` naming `schema`, with the call's outcome, and its issues are read
 * once, as plain data. Behind promokit's fast path when it is a zod schema.
 */
function guarded<T>(schema: ResponseSchema<T>, operation: string): ReadableSchema<T> {
  const failed = (what: string, cause?: unknown) =>
    new ConfigurationError('schema', `${operation}: the schema ${what}`, cause === undefined ? undefined : { cause });
  let fast = schema;
  try {
    fast = withFastPath(schema);
  } catch {
    // A schema whose inside cannot be read: its own safeParse alone.
  }
  // The schema's other methods, each read once; one that throws answers as if it had none.
  const quietly = <R>(key: 'pathShape' | 'decides' | 'inexact', fallback: R) => {
    let method: unknown;
    try {
      method = fast[key];
    } catch {
      // None, then.
    }
    return (...args: unknown[]): R => {
      try {
        return typeof method === 'function' ? (method.apply(fast, args) as R) : fallback;
      } catch {
        return fallback;
      }
    };
  };
  // What a zod schema says of its paths and numbers is loaded on first use: its loader, kept.
  const ready = fast === schema ? undefined : (fast as ReadableSchema<T>)[readyToRead];
  return {
    [readyToRead]: ready,
    safeParse(data) {
      let result: unknown;
      try {
        result = fast.safeParse(data);
      } catch (error) {
        throw failed(`threw: ${describeValue(error)}`, error);
      }
      try {
        const { success } = result as { success?: unknown };
        if (success === true) return { success: true, data: data as T };
        const issues = success === false ? (result as { error?: { issues?: unknown } }).error?.issues : undefined;
        if (!Array.isArray(issues))
          throw failed(`answered ${describeValue(result, 80)}, not a safeParse result ({ success, data } or { success: false, error: { issues } })`);
        return {
          success: false,
          error: {
            issues: issues.slice(0, ISSUES_READ).map((issue: unknown) => {
              const { path, message } = (typeof issue === 'object' && issue !== null ? issue : {}) as { path?: unknown; message?: unknown };
              return {
                path: Array.isArray(path) ? path.slice(0, 32).map((key) => (typeof key === 'number' ? key : String(key))) : [],
                message: typeof message === 'string' ? message : 'is invalid',
              };
            }),
          },
        };
      } catch (error) {
        throw isA(error, ConfigurationError) ? error : failed(`answered a result that cannot be read: ${describeValue(error)}`, error);
      }
    },
    pathShape: quietly('pathShape', undefined) as unknown as ResponseSchema<T>['pathShape'],
    decides: quietly('decides', false),
    inexact: quietly<Issue[]>('inexact', []),
  };
}
