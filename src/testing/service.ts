/**
 * `createMockService()`: one in-memory implementation of every service operation promokit types, reached
 * three ways: `mock.fetch` (no network), `mock.listen()` (a real HTTP server) and
 * `mock.handlers(http)` (msw). All three go through {@link MockService.handle}.
 *
 * @module
 */
import { authenticate } from './auth.js';
import { seedDefaultData, seedTokens, type MockSeedIds } from './data.js';
import {
  checkInjectOptions,
  connectionReset,
  FaultQueue,
  Holds,
  injectedStatus,
  isNetworkError,
  malformed,
  type MockFault,
  type MockInjectOptions,
} from './faults.js';
import { distorted, distortedRequest } from './distort.js';
import { corsHeaders, errorAnswer, isLoopbackOrigin, json, MockHttpError, parseRequest, preflight, type MockRequest, type OriginPolicy } from './http.js';
import { listen, type ListenOptions, type MockServer } from './node-server.js';
import { createAsyncActionRun, type MockAsyncActionOptions } from './async-action-runs.js';
import { routes } from './operations.js';
import { matchRoute, type Match, type MockOperation, type Route } from './router.js';
import { rateLimitCheck, type MockRateLimit } from './rate-limit.js';
import { applySeed } from './seed.js';
import { describeThrown, handlerFailure, routeAnswer, UserRoutes, type MockRouteHandler, type MockRouteOptions, type UserRoute } from './user-routes.js';
import { sparseResponse } from './sparse.js';
import { clockFrom, emptyStore, find, IdGenerator, type CollectionName, type MockCredentials, type MockState, type Rec } from './store.js';
import type { AsyncAction } from '../schemas/async-action.js';
import type { StackingRules } from '../schemas/stacking.js';
import { defaultStackingRules } from './ops/checkout.js';
import type { MockRecords, MockSeedInput, MockStore } from './records.js';

/** Options of {@link createMockService}. */
export interface MockServiceOptions {
  /** The address `mock.fetch` and `mock.handlers()` answer on. Default `https://mock.promokit.test`. */
  baseUrl?: string | undefined;
  /** Load the default data set (a coffee-shop chain; see `mock.ids`). Default `true`; `false` starts empty. */
  seed?: boolean | undefined;
  /** Extra records loaded after the default data, and again by every `reset()`. */
  records?: MockSeedInput | undefined;
  /**
   * The mock's clock: a fixed moment (`Date` or ISO string) or a function. Validity windows,
   * token expiry, new records' timestamps and the `Date` header of its answers use it (as a
   * service's answers tell its time: `client.reconcile` reads it). Default: the real clock.
   */
  now?: (Date | string | (() => Date)) | undefined;
  /** Credentials the mock accepts instead of the defaults in `mock.credentials`. */
  credentials?: Partial<MockCredentials> | undefined;
  /**
   * `true`: the `/v1` operations also accept the app keys alone, `X-App-Id` and `X-App-Token`
   * without `Authorization` (what a `Client` with `accessToken: false` sends), as the service's
   * published spec allows; an `Authorization` header, when sent, must still carry an active token.
   * Default `false`: every `/v1` operation but token introspection needs all three, as the
   * interface promokit follows says, and the pair alone is answered with the service's 401.
   */
  appKeysAlone?: boolean | undefined;
  /**
   * The shape of the answers. `'complete'` (the default): every record as the service's spec
   * describes it, every field present. `'sparse'`: the older, sparser shapes the real service also
   * sends, to test your code against: nested records without `object`, a publication's voucher
   * without `id`, explicit nulls (embedded vouchers' dates, category and `redemption.quantity`,
   * orders' `metadata`, `customer_id` and `referrer_id`, tiers' `metadata`, rewards'
   * `updated_at`), a validation failure whose `error` has only `message`, a publication of several
   * codes with only `vouchers`, and redemptions without `channel`, `status` or `related_object_*`
   * but with fields the spec no longer lists. The fields promokit relies on are always there.
   */
  responses?: 'complete' | 'sparse' | undefined;
  /**
   * A rate limit, as a service has one: over `requests` requests in any `perMs` ms (a sliding
   * window, real time), the mock answers 429 `too_many_requests` with `Retry-After` (whole
   * seconds until there is room). Requests it refuses do not count. Default: none.
   */
  rateLimit?: MockRateLimit | undefined;
  /**
   * The project's stacking rules for stacked validations and redemptions, over the service's
   * defaults (30 redeemables per request, 5 applied, 1 per category, 1 exclusive, `ALL` mode,
   * requested order, `REDEEM_ANYWAY`, `WITH_ORDER`), e.g. `{ redeemables_application_mode:
   * 'PARTIAL', exclusive_categories: ['cat_black_friday'] }`. Default: none.
   */
  stackingRules?: Partial<StackingRules> | undefined;
}

/** One request the mock received (CORS preflights aside). */
export interface MockRequestLogEntry {
  /**
   * The SDK method the operation belongs to (`vouchers.validate`); `undefined` for a route of
   * `mock.route()` (see {@link route}) and when nothing matched.
   */
  operation: MockOperation | undefined;
  /** The route of `mock.route()` that answered, as it was added (`'POST /v1/vouchers/{code}/redemption'`); absent for the rest. */
  route?: string;
  /** The HTTP method, upper-case. */
  method: string;
  /** The path as sent (percent-encoded). */
  path: string;
  /** The query string without `?`. */
  search: string;
  /**
   * The status answered; `0` when no answer was sent (a `'reset'` or `'timeout'` fault). After a
   * `'commit-then-reset'` fault, the status of the answer the dropped connection lost.
   */
  status: number;
  /** The fault injected with `mock.inject()` this request met; absent when it met none. */
  fault?: MockFault;
}

/** The structural part of msw's `http` namespace the mock needs: `http.all(predicate, resolver)`. */
export interface MswHttpLike<H> {
  /**
   * msw's `http.all`: a handler for every method on the paths `predicate` matches. A resolver
   * that returns `undefined` lets msw try the next handler.
   */
  all(predicate: string, resolver: (info: { request: Request }) => Promise<Response> | undefined): H;
}

/** The mock service. See {@link createMockService}. */
export interface MockService {
  /** The address `mock.fetch` and `mock.handlers()` answer on; pass it as the client's `baseUrl`. */
  readonly baseUrl: string;
  /** Credentials the mock accepts: spread them into `new Client({ ...mock.credentials })`. */
  readonly credentials: Readonly<MockCredentials>;
  /** IDs and codes of the default data (members, rewards, vouchers in each state, …). Throws when created with `seed: false`. */
  readonly ids: MockSeedIds;
  /** The live records, one `Map` per collection. Read freely; write through {@link seed} where you can. */
  readonly store: MockStore;
  /** Every request received since the last `reset()`, oldest first, with the fault it met, if any. */
  readonly requests: readonly MockRequestLogEntry[];
  /**
   * Answers one request: the core every transport goes through. A connection an injected fault
   * drops is the Fetch API's network error, `Response.error()`; a request a `'timeout'` fault
   * holds settles only when its signal aborts (rejecting with the signal's reason) or on
   * `reset()`.
   */
  handle(request: Request): Promise<Response>;
  /** A `fetch` that answers from the mock without any network: `new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl })`. */
  readonly fetch: typeof globalThis.fetch;
  /** Starts a real HTTP server on 127.0.0.1 (Node, Bun, Deno). Close it when done. */
  listen(options?: ListenOptions): Promise<MockServer>;
  /**
   * msw request handlers answering on {@link baseUrl}. Pass msw's `http` namespace: promokit never
   * imports msw itself, so it stays an optional peer dependency and your own msw copy is used.
   *
   * They answer only what the mock serves, a built-in operation or a route of {@link route}, with
   * the method it serves; every other request under {@link baseUrl} goes on to your handlers
   * after them (where `mock.fetch` and `mock.listen()` answer a 404 or a 405), untouched by
   * injected faults and absent from {@link requests}.
   *
   * ```ts
   * import { http, HttpResponse } from 'msw';
   * const server = setupServer(...mock.handlers(http), http.get(`${mock.baseUrl}/v1/validation-rules`, () => HttpResponse.json({ object: 'list', data: [] })));
   * ```
   */
  handlers<H>(http: MswHttpLike<H>): H[];
  /**
   * Serves an operation of the service that promokit does not wrap (one your code calls with
   * `client.request()`): requests to `'METHOD /path/{param}'` are answered by `handler`, through
   * `mock.fetch`, `mock.listen()` and `mock.handlers()` alike. The route's credentials are
   * checked first, as for the built-in operations (`options.auth`, `'server'` by default, as
   * `client.request()`'s); `mock.requests` logs its requests under `route`, and
   * `mock.inject({ route })` gives them faults. Returns a function that removes the route.
   *
   * ```ts
   * mock.route('POST /v1/vouchers/{code}/redemption', ({ pathParams, body }) => ({
   *   body: { id: 'r_1', object: 'redemption', result: 'SUCCESS', voucher: { code: pathParams.code }, order: (body as { order?: unknown }).order },
   * }));
   * ```
   *
   * - The route is `'METHOD /path'`: `GET`, `POST`, `PUT`, `PATCH` or `DELETE`, and a path with
   *   the rules of `client.request()`'s (`/v1/…` or `/client/v1/…`, `{name}` placeholders as
   *   whole segments). A route of a built-in operation is refused (shape those with
   *   {@link seed} and {@link inject}); adding a route again, placeholders named alike or not,
   *   replaces its handler. Routes stay across {@link reset}. Where several routes match a path
   *   (built-in ones included), the one with a fixed segment where the others have a placeholder
   *   wins.
   * - The handler gets `{ method, path, pathParams, query, headers, body }` and returns or
   *   resolves `{ status?, body?, headers? }` (200 and no body by default; `body` is sent as
   *   JSON).
   * - A handler that throws, rejects or answers anything else gets a 500 (key
   *   `route_handler_failed`) whose `details` name the route and what went wrong; one that never
   *   settles holds its request until the client gives up, {@link reset} or the server's
   *   `close()`.
   *
   * Bad arguments throw a `TypeError` naming the rule.
   */
  route(route: string, handler: MockRouteHandler, options?: MockRouteOptions): () => void;
  /**
   * Makes the next requests meet a fault of the network or the service, to test what your code
   * does then: an error status, no answer, a connection dropped before or after the service
   * acts, a slow answer, an unreadable body, an answer bent (see {@link MockFault}). `operation` (a built-in
   * operation) or `route` (a route of {@link route}) picks the requests (default: every one the
   * mock serves), `times` how many meet it (default 1); faults are used in the
   * order injected, and `mock.requests` notes the fault each request met. The same through
   * `mock.fetch`, `mock.listen()` and `mock.handlers()`. Bad options throw a `TypeError`. Returns
   * a function that takes the fault back (what it has not met yet, no request meets).
   *
   * ```ts
   * mock.inject({ operation: 'loyalties.redeemReward', fault: 'commit-then-reset' });
   * const ada = mock.ids.members.ada; // 1,250 points
   * const error = await client.loyalties.redeemReward(ada, { reward: { id: mock.ids.rewards.espresso } }).catch((e: unknown) => e);
   * console.log(error instanceof ConnectionError, mock.get('vouchers', ada)?.loyalty_card?.points); // true 1050: spent all the same
   * ```
   */
  inject(options: MockInjectOptions): () => void;
  /**
   * Drops every change: back to the initial data (default data plus `records`), request log
   * emptied, ID sequence restarted, injected faults forgotten; a request still held by a
   * `'timeout'` or `'latency'` fault ends as a dropped connection.
   */
  reset(): void;
  /** Adds records (partial ones are completed with defaults); a record with an existing key replaces it. */
  seed(records: MockSeedInput): void;
  /** A copy of one record: vouchers by code or ID, customers by ID or source ID, campaigns by ID or name, the rest by ID. */
  get<K extends CollectionName>(collection: K, key: string): MockRecords[K] | undefined;
  /** Copies of every record of a collection, in insertion order. */
  list<K extends CollectionName>(collection: K): Array<MockRecords[K]>;
  /** Creates an access token the mock accepts; returns it. `expiresIn` in seconds (default 3600; negative for an expired one). */
  issueToken(options?: { expiresIn?: number; scope?: string }): string;
  /**
   * Creates an async action that runs as you read it: each `GET /v1/async-actions/{id}` moves it
   * one step, `ENQUEUED` (progress 0) → `IN_PROGRESS` (each value of `progress` in turn) → `DONE`
   * (progress 100, with `result`) or `FAILED`; later reads repeat the last step. Returns the
   * action as created (its `id` is what to wait for).
   *
   * ```ts
   * const { id } = mock.createAsyncAction({ progress: [40] }); // reads: 0 %, 40 %, DONE 100 %
   * const done = await client.asyncActions.waitFor(id, { interval: 10 });
   * ```
   */
  createAsyncAction(options?: MockAsyncActionOptions): AsyncAction;
}

const defaultCredentials: MockCredentials = {
  appId: 'mock-app-id',
  appToken: 'mock-app-token',
  accessToken: 'mock-access-token',
  clientApplicationId: 'mock-client-app-id',
  clientToken: 'mock-client-token',
  origin: 'https://shop.example.com',
};

/**
 * Creates an in-memory mock of the service: every operation promokit types, with the service's rules (auth
 * per endpoint group, voucher validity, points and rewards, rollbacks, publications, paging),
 * seeded with a realistic data set. Every mock is independent.
 *
 * ```ts
 * import { Client } from 'promokit';
 * import { createMockService } from 'promokit/testing';
 *
 * const mock = createMockService();
 * const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
 * const member = await client.loyalties.getMember(mock.ids.members.ada); // 1,250 points
 * ```
 *
 * Recipes: [Testing with the mock service](../../docs/testing-with-the-mock-service.md).
 */
export function createMockService(options: MockServiceOptions = {}): MockService {
  const baseUrl = (options.baseUrl ?? 'https://mock.promokit.test').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/i.test(baseUrl)) throw new TypeError(`createMockService: baseUrl must be an http:// or https:// URL; got ${baseUrl}`);
  const sparse = options.responses === 'sparse';
  if (!sparse && options.responses !== undefined && options.responses !== 'complete') {
    throw new TypeError(`createMockService: responses must be 'complete' or 'sparse'; got ${String(options.responses)}`);
  }
  const credentials: MockCredentials = Object.freeze({ ...defaultCredentials, ...options.credentials });
  if (options.appKeysAlone !== undefined && typeof options.appKeysAlone !== 'boolean') {
    throw new TypeError(`createMockService: appKeysAlone must be true or false; got ${String(options.appKeysAlone)}`);
  }
  const stackingRules = checkStackingRules(options.stackingRules);
  const state: MockState = {
    store: emptyStore(),
    baseUrl,
    ids: new IdGenerator(),
    now: clockFrom(options.now),
    credentials,
    appKeysAlone: options.appKeysAlone === true,
    asyncActionRuns: new Map(),
    stackingRules,
  };
  let rateLimited = options.rateLimit ? rateLimitCheck(options.rateLimit) : undefined;
  const requests: MockRequestLogEntry[] = [];
  let requestCounter = 0;
  const faults = new FaultQueue();
  const holds = new Holds();
  let seedIds: MockSeedIds | undefined;

  const load = () => {
    seedTokens(state);
    seedIds = options.seed === false ? undefined : seedDefaultData(state);
    if (options.records) applySeed(state, options.records);
  };
  load();

  /** The routes of `mock.route()`; the built-in operations are theirs to refuse. */
  const userRoutes = new UserRoutes(routes);
  /** Every route the mock serves: the built-in operations, then those of `mock.route()`. */
  const served = (): ReadonlyArray<Route | UserRoute> => (userRoutes.all.length === 0 ? routes : [...routes, ...userRoutes.all]);

  /**
   * The service's own answer: a 200 with the operation's result, or the service's error; for a
   * route of `mock.route()`, its handler's answer. A request whose signal aborts while a handler
   * runs rejects with the signal's reason; one that `reset()` lets go is `Response.error()`.
   */
  async function answer(request: Request, match: Match<Route | UserRoute>, url: URL, requestId: string): Promise<Response> {
    try {
      if (!match)
        throw new MockHttpError(
          404,
          'not_found',
          'Resource not found',
          `No operation at ${request.method} ${url.pathname}: the mock serves the ${routes.length} operations promokit types and the routes added with mock.route()`,
        );
      if ('allowed' in match) throw new MockHttpError(405, 'method_not_allowed', 'Method not allowed', `${url.pathname} accepts ${match.allowed.join(', ')}`);
      const retryAfter = rateLimited?.();
      if (retryAfter !== undefined)
        throw new MockHttpError(
          429,
          'too_many_requests',
          'Too many requests',
          `More than ${options.rateLimit!.requests} requests in ${options.rateLimit!.perMs} ms`,
          {},
          { 'retry-after': String(retryAfter) },
        );
      authenticate(state, match.route.auth, request.headers);
      const parsed = await parseRequest(request, requestId);
      parsed.params = match.params;
      const route = match.route;
      if ('spec' in route) return await routed(route, parsed, request);
      const body = route.handle(state, parsed);
      // A DELETE answers 204 without a body.
      if (body === undefined) return json(undefined, 204);
      return json(sparse ? sparseResponse(route.name, body) : body);
    } catch (error) {
      if (error instanceof MockHttpError) return errorAnswer(error, requestId);
      if (request.signal?.aborted) throw error; // nobody left to answer: as fetch, reject
      const details = error instanceof Error ? error.message : String(error);
      return json({ code: 500, key: 'internal_error', message: 'Internal server error', details, request_id: requestId }, 500);
    }
  }

  /** Runs a route's handler on a copy of the request, for as long as the request lasts. */
  async function routed(route: UserRoute, parsed: MockRequest, request: Request): Promise<Response> {
    let work: Promise<unknown>;
    try {
      const { method, path, query, body, params } = parsed;
      work = Promise.resolve(route.handler({ method, path, pathParams: { ...params }, query, headers: new Headers(request.headers), body }));
    } catch (error) {
      throw handlerFailure(route, `the handler threw ${describeThrown(error)}`);
    }
    let outcome: { value: unknown } | 'released';
    try {
      outcome = await holds.until(work, request.signal);
    } catch (error) {
      if (request.signal?.aborted) throw error;
      throw handlerFailure(route, `the handler rejected with ${describeThrown(error)}`);
    }
    if (outcome === 'released') return Response.error();
    try {
      return routeAnswer(route, outcome.value);
    } catch (error) {
      throw error instanceof MockHttpError ? error : handlerFailure(route, `reading the handler's answer threw ${describeThrown(error)}`);
    }
  }

  /**
   * Answers one request, through the first injected fault that matches it. A dropped connection
   * is `Response.error()`; a held request (`timeout`, `latency`) rejects with its signal's reason
   * when the signal aborts. `allowed` decides which browser origins get CORS headers.
   */
  async function respond(request: Request, allowed: OriginPolicy): Promise<Response> {
    if (request.signal?.aborted) throw request.signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    if (request.method.toUpperCase() === 'OPTIONS') return preflight(request, allowed);
    requestCounter += 1;
    const requestId = `v-${requestCounter.toString(16).padStart(12, '0')}`;
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const match = matchRoute(served(), method, url.pathname);
    const found = match && 'route' in match ? match.route : undefined;
    const route = found && 'spec' in found ? found : undefined;
    const operation = found && !('spec' in found) ? found.name : undefined;
    const fault = faults.take(operation, route?.shape);
    const log = (status: number) => {
      requests.push({
        operation,
        ...(route ? { route: route.spec } : {}),
        method,
        path: url.pathname,
        search: url.search.replace(/^\?/, ''),
        status,
        ...(fault ? { fault: fault.fault } : {}),
      });
    };

    if (fault?.fault === 'reset') {
      log(0);
      return Response.error();
    }
    if (fault?.fault === 'timeout') {
      log(0);
      await holds.wait(request.signal); // settles only when the signal aborts (a rejection) or reset() lets go
      return Response.error();
    }
    const asked = fault?.distortion ? distortedRequest(request, fault.distortion) : request;
    const response = fault?.fault === 'status' ? errorAnswer(injectedStatus(fault), requestId) : await answer(asked, match, new URL(asked.url), requestId);
    if (isNetworkError(response)) {
      log(0); // a handler's request that reset() let go
      return response;
    }
    response.headers.set('x-request-id', requestId);
    // The time by the mock's clock, as a service's answers tell theirs: `client.reconcile` reads it.
    const date = clockDate(state.now);
    if (date) response.headers.set('date', date);
    for (const [name, value] of Object.entries(corsHeaders(request, allowed))) response.headers.set(name, value);
    log(response.status);
    switch (fault?.fault) {
      case 'commit-then-reset':
        return Response.error();
      case 'malformed-json':
        return malformed(response);
      case 'distort':
        return distorted(response, fault.distortion!);
      case 'latency':
        return (await holds.wait(request.signal, fault.ms)) === 'elapsed' ? response : Response.error();
      default:
        return response;
    }
  }

  const handle = (request: Request): Promise<Response> => respond(request, isLoopbackOrigin);

  /** True for a request the mock serves: a route with its method, or a preflight to a route's path. */
  const serves = (request: Request): boolean => {
    const method = request.method.toUpperCase();
    const match = matchRoute(served(), method, new URL(request.url).pathname);
    return method === 'OPTIONS' ? match !== undefined : match !== undefined && 'route' in match;
  };

  const mockFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    let request: Request;
    try {
      request = new Request(input, init);
    } catch (error) {
      return Promise.reject(error);
    }
    return handle(request).then((response) => (isNetworkError(response) ? Promise.reject(connectionReset()) : response));
  }) as typeof globalThis.fetch;

  const copy = <T>(record: Rec | undefined): T | undefined => (record === undefined ? undefined : (structuredClone(record) as T));

  return {
    baseUrl,
    credentials,
    get ids(): MockSeedIds {
      if (!seedIds) throw new Error('mock.ids: this mock was created with seed: false, so it has no default data');
      return seedIds;
    },
    store: state.store as unknown as MockStore,
    requests,
    handle,
    fetch: mockFetch,
    listen: (listenOptions) => listen(respond, listenOptions),
    // What the mock does not serve goes on to the next handler (undefined). A held request whose
    // caller gave up: msw has already failed the fetch, so nothing to answer.
    handlers: (http) => [
      http.all(`${baseUrl}/*`, ({ request }) =>
        serves(request) ? handle(request).catch((error: unknown) => (request.signal?.aborted ? Response.error() : Promise.reject(error))) : undefined,
      ),
    ],
    route: (spec, handler, routeOptions) => userRoutes.add(spec, handler, routeOptions),
    inject(injectOptions) {
      return faults.add(checkInjectOptions(injectOptions, (spec) => userRoutes.named(spec)));
    },
    reset() {
      faults.clear();
      holds.releaseAll();
      for (const map of Object.values(state.store)) map.clear();
      state.ids = new IdGenerator();
      requests.length = 0;
      requestCounter = 0;
      state.asyncActionRuns.clear();
      rateLimited = options.rateLimit ? rateLimitCheck(options.rateLimit) : undefined;
      load();
    },
    seed(records) {
      applySeed(state, records);
    },
    get: (collection, key) => copy(find(state.store, collection, key)),
    list: <K extends CollectionName>(collection: K) => [...state.store[collection].values()].map((r) => structuredClone(r)) as Array<MockRecords[K]>,
    issueToken({ expiresIn = 3600, scope = 'api' } = {}) {
      const token = `mock-token-${state.ids.letters(24)}`;
      applySeed(state, { tokens: [{ access_token: token, scope, expires_at: Math.floor(state.now().getTime() / 1000) + expiresIn }] });
      return token;
    },
    createAsyncAction: (actionOptions) => structuredClone(createAsyncActionRun(state, actionOptions)) as AsyncAction,
  };
}

/** The `Date` header of the mock's clock's present moment; none when the clock gives no valid date. */
function clockDate(now: () => Date): string | undefined {
  try {
    const date = now();
    return date instanceof Date && !Number.isNaN(date.getTime()) ? date.toUTCString() : undefined;
  } catch {
    return undefined;
  }
}

/** The values of each stacking rule that is a choice. */
const choices: Record<string, string[]> = {
  redeemables_application_mode: ['ALL', 'PARTIAL'],
  redeemables_sorting_rule: ['REQUESTED_ORDER', 'CATEGORY_HIERARCHY'],
  redeemables_products_application_mode: ['STACK', 'ONCE'],
  redeemables_no_effect_rule: ['REDEEM_ANYWAY', 'SKIP'],
  redeemables_rollback_order_mode: ['WITH_ORDER', 'WITHOUT_ORDER'],
};

/** The `stackingRules` option, checked: an object of known rules; a `TypeError` naming a bad one. */
function checkStackingRules(given: unknown): Rec {
  if (given === undefined) return {};
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new TypeError('createMockService: stackingRules must be an object of stacking rules');
  const rules: Rec = {};
  for (const [name, value] of Object.entries(given)) {
    const known = defaultStackingRules[name];
    if (known === undefined)
      throw new TypeError(`createMockService: stackingRules has no rule ${name} (its rules: ${Object.keys(defaultStackingRules).join(', ')})`);
    const fits = Array.isArray(known)
      ? Array.isArray(value) && value.every((v) => typeof v === 'string')
      : typeof known === 'number'
        ? Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 30
        : typeof known === 'string'
          ? (choices[name] ?? []).includes(value as string)
          : typeof value === 'object' && value !== null && Object.values(value).every((v) => Number.isInteger(v) && (v as number) >= 1);
    if (!fits)
      throw new TypeError(
        `createMockService: stackingRules.${name} must be ${Array.isArray(known) ? 'an array of category ids' : typeof known === 'number' ? 'a whole number from 1 to 30' : typeof known === 'string' ? `one of ${choices[name]!.join(', ')}` : 'an object of category id to a whole number'}`,
      );
    rules[name] = structuredClone(value);
  }
  return rules;
}
