/**
 * Node's transport (src/core/node-transport.ts) against what the fetch path gives, over real
 * servers on 127.0.0.1 that misbehave where the existing suites do not look: the caller's abort
 * while the connection is still being made, a 205 whose body never ends, a 421 whose second
 * sending the service processed; `retryDecision` of an error the other copy of the package (CommonJS beside
 * ESM) made, whose call's record it cannot see; `instanceof` of a class of your own named as one
 * of promokit's; and a `baseUrl` the path of a call cannot follow.
 */
import { createRequire } from 'node:module';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import * as sdk from '../../src/index.js';
import { AbortError, ApiError, Client, type ClientOptions, ConfigurationError, PromokitError, retryDecision, TimeoutError } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { keys, settle } from './servers.js';

const { start, startRaw } = useRecorders();

const client = (baseUrl: string, options: Partial<ClientOptions> = {}) =>
  new Client({ baseUrl, ...keys, validation: 'off', logLevel: 'off', maxRetryDelay: 0, ...options });

const redeem = (c: Client, signal?: AbortSignal) => c.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }, signal ? { signal } : undefined);

/** A signal that aborts `ms` after now. */
const abortIn = (ms: number) => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  return controller.signal;
};

/** TCP servers that take connections and never say a word (a TLS handshake that stalls), stopped after each test. */
const silent: Array<{ server: TcpServer; sockets: Set<Socket> }> = [];
afterEach(async () => {
  for (const { server, sockets } of silent.splice(0)) {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A TCP server on 127.0.0.1 that accepts connections and never answers: its `https://` URL. */
async function silentTls(): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  silent.push({ server, sockets });
  return `https://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe("Node transport: the caller's abort while the connection is being made", () => {
  it('a TLS handshake that stalls: AbortError at the abort, as through fetch, not at the attempt timeout', async () => {
    const url = await silentTls();
    const { error, ms } = await settle(redeem(client(url, { timeout: 10_000 }), abortIn(100)));
    expect(error).toBeInstanceOf(AbortError);
    expect(ms).toBeLessThan(2_000);
  });

  it("a user's dispatcher that has not taken the request yet: AbortError at the abort, not at the attempt timeout", async () => {
    const service = await start(() => ({ body: {} }));
    // A dispatcher still waiting for a connection of its own: it holds the request without a word.
    const dispatcher = { dispatch: () => true } as unknown as Dispatcher;
    const { error, ms } = await settle(redeem(client(service.url, { timeout: 10_000, fetchOptions: { dispatcher } }), abortIn(100)));
    expect(error).toBeInstanceOf(AbortError);
    expect(ms).toBeLessThan(2_000);
    expect(service.sent).toHaveLength(0);
  });
});

describe('Node transport: a status without a body that sends one all the same', () => {
  it('a 205 whose chunked body never ends is dropped within maxResponseBytes, as fetch drops it, not read until the timeout', async () => {
    let written = 0;
    let closed = false;
    const service = await startRaw((_sent, res) => {
      res.writeHead(205, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
      const chunk = Buffer.alloc(16_384, 0x20);
      const more = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
      };
      res.on('drain', more).on('close', () => (closed = true));
      more();
    });
    const { error, ms } = await settle(client(service.url, { timeout: 10_000, maxResponseBytes: 100_000, maxRetries: 0 }).loyalties.getMember('LOYAL-H1'));
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(3_000);
    await expect.poll(() => closed).toBe(true);
    // What the server got out before the client hung up: the limit, and what sockets buffer.
    expect(written).toBeLessThan(20_000_000);
  });
});

describe('Node transport: a 421 sent once more', () => {
  /** How the service ends the second sending, which it processed: the connection reset, closed, or cut by an answer it cannot parse. */
  const endings: Array<[string, (res: import('node:http').ServerResponse) => void]> = [
    ['reset', (res) => (res.socket as Socket).resetAndDestroy()],
    ['closed', (res) => res.socket?.destroy()],
    ['answered with garbage', (res) => (res.socket as Socket).end('garbage\r\n\r\n')],
  ];

  it.each(endings)(
    'the second sending processed, then its connection %s: ConnectionError, unknown and reconcile for a spend, never the first 421 (rejected)',
    async (_name, end) => {
      const service = await startRaw((_sent, res, n) => {
        if (n === 1) res.writeHead(421, { 'content-type': 'application/json' }).end('{"code":421,"message":"misdirected"}');
        else end(res);
      });
      const { error } = await settle(redeem(client(service.url, { maxRetries: 2 })));
      expect(service.sent).toHaveLength(2);
      expect((error as { outcome?: string }).outcome).toBe('unknown');
      expect((error as Error).name).toBe('ConnectionError');
      expect(retryDecision(error)).toEqual({ action: 'reconcile' });
    },
  );
});

describe("retryDecision of an error without its call's record: a status past 599 proves nothing was applied no more than a 5xx", () => {
  it('made by hand: an ApiError of status 600 is reconciled, not failed as a 4xx would be', () => {
    for (const status of [600, 799, 999]) expect(retryDecision(new ApiError({ status, operation: 'x', body: {} }))).toEqual({ action: 'reconcile' });
    expect(retryDecision(new ApiError({ status: 418, operation: 'x', body: {} }))).toEqual({ action: 'fail' });
  });

  it("a spend answered 600 by the CommonJS copy: the ESM copy's retryDecision reconciles, as the CommonJS copy's own does", async () => {
    const dist = join(import.meta.dirname, '..', '..', 'dist');
    const esm = (await import(pathToFileURL(join(dist, 'index.js')).href)) as { retryDecision: typeof retryDecision };
    const cjs = createRequire(import.meta.url)(join(dist, 'index.cjs')) as { Client: typeof Client; retryDecision: typeof retryDecision };
    const service = await startRaw((_sent, res) => void res.writeHead(600, { 'content-type': 'application/json' }).end('{"code":600}'));
    const c = new cjs.Client({ baseUrl: service.url, ...keys, validation: 'off', logLevel: 'off', maxRetries: 0 });
    const { error } = await settle(c.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }));
    expect((error as { outcome?: string }).outcome).toBe('unknown');
    expect(cjs.retryDecision(error)).toEqual({ action: 'reconcile' });
    expect(esm.retryDecision(error)).toEqual({ action: 'reconcile' });
  });
});

describe('a baseUrl the path of each call cannot follow is refused, nothing sent', () => {
  /** What follows the service's address, and where the call would have gone with it. */
  const tails: Array<[string, string]> = [
    ['?q=1', 'the path in the query: GET /?q=1/v1/…'],
    ['/#part', 'the path in the fragment, never sent: GET /'],
    ['/api?key=1#x', 'GET /api?key=1, the path dropped'],
    [' ', 'no URL at all: an untyped failure, outcome unknown'],
  ];

  it.each(tails)('%j (%s): a ConfigurationError naming baseUrl, given or from PROMOKIT_BASE_URL', async (tail) => {
    const service = await start(() => ({ body: {} }));
    expect(() => client(service.url + tail)).toThrow(ConfigurationError);
    const before = process.env.PROMOKIT_BASE_URL;
    process.env.PROMOKIT_BASE_URL = service.url + tail;
    try {
      const { appId, appToken, accessToken } = keys;
      const refusal = (() => {
        try {
          return new Client({ appId, appToken, accessToken, logLevel: 'off' });
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(ConfigurationError);
      expect((refusal as ConfigurationError).option).toBe('baseUrl');
    } finally {
      if (before === undefined) delete process.env.PROMOKIT_BASE_URL;
      else process.env.PROMOKIT_BASE_URL = before;
    }
    expect(service.sent).toHaveLength(0);
  });
});

describe("instanceof across copies matches promokit's own classes by name, never a class of your own that shares a name", () => {
  it("your NotFoundError extends ApiError is not promokit's NotFoundError, nor promokit's yours; yours is judged as instanceof judges it", () => {
    class NotFoundError extends ApiError {}
    const yours = new NotFoundError({ status: 410, operation: 'mine', body: {} });
    const promokits = new sdk.NotFoundError({ status: 404, operation: 'x', body: {} });
    expect(yours instanceof sdk.NotFoundError).toBe(false);
    expect(promokits instanceof NotFoundError).toBe(false);
    expect(yours instanceof NotFoundError).toBe(true);
    expect(yours instanceof ApiError).toBe(true);
    expect(promokits instanceof sdk.NotFoundError).toBe(true);
  });

  it("your RateLimitError extends PromokitError is no RateLimitError of promokit's: retryDecision fails it, as any error of yours", () => {
    class RateLimitError extends PromokitError {}
    const yours = new RateLimitError('throttled by my own code');
    expect(yours instanceof sdk.RateLimitError).toBe(false);
    expect(new sdk.RateLimitError({ status: 429, operation: 'x', body: {} }) instanceof RateLimitError).toBe(false);
    expect(retryDecision(yours)).toEqual({ action: 'fail' });
  });
});

describe('Node transport: what fetch adds and gives', () => {
  it("sends fetch's User-Agent when the call sets none (a firewall may refuse a request without one); the client's own wins", async () => {
    const service = await start(() => ({ body: {} }));
    await settle(redeem(client(service.url)));
    await settle(redeem(client(service.url, { fetch: (input, init) => globalThis.fetch(input, init) })));
    await settle(redeem(client(service.url, { headers: { 'User-Agent': 'shop/1.0' } })));
    const [transport, fetched, own] = service.sent;
    expect(transport!.headers['sec-fetch-mode']).toBeUndefined();
    expect(transport!.headers['user-agent']).toBe(fetched!.headers['user-agent']);
    expect(own!.headers['user-agent']).toBe('shop/1.0');
  });
});

describe('Node transport: the answer as fetch gives it', () => {
  it.each([
    ['Fine Thanks', 'Fine Thanks'],
    ['', ''],
  ])('its reason phrase (%j), URL and type, as through fetch', async (reason, wanted) => {
    const service = await startRaw((_sent, res) => {
      const socket = res.socket as Socket;
      socket.write(Buffer.from(`HTTP/1.1 200 ${reason}\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}`, 'latin1'));
    });
    const answers = [];
    for (const fetch of [undefined, (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)]) {
      const { response } = await client(service.url, fetch ? { fetch } : {})
        .loyalties.getMember('LOYAL-H1')
        .withResponse();
      answers.push({ statusText: response.statusText, url: response.url, type: response.type, ok: response.ok });
    }
    expect(service.sent.map((s) => s.headers['sec-fetch-mode'])).toEqual([undefined, 'cors']);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ statusText: wanted, url: `${service.url}/v1/loyalties/members/LOYAL-H1`, type: 'basic', ok: true });
  });
});

/** A `retry` hook that records each retry's delay and aborts the call at the first, with the signal to give the call. */
function firstRetry() {
  const controller = new AbortController();
  const delays: number[] = [];
  const hooks = {
    retry: (event: { delayMs: number }) => {
      delays.push(event.delayMs);
      controller.abort();
    },
  };
  return { controller, delays, hooks };
}

describe('a Retry-After longer than a day, under a maxRetryDelay longer than a day: the retry waits a day', () => {
  it.each([
    [503, '172800'],
    [429, '172800'],
    [429, '86401'],
  ])('a read answered %i with Retry-After %s: the retry is reported and waited after 86,400,000 ms, not the wait asked', async (status, asked) => {
    const service = await start(() => ({ status, body: {}, headers: { 'retry-after': asked } }));
    const { controller, delays, hooks } = firstRetry();
    const { error } = await settle(
      client(service.url, { maxRetryDelay: 3 * 86_400_000, maxRetries: 1, hooks }).loyalties.getMember('LOYAL-H1', {}, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(delays).toEqual([86_400_000]);
  });

  it('an event answered 429 with Retry-After 172800: sent again after a day at most', async () => {
    const service = await start(() => ({ status: 429, body: {}, headers: { 'retry-after': '172800' } }));
    const { controller, delays, hooks } = firstRetry();
    const events = client(service.url, { maxRetryDelay: 3 * 86_400_000, maxRetries: 1, hooks }).clientEvents;
    await settle(events.track({ event: 'e', customer: { source_id: 'c1' } }, { signal: controller.signal }));
    expect(delays).toEqual([86_400_000]);
  });
});
