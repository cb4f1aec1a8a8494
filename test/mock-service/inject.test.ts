/**
 * `mock.inject()`: each fault through the three ways of reaching the mock (`mock.fetch`,
 * `mock.listen()`, msw), used the way a user's test would, with the SDK's `Client`. Assertions
 * are on the status or error class the client sees, on the mock's store (was the change
 * applied, and how many times) and on `mock.requests`.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, ConnectionError, InternalServerError, RateLimitError, ResponseValidationError, TimeoutError } from '../../src/index.js';
import { createMockService, type MockInjectOptions, type MockService } from '../../src/testing/index.js';
import { mockOperations, routes } from '../../src/testing/operations.js';
import { operationNames } from '../../src/resources/registry.js';
import { allTransports, failure, serverHeaders, useMock } from './transports.js';

/** What a redemption of the espresso reward leaves in the store, to count how often it happened. */
function spendCount(mock: MockService): { points: number | null | undefined; redemptions: number; transactions: number } {
  const card = mock.get('vouchers', mock.ids.members.ada)!;
  return {
    points: card.loyalty_card?.points,
    redemptions: mock.list('redemptions').filter((r) => r.related_object_id === card.id).length,
    transactions: mock.list('transactions').filter((t) => t.voucher_id === card.id && t.type === 'POINTS_REDEMPTION').length,
  };
}

describe.each(allTransports)('mock.inject() through %s', (name, connect) => {
  const { mock, conn } = useMock(connect);
  const redeem = (options?: Parameters<typeof conn.client>[0]) =>
    conn.client(options).loyalties.redeemReward(mock.ids.members.ada, { reward: { id: mock.ids.rewards.espresso } });
  /** Redeems with `fault` injected on redemptions: what the client got, and the spend counts before and after. */
  const redeemMeeting = async (fault: Omit<MockInjectOptions, 'operation'>, options?: Parameters<typeof conn.client>[0]) => {
    const before = spendCount(mock);
    mock.inject({ operation: 'loyalties.redeemReward', ...fault });
    const error = await failure(redeem(options));
    return { error, before, after: spendCount(mock) };
  };

  describe("'status'", () => {
    it("answers with the status and the service's error body; nothing is applied", async () => {
      const { error, before, after } = await redeemMeeting({ fault: 'status', status: 500 });
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 500, key: 'internal_error', outcome: 'unknown' }); // a 5xx cannot say nothing was applied
      expect(after).toEqual(before);
      expect(mock.requests).toMatchObject([{ operation: 'loyalties.redeemReward', method: 'POST', status: 500, fault: 'status' }]);
    });

    it('sends Retry-After on 429 and 503, from ms rounded up to whole seconds (1 s by default)', async () => {
      mock.inject({ operation: 'locations.get', fault: 'status', status: 503 });
      mock.inject({ operation: 'locations.get', fault: 'status', status: 429, ms: 2_500 });
      mock.inject({ operation: 'locations.get', fault: 'status', status: 502 });
      const path = `/v1/locations/${mock.ids.location}`;
      const unavailable = await conn.raw(path, { headers: serverHeaders(mock) });
      expect(unavailable.status).toBe(503);
      expect(unavailable.headers.get('retry-after')).toBe('1');
      expect(await unavailable.json()).toEqual({
        code: 503,
        key: 'service_unavailable',
        message: 'Service unavailable',
        details: expect.any(String),
        request_id: unavailable.headers.get('x-request-id'),
      });
      const limited = await conn.raw(path, { headers: serverHeaders(mock) });
      expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
      const gateway = await conn.raw(path, { headers: serverHeaders(mock) });
      expect([gateway.status, gateway.headers.get('retry-after')]).toEqual([502, null]);
      expect(await gateway.json()).toMatchObject({ code: 502, key: 'bad_gateway' });
      expect((await conn.raw(path, { headers: serverHeaders(mock) })).status).toBe(200);
    });

    it('answers a status that carries no body (204) without one', async () => {
      mock.inject({ fault: 'status', status: 204 });
      const response = await conn.raw(`/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    });

    it('gives the client a RateLimitError for an injected 429', async () => {
      mock.inject({ operation: 'vouchers.validate', fault: 'status', status: 429, ms: 1_000 });
      const error = await failure(conn.client().vouchers.validate(mock.ids.vouchers.valid));
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, outcome: 'rejected' });
    });
  });

  describe("'timeout'", () => {
    it('never answers: the client times out, and nothing is applied', async () => {
      const { error, before, after } = await redeemMeeting({ fault: 'timeout' }, { timeout: 200 });
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ outcome: 'unknown' });
      expect(after).toEqual(before);
      expect(mock.requests).toMatchObject([{ operation: 'loyalties.redeemReward', status: 0, fault: 'timeout' }]);
    });

    it('is let go by mock.reset(): the held request ends as a dropped connection', async () => {
      mock.inject({ fault: 'timeout' });
      const held = conn.raw(`/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) });
      await expect.poll(() => mock.requests.length).toBe(1); // the request has arrived and is held
      mock.reset();
      const error = await failure(held);
      expect(error).toBeInstanceOf(TypeError);
    });
  });

  describe("'reset'", () => {
    it('drops the connection before the service acts: a connection failure, nothing applied', async () => {
      const { error, before, after } = await redeemMeeting({ fault: 'reset' });
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ outcome: 'unknown' }); // the client cannot tell it from 'commit-then-reset'
      expect(after).toEqual(before);
      expect(mock.requests).toMatchObject([{ operation: 'loyalties.redeemReward', status: 0, fault: 'reset' }]);
    });

    it('is a rejected fetch, a TypeError, for raw fetch calls too', async () => {
      mock.inject({ fault: 'reset' });
      expect(await failure(conn.raw(`/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) }))).toBeInstanceOf(TypeError);
    });
  });

  describe("'commit-then-reset'", () => {
    it('applies the redemption exactly once, then drops the connection: the client sees a connection failure', async () => {
      const { error, before, after } = await redeemMeeting({ fault: 'commit-then-reset' });
      expect(before.points).toBe(1250);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ outcome: 'unknown', message: expect.stringContaining('"After an unknown outcome"') });
      expect(after).toEqual({ points: 1050, redemptions: before.redemptions + 1, transactions: before.transactions + 1 });
      // The lost answer was a 200; one request reached the mock.
      expect(mock.requests).toMatchObject([{ operation: 'loyalties.redeemReward', status: 200, fault: 'commit-then-reset' }]);
      expect(mock.requests).toHaveLength(1);
    });

    it('stores an order the client never hears about', async () => {
      mock.inject({ operation: 'orders.create', fault: 'commit-then-reset' });
      const error = await failure(conn.client().orders.create({ source_id: 'checkout-77', amount: 4200 }));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(mock.list('orders').filter((o) => o.source_id === 'checkout-77')).toHaveLength(1);
    });
  });

  describe("'latency'", () => {
    it('answers normally, at least ms later', async () => {
      mock.inject({ operation: 'loyalties.getMember', fault: 'latency', ms: 200 });
      const started = performance.now();
      const member = await conn.client().loyalties.getMember(mock.ids.members.ada);
      const elapsed = performance.now() - started;
      expect(member.loyalty_card?.points).toBe(1250);
      expect(elapsed).toBeGreaterThanOrEqual(199); // a timer may fire up to 1 ms before its due time
      expect(mock.requests).toMatchObject([{ operation: 'loyalties.getMember', status: 200, fault: 'latency' }]);
    });

    it('acts at once: a client that gives up during the delay has had its redemption applied', async () => {
      const { error, after } = await redeemMeeting({ fault: 'latency', ms: 60_000 }, { timeout: 200 });
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ outcome: 'unknown' });
      expect(after.points).toBe(1050);
    });
  });

  describe("'malformed-json'", () => {
    it('answers 200 with a body that is not JSON; the change is applied', async () => {
      const { error, before, after } = await redeemMeeting({ fault: 'malformed-json' });
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ outcome: 'unknown' });
      expect(after).toEqual({ points: 1050, redemptions: before.redemptions + 1, transactions: before.transactions + 1 });
      expect(mock.requests).toMatchObject([{ operation: 'loyalties.redeemReward', status: 200, fault: 'malformed-json' }]);
    });

    it('keeps the status and content type; the body does not parse', async () => {
      mock.inject({ fault: 'malformed-json' });
      const response = await conn.raw(`/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      const text = await response.text();
      expect(text.length).toBeGreaterThan(0);
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
    });
  });

  describe('matching', () => {
    it('applies a fault to `times` matching requests, then is used up', async () => {
      mock.inject({ operation: 'locations.get', fault: 'status', status: 503, times: 2 });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await conn.raw(`/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) })).status);
      expect(statuses).toEqual([503, 503, 200]);
      expect(mock.requests.map((r) => r.fault)).toEqual(['status', 'status', undefined]);
      expect(mock.requests[2]).not.toHaveProperty('fault');
    });

    it('leaves other operations alone', async () => {
      mock.inject({ operation: 'loyalties.redeemReward', fault: 'reset' });
      const member = await conn.client().loyalties.getMember(mock.ids.members.ada);
      expect(member.loyalty_card?.points).toBe(1250);
      expect(await failure(redeem())).toBeInstanceOf(ConnectionError);
      expect(mock.requests.map((r) => [r.operation, r.fault])).toEqual([
        ['loyalties.getMember', undefined],
        ['loyalties.redeemReward', 'reset'],
      ]);
    });

    it('without an operation, applies to every request the mock answers, an unknown path included', async () => {
      mock.inject({ fault: 'status', status: 500, times: 3 });
      expect(await failure(conn.client().locations.get(mock.ids.location))).toBeInstanceOf(InternalServerError);
      expect(await failure(conn.client().vouchers.validate(mock.ids.vouchers.valid))).toBeInstanceOf(InternalServerError);
      if (name === 'mock.handlers() with msw') {
        // msw hands a path the mock does not serve to the next handler (none here: unhandled), untouched.
        expect(await failure(conn.raw('/v1/no-such-path', { headers: serverHeaders(mock) }))).toBeInstanceOf(TypeError);
        expect(mock.requests.map((r) => [r.operation, r.status, r.fault])).toEqual([
          ['locations.get', 500, 'status'],
          ['vouchers.validate', 500, 'status'],
        ]);
        return;
      }
      expect((await conn.raw('/v1/no-such-path', { headers: serverHeaders(mock) })).status).toBe(500);
      expect(mock.requests.map((r) => [r.operation, r.status, r.fault])).toEqual([
        ['locations.get', 500, 'status'],
        ['vouchers.validate', 500, 'status'],
        [undefined, 500, 'status'],
      ]);
    });

    it('uses faults in the order injected, each request taking the first that matches it', async () => {
      mock.inject({ operation: 'locations.get', fault: 'status', status: 500 });
      mock.inject({ fault: 'status', status: 502 });
      mock.inject({ operation: 'locations.get', fault: 'status', status: 504 });
      const get = async (path: string) => (await conn.raw(path, { headers: serverHeaders(mock) })).status;
      const location = `/v1/locations/${mock.ids.location}`;
      expect(await get(`/v1/loyalties/members/${mock.ids.members.ada}`)).toBe(502); // the first fault is for locations.get only
      expect(await get(location)).toBe(500);
      expect(await get(location)).toBe(504);
      expect(await get(location)).toBe(200);
    });

    it('mock.reset() forgets injected faults', async () => {
      mock.inject({ fault: 'reset', times: Infinity });
      expect(await failure(conn.client().locations.get(mock.ids.location))).toBeInstanceOf(ConnectionError);
      mock.reset();
      expect((await conn.client().locations.get(mock.ids.location)).id).toBe(mock.ids.location);
      expect(mock.requests).toMatchObject([{ operation: 'locations.get', status: 200 }]);
    });

    it('never faults a CORS preflight', async () => {
      mock.inject({ fault: 'reset' });
      const preflight = await conn.raw('/client/v1/events', {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(await failure(conn.raw(`/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) }))).toBeInstanceOf(TypeError);
    });
  });
});

describe('mock.inject() options', () => {
  const mock = createMockService();
  const refused: Array<[unknown, RegExp]> = [
    [undefined, /options object/],
    [{ fault: 'explode' }, /fault must be one of 'status', 'timeout', 'reset', 'commit-then-reset', 'latency', 'malformed-json', 'distort'; got 'explode'/],
    [{ fault: 'distort' }, /distort must be an object/],
    [{ fault: 'distort', distort: { omitt: ['x'] } }, /distort has no option omitt/],
    [{ fault: 'distort', distort: { omit: 'metadata' } }, /distort.omit must be an array of dot-separated field paths/],
    [{ fault: 'distort', distort: { pageSize: 0 } }, /distort.pageSize must be a whole number from 1 to 100/],
    [{ fault: 'distort', distort: { dateOffsetMs: 1.5 } }, /distort.dateOffsetMs must be a whole number/],
    [{ fault: 'distort', distort: { cut: { fields: ['email'] } } }, /distort.cut must be/],
    [{ fault: 'distort', distort: { reverse: 'yes' } }, /distort.reverse must be true or false/],
    [{ fault: 'reset', distort: {} }, /distort applies only to fault 'distort', not 'reset'/],
    [{}, /fault must be one of/],
    [{ fault: 'reset', operation: 'loyalties.redeem' }, /operation must be the SDK method of an operation.*got 'loyalties.redeem'/],
    [{ fault: 'reset', times: 0 }, /times must be a whole number, 1 or more, or Infinity; got 0/],
    [{ fault: 'reset', times: 1.5 }, /times must be/],
    [{ fault: 'reset', times: Number.NaN }, /times must be/],
    [{ fault: 'reset', times: '2' }, /times must be/],
    [{ fault: 'status' }, /status must be a whole number from 200 to 599 with fault 'status'; got undefined/],
    [{ fault: 'status', status: 199 }, /status must be a whole number from 200 to 599/],
    [{ fault: 'status', status: 600 }, /status must be/],
    [{ fault: 'status', status: 500, ms: -1 }, /ms must be a number of milliseconds from 0 to 2147483647 with fault 'status'/],
    [{ fault: 'latency' }, /ms must be a number of milliseconds from 0 to 2147483647 with fault 'latency'; got undefined/],
    [{ fault: 'latency', ms: 2 ** 31 }, /ms must be/],
    [{ fault: 'latency', ms: Number.NaN }, /ms must be/],
    [{ fault: 'reset', status: 500 }, /status applies only to fault 'status', not 'reset'/],
    [{ fault: 'timeout', ms: 100 }, /ms applies only to faults 'latency' and 'status', not 'timeout'/],
    [{ fault: 'reset', opertion: 'locations.get' }, /unknown option opertion/],
  ];

  it.each(refused)('refuses %j with a TypeError naming the option and its rule', (options, message) => {
    expect(() => mock.inject(options as MockInjectOptions)).toThrow(TypeError);
    expect(() => mock.inject(options as MockInjectOptions)).toThrow(message);
  });

  it("'distort' bends the answers it meets, never the records: fields left out, null, lower-cased or cut, a Date off, pages of its own size, a lying total and has_more, records repeated and reversed", async () => {
    const own = createMockService({ seed: false });
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    own.seed({
      customers: Array.from({ length: 7 }, (_, i) => ({
        source_id: `c${i}`,
        email: `Ann.${i}@Example.com`,
        name: `Ann Number ${i}`,
        created_at: at(i),
        metadata: { k: i },
      })),
    });
    const list = async (query: string) => {
      const response = await own.fetch(`${own.baseUrl}/v1/customers?${query}`, { headers: serverHeaders(own) });
      return {
        body: (await response.json()) as { customers: Array<Record<string, unknown>>; total: number; has_more?: boolean },
        date: Date.parse(response.headers.get('date')!),
      };
    };
    const honest = await list('limit=100');
    own.inject({
      operation: 'customers.list',
      fault: 'distort',
      times: Infinity,
      distort: {
        omit: ['metadata'],
        nullify: ['source_id'],
        lowercase: ['email'],
        cut: { fields: ['name'], length: 3 },
        dateOffsetMs: -2 * 3_600_000,
        pageSize: 3,
        totalOffset: -2,
        hasMore: false,
        repeat: true,
        reverse: true,
      },
    });
    const page = await list('limit=100&order=-created_at');
    expect(page.body.total).toBe(5);
    expect(page.body.has_more).toBe(false);
    expect(page.body.customers.map((c) => c.email)).toEqual([
      'ann.4@example.com',
      'ann.4@example.com',
      'ann.5@example.com',
      'ann.5@example.com',
      'ann.6@example.com',
      'ann.6@example.com',
    ]);
    for (const customer of page.body.customers) {
      expect(customer).not.toHaveProperty('metadata');
      expect(customer).toMatchObject({ source_id: null, name: 'Ann' });
    }
    expect(Math.abs(page.date + 2 * 3_600_000 - honest.date)).toBeLessThan(2_000);
    // The records are the truth: untouched.
    expect(own.list('customers').map((c) => c.email)).toEqual(honest.body.customers.map((c) => c.email).reverse());
    expect(own.list('customers').every((c) => c.metadata && c.source_id)).toBe(true);
  });

  it('adds nothing when it refuses', async () => {
    expect(() => mock.inject({ fault: 'status', status: 42 })).toThrow(TypeError);
    const response = await mock.fetch(`${mock.baseUrl}/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) });
    expect(response.status).toBe(200);
  });

  it('accepts the SDK method of every operation the mock routes, and only those: every operation of the registry', () => {
    expect(new Set(routes.map((r) => r.name))).toEqual(new Set(mockOperations));
    expect([...mockOperations].sort()).toEqual([...operationNames].sort());
    for (const operation of mockOperations) expect(() => mock.inject({ operation, fault: 'reset' })).not.toThrow();
    mock.reset();
  });
});

describe('a request a fault holds is let go', () => {
  const url = (mock: MockService) => `${mock.baseUrl}/v1/locations/${mock.ids.location}`;

  it('mock.fetch: when the signal aborts, the fetch rejects with its reason, as fetch does', async () => {
    const mock = createMockService();
    for (const fault of [{ fault: 'timeout' }, { fault: 'latency', ms: 60_000 }] as const) {
      mock.inject(fault);
      const controller = new AbortController();
      const held = mock.fetch(url(mock), { headers: serverHeaders(mock), signal: controller.signal });
      const reason = new DOMException('gave up', 'AbortError');
      controller.abort(reason);
      expect(await failure(held)).toBe(reason);
    }
  });

  it("mock.fetch: a dropped connection is undici's failure, TypeError('fetch failed') with cause.code ECONNRESET", async () => {
    const mock = createMockService();
    mock.inject({ fault: 'timeout' });
    const held = mock.fetch(url(mock), { headers: serverHeaders(mock) }); // no signal: only reset() ends it
    await expect.poll(() => mock.requests.length).toBe(1);
    mock.reset();
    const error = await failure(held);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } });
  });

  it('mock.listen(): the request is aborted on the server when its client goes away', async () => {
    const { listen } = await import('../../src/testing/node-server.js');
    const signals: AbortSignal[] = [];
    // A stand-in for the mock that holds every request until its signal aborts.
    const server = await listen(
      (request) =>
        new Promise((_resolve, reject) => {
          signals.push(request.signal);
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    try {
      const error = await failure(fetch(`${server.url}/v1/locations/loc_1`, { signal: AbortSignal.timeout(150) }));
      expect((error as Error).name).toBe('TimeoutError');
      expect(signals).toHaveLength(1);
      await expect.poll(() => signals[0]!.aborted).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('mock.listen(): close() ends a held request and resolves', async () => {
    const mock = createMockService();
    const server = await mock.listen();
    try {
      mock.inject({ fault: 'timeout' });
      const held = fetch(`${server.url}/v1/locations/${mock.ids.location}`, { headers: serverHeaders(mock) });
      await expect.poll(() => mock.requests.length).toBe(1);
      await server.close();
      expect(await failure(held)).toBeInstanceOf(TypeError);
    } finally {
      await server.close();
    }
  });

  it('msw: the handler settles once the client gives up', async () => {
    const [{ http }, { setupServer }, { Client }] = await Promise.all([import('msw'), import('msw/node'), import('../../src/index.js')]);
    const mock = createMockService();
    const answers: Array<'held' | 'settled'> = [];
    // msw's own `http`, with every answer of the mock's handler watched.
    const watched = {
      all: (path: string, resolver: (info: { request: Request }) => Promise<Response>) =>
        http.all(path, (info) => {
          const index = answers.push('held') - 1;
          const answer = resolver(info);
          void answer.then(() => (answers[index] = 'settled'));
          return answer;
        }),
    };
    const server = setupServer(...mock.handlers(watched));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const client = new Client({ baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', maxRetries: 0, timeout: 150 });
      mock.inject({ fault: 'timeout' });
      expect(await failure(client.locations.get(mock.ids.location))).toBeInstanceOf(TimeoutError);
      await expect.poll(() => answers, { timeout: 2_000 }).toEqual(['settled']);
    } finally {
      server.close();
    }
  });
});
