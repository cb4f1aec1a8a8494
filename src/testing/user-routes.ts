/**
 * `mock.route()`: operations of the service that promokit does not wrap, answered by a handler of
 * the test's own (for code that calls them with `client.request()`). A route is checked when it
 * is added; its handler's answer is checked when it comes, and whatever the handler does (throw,
 * answer garbage, never settle) ends that one request, never the mock or its server.
 *
 * @module
 */
import type { MockAuthGroup } from './auth.js';
import { isUnsafeKey, MockHttpError } from './http.js';
import type { MockOperation } from './router.js';
import type { Rec } from './store.js';

/** What a route's handler is given: the request, read and parsed the way the mock reads its own. */
export interface MockRouteRequest {
  /** The HTTP method, upper-case (`'POST'`). */
  method: string;
  /** The path as sent, percent-encoded (`/v1/vouchers/SPRING%2015/redemption`). */
  path: string;
  /** The values of the route's `{name}` placeholders, each decoded (`{ code: 'SPRING 15' }`). */
  pathParams: Record<string, string>;
  /** The query, bracket notation (`filters[a][b]=1`) turned into nested objects, as the mock reads `filters`. */
  query: Record<string, unknown>;
  /** The request's headers (a copy). */
  headers: Headers;
  /** The JSON body parsed (a form body as an object of strings); `undefined` when there is none. */
  body: unknown;
}

/**
 * What a route's handler returns (or resolves with). Every field is optional: `{}` is a 200
 * without a body.
 */
export interface MockRouteResponse {
  /** The status, a whole number from 200 to 599. Default 200. */
  status?: number | undefined;
  /**
   * The body, any JSON value, sent as JSON (`content-type: application/json` unless `headers`
   * say otherwise). Default: no body. A 204, 205 or 304 takes none.
   */
  body?: unknown;
  /**
   * Headers of the answer (`{ 'retry-after': '2' }`). Headers that frame the connection
   * (`content-length`, `transfer-encoding`, `connection`, …) are the mock's to set, and refused.
   */
  headers?: Record<string, string> | undefined;
}

/** A route's handler: answers one request. */
export type MockRouteHandler = (request: MockRouteRequest) => MockRouteResponse | Promise<MockRouteResponse>;

/** Options of `mock.route()`. */
export interface MockRouteOptions {
  /**
   * The credentials the route requires, checked as for the built-in operations (a 401 with the
   * service's body when they are missing or wrong), the same groups as `client.request()`'s
   * `auth`: `'server'` (the default: `X-App-Id`, `X-App-Token` and an active bearer token),
   * `'app'` (the app keys only) or `'client'` (`X-Client-Application-Id` and `X-Client-Token`,
   * and an active bearer token when one is sent).
   */
  auth?: 'server' | 'app' | 'client' | undefined;
}

/** One route added with `mock.route()`. */
export interface UserRoute {
  method: string;
  /** The path template, e.g. `/v1/vouchers/{code}/redemption`. */
  path: string;
  /** The route as written, `'POST /v1/vouchers/{code}/redemption'`: what `mock.requests` logs. */
  spec: string;
  /** The method and path with placeholders unnamed: two routes of the same shape are one route. */
  shape: string;
  auth: MockAuthGroup;
  handler: MockRouteHandler;
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const authGroups = ['server', 'app', 'client'];
/** The characters a path template may hold: RFC 3986 path characters but `%` (as `client.request()`'s path). */
const pathCharacters = /^[\w\-.~!$&'()*+,;=:@/{}]*$/;
/** Headers that frame the connection: the transport sets them, a handler may not. */
const framingHeaders: ReadonlySet<string> = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
]);
/** The longest route string accepted, and the most routes one mock holds. */
const MAX_SPEC_LENGTH = 2_000;
const MAX_ROUTES = 1_000;
/** How much of a handler's error message an answer repeats. */
const MAX_DETAIL = 500;

/** A value for an error message: short, printable, never the whole of a huge input. */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
  return value === null || typeof value === 'number' || typeof value === 'boolean' || value === undefined
    ? String(value)
    : Array.isArray(value)
      ? 'an array'
      : typeof value;
}

/** Field names for an error message: the first five, each shown bounded and printable. */
function names(keys: string[]): string {
  return keys.slice(0, 5).map(show).join(', ') + (keys.length > 5 ? ', …' : '');
}

/** The path rules of a route (those of `client.request()`'s path); the first one broken, or `undefined`. */
function pathProblem(path: string): string | undefined {
  if (!/^\/(client\/)?v1\//.test(path)) return "the path must start /v1/ (or /client/v1/), as the service's paths do";
  if (!pathCharacters.test(path) || path.split('/').some((segment, i) => i > 0 && (segment === '' || segment === '.' || segment === '..'))) {
    return 'the path must hold only path segments and {name} placeholders: no empty, . or .. segment, no query, no %, space or control character';
  }
  const segments = path.split('/');
  const names = segments.filter((s) => s.includes('{') || s.includes('}')).map((s) => /^\{(\w+)\}$/.exec(s)?.[1]);
  if (names.some((name) => name === undefined)) return 'placeholders must be whole segments, /{name}, the name of letters, digits and _';
  if (names.some((name) => isUnsafeKey(name!))) return 'a placeholder may not be named __proto__, constructor or prototype';
  if (new Set(names).size !== names.length) return 'each placeholder name may appear once';
  return undefined;
}

/** `'POST /v1/a/{x}'` → `'POST /v1/a/{}'`: the paths a route matches, whatever its placeholders are named. */
export function shapeOf(method: string, path: string): string {
  return `${method} ${path.replace(/\{\w+\}/g, '{}')}`;
}

/** Splits and checks a route string; a `TypeError` from `caller` names the rule it breaks. */
export function parseRouteSpec(spec: unknown, caller: string): { method: string; path: string } {
  const fail = (rule: string) => new TypeError(`${caller}: ${rule}; got ${show(spec)}`);
  if (typeof spec !== 'string') throw fail("a route is a string 'METHOD /path', e.g. 'POST /v1/vouchers/{code}/redemption'");
  if (spec.length > MAX_SPEC_LENGTH) throw fail(`a route is at most ${MAX_SPEC_LENGTH} characters`);
  const parts = /^([A-Z]+) (\S+)$/.exec(spec);
  if (!parts) throw fail("a route is 'METHOD /path' with one space between, e.g. 'POST /v1/vouchers/{code}/redemption'");
  const [, method, path] = parts as unknown as [string, string, string];
  if (!methods.includes(method)) throw fail(`the method must be one of ${methods.join(', ')}`);
  const problem = pathProblem(path);
  if (problem) throw fail(problem);
  return { method, path };
}

/** The routes a mock has been given, checked as they are added. */
export class UserRoutes {
  readonly #routes: UserRoute[] = [];
  readonly #builtIn: ReadonlyMap<string, MockOperation>;

  /** `builtIn`: the mock's own operations, which a route may not take over. */
  constructor(builtIn: ReadonlyArray<{ name: MockOperation; method: string; path: string }>) {
    this.#builtIn = new Map(builtIn.map((route) => [shapeOf(route.method, route.path), route.name]));
  }

  /** The routes, in the order added. */
  get all(): readonly UserRoute[] {
    return this.#routes;
  }

  /**
   * Adds a route, or replaces the handler of the route of the same shape; returns a function that
   * removes it. Throws a `TypeError` naming the rule a bad route, handler or option breaks.
   */
  add(spec: string, handler: MockRouteHandler, options: MockRouteOptions | undefined): () => void {
    const { method, path } = parseRouteSpec(spec, 'mock.route');
    if (typeof handler !== 'function')
      throw new TypeError(
        `mock.route: the handler must be a function ({ method, path, pathParams, query, headers, body }) => ({ status?, body?, headers? }); got ${show(handler)}`,
      );
    const auth = routeAuth(options);
    const shape = shapeOf(method, path);
    const own = this.#builtIn.get(shape);
    if (own) {
      throw new TypeError(
        `mock.route: ${spec} is ${own}, which the mock serves itself, with the service's rules and records; shape its answers with mock.seed() and mock.inject(), or put an msw handler of your own before ...mock.handlers(http)`,
      );
    }
    const route: UserRoute = { method, path, spec, shape, auth, handler };
    const index = this.#routes.findIndex((r) => r.shape === shape);
    if (index >= 0) this.#routes[index] = route;
    else if (this.#routes.length >= MAX_ROUTES) throw new TypeError(`mock.route: a mock holds at most ${MAX_ROUTES} routes`);
    else this.#routes.push(route);
    return () => {
      const at = this.#routes.indexOf(route);
      if (at >= 0) this.#routes.splice(at, 1);
    };
  }

  /** The route of `spec`'s shape, for `mock.inject({ route })`; a `TypeError` when there is none. */
  named(spec: unknown): UserRoute {
    const { method, path } = parseRouteSpec(spec, 'mock.inject: route');
    const route = this.#routes.find((r) => r.shape === shapeOf(method, path));
    if (route) return route;
    const known = this.#routes.slice(0, 10).map((r) => `'${r.spec}'`);
    throw new TypeError(
      `mock.inject: route must name a route added with mock.route() first (${known.length > 0 ? `the routes: ${known.join(', ')}${this.#routes.length > 10 ? ', …' : ''}` : 'none added yet'}); got ${show(spec)}`,
    );
  }
}

function routeAuth(options: MockRouteOptions | undefined): MockAuthGroup {
  if (options === undefined) return 'server';
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`mock.route: the options must be an object { auth? }; got ${show(options)}`);
  const unknown = Object.keys(options).filter((key) => key !== 'auth');
  if (unknown.length > 0) throw new TypeError(`mock.route: unknown option ${names(unknown)}; the only option is auth`);
  const { auth = 'server' } = options;
  if (!authGroups.includes(auth)) throw new TypeError(`mock.route: auth must be 'server', 'app' or 'client'; got ${show(auth)}`);
  return auth;
}

/** The handler's answer made a `Response`, or the 500 that says what is wrong with it. */
export function routeAnswer(route: UserRoute, answer: unknown): Response {
  const fail = (problem: string) => handlerFailure(route, problem);
  if (typeof Response !== 'undefined' && answer instanceof Response) throw fail('the handler returned a Response: return { status?, body?, headers? } instead');
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw fail(`the handler must return { status?, body?, headers? }; it returned ${show(answer)}`);
  const keys = Object.keys(answer);
  const unknown = keys.filter((key) => key !== 'status' && key !== 'body' && key !== 'headers');
  if (unknown.length > 0) throw fail(`the handler's answer has unknown field ${names(unknown)}: it takes status, body and headers`);
  const { status = 200, body, headers } = answer as Rec;
  if (!(Number.isInteger(status) && status >= 200 && status <= 599))
    throw fail(`the status must be a whole number from 200 to 599; it returned ${show(status)}`);
  const bodiless = status === 204 || status === 205 || status === 304;
  let text: string | undefined;
  if (body !== undefined) {
    if (bodiless) throw fail(`a ${status} has no body; the handler returned one`);
    try {
      text = JSON.stringify(body);
    } catch (error) {
      throw fail(`the body is not JSON: ${describeThrown(error)}`);
    }
    if (text === undefined) throw fail(`the body is not JSON: ${show(body)}`);
  }
  const out = new Headers(text === undefined ? {} : { 'content-type': 'application/json' });
  if (headers !== undefined) {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
      throw fail(`the headers must be an object of strings; it returned ${show(headers)}`);
    for (const [name, value] of Object.entries(headers as Rec)) {
      if (typeof value !== 'string') throw fail(`the header ${show(name)} must be a string; it returned ${show(value)}`);
      if (framingHeaders.has(name.toLowerCase())) throw fail(`the header ${show(name)} frames the connection: the mock sets it`);
      try {
        out.set(name, value);
      } catch {
        throw fail(`the header ${show(name)} is not a valid header name and value`);
      }
    }
  }
  return new Response(text ?? null, { status, headers: out });
}

/** The 500 a route's handler gets for an answer that is not one, or for throwing. */
export function handlerFailure(route: UserRoute, problem: string): MockHttpError {
  return new MockHttpError(500, 'route_handler_failed', 'Internal server error', `mock.route('${route.spec}'): ${problem}`);
}

/** A thrown value as bounded, printable text. */
export function describeThrown(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    text = typeof error;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  text = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}
