/**
 * `mock.route()` against bad input: route strings, handlers and options refused when the route is
 * added, with a `TypeError` naming the rule and nothing added; and handlers that answer garbage,
 * whose request gets a 500 naming the route while the mock, and its server, keep serving.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockService, type MockInjectOptions, type MockRouteHandler, type MockRouteOptions } from '../../src/testing/index.js';
import { allTransports, serverHeaders, useMock } from './transports.js';

const ok: MockRouteHandler = () => ({ body: { ok: true } });

describe('mock.route() refuses a bad route, handler or option, and adds nothing', () => {
  const refusedRoutes: Array<[unknown, RegExp]> = [
    [undefined, /a route is a string 'METHOD \/path'.*; got undefined/],
    [null, /a route is a string/],
    [42, /a route is a string.*got 42/],
    [{ method: 'GET', path: '/v1/x' }, /a route is a string.*got object/],
    ['', /'METHOD \/path' with one space between/],
    ['/v1/campaigns', /'METHOD \/path' with one space between/],
    ['post /v1/campaigns', /'METHOD \/path' with one space between.*got "post \/v1\/campaigns"/],
    ['POST  /v1/campaigns', /with one space between/],
    [' POST /v1/campaigns', /with one space between/],
    ['POST /v1/campaigns ', /with one space between/],
    ['POST /v1/campaign list', /with one space between/],
    ['POST\t/v1/campaigns', /with one space between/],
    ['POST /v1/campaigns\n', /with one space between/],
    ['HEAD /v1/campaigns', /the method must be one of GET, POST, PUT, PATCH, DELETE/],
    ['OPTIONS /v1/campaigns', /the method must be one of/],
    ['CONNECT /v1/campaigns', /the method must be one of/],
    ['GET v1/campaigns', /the path must start \/v1\/ \(or \/client\/v1\/\)/],
    ['GET https://evil.example/v1/campaigns', /the path must start \/v1\//],
    ['GET //evil.example/v1/campaigns', /the path must start \/v1\//],
    ['GET /v2/campaigns', /the path must start \/v1\//],
    ['GET /client/v2/events', /the path must start \/v1\//],
    ['GET /v1', /the path must start \/v1\//],
    ['GET /v1/', /no empty, \. or \.\. segment/],
    ['GET /v1/campaigns/', /no empty, \. or \.\. segment/],
    ['GET /v1//campaigns', /no empty/],
    ['GET /v1/./campaigns', /no empty, \. or \.\. segment/],
    ['GET /v1/../admin', /no empty, \. or \.\. segment/],
    ['GET /v1/%2e%2e/admin', /no %/],
    ['GET /v1/campaigns?limit=1', /no query/],
    ['GET /v1/campaigns#top', /only path segments/],
    ['GET /v1/camp\\aigns', /only path segments/],
    ['GET /v1/campaigns/\u0000', /only path segments/],
    ['GET /v1/kampagnen/\u00e9t\u00e9', /only path segments/],
    ['GET /v1/campaigns/x{id}', /placeholders must be whole segments, \/\{name\}/],
    ['GET /v1/campaigns/{id}x', /placeholders must be whole segments/],
    ['GET /v1/campaigns/{id?}', /only path segments/],
    ['GET /v1/campaigns/{}', /placeholders must be whole segments/],
    ['GET /v1/campaigns/{a-b}', /placeholders must be whole segments/],
    ['GET /v1/campaigns/{{id}}', /placeholders must be whole segments/],
    ['GET /v1/campaigns/{id', /placeholders must be whole segments/],
    ['GET /v1/campaigns/{__proto__}', /may not be named __proto__, constructor or prototype/],
    ['GET /v1/campaigns/{constructor}/x', /may not be named/],
    ['GET /v1/{id}/vouchers/{id}', /each placeholder name may appear once/],
    [`GET /v1/${'a/'.repeat(1_000)}b`, /at most 2000 characters; got "GET \/v1\/a\/a\/a.*…"/],
  ];

  it.each(refusedRoutes)('refuses the route %j', (route, message) => {
    const mock = createMockService();
    expect(() => mock.route(route as string, ok)).toThrow(TypeError);
    expect(() => mock.route(route as string, ok)).toThrow(message);
    expect(() => mock.route(route as string, ok)).toThrow(/^mock\.route: /);
  });

  // Every built-in operation's route (placeholders named alike or not) is the mock's own.
  const builtIns: Array<[string, string]> = [
    ['POST /v1/vouchers/{code}/validate', 'vouchers.validate'],
    ['POST /v1/vouchers/{voucherCode}/validate', 'vouchers.validate'],
    ['GET /v1/loyalties/members/{id}', 'loyalties.getMember'],
    ['GET /v1/loyalties/{campaignId}/members/{memberId}', 'loyalties.getMember'],
    ['POST /v1/loyalties/{c}/members/{m}/redemption', 'loyalties.redeemReward'],
    ['POST /v1/oauth/introspect', 'oauth.introspect'],
    ['POST /client/v1/events', 'clientEvents.track'],
    ['PUT /v1/promotions/{a}/stacks/{b}', 'promotions.updateStack'],
    ['GET /v1/async-actions', 'asyncActions.list'],
  ];

  it.each(builtIns)("refuses %s: it is %s, the mock's own", (route, operation) => {
    const mock = createMockService();
    expect(() => mock.route(route, ok)).toThrow(TypeError);
    expect(() => mock.route(route, ok)).toThrow(`mock.route: ${route} is ${operation}, which the mock serves itself`);
    expect(() => mock.route(route, ok)).toThrow(/mock\.seed\(\) and mock\.inject\(\), or put an msw handler of your own before \.\.\.mock\.handlers\(http\)/);
  });

  it('takes a built-in path with another method: GET /v1/orders beside orders.create', async () => {
    const mock = createMockService();
    mock.route('GET /v1/orders', ({ query }) => ({ body: { orders: [], limit: query.limit } }));
    const response = await mock.fetch(`${mock.baseUrl}/v1/orders?limit=5`, { headers: serverHeaders(mock) });
    expect(await response.json()).toEqual({ orders: [], limit: '5' });
  });

  const refusedHandlers: Array<[unknown, RegExp]> = [
    [undefined, /the handler must be a function .* got undefined/],
    [null, /the handler must be a function/],
    [{ status: 200 }, /the handler must be a function .* got object/],
    ['() => ({})', /the handler must be a function .* got "\(\) => \(\{\}\)"/],
  ];

  it.each(refusedHandlers)('refuses the handler %j', (handler, message) => {
    const mock = createMockService();
    expect(() => mock.route('GET /v1/campaigns', handler as MockRouteHandler)).toThrow(message);
  });

  const refusedOptions: Array<[unknown, RegExp]> = [
    ['server', /the options must be an object \{ auth\? \}; got "server"/],
    [null, /the options must be an object/],
    [[], /the options must be an object .*got an array/],
    [{ auth: 'none' }, /auth must be 'server', 'app' or 'client'; got "none"/],
    [{ auth: 'SERVER' }, /auth must be 'server', 'app' or 'client'/],
    [{ auth: null }, /auth must be/],
    [{ autth: 'app' }, /unknown option "autth"; the only option is auth/],
    [{ [`${'x'.repeat(150)}\n`]: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, /^mock\.route: unknown option "x{100}…", "b", "c", "d", "e", …; the only option is auth$/],
  ];

  it.each(refusedOptions)('refuses the options %j', (options, message) => {
    const mock = createMockService();
    expect(() => mock.route('GET /v1/campaigns', ok, options as MockRouteOptions)).toThrow(message);
  });

  it('adds nothing when it refuses: the path stays a 404', async () => {
    const mock = createMockService();
    expect(() => mock.route('GET /v1/exports', ok, { auth: 'none' as never })).toThrow(TypeError);
    expect(() => mock.route('GET /v1/exports/', ok)).toThrow(TypeError);
    expect((await mock.fetch(`${mock.baseUrl}/v1/exports`, { headers: serverHeaders(mock) })).status).toBe(404);
  });

  it('holds at most 1,000 routes', () => {
    const mock = createMockService();
    for (let i = 0; i < 1_000; i++) mock.route(`GET /v1/things/n${i}`, ok);
    expect(() => mock.route('GET /v1/things/one-more', ok)).toThrow('mock.route: a mock holds at most 1000 routes');
    expect(() => mock.route('GET /v1/things/n7', ok)).not.toThrow(); // replacing one is not adding
  });
});

describe('mock.inject({ route })', () => {
  const mock = createMockService();
  mock.route('POST /v1/vouchers/{code}/redemption', ok);
  const refused: Array<[unknown, RegExp]> = [
    [
      { route: 'POST /v1/campaigns', fault: 'reset' },
      /route must name a route added with mock.route\(\) first \(the routes: 'POST \/v1\/vouchers\/\{code\}\/redemption'\); got "POST \/v1\/campaigns"/,
    ],
    [{ route: 'post /v1/vouchers/{code}/redemption', fault: 'reset' }, /^mock\.inject: route: a route is 'METHOD \/path'/],
    [{ route: 42, fault: 'reset' }, /^mock\.inject: route: a route is a string/],
    [
      { route: 'POST /v1/vouchers/{code}/redemption', operation: 'vouchers.validate', fault: 'reset' },
      /give operation \(a built-in operation\) or route \(a route of mock.route\(\)\), not both/,
    ],
    [{ route: 'POST /v1/vouchers/{code}/redemption', fault: 'status' }, /status must be a whole number from 200 to 599/],
  ];

  it.each(refused)('refuses %j with a TypeError naming the rule', (options, message) => {
    expect(() => mock.inject(options as MockInjectOptions)).toThrow(TypeError);
    expect(() => mock.inject(options as MockInjectOptions)).toThrow(message);
  });

  it('says when no route has been added', () => {
    expect(() => createMockService().inject({ route: 'POST /v1/x', fault: 'reset' })).toThrow(
      /route must name a route added with mock.route\(\) first \(none added yet\)/,
    );
  });

  it('takes the route with its placeholders named otherwise', () => {
    expect(() => mock.inject({ route: 'POST /v1/vouchers/{voucherCode}/redemption', fault: 'reset' })).not.toThrow();
    mock.reset();
  });
});

// Handlers that answer garbage: each request gets a 500 naming the route and the problem, then the next request is served.
const garbage: Array<[string, MockRouteHandler, RegExp]> = [
  [
    'throws',
    () => {
      throw new Error('boom');
    },
    /the handler threw Error: boom$/,
  ],
  [
    'throws a non-error',
    () => {
      throw Object.create(null) as Error;
    },
    /the handler threw object$/,
  ],
  [
    'throws a huge message with control characters',
    () => {
      throw new Error(`\u001b[31m${'x'.repeat(100_000)}`);
    },
    /the handler threw Error: +\[31mx{400,}…$/,
  ],
  ['rejects', () => Promise.reject(new TypeError('nope')), /the handler rejected with TypeError: nope$/],
  ['returns undefined', (() => undefined) as unknown as MockRouteHandler, /must return \{ status\?, body\?, headers\? \}; it returned undefined$/],
  ['returns null', (() => null) as unknown as MockRouteHandler, /it returned null$/],
  ['returns a string', (() => 'ok') as unknown as MockRouteHandler, /it returned "ok"$/],
  ['returns an array', (() => [200]) as unknown as MockRouteHandler, /it returned an array$/],
  [
    'returns a Response',
    (() => Response.json({ ok: true })) as unknown as MockRouteHandler,
    /the handler returned a Response: return \{ status\?, body\?, headers\? \} instead$/,
  ],
  ['misspells a field', (() => ({ statusCode: 201 })) as unknown as MockRouteHandler, /unknown field "statusCode": it takes status, body and headers$/],
  ['answers status 0', () => ({ status: 0 }), /the status must be a whole number from 200 to 599; it returned 0$/],
  ['answers status 101', () => ({ status: 101 }), /from 200 to 599; it returned 101$/],
  ['answers status 600', () => ({ status: 600 }), /it returned 600$/],
  ['answers status 200.5', () => ({ status: 200.5 }), /it returned 200.5$/],
  ['answers status NaN', () => ({ status: Number.NaN }), /it returned NaN$/],
  ['answers status "201"', (() => ({ status: '201' })) as unknown as MockRouteHandler, /it returned "201"$/],
  ['answers a BigInt body', () => ({ body: { points: 10n } }), /the body is not JSON: TypeError: Do not know how to serialize a BigInt$/],
  [
    'answers a cyclic body',
    () => {
      const body: Record<string, unknown> = {};
      body.self = body;
      return { body };
    },
    /the body is not JSON: TypeError: Converting circular structure to JSON/,
  ],
  ['answers a function body', () => ({ body: () => 1 }), /the body is not JSON: function$/],
  [
    'answers a body whose toJSON throws',
    () => ({
      body: {
        toJSON() {
          throw new Error('no');
        },
      },
    }),
    /the body is not JSON: Error: no$/,
  ],
  ['answers a 204 with a body', () => ({ status: 204, body: {} }), /a 204 has no body; the handler returned one$/],
  [
    'answers headers that are not an object',
    (() => ({ headers: 'x: 1' })) as unknown as MockRouteHandler,
    /the headers must be an object of strings; it returned "x: 1"$/,
  ],
  [
    'answers a header that is not a string',
    (() => ({ headers: { 'x-count': 3 } })) as unknown as MockRouteHandler,
    /the header "x-count" must be a string; it returned 3$/,
  ],
  [
    'answers content-length',
    () => ({ headers: { 'Content-Length': '999' }, body: {} }),
    /the header "Content-Length" frames the connection: the mock sets it$/,
  ],
  ['answers transfer-encoding', () => ({ headers: { 'transfer-encoding': 'chunked' } }), /frames the connection/],
  ['answers a header name with a space', () => ({ headers: { 'x bad': '1' } }), /the header "x bad" is not a valid header name and value$/],
  [
    'answers a header value with a line break',
    () => ({ headers: { 'x-injected': 'a\r\nset-cookie: s=1' } }),
    /the header "x-injected" is not a valid header name and value$/,
  ],
  [
    'answers a Proxy whose fields throw',
    () =>
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
    /reading the handler's answer threw Error: trap$/,
  ],
  [
    'resolves a thenable whose then throws',
    () =>
      ({
        get then() {
          throw new Error('then trap');
        },
      }) as never,
    /the handler rejected with Error: then trap$/,
  ],
];

describe.each(allTransports)('a handler that answers garbage, through %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);
  mock.route('GET /v1/healthy', ok);

  it.each(garbage)('%s: a 500 route_handler_failed naming the route; the mock keeps serving', async (_case, handler, problem) => {
    mock.route('POST /v1/garbage/{id}', handler);
    const response = await conn.raw('/v1/garbage/1', { method: 'POST', headers: serverHeaders(mock), body: '{}' });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: number; key: string; details: string; request_id: string };
    expect(body).toMatchObject({ code: 500, key: 'route_handler_failed', message: 'Internal server error', request_id: response.headers.get('x-request-id') });
    expect(body.details.startsWith("mock.route('POST /v1/garbage/{id}'): ")).toBe(true);
    expect(body.details).toMatch(problem);
    expect(body.details.length).toBeLessThan(700);
    expect(body.details).not.toMatch(/[\u0000-\u001f]/);
    expect((await conn.raw('/v1/healthy', { headers: serverHeaders(mock) })).status).toBe(200);
    expect(mock.requests.map((r) => [r.route, r.status])).toEqual([
      ['POST /v1/garbage/{id}', 500],
      ['GET /v1/healthy', 200],
    ]);
  });
});

describe('mock.route() from the built package', () => {
  it('serves client.request(), logs the route and takes its faults', async () => {
    const dist = new URL('../../dist/', import.meta.url);
    if (!existsSync(new URL('testing.js', dist))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
    const testing = (await import(new URL('testing.js', dist).href)) as typeof import('../../src/testing/index.js');
    const sdk = (await import(new URL('index.js', dist).href)) as typeof import('../../src/index.js');
    const mock = testing.createMockService();
    mock.route('POST /v1/vouchers/{code}/redemption', ({ pathParams }) => ({ body: { id: 'r_1', result: 'SUCCESS', voucher: { code: pathParams.code } } }));
    const client = new sdk.Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off' });
    const redeem = () => client.request<{ id: string }>({ method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'SPRING15' }, body: {} });
    expect((await redeem()).id).toBe('r_1');
    mock.inject({ route: 'POST /v1/vouchers/{code}/redemption', fault: 'status', status: 503 });
    const error = await redeem().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.InternalServerError);
    expect(error).toMatchObject({ outcome: 'unknown' });
    expect(mock.requests.map((r) => [r.route, r.status])).toEqual([
      ['POST /v1/vouchers/{code}/redemption', 200],
      ['POST /v1/vouchers/{code}/redemption', 503],
    ]);
  });
});
