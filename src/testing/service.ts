/**
 * `createMockService()`: one in-memory implementation of the service's 24 operations, reached
 * three ways: `mock.fetch` (no network), `mock.listen()` (a real HTTP server) and
 * `mock.handlers(http)` (msw). All three go through {@link MockService.handle}.
 *
 * @module
 */
import { authenticate } from './auth.js';
import { seedDefaultData, seedTokens, type MockSeedIds } from './data.js';
import { connectionReset, FaultQueue, Holds, injectedStatus, isNetworkError, malformed, type MockFault, type MockInjectOptions } from './faults.js';
import { corsHeaders, errorAnswer, isLoopbackOrigin, json, MockHttpError, parseRequest, preflight, type OriginPolicy } from './http.js';
import { listen, type ListenOptions, type MockServer } from './node-server.js';
import { createAsyncActionRun, type MockAsyncActionOptions } from './async-action-runs.js';
import { asyncActionRoutes } from './ops/async-actions.js';
import { commerceRoutes } from './ops/commerce.js';
import { eventRoutes } from './ops/events.js';
import { locationRoutes } from './ops/locations.js';
import { loyaltyRoutes } from './ops/loyalties.js';
import { oauthRoutes } from './ops/oauth.js';
import { promotionRoutes } from './ops/promotions.js';
import { redemptionRoutes } from './ops/redemptions.js';
import { rewardRoutes } from './ops/rewards.js';
import { voucherRoutes } from './ops/vouchers.js';
import { matchRoute, type Match, type MockOperation, type Route } from './router.js';
import { rateLimitCheck, type MockRateLimit } from './rate-limit.js';
import { applySeed } from './seed.js';
import { sparseResponse } from './sparse.js';
import { clockFrom, emptyStore, find, IdGenerator, type CollectionName, type MockCredentials, type MockState, type Rec } from './store.js';
import type { AsyncAction } from '../schemas/async-action.js';
import type { MockRecords, MockSeedInput, MockStore } from './records.js';

/** Every operation, member routes first so `/v1/loyalties/members/…` never reads `members` as a campaign. */
export const routes: readonly Route[] = [
  ...oauthRoutes,
  ...loyaltyRoutes,
  ...voucherRoutes,
  ...promotionRoutes,
  ...redemptionRoutes,
  ...commerceRoutes,
  ...rewardRoutes,
  ...asyncActionRoutes,
  ...locationRoutes,
  ...eventRoutes,
];

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
   * token expiry and new records' timestamps use it. Default: the real clock.
   */
  now?: (Date | string | (() => Date)) | undefined;
  /** Credentials the mock accepts instead of the defaults in `mock.credentials`. */
  credentials?: Partial<MockCredentials> | undefined;
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
}

/** One request the mock received (CORS preflights aside). */
export interface MockRequestLogEntry {
  /** The SDK method the route belongs to (`vouchers.validate`), or `undefined` when no route matched. */
  operation: MockOperation | undefined;
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
  /** msw's `http.all`: a handler for every method on the paths `predicate` matches. */
  all(predicate: string, resolver: (info: { request: Request }) => Promise<Response>): H;
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
   * ```ts
   * import { http } from 'msw';
   * const server = setupServer(...mock.handlers(http));
   * ```
   */
  handlers<H>(http: MswHttpLike<H>): H[];
  /**
   * Makes the next requests meet a fault of the network or the service, to test what your code
   * does then: an error status, no answer, a connection dropped before or after the service
   * acts, a slow answer, an unreadable body (see {@link MockFault}). `operation` picks the
   * requests (default: every one), `times` how many meet it (default 1); faults are used in the
   * order injected, and `mock.requests` notes the fault each request met. The same through
   * `mock.fetch`, `mock.listen()` and `mock.handlers()`. Bad options throw a `TypeError`.
   *
   * ```ts
   * mock.inject({ operation: 'loyalties.redeemReward', fault: 'commit-then-reset' });
   * const ada = mock.ids.members.ada; // 1,250 points
   * const error = await client.loyalties.redeemReward(ada, { reward: { id: mock.ids.rewards.espresso } }).catch((e: unknown) => e);
   * console.log(error instanceof ConnectionError, mock.get('vouchers', ada)?.loyalty_card?.points); // true 1050: spent all the same
   * ```
   */
  inject(options: MockInjectOptions): void;
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
 * Creates an in-memory mock of the service: all 24 operations with the service's rules (auth
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
  const state: MockState = { store: emptyStore(), baseUrl, ids: new IdGenerator(), now: clockFrom(options.now), credentials, asyncActionRuns: new Map() };
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

  /** The service's own answer: a 200 with the operation's result, or the service's error. */
  async function answer(request: Request, match: Match, url: URL, requestId: string): Promise<Response> {
    try {
      if (!match) throw new MockHttpError(404, 'not_found', 'Resource not found', `No operation at ${request.method} ${url.pathname}`);
      if ('allowed' in match) throw new MockHttpError(405, 'method_not_allowed', 'Method not allowed', `${url.pathname} accepts ${match.allowed.join(', ')}`);
      const retryAfter = rateLimited?.();
      if (retryAfter !== undefined) throw new MockHttpError(429, 'too_many_requests', 'Too many requests', `More than ${options.rateLimit!.requests} requests in ${options.rateLimit!.perMs} ms`, {}, { 'retry-after': String(retryAfter) });
      authenticate(state, match.route.auth, request.headers);
      const parsed = await parseRequest(request, requestId);
      parsed.params = match.params;
      const body = match.route.handle(state, parsed);
      return json(sparse ? sparseResponse(match.route.name, body) : body);
    } catch (error) {
      if (error instanceof MockHttpError) return errorAnswer(error, requestId);
      const details = error instanceof Error ? error.message : String(error);
      return json({ code: 500, key: 'internal_error', message: 'Internal server error', details, request_id: requestId }, 500);
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
    const match = matchRoute(routes, method, url.pathname);
    const operation = match && 'route' in match ? match.route.name : undefined;
    const fault = faults.take(operation);
    const log = (status: number) => {
      requests.push({ operation, method, path: url.pathname, search: url.search.replace(/^\?/, ''), status, ...(fault ? { fault: fault.fault } : {}) });
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
    const response = fault?.fault === 'status' ? errorAnswer(injectedStatus(fault), requestId) : await answer(request, match, url, requestId);
    response.headers.set('x-request-id', requestId);
    for (const [name, value] of Object.entries(corsHeaders(request, allowed))) response.headers.set(name, value);
    log(response.status);
    switch (fault?.fault) {
      case 'commit-then-reset':
        return Response.error();
      case 'malformed-json':
        return malformed(response);
      case 'latency':
        return (await holds.wait(request.signal, fault.ms)) === 'elapsed' ? response : Response.error();
      default:
        return response;
    }
  }

  const handle = (request: Request): Promise<Response> => respond(request, isLoopbackOrigin);

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
    // A held request whose caller gave up: msw has already failed the fetch, so nothing to answer.
    handlers: (http) => [http.all(`${baseUrl}/*`, ({ request }) => handle(request).catch((error: unknown) => (request.signal?.aborted ? Response.error() : Promise.reject(error))))],
    inject(injectOptions) {
      faults.add(injectOptions);
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
