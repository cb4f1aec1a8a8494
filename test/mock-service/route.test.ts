/**
 * `mock.route()`: operations promokit does not wrap, served for `client.request()` through the
 * three ways of reaching the mock (`mock.fetch`, `mock.listen()`, msw), with the built-in
 * operations' credential checks, request log and injected faults.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  AuthenticationError,
  ConnectionError,
  InternalServerError,
  ResponseValidationError,
  TimeoutError,
  type Client,
  type ClientOptions,
} from '../../src/index.js';
import type { MockInjectOptions, MockRouteRequest, MockService } from '../../src/testing/index.js';
import { allTransports, failure, serverHeaders, useMock } from './transports.js';

const REDEEM = 'POST /v1/vouchers/{code}/redemption';
const Redemption = z.object({
  id: z.string(),
  object: z.literal('redemption'),
  result: z.enum(['SUCCESS', 'FAILURE']),
  voucher: z.object({ code: z.string() }),
});

/** The vendor-style redemption of a voucher, through the escape hatch. */
const redeem = (client: Client, code: string, options?: Parameters<Client['request']>[1]) =>
  client.request(
    { method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code }, body: { order: { amount: 2500 } }, schema: Redemption },
    options,
  );

/** Routes a suite's mock serves, and the requests their handlers were given. */
function addRoutes(mock: MockService): { calls: MockRouteRequest[] } {
  const calls: MockRouteRequest[] = [];
  mock.route(REDEEM, (request) => {
    calls.push(request);
    return { body: { id: `r_${calls.length}`, object: 'redemption', result: 'SUCCESS', voucher: { code: request.pathParams.code! } } };
  });
  mock.route('GET /v1/segments/{segmentId}', async (request) => {
    calls.push(request);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { status: 200, headers: { 'x-served-by': 'route' }, body: { id: request.pathParams.segmentId, object: 'segment' } };
  });
  mock.route('DELETE /v1/segments/{segmentId}', () => ({ status: 204 }));
  mock.route('POST /client/v1/qualifications', (request) => (calls.push(request), { body: { redeemables: { data: [], total: 0 } } }), { auth: 'client' });
  mock.route('GET /v1/projects/{projectId}', (request) => (calls.push(request), { body: { id: request.pathParams.projectId } }), { auth: 'app' });
  return { calls };
}

describe.each(allTransports)('mock.route() through %s', (name, connect) => {
  const msw = name === 'mock.handlers() with msw';
  const { mock, conn } = useMock(connect);
  const { calls } = addRoutes(mock);
  beforeEach(() => {
    calls.length = 0;
  });

  describe('answers', () => {
    it("gives the handler the request (path, decoded params, query, headers, body) and client.request() the handler's answer", async () => {
      const client = conn.client();
      const redemption = await client.request({
        method: 'POST',
        path: '/v1/vouchers/{code}/redemption',
        pathParams: { code: 'SPRING 15/%' },
        query: { filters: { channel: ['web', 'pos'] } },
        body: { order: { amount: 2500 }, metadata: { till: 7 } },
        schema: Redemption,
      });
      expect(redemption).toEqual({ id: 'r_1', object: 'redemption', result: 'SUCCESS', voucher: { code: 'SPRING 15/%' } });
      expect(calls).toHaveLength(1);
      const [seen] = calls;
      expect(seen).toMatchObject({
        method: 'POST',
        path: '/v1/vouchers/SPRING%2015%2F%25/redemption',
        pathParams: { code: 'SPRING 15/%' },
        query: { filters: { channel: ['web', 'pos'] } },
        body: { order: { amount: 2500 }, metadata: { till: 7 } },
      });
      expect(seen!.headers).toBeInstanceOf(Headers);
      expect(seen!.headers.get('x-app-id')).toBe(mock.credentials.appId);
      expect(mock.requests).toEqual([
        {
          operation: undefined,
          route: REDEEM,
          method: 'POST',
          path: '/v1/vouchers/SPRING%2015%2F%25/redemption',
          search: expect.stringContaining('filters'),
          status: 200,
        },
      ]);
    });

    it("sends an async handler's status and headers, with the mock's x-request-id", async () => {
      const { data, response } = await conn
        .client()
        .request<{ id: string }>({ method: 'GET', path: '/v1/segments/{segmentId}', pathParams: { segmentId: 'seg_1' } })
        .withResponse();
      expect(data).toEqual({ id: 'seg_1', object: 'segment' });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-served-by')).toBe('route');
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('x-request-id')).toMatch(/^v-/);
    });

    it('answers a 204 without a body', async () => {
      const response = await conn.raw('/v1/segments/seg_1', { method: 'DELETE', headers: serverHeaders(mock) });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect(await conn.client().request({ method: 'DELETE', path: '/v1/segments/{id}', pathParams: { id: 'seg_1' } })).toBeUndefined();
    });

    it('answers a routed path with another method 405, naming the methods it serves (msw: passes it on)', async () => {
      if (msw) {
        expect(await failure(conn.raw('/v1/segments/seg_1', { method: 'PUT', headers: serverHeaders(mock), body: '{}' }))).toBeInstanceOf(TypeError); // unhandled here
        expect(mock.requests).toEqual([]);
        return;
      }
      const response = await conn.raw('/v1/segments/seg_1', { method: 'PUT', headers: serverHeaders(mock), body: '{}' });
      expect(response.status).toBe(405);
      expect(await response.json()).toMatchObject({ key: 'method_not_allowed', details: '/v1/segments/seg_1 accepts GET, DELETE' });
    });
  });

  describe('credentials, checked before the handler runs', () => {
    const refused: Array<[string, () => ClientOptions, string]> = [
      ['a wrong app token', () => ({ appToken: 'wrong' }), 'Invalid X-App-Id or X-App-Token'],
      ['a wrong app id', () => ({ appId: 'someone-else' }), 'Invalid X-App-Id or X-App-Token'],
      ['an unknown bearer token', () => ({ accessToken: 'not-a-token' }), 'Unknown access token'],
      ['an expired bearer token', () => ({ accessToken: mock.issueToken({ expiresIn: -60 }) }), 'The access token has expired'],
    ];

    it.each(refused)('a server route (the default) answers %s with 401, as a built-in operation does', async (_case, options, details) => {
      const error = await failure(redeem(conn.client(options()), 'SPRING15'));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, key: 'unauthorized', details, outcome: 'rejected' });
      const builtIn = await failure(conn.client(options()).locations.get(mock.ids.location));
      expect(builtIn).toMatchObject({ status: 401, details });
      expect(calls).toEqual([]);
      expect(mock.requests.map((r) => [r.route, r.status])).toEqual([
        [REDEEM, 401],
        [undefined, 401],
      ]);
    });

    it.each(['x-app-id', 'x-app-token', 'authorization'])('a server route answers a request without %s with 401', async (header) => {
      const headers = serverHeaders(mock);
      delete headers[header];
      const response = await conn.raw('/v1/vouchers/SPRING15/redemption', { method: 'POST', headers, body: '{}' });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 401, key: 'unauthorized', details: expect.stringMatching(/^Missing /) });
      expect(calls).toEqual([]);
    });

    it("an 'app' route takes the app keys alone, and refuses wrong ones", async () => {
      const project = await conn
        .client({ accessToken: undefined })
        .request({ method: 'GET', path: '/v1/projects/{id}', pathParams: { id: 'proj_1' }, auth: 'app' });
      expect(project).toEqual({ id: 'proj_1' });
      const error = await failure(
        conn.client({ appToken: 'wrong' }).request({ method: 'GET', path: '/v1/projects/{id}', pathParams: { id: 'proj_1' }, auth: 'app' }),
      );
      expect(error).toMatchObject({ status: 401, details: 'Invalid X-App-Id or X-App-Token' });
      expect(calls).toHaveLength(1);
    });

    it("a 'client' route takes the client-side keys, and refuses the server's or wrong ones", async () => {
      const qualify = (client: Client) =>
        client.request({ method: 'POST', path: '/client/v1/qualifications', auth: 'client', body: { customer: { source_id: 'cust-42' } }, idempotent: true });
      expect(await qualify(conn.client())).toEqual({ redeemables: { data: [], total: 0 } });
      expect(await failure(qualify(conn.client({ clientToken: 'wrong' })))).toMatchObject({
        status: 401,
        details: 'Invalid X-Client-Application-Id or X-Client-Token',
      });
      expect(await failure(qualify(conn.client({ accessToken: 'not-a-token' })))).toMatchObject({ status: 401, details: 'Unknown access token' });
      const serverKeys = await conn.raw('/client/v1/qualifications', { method: 'POST', headers: serverHeaders(mock), body: '{}' });
      expect(serverKeys.status).toBe(401);
      expect(calls).toHaveLength(1);
    });
  });

  describe('faults injected on a route', () => {
    it('a 503 to a routed POST is sent once and rejects with outcome unknown, even with retries allowed', async () => {
      mock.inject({ route: REDEEM, fault: 'status', status: 503 });
      const error = await failure(redeem(conn.client({ maxRetries: 2 }), 'SPRING15'));
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 503, key: 'service_unavailable', outcome: 'unknown' });
      expect(mock.requests).toEqual([
        { operation: undefined, route: REDEEM, method: 'POST', path: '/v1/vouchers/SPRING15/redemption', search: '', status: 503, fault: 'status' },
      ]);
      expect(calls).toEqual([]); // the service did nothing
    });

    it('a 503 to a routed GET is retried, as every idempotent call is', async () => {
      mock.inject({ route: 'GET /v1/segments/{id}', fault: 'status', status: 503, ms: 0 });
      const customer = await conn.client({ maxRetries: 1 }).request({ method: 'GET', path: '/v1/segments/{segmentId}', pathParams: { segmentId: 'seg_9' } });
      expect(customer).toEqual({ id: 'seg_9', object: 'segment' });
      expect(mock.requests.map((r) => [r.route, r.status, r.fault])).toEqual([
        ['GET /v1/segments/{segmentId}', 503, 'status'],
        ['GET /v1/segments/{segmentId}', 200, undefined],
      ]);
    });

    // Each fault on the routed redemption: what the client sees, and whether the handler ran (the service acted).
    const cases: Array<[string, Omit<MockInjectOptions, 'route'>, ClientOptions, new (...args: never[]) => Error, number, number]> = [
      ['status 503', { fault: 'status', status: 503 }, {}, InternalServerError, 0, 503],
      ['reset', { fault: 'reset' }, {}, ConnectionError, 0, 0],
      ['commit-then-reset', { fault: 'commit-then-reset' }, {}, ConnectionError, 1, 200],
      ['timeout', { fault: 'timeout' }, { timeout: 200 }, TimeoutError, 0, 0],
      ['latency past the timeout', { fault: 'latency', ms: 60_000 }, { timeout: 200 }, TimeoutError, 1, 200],
      ['malformed-json', { fault: 'malformed-json' }, {}, ResponseValidationError, 1, 200],
    ];

    it.each(cases)(
      '%s: the client sees its error, outcome unknown; the handler ran as the service would have',
      async (_case, fault, options, errorClass, handled, status) => {
        mock.inject({ route: REDEEM, ...fault });
        const error = await failure(redeem(conn.client({ maxRetries: 2, ...options }), 'SPRING15'));
        expect(error).toBeInstanceOf(errorClass);
        expect(error).toMatchObject({ outcome: 'unknown' });
        expect(calls).toHaveLength(handled);
        expect(mock.requests).toMatchObject([{ route: REDEEM, status, fault: fault.fault }]);
        expect(mock.requests).toHaveLength(1); // sent once: a POST is never re-sent after these
      },
    );

    it('latency: the handler runs at once and its answer arrives ms later', async () => {
      mock.inject({ route: REDEEM, fault: 'latency', ms: 200 });
      const started = performance.now();
      const pending = redeem(conn.client(), 'SPRING15');
      await expect.poll(() => calls.length).toBe(1);
      expect((await pending).result).toBe('SUCCESS');
      expect(performance.now() - started).toBeGreaterThanOrEqual(199);
    });

    it('a fault on a route leaves built-in operations and other routes alone, and the other way round', async () => {
      mock.inject({ route: REDEEM, fault: 'reset' });
      mock.inject({ operation: 'locations.get', fault: 'status', status: 500 });
      const client = conn.client();
      expect(await client.request({ method: 'GET', path: '/v1/segments/{id}', pathParams: { id: 'c1' } })).toMatchObject({ id: 'c1' });
      expect(await failure(client.locations.get(mock.ids.location))).toBeInstanceOf(InternalServerError);
      expect(await failure(redeem(client, 'SPRING15'))).toBeInstanceOf(ConnectionError);
      expect((await redeem(client, 'SPRING15')).result).toBe('SUCCESS');
      expect(mock.requests.map((r) => [r.operation ?? r.route, r.fault])).toEqual([
        ['GET /v1/segments/{segmentId}', undefined],
        ['locations.get', 'status'],
        [REDEEM, 'reset'],
        [REDEEM, undefined],
      ]);
    });

    it('a fault without operation or route meets a routed request too', async () => {
      mock.inject({ fault: 'status', status: 502 });
      expect(await failure(redeem(conn.client(), 'SPRING15'))).toMatchObject({ status: 502, outcome: 'unknown' });
      expect(mock.requests).toMatchObject([{ route: REDEEM, fault: 'status' }]);
    });
  });

  describe('a handler that never settles', () => {
    it("holds its request until the client's timeout ends the call; the mock keeps answering", async () => {
      mock.route('GET /v1/stuck/{id}', () => new Promise(() => {}));
      const error = await failure(conn.client({ timeout: 200 }).request({ method: 'GET', path: '/v1/stuck/{id}', pathParams: { id: '1' } }));
      expect(error).toBeInstanceOf(TimeoutError);
      expect((await redeem(conn.client(), 'SPRING15')).result).toBe('SUCCESS');
    });

    it('is let go by mock.reset(): the held request ends as a dropped connection', async () => {
      let reached = false;
      mock.route('GET /v1/stuck/{id}', () => ((reached = true), new Promise(() => {})));
      const held = conn.raw('/v1/stuck/1', { headers: serverHeaders(mock) });
      await expect.poll(() => reached).toBe(true);
      mock.reset();
      expect(await failure(held)).toBeInstanceOf(TypeError);
    });

    it('rejecting after its request ended rejects nobody', async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        let fail: (error: Error) => void = () => {};
        mock.route('GET /v1/late/{id}', () => new Promise((_resolve, reject) => (fail = reject)));
        expect(await failure(conn.client({ timeout: 150 }).request({ method: 'GET', path: '/v1/late/{id}', pathParams: { id: '1' } }))).toBeInstanceOf(
          TimeoutError,
        );
        fail(new Error('too late'));
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    });
  });

  it('a handler that throws answers 500 route_handler_failed naming the route; the mock keeps serving', async () => {
    mock.route('POST /v1/broken', () => {
      throw new RangeError('no such tier\u0000\nreally');
    });
    const error = await failure(conn.client().request({ method: 'POST', path: '/v1/broken', body: {} }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({
      status: 500,
      key: 'route_handler_failed',
      details: "mock.route('POST /v1/broken'): the handler threw RangeError: no such tier really",
      outcome: 'unknown',
    });
    expect((await redeem(conn.client(), 'SPRING15')).result).toBe('SUCCESS');
  });

  it('keeps its routes across mock.reset(); a route added again replaces its handler; removed, it is gone', async () => {
    const tierRedemption = (id: string) => ({ body: { id, object: 'redemption', result: 'SUCCESS', voucher: { code: 'tier' } } });
    mock.route('POST /v1/promotions/tiers/{tierId}/redemption', () => tierRedemption('r_first'));
    mock.reset();
    const redeemTier = () =>
      conn.client().request({ method: 'POST', path: '/v1/promotions/tiers/{id}/redemption', pathParams: { id: 'promo_1' }, body: {}, schema: Redemption });
    expect((await redeemTier()).id).toBe('r_first');
    const remove = mock.route('POST /v1/promotions/tiers/{promotionTierId}/redemption', () => tierRedemption('r_second'));
    expect((await redeemTier()).id).toBe('r_second');
    expect(mock.requests.map((r) => r.route)).toEqual([
      'POST /v1/promotions/tiers/{tierId}/redemption',
      'POST /v1/promotions/tiers/{promotionTierId}/redemption',
    ]);
    remove();
    remove(); // twice is harmless
    const gone = conn.raw('/v1/promotions/tiers/promo_1/redemption', { method: 'POST', headers: serverHeaders(mock), body: '{}' });
    if (msw)
      expect(await failure(gone)).toBeInstanceOf(TypeError); // no longer the mock's: msw passes it on (to no handler here)
    else expect((await gone).status).toBe(404);
  });
});

/** The route tests that need a fresh mock rather than the suite's. */
describe('mock.route() on a fresh mock', () => {
  it('the most specific route wins where a route and a built-in operation both match', async () => {
    const { createMockService } = await import('../../src/testing/index.js');
    const mock = createMockService();
    mock.route('GET /v1/loyalties/{campaignId}/members/export', ({ pathParams }) => ({ body: { export_of: pathParams.campaignId } }));
    mock.route('GET /v1/{resource}/{id}', ({ pathParams }) => ({ body: { generic: pathParams } }));
    const get = async (path: string) => (await mock.fetch(`${mock.baseUrl}${path}`, { headers: serverHeaders(mock) })).json();
    expect(await get(`/v1/loyalties/${mock.ids.campaigns.coffeeClub}/members/export`)).toEqual({ export_of: mock.ids.campaigns.coffeeClub });
    expect(await get(`/v1/loyalties/${mock.ids.campaigns.coffeeClub}/members/${mock.ids.members.ada}`)).toMatchObject({ code: mock.ids.members.ada }); // the built-in getMember
    expect(await get(`/v1/locations/${mock.ids.location}`)).toMatchObject({ id: mock.ids.location, object: 'location' }); // the built-in, more specific
    expect(await get('/v1/categories/cat_1')).toEqual({ generic: { resource: 'categories', id: 'cat_1' } });
    expect(mock.requests.map((r) => r.operation ?? r.route)).toEqual([
      'GET /v1/loyalties/{campaignId}/members/export',
      'loyalties.getMember',
      'locations.get',
      'GET /v1/{resource}/{id}',
    ]);
  });

  it('over mock.listen(), close() ends a request a handler holds and resolves', async () => {
    const { createMockService } = await import('../../src/testing/index.js');
    const mock = createMockService();
    let reached = false;
    mock.route('GET /v1/stuck', () => ((reached = true), new Promise(() => {})));
    const server = await mock.listen();
    try {
      const held = fetch(`${server.url}/v1/stuck`, { headers: serverHeaders(mock) });
      await expect.poll(() => reached).toBe(true);
      await server.close();
      expect(await failure(held)).toBeInstanceOf(TypeError);
    } finally {
      await server.close();
    }
  });
});

/** The suites above share a connection; this one needs msw with handlers of the user's after the mock's. */
describe('mock.handlers() with msw: what the mock does not serve goes on to later handlers', () => {
  it("answers only the mock's own routes; the rest reach the user's handlers, untouched by faults", async () => {
    const [{ http, HttpResponse }, { setupServer }, { createMockService }, { Client }] = await Promise.all([
      import('msw'),
      import('msw/node'),
      import('../../src/testing/index.js'),
      import('../../src/index.js'),
    ]);
    const mock = createMockService();
    const base = mock.baseUrl;
    const server = setupServer(
      ...mock.handlers(http),
      http.get(`${base}/v1/exports`, () => HttpResponse.json({ exports: [{ id: 'exp_user' }] })),
      http.get(`${base}/v1/orders`, () => HttpResponse.json({ orders: [{ id: 'ord_user' }] })),
      http.post(`${base}/v1/vouchers/:code/redemption`, () => HttpResponse.json({ id: 'r_user' })),
      http.options(`${base}/v1/exports`, () => new HttpResponse(null, { status: 204, headers: { 'x-preflight': 'user' } })),
    );
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const client = new Client({ baseUrl: base, ...mock.credentials, logLevel: 'off', maxRetries: 0 });
      mock.inject({ fault: 'reset' }); // met only by a request the mock serves
      expect(await client.request({ method: 'GET', path: '/v1/exports' })).toEqual({ exports: [{ id: 'exp_user' }] });
      // The mock serves POST /v1/orders (orders.create), not GET: the user's handler answers.
      expect(await client.request({ method: 'GET', path: '/v1/orders' })).toEqual({ orders: [{ id: 'ord_user' }] });
      // Not a route of the mock yet: the user's handler; once routed, the mock's (its handlers come first).
      expect(await client.request({ method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'A' } })).toEqual({ id: 'r_user' });
      const remove = mock.route(REDEEM, () => ({ body: { id: 'r_mock' } }));
      expect(await failure(client.request({ method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'A' } }))).toBeInstanceOf(
        ConnectionError,
      ); // the fault, kept for it
      expect(await client.request({ method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'A' } })).toEqual({ id: 'r_mock' });
      remove();
      expect(await client.request({ method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'A' } })).toEqual({ id: 'r_user' });
      const preflight = await fetch(`${base}/v1/exports`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers.get('x-preflight')).toBe('user');
      // Built-in operations are still the mock's.
      expect((await client.locations.get(mock.ids.location)).id).toBe(mock.ids.location);
      expect(mock.requests.map((r) => [r.operation ?? r.route, r.status, r.fault])).toEqual([
        [REDEEM, 0, 'reset'],
        [REDEEM, 200, undefined],
        ['locations.get', 200, undefined],
      ]);
    } finally {
      server.close();
    }
  });
});
