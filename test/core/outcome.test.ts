/**
 * `outcome` on every error of a call, for the cases the fault matrix (test/reliability/) does not
 * reach: bad input and settings, a failed DNS lookup, a call that a limit does not admit, each
 * redirect status, each refusing status; and the words an `unknown` error of a call sent once
 * adds to its message. Over a real node:http server on 127.0.0.1, but for the DNS failure, whose
 * fetch error is built as undici builds it (no test may reach a name server).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  Client,
  ConfigurationError,
  ConnectionError,
  InternalServerError,
  InvalidRequestError,
  LimiterError,
  PromokitError,
  RedirectError,
  type ClientOptions,
} from '../../src/index.js';
import { refusedUrl } from '../helpers/http-server.js';
import { startRecorder, type Reply, type Recorder } from '../helpers/recorder.js';

const keys = { appId: 'app-id', appToken: 'app-token-secret', accessToken: 'access-token-secret', logLevel: 'off', maxRetryDelay: 10 } as const;
const redemption = { id: 'r_1', object: 'redemption', date: '2026-03-18T09:30:00Z', result: 'SUCCESS' };

let server: Recorder | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server answering each request with `answer(n)` (1 for the first), and a client for it. */
async function serve(answer: (n: number) => Reply, options: ClientOptions = {}): Promise<{ server: Recorder; client: Client }> {
  server = await startRecorder((_request, n) => answer(n));
  return { server, client: new Client({ baseUrl: server.url, ...keys, ...options }) };
}

const redeem = (client: Client, options?: { signal?: AbortSignal }) => client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }, options);
const read = (client: Client) => client.loyalties.getMember('LOYAL-1');

async function failure(promise: Promise<unknown>): Promise<PromokitError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PromokitError);
  return error as PromokitError;
}

/** The words that tell the reader of an `unknown` error of a spend what to do. */
function expectCheckWords(message: string): void {
  expect(message).toMatch(/it may have been applied/);
  expect(message).toMatch(/was not retried/);
  expect(message).toMatch(/to check, see the guide "After an unknown outcome"/);
}

describe('not_sent: nothing reached the service', () => {
  it('bad input: InvalidRequestError, nothing sent', async () => {
    const { server, client } = await serve(() => ({ body: redemption }));
    const error = await failure(client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1', points: 0 } }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.outcome).toBe('not_sent');
    expect(error.toJSON()).toMatchObject({ outcome: 'not_sent' });
    expect(server.sent).toHaveLength(0);
  });

  it('settings: an access token function that fails gives ConfigurationError, nothing sent', async () => {
    const { server, client } = await serve(() => ({ body: redemption }), {
      accessToken: () => {
        throw new Error('vault unreachable');
      },
    });
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.outcome).toBe('not_sent');
    expect(server.sent).toHaveLength(0);
  });

  it('a refused connection: a spend is tried again (nothing was sent), and still not_sent, without the words of an unknown outcome', async () => {
    const client = new Client({ baseUrl: await refusedUrl(), ...keys });
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ outcome: 'not_sent', attempts: 3 });
    expect(error.message).not.toContain('After an unknown outcome');
  });

  it('a failed DNS lookup (ENOTFOUND, as undici reports it): not_sent', async () => {
    let attempts = 0;
    const fetch: typeof globalThis.fetch = async () => {
      attempts += 1;
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.example.test'), { code: 'ENOTFOUND', syscall: 'getaddrinfo' }),
      });
    };
    const client = new Client({ baseUrl: 'https://api.example.test', ...keys, fetch });
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.outcome).toBe('not_sent');
    expect(attempts).toBe(3);
  });

  it('aborted while waiting for a limit (maxConcurrency): AbortError, not_sent, nothing sent for it', async () => {
    const { server, client } = await serve(() => ({ hang: true }), { maxConcurrency: 1 });
    const first = redeem(client).catch((e: unknown) => e); // holds the one place until the server closes
    await expect.poll(() => server.sent.length).toBe(1);
    const controller = new AbortController();
    const waiting = failure(redeem(client, { signal: controller.signal }));
    controller.abort();
    const error = await waiting;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.outcome).toBe('not_sent');
    expect(server.sent).toHaveLength(1);
    await server.close();
    expect(((await first) as PromokitError).outcome).toBe('unknown'); // the first was sent, and never answered
  });

  it('refused by a limiter that does not admit the call within limiterTimeout: LimiterError, not_sent', async () => {
    const { server, client } = await serve(() => ({ body: redemption }), { limiter: { acquire: () => new Promise<void>(() => {}) }, limiterTimeout: 20 });
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(LimiterError);
    expect(error.outcome).toBe('not_sent');
    expect(server.sent).toHaveLength(0);
  });
});

describe('a redirect is an answer: never not_sent', () => {
  it.each([300, 301, 302, 303, 304, 305, 306])(
    'a %i to a spend: RedirectError, unknown (it may follow a request processed), sent once, with the words',
    async (status) => {
      const { server, client } = await serve(() => ({ status, headers: { location: '/elsewhere' }, body: '' }));
      const error = await failure(redeem(client));
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ status, outcome: 'unknown' });
      expectCheckWords(error.message);
      expect(server.sent.map((r) => r.target)).toEqual(['/v1/loyalties/members/LOYAL-1/redemption']);
    },
  );

  it.each([307, 308])('a %i to a spend: RedirectError, rejected (the same request asked for elsewhere: not acted on here), sent once', async (status) => {
    const { server, client } = await serve(() => ({ status, headers: { location: '/elsewhere' }, body: '' }));
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status, outcome: 'rejected' });
    expect(error.message).not.toContain('After an unknown outcome');
    expect(server.sent).toHaveLength(1);
  });

  it.each([300, 301, 302, 303, 304, 305, 306, 307, 308])('a %i to a read: RedirectError, rejected, sent once', async (status) => {
    const { server, client } = await serve(() => ({ status, headers: { location: '/elsewhere' }, body: '' }));
    const error = await failure(read(client));
    expect(error).toMatchObject({ status, outcome: 'rejected' });
    expect(server.sent).toHaveLength(1);
  });
});

describe('rejected: the service answered and did not act', () => {
  it.each([400, 401, 403, 404, 409, 422, 429])('%i on a spend: rejected, sent once, without the words of an unknown outcome', async (status) => {
    const retryAfter: Record<string, string> = status === 429 ? { 'retry-after': '3600' } : {};
    const { server, client } = await serve(() => ({ status, headers: retryAfter, body: { code: status, key: 'refused', message: 'Refused' } }));
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, outcome: 'rejected' });
    expect(error.message).not.toContain('After an unknown outcome');
    expect(server.sent).toHaveLength(1);
  });

  it('a redirect after a 429 the call waited out: still rejected (neither answer was a change)', async () => {
    const { server, client } = await serve(
      (n): Reply =>
        n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: { code: 429 } } : { status: 307, headers: { location: '/elsewhere' }, body: '' },
    );
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.outcome).toBe('rejected');
    expect(server.sent).toHaveLength(2);
  });
});

describe('unknown: the service may have acted', () => {
  it('a 5xx on a spend: sent once, and the message says it may have been applied, was not retried, and where to read how to check', async () => {
    const { server, client } = await serve(() => ({ status: 503, body: { code: 503, key: 'service_unavailable', message: 'Service unavailable' } }));
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.outcome).toBe('unknown');
    expectCheckWords(error.message);
    expect(error.toJSON()).toMatchObject({ outcome: 'unknown', message: error.message });
    expect(server.sent).toHaveLength(1);
  });

  it('a 5xx on a read: unknown too, retried, and without the words (a read is safe to repeat)', async () => {
    const { server, client } = await serve(() => ({ status: 503, body: { code: 503 } }));
    const error = await failure(read(client));
    expect(error.outcome).toBe('unknown');
    expect(error.message).not.toContain('After an unknown outcome');
    expect(server.sent).toHaveLength(3);
  });

  it('a 303 "see other", the answer to a handled request: RedirectError, unknown, with the words on a spend', async () => {
    const { server, client } = await serve(() => ({ status: 303, headers: { location: '/redemptions/r_1' }, body: '' }));
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 303, outcome: 'unknown' });
    expectCheckWords(error.message);
    expect(server.sent).toHaveLength(1);
  });

  it("a redirect whose status the runtime hides (a browser's opaque redirect, status 0): unknown, as it may be a 303", async () => {
    // Only a browser answers `redirect: 'manual'` with an opaque redirect; Node's fetch cannot make one, so it is built here.
    let attempts = 0;
    const fetch: typeof globalThis.fetch = async () => {
      attempts += 1;
      const response = new Response(null, { status: 200 });
      Object.defineProperties(response, { type: { value: 'opaqueredirect' }, status: { value: 0 }, ok: { value: false } });
      return response;
    };
    const client = new Client({ baseUrl: 'https://api.example.test', ...keys, fetch });
    const error = await failure(redeem(client));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 0, outcome: 'unknown', location: undefined });
    expectCheckWords(error.message);
    expect(attempts).toBe(1);
  });

  it('a redirect after an attempt that may have reached the service: unknown (the earlier attempt decides)', async () => {
    const { server, client } = await serve(
      (n): Reply =>
        n === 1
          ? { status: 502, body: 'Bad gateway', headers: { 'content-type': 'text/html' } }
          : { status: 308, headers: { location: '/elsewhere' }, body: '' },
    );
    const error = await failure(read(client));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error.outcome).toBe('unknown');
    expect(server.sent).toHaveLength(2);
  });

  it('a 2xx whose body cannot be read, on a spend: unknown, with the words', async () => {
    const { client } = await serve(() => ({ status: 200, body: '{"id":"r_1","obj', headers: { 'content-type': 'text/html' } }));
    const error = await failure(redeem(client));
    expect(error.name).toBe('ResponseValidationError');
    expect(error.outcome).toBe('unknown');
    expectCheckWords(error.message);
  });
});
