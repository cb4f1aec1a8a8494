/**
 * Node's transport (src/core/node-transport.ts): in Node, with no `fetch` of the user's and
 * Node's own `globalThis.fetch` in place, every attempt goes out through undici's `request()`.
 * Each behaviour the fetch path gives is shown here to hold through it, over real node:http
 * servers on 127.0.0.1, and each request is checked to have come through the transport (Node's
 * fetch sends `sec-fetch-mode`, the transport does not), or through fetch where fetch must be used.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { Agent, Agent as UndiciAgent, getGlobalDispatcher, interceptors, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  Client,
  type ClientOptions,
  ConnectionError,
  InternalServerError,
  RedirectError,
  ResponseTooLargeError,
  retryDecision,
  TimeoutError,
} from '../../src/index.js';
import { isNodesFetch } from '../../src/core/node-transport.js';
import { keys } from '../helpers/keys.js';
import { listenOnLoopback, refusedUrl, type Loopback } from '../helpers/http-server.js';
import { type Sent, useRecorders } from '../helpers/recorder.js';

const { start, startRaw } = useRecorders();

const member = { id: 'v_1', code: 'L1', object: 'voucher' };
const redemption = { id: 'r_1', object: 'redemption', result: 'SUCCESS', status: 'SUCCEEDED', date: '2026-01-01T00:00:00Z' };

/** Node's fetch marks its requests with `sec-fetch-mode`; the transport sends only what the call sets. */
const viaTransport = (sent: Sent) => sent.headers['sec-fetch-mode'] === undefined;
const viaFetch = (sent: Sent) => sent.headers['sec-fetch-mode'] === 'cors';

const client = (baseUrl: string, options: Partial<ClientOptions> = {}) =>
  new Client({ baseUrl, ...keys, validation: 'off', logLevel: 'off', maxRetryDelay: 0, ...options });

/** The reason a promise rejected with. */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('resolved'),
    (error: unknown) => error as Error & { outcome?: string; cause?: { code?: string; message?: string } },
  );

describe('Node transport: which way a call goes', () => {
  it("is used in Node with Node's own fetch in place, and sends the call's headers as they are", async () => {
    const service = await start(() => ({ body: member }));
    await client(service.url, { headers: { 'X-Shop': 'north' } }).loyalties.getMember('L1');
    const [sent] = service.sent;
    expect(viaTransport(sent!)).toBe(true);
    expect(sent!.headers).toMatchObject({ accept: 'application/json', 'x-shop': 'north', 'x-app-id': keys.appId, 'accept-encoding': 'gzip, deflate' });
    expect(isNodesFetch(globalThis.fetch)).toBe(true);
  });

  it("a user's own fetch takes precedence: the transport is not used", async () => {
    const service = await start(() => ({ body: member }));
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    await client(service.url, { fetch }).loyalties.getMember('L1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(viaFetch(service.sent[0]!)).toBe(true);
  });

  it("a globalThis.fetch that is not Node's own (a test's mock, msw) is called: nothing bypasses it", async () => {
    const service = await start(() => ({ body: member }));
    const original = globalThis.fetch;
    const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => original(input, init));
    vi.stubGlobal('fetch', mock);
    try {
      await client(service.url).loyalties.getMember('L1');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(mock).toHaveBeenCalledTimes(1);
    expect(viaFetch(service.sent[0]!)).toBe(true);
    expect(isNodesFetch(mock)).toBe(false);
    expect(isNodesFetch(async function fetch() {})).toBe(false);
  });

  it('fetch options that set fields of the request (cache, …) go to fetch, which reads them', async () => {
    const service = await start(() => ({ body: member }));
    await client(service.url, { fetchOptions: { cache: 'no-store' } }).loyalties.getMember('L1');
    expect(viaFetch(service.sent[0]!)).toBe(true);
    // Fetch's own reading of them: no-store asks every cache on the way not to answer.
    expect(service.sent[0]!.headers['cache-control']).toBe('no-cache');
  });

  it("a request hook's header goes on the wire, each attempt its own", async () => {
    const service = await start((_sent, n) => (n === 1 ? { status: 503, body: {} } : { body: member }));
    let n = 0;
    const hooks = { request: (event: { setHeader(name: string, value: string): void }) => event.setHeader('X-Attempt', String(++n)) };
    await client(service.url, { hooks }).loyalties.getMember('L1');
    expect(service.sent.map((s) => [viaTransport(s), s.headers['x-attempt']])).toEqual([
      [true, '1'],
      [true, '2'],
    ]);
  });

  it("an attempt that goes to fetch after all (a mock put in place mid-call) carries the call's headers, the hook's and its body", async () => {
    const service = await start((_sent, n) => (n === 1 ? { status: 429, body: {}, headers: { 'retry-after': '0' } } : { body: redemption }));
    const original = globalThis.fetch;
    const seen: Array<{ headers: Record<string, string>; body: string }> = [];
    const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input as Request;
      seen.push({ headers: Object.fromEntries(request.headers), body: await request.clone().text() });
      return original(input, init);
    });
    // The first attempt goes out through the transport; the mock is in place for the retry.
    const hooks = {
      request: (event: { attempt: number; setHeader(name: string, value: string): void }) => event.setHeader('X-Attempt', String(event.attempt)),
      response: () => void vi.stubGlobal('fetch', mock),
    };
    try {
      await client(service.url, { hooks, headers: { 'X-Shop': 'north' } }).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(service.sent.map(viaTransport)).toEqual([true, false]);
    expect(mock).toHaveBeenCalledTimes(1);
    const wanted = { 'content-type': 'application/json', 'x-shop': 'north', 'x-app-id': keys.appId, 'x-app-token': keys.appToken, 'x-attempt': '2' };
    expect(seen[0]!.headers).toMatchObject({ accept: 'application/json', ...wanted });
    expect(service.sent[1]!.headers).toMatchObject(wanted);
    expect(service.sent[1]!.body).toBe(service.sent[0]!.body);
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ reward: { id: 'rew_1' } });
  });
});

describe('Node transport: connections', () => {
  it('keeps connections alive: 20 calls, one after another, come in on the sockets of the first two, as through fetch', async () => {
    const service = await start(() => ({ body: member }));
    const sockets = async (options: Partial<ClientOptions>) => {
      service.sent.length = 0;
      const c = client(service.url, options);
      for (let i = 0; i < 20; i++) await c.loyalties.getMember('L1');
      return new Set(service.sent.map((s) => s.remotePort)).size;
    };
    const throughFetch = await sockets({ fetch: (input, init) => globalThis.fetch(input, init) });
    const throughTransport = await sockets({});
    expect(service.sent.every(viaTransport)).toBe(true);
    expect(throughTransport).toBeLessThanOrEqual(Math.max(throughFetch, 2));
  });

  it("a user's dispatcher (fetchOptions.dispatcher) sends every attempt, retries included", async () => {
    const service = await start((_sent, n) => (n <= 2 ? { status: 503, body: {} } : { body: member }));
    const dispatched: string[] = [];
    const agent = new Agent();
    const dispatcher = agent.compose((dispatch) => (options, handler) => {
      dispatched.push(`${options.method} ${options.path}`);
      return dispatch(options, handler);
    });
    try {
      await client(service.url, { fetchOptions: { dispatcher } }).loyalties.getMember('L1');
    } finally {
      await agent.close();
    }
    expect(dispatched).toEqual(Array(3).fill('GET /v1/loyalties/members/L1'));
    expect(service.sent.every(viaTransport)).toBe(true);
  });
});

describe('Node transport: the global dispatcher', () => {
  /** `agent` as the global dispatcher while `run` runs; the connections it opened meanwhile. */
  const asGlobal = async (agent: Dispatcher, run: () => Promise<unknown>) => {
    let connections = 0;
    agent.on('connect', () => connections++);
    const before = getGlobalDispatcher();
    setGlobalDispatcher(agent);
    try {
      await run();
    } finally {
      setGlobalDispatcher(before);
      await agent.close();
    }
    return connections;
  };

  /** Every way a user makes the global dispatcher their own, from undici's `Agent`. */
  const usersOwn: Array<[string, () => Dispatcher]> = [
    ['an Agent given options', () => new Agent({ keepAliveTimeout: 1_000 })],
    ['an Agent composed with an interceptor', () => new Agent().compose((dispatch) => (options, handler) => dispatch(options, handler))],
    ["an Agent composed with undici's retry interceptor", () => new Agent().compose(interceptors.retry())],
    ['a subclass of Agent, itself named Agent', () => new (class Agent extends UndiciAgent {})()],
    [
      'an Agent whose dispatch is wrapped',
      () => {
        const agent = new Agent();
        const dispatch = agent.dispatch.bind(agent);
        agent.dispatch = (options, handler) => dispatch(options, handler);
        return agent;
      },
    ],
  ];

  it.each(usersOwn)('one a user set (%s) sends every call', async (_name, make) => {
    const service = await start(() => ({ body: member }));
    const call = client(service.url);
    const connections = await asGlobal(make(), async () => {
      await call.loyalties.getMember('L1');
      await call.loyalties.getMember('L1');
    });
    expect(connections).toBeGreaterThan(0);
    expect(service.sent.map((s) => s.path)).toEqual(['/v1/loyalties/members/L1', '/v1/loyalties/members/L1']);
    expect(service.sent.every(viaTransport)).toBe(true);
  });

  it("a stock Agent (no option, the default factory, as Node installs it) is stood in for by one of the transport's own", async () => {
    const service = await start(() => ({ body: member }));
    const call = client(service.url);
    const connections = await asGlobal(new Agent(), async () => {
      await call.loyalties.getMember('L1');
      await call.loyalties.getMember('L1');
    });
    expect(connections).toBe(0);
    expect(service.sent.map((s) => s.path)).toEqual(['/v1/loyalties/members/L1', '/v1/loyalties/members/L1']);
    expect(service.sent.every(viaTransport)).toBe(true);
  });
});

describe('Node transport: redirects refused', () => {
  it.each([301, 302, 303, 307, 308])('a %i is refused, never followed, even by a dispatcher that follows redirects', async (status) => {
    const service = await startRaw((sent, res) => {
      if (sent.path === '/elsewhere') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(member));
      else res.writeHead(status, { location: '/elsewhere', 'content-length': '0' }).end();
      return undefined;
    });
    const agent = new Agent();
    const following = agent.compose(interceptors.redirect({ maxRedirections: 5 })) as Dispatcher;
    try {
      for (const fetchOptions of [undefined, { dispatcher: following }]) {
        const error = await rejection(client(service.url, { fetchOptions }).loyalties.getMember('L1'));
        expect(error).toBeInstanceOf(RedirectError);
      }
    } finally {
      await agent.close();
    }
    expect(service.sent.map((s) => s.path)).toEqual(['/v1/loyalties/members/L1', '/v1/loyalties/members/L1']);
    expect(service.sent.every(viaTransport)).toBe(true);
  });
});

/**
 * A server that writes the head and `part` of a body of `length` bytes, then holds the rest;
 * `partWritten` resolves once the first request's part has been written.
 */
async function stallingBody(part: string, length: number): Promise<Loopback & { requests: number; partWritten: Promise<void> }> {
  const state = { requests: 0 };
  let written!: () => void;
  const partWritten = new Promise<void>((resolve) => (written = resolve));
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    state.requests++;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(length) });
    res.write(part, () => written());
  });
  const loopback = await listenOnLoopback(server);
  return {
    ...loopback,
    partWritten,
    get requests() {
      return state.requests;
    },
  };
}

describe('Node transport: the call signal at each phase', () => {
  const running: Loopback[] = [];
  afterEach(async () => void (await Promise.all(running.splice(0).map((s) => s.close()))));

  it('aborted before the call: nothing sent, not_sent', async () => {
    const service = await start(() => ({ body: member }));
    const error = await rejection(client(service.url).loyalties.getMember('L1', {}, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error.outcome).toBe('not_sent');
    expect(service.sent).toHaveLength(0);
  });

  it('aborted while waiting for the answer: AbortError, unknown for a spend, the request gone out through the transport', async () => {
    const controller = new AbortController();
    const service = await start(() => {
      setTimeout(() => controller.abort(), 20);
      return { hang: true };
    });
    const error = await rejection(client(service.url).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } }, { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error.outcome).toBe('unknown');
    expect(service.sent.map(viaTransport)).toEqual([true]);
  });

  it('aborted while the body is read: AbortError, and no retry', async () => {
    const controller = new AbortController();
    const server = await stallingBody('{"id":"v_1",', 400);
    running.push(server);
    const reading = client(server.url).loyalties.getMember('L1', {}, { signal: controller.signal });
    // Aborted once the head and part of the body have gone out (on a loaded machine, not before).
    await server.partWritten;
    setTimeout(() => controller.abort(), 20);
    const error = await rejection(reading);
    expect(error).toBeInstanceOf(AbortError);
    expect(server.requests).toBe(1);
  });

  it('a timeout per attempt while waiting for the answer: TimeoutError after every attempt timed out', async () => {
    const service = await start(() => ({ hang: true }));
    const error = await rejection(client(service.url, { timeout: 100, maxRetries: 1 }).loyalties.getMember('L1'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(service.sent).toHaveLength(2);
    expect(service.sent.every(viaTransport)).toBe(true);
  });

  it('a timeout per attempt while the body is read: TimeoutError, each attempt its own', async () => {
    const server = await stallingBody('{"id":"v_1",', 400);
    running.push(server);
    const error = await rejection(client(server.url, { timeout: 100, maxRetries: 2 }).loyalties.getMember('L1'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toContain('3 attempts made');
    expect(server.requests).toBe(3);
  });
});

describe('Node transport: maxResponseBytes while reading', () => {
  it('an endless chunked body is cut once it passes the limit, its connection closed', async () => {
    let closed = false;
    const service = await startRaw((_sent, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(16_384, 0x20);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', more).on('close', () => (closed = true));
      res.write('{"id":');
      more();
    });
    const error = await rejection(client(service.url, { maxResponseBytes: 100_000 }).loyalties.getMember('L1'));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    await vi.waitFor(() => expect(closed).toBe(true));
    expect(service.sent.every(viaTransport)).toBe(true);
  });

  it('a declared length past the limit is refused unread', async () => {
    const service = await startRaw((_sent, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000000' });
      res.write('{');
    });
    await expect(client(service.url, { maxResponseBytes: 1000 }).loyalties.getMember('L1')).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('an inflating body is counted decoded: a 20 MB gzip bomb is cut at 1 MB', async () => {
    const bomb = gzipSync(Buffer.alloc(20_000_000, 0x20));
    const service = await startRaw((_sent, res) => void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb));
    await expect(client(service.url, { maxResponseBytes: 1_000_000 }).loyalties.getMember('L1')).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it.each([
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['deflate', deflateSync],
    ['deflate', deflateRawSync],
    ['br', brotliCompressSync],
  ] as const)('decodes %s as fetch does (%o)', async (coding, encode) => {
    const service = await startRaw(
      (_sent, res) =>
        void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding }).end(encode(Buffer.from(JSON.stringify(member)))),
    );
    await expect(client(service.url).loyalties.getMember('L1')).resolves.toEqual(member);
  });
});

describe('Node transport: failures as fetch reports them, with their outcome', () => {
  it('a refused connection: ConnectionError, its cause the socket error, not_sent (so even a spend is retried)', async () => {
    const url = await refusedUrl();
    const error = await rejection(client(url, { maxRetries: 1 }).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.outcome).toBe('not_sent');
    expect(error.cause?.code).toBe('ECONNREFUSED');
    expect(error.message).toContain('2 attempts made');
  });

  it.each([0, 2])(
    'a 421 that cannot be sent again (the service stopped listening): the 421 is the answer, ApiError and rejected for a spend, sent once (maxRetries %i)',
    async (maxRetries) => {
      let hits = 0;
      const server = createServer((_req, res) => {
        hits++;
        res.writeHead(421, { 'content-type': 'application/json', connection: 'close' }).end('{"code":421,"message":"misdirected"}');
        // No new connection is taken from here on: the transport's second sending is refused.
        server.close();
      });
      const service = await listenOnLoopback(server);
      try {
        const error = await rejection(client(service.url, { maxRetries }).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } }));
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(421);
        expect(error.outcome).toBe('rejected');
        expect(hits).toBe(1);
      } finally {
        await service.close();
      }
    },
  );

  it.each([600, 799, 999])('a status past 599 (%i) is no server error: a plain ApiError, a read not retried, its outcome unknown', async (status) => {
    const service = await startRaw((_sent, res) => void res.writeHead(status, { 'content-type': 'application/json' }).end('{"code":1}'));
    const error = await rejection(client(service.url, { maxRetries: 2 }).loyalties.getMember('L1'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(InternalServerError);
    expect((error as ApiError).status).toBe(status);
    expect(error.outcome).toBe('unknown');
    expect(retryDecision(error)).toEqual({ action: 'fail' });
    expect(service.sent).toHaveLength(1);
  });

  it('a socket dropped before the answer: ConnectionError, the socket error its cause, unknown for a spend (not retried)', async () => {
    const service = await startRaw((_sent, res) => void res.socket?.destroy());
    const error = await rejection(client(service.url, { maxRetries: 2 }).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.outcome).toBe('unknown');
    expect(error.cause?.code).toBe('UND_ERR_SOCKET');
    expect(service.sent).toHaveLength(1);
  });

  it('a socket dropped in the middle of the body: ConnectionError (terminated), retried for a read', async () => {
    const service = await startRaw((_sent, res, n) => {
      if (n > 1) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(member));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"id":', () => (res.socket as Socket).destroy());
    });
    await expect(client(service.url).loyalties.getMember('L1')).resolves.toEqual(member);
    expect(service.sent).toHaveLength(2);
    const spend = await startRaw((_sent, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"id":', () => (res.socket as Socket).destroy());
    });
    const error = await rejection(client(spend.url).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.outcome).toBe('unknown');
    expect(error.cause?.code).toBe('UND_ERR_SOCKET');
  });

  it('a 4xx is rejected, a 5xx to a spend unknown, the answer read whole', async () => {
    const service = await start((sent) =>
      sent.method === 'GET' ? { status: 404, body: { code: 404, message: 'no such member' } } : { status: 502, body: {} },
    );
    const refused = await rejection(client(service.url).loyalties.getMember('L1'));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.outcome).toBe('rejected');
    expect(refused.message).toContain('no such member');
    const spend = await rejection(client(service.url).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } }));
    expect(spend.outcome).toBe('unknown');
  });

  it('a spend answered and read whole resolves: the body read by the pipeline once, the final response used', async () => {
    const service = await start(() => ({ body: redemption, headers: { 'x-request-id': 'req-1' } }));
    const { data, response } = await client(service.url)
      .loyalties.redeemReward('L1', { reward: { id: 'rew_1' } })
      .withResponse();
    expect(data).toMatchObject({ id: 'r_1' });
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(JSON.parse(service.sent[0]!.body)).toEqual({ reward: { id: 'rew_1' }, metadata: { promokit_marker: expect.any(String) } });
    expect(service.sent[0]!.headers['content-type']).toBe('application/json');
  });
});
