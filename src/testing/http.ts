/**
 * The mock's HTTP vocabulary: a parsed request, JSON responses, the service's error body and
 * CORS. Built only on the Fetch API's `Request`, `Response` and `Headers`, so it runs wherever
 * they exist.
 *
 * @module
 */
import type { Rec } from './store.js';

/** A request as handlers see it: method, path, parsed query and body, headers. */
export interface MockRequest {
  method: string;
  /** The path as sent, percent-encoded, e.g. `/v1/vouchers/SUMMER%2020`; the route decodes each parameter. */
  path: string;
  /** The query, with bracket notation (`filters[id][conditions][$in][0]=…`) turned into nested objects and arrays. */
  query: Rec;
  /** The query as sent, for a key sent repeated (`ids=a&ids=b`), which `query` holds once. */
  search: URLSearchParams;
  /** JSON or form body as an object; `undefined` when there is none. */
  body: unknown;
  /** Lower-case header names. */
  headers: Headers;
  /** The path parameters the route matched, decoded. */
  params: Record<string, string>;
  /** The ID of this request, sent back in `x-request-id` and in error bodies. */
  requestId: string;
}

/** Thrown by a handler to answer with the service's error body. */
export class MockHttpError extends Error {
  readonly status: number;
  readonly body: Rec;
  /** Headers of the answer, e.g. `retry-after` of a 429. */
  readonly headers: Record<string, string>;

  constructor(status: number, key: string, message: string, details: string, extra: Rec = {}, headers: Record<string, string> = {}) {
    super(`${status} ${key}: ${details}`);
    this.status = status;
    this.body = { code: status, key, message, details, ...extra };
    this.headers = headers;
  }
}

/** 400 with the given key. */
export function badRequest(key: string, details: string, message = 'Bad request'): MockHttpError {
  return new MockHttpError(400, key, message, details);
}

/** 404 `not_found` naming the missing record, as the service does (`resource_type`, `resource_id`). */
export function notFound(resourceType: string, resourceId: string): MockHttpError {
  return new MockHttpError(404, 'not_found', 'Resource not found', `Cannot find ${resourceType} with id ${resourceId}`, {
    resource_id: resourceId,
    resource_type: resourceType,
  });
}

/** 401 `unauthorized` with what was wrong in `details`. */
export function unauthorized(details: string): MockHttpError {
  return new MockHttpError(401, 'unauthorized', 'Unauthorized', details);
}

/** A JSON response; for the statuses that carry no body (204, 205, 304), none. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const empty = status === 204 || status === 205 || status === 304;
  return new Response(empty ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The service's answer to an error: its JSON body with the request's ID, and its headers. */
export function errorAnswer(error: MockHttpError, requestId: string): Response {
  const { code, key, message, details, ...rest } = error.body;
  return json(
    { code, key, message, details, request_id: requestId, ...rest },
    error.status,
    error.status === 401 ? { 'www-authenticate': 'Bearer', ...error.headers } : error.headers,
  );
}

/**
 * Keys the mock never takes from a request (query, JSON or form body): written to an object,
 * they would reach its prototype. The service has no field of these names.
 */
const unsafeKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** True for a key dropped from request data: `__proto__`, `constructor`, `prototype`. */
export function isUnsafeKey(key: string): boolean {
  return unsafeKeys.has(key);
}

/** The largest request body the mock reads: 10 MiB. A longer one is answered 413. */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

function tooLarge(): MockHttpError {
  return new MockHttpError(413, 'payload_too_large', 'Payload too large', `The request body is over ${MAX_REQUEST_BYTES} bytes, the most the mock reads`);
}

/**
 * The request's body as text, read no further than {@link MAX_REQUEST_BYTES}: a body declared or
 * found longer is a 413, and the rest of it is never read.
 */
async function bodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_REQUEST_BYTES) throw tooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > MAX_REQUEST_BYTES) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a `Request` into a {@link MockRequest}; a body that is not valid JSON is a 400, one over
 * {@link MAX_REQUEST_BYTES} a 413.
 */
export async function parseRequest(request: Request, requestId: string): Promise<MockRequest> {
  const url = new URL(request.url);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await bodyText(request);
  let body: unknown;
  if (text !== '') {
    const type = request.headers.get('content-type') ?? '';
    if (type.includes('application/x-www-form-urlencoded')) {
      body = Object.fromEntries([...new URLSearchParams(text)].filter(([key]) => !isUnsafeKey(key)));
    } else {
      try {
        // A reviver that answers undefined drops the key, at every depth.
        body = JSON.parse(text, (key, value: unknown) => (isUnsafeKey(key) ? undefined : value));
      } catch {
        throw badRequest('invalid_payload', 'The request body is not valid JSON', 'Invalid payload');
      }
    }
  }
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: parseQuery(url.searchParams),
    search: url.searchParams,
    body,
    headers: request.headers,
    params: {},
    requestId,
  };
}

/** A query being parsed: null-prototype objects, so no key reaches `Object.prototype`. */
interface QueryNode {
  [key: string]: QueryNode | string;
}

/**
 * Turns `a[b][c]=v` query pairs into nested objects, as the service reads `filters`; an object
 * whose keys are `0`, `1`, … `n` (`[$in][0]`, `[$in][1]`) becomes an array. A pair naming
 * `__proto__`, `constructor` or `prototype` at any depth is dropped, and so is one that would
 * put a value where another pair put an object (or the other way round); for the same key
 * twice, the last value wins.
 */
export function parseQuery(params: URLSearchParams): Rec {
  const root: QueryNode = Object.create(null);
  for (const [rawKey, value] of params) {
    const segments = rawKey.split('[').map((s, i) => (i === 0 ? s : s.replace(/\]$/, '')));
    if (segments.some(isUnsafeKey)) continue;
    let target: QueryNode | undefined = root;
    for (const segment of segments.slice(0, -1)) {
      const next: QueryNode | string = Object.hasOwn(target, segment) ? target[segment]! : (target[segment] = Object.create(null) as QueryNode);
      target = typeof next === 'string' ? undefined : next;
      if (!target) break;
    }
    const last = segments[segments.length - 1]!;
    if (target && !(Object.hasOwn(target, last) && typeof target[last] === 'object')) target[last] = value;
  }
  return plain(root);
}

/** A parsed query as plain objects and arrays. */
function plain(node: QueryNode): Rec {
  const out: Rec = {};
  for (const key of Object.keys(node)) {
    const value = node[key]!;
    out[key] = typeof value === 'string' ? value : listOrObject(value);
  }
  return out;
}

function listOrObject(node: QueryNode): Rec | unknown[] {
  const object = plain(node);
  // Object.keys lists integer keys first, in ascending order.
  const keys = Object.keys(object);
  return keys.length > 0 && keys.every((key, i) => key === String(i)) ? keys.map((key) => object[key]) : object;
}

/** Header names a browser may send to the mock. */
const allowedHeaders = ['accept', 'authorization', 'content-type', 'x-app-id', 'x-app-token', 'x-client-application-id', 'x-client-token'].join(', ');

/** Which `Origin`s the mock's CORS answers allow: a browser page on any other is refused. */
export type OriginPolicy = (origin: string) => boolean;

const loopbackHosts: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for `localhost`, `127.0.0.1` or `[::1]` (how a URL's `hostname` writes IPv6). */
export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname.toLowerCase());
}

/** True for an origin on this machine: `http://` or `https://` with `localhost`, `127.0.0.1` or `[::1]`, any port. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname) && url.origin === origin;
}

/**
 * CORS headers for a response to `request`: a page whose origin `allowed` accepts may read the
 * answer (credential headers included); any other origin gets no `Access-Control-Allow-Origin`,
 * so its browser refuses the answer.
 */
export function corsHeaders(request: Request, allowed: OriginPolicy): Record<string, string> {
  const origin = request.headers.get('origin');
  if (origin === null || !allowed(origin)) return { vary: 'Origin' };
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'x-request-id', vary: 'Origin' };
}

/** The answer to a CORS preflight (`OPTIONS`) on any path; to an origin not allowed, a bare 204. */
export function preflight(request: Request, allowed: OriginPolicy): Response {
  const cors = corsHeaders(request, allowed);
  const open = 'access-control-allow-origin' in cors;
  return new Response(null, {
    status: 204,
    headers: open
      ? {
          ...cors,
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
          'access-control-allow-headers': request.headers.get('access-control-request-headers') ?? allowedHeaders,
          'access-control-max-age': '600',
        }
      : cors,
  });
}
