/**
 * The server Client's limits for bulk work: `maxConcurrency`, `rateLimit`, `limiter` and the
 * pause after a 429, each applied per call in the one pipeline. Counted by a real node:http
 * server on 127.0.0.1 where the server is the judge (calls in flight), by the client's fetch where
 * the starts are. The starts are timed in fake time (test/helpers/fake-time.ts): a window or a
 * pause is then measured exactly, with no scheduling delay between the client's decision and the
 * request, however busy the machine is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRateLimitedServer, type RateLimitedServer } from '../../bench/rate-limited-server.mjs';
import { AbortError, Client, ConfigurationError, LimiterError, PromokitError, RateLimitError, type ClientOptions, type Limiter } from '../../src/index.js';
import { advance, settleInFakeTime, useFakeTime } from '../helpers/fake-time.js';
import { mostInAnyWindow } from '../helpers/recorder.js';

const credentials = { appId: 'app', appToken: 'token', accessToken: 'access', logLevel: 'off' } as const;
const publish = (client: Client, i: number, options?: { signal?: AbortSignal; timeout?: number }) =>
  client.publications.create({ campaign: { name: 'Welcome' }, customer: { source_id: `c-${i}` } }, options);

let server: RateLimitedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that admits everything (a limit far above the test's load), answering after `delayMs`. */
async function slowServer(delayMs: number): Promise<RateLimitedServer> {
  server = await startRateLimitedServer({ requests: 1_000_000, perMs: 1_000, delayMs });
  return server;
}

const jsonType = { 'content-type': 'application/json' };

/**
 * A fetch standing in for the service: it answers the first attempt 429 with `Retry-After:
 * retryAfter` and every later one with a publication, telling `seen` of each attempt first.
 */
function refusingFirst(retryAfter: string, seen: (input: RequestInfo | URL, init?: RequestInit) => unknown): typeof globalThis.fetch {
  let attempts = 0;
  return async (input, init) => {
    await seen(input, init);
    attempts += 1;
    return attempts === 1
      ? new Response('{"code":429,"key":"too_many_requests"}', { status: 429, headers: { ...jsonType, 'retry-after': retryAfter } })
      : new Response('{"id":"pub_1","object":"publication"}', { headers: jsonType });
  };
}

/** The service's answer to a publication. */
const publication = () => new Response('{"id":"pub_1","object":"publication"}', { headers: jsonType });

/** A client with `limiter` whose fetch answers `{}` to anything it is sent; `sent()` counts what was sent. */
function countingSends(limiter: Limiter): { client: Client; sent: () => number } {
  let sent = 0;
  const fetch: typeof globalThis.fetch = async () => {
    sent += 1;
    return new Response('{}');
  };
  return { client: new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, limiter }), sent: () => sent };
}

/** The customer a publication attempt is for: `c-<n>` (ky hands fetch a `Request` that holds the body). */
async function customerOf(input: RequestInfo | URL, init?: RequestInit): Promise<string> {
  const text = input instanceof Request ? await input.clone().text() : String(init?.body);
  return String(JSON.parse(text).customer.source_id);
}

describe('maxConcurrency', () => {
  it('maxConcurrency: 4 with 20 calls never has more than 4 in flight (counted by the server)', async () => {
    // Each answer takes 200 ms: the four calls of a round overlap at the server unless the client
    // took more than a third of that to start the next call after an answer, however busy the machine.
    const { url, stats } = await slowServer(200);
    const client = new Client({ baseUrl: url, ...credentials, maxConcurrency: 4 });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => publish(client, i)));
    expect(results).toHaveLength(20);
    expect(stats()).toMatchObject({ received: 20, rejected: 0, maxInFlight: 4 });
  });

  it('without it, 100 calls are all in flight together (the server does see overlap)', async () => {
    const { url, stats } = await slowServer(200);
    const client = new Client({ baseUrl: url, ...credentials });
    await Promise.all(Array.from({ length: 100 }, (_, i) => publish(client, i)));
    expect(stats().maxInFlight).toBeGreaterThan(4);
  });

  it('a call waiting for a slot does not time out for the wait: the timeout is per attempt', async () => {
    const { url, stats } = await slowServer(150);
    const client = new Client({ baseUrl: url, ...credentials, maxConcurrency: 1, timeout: 1_000 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => publish(client, i)));
    expect(stats()).toMatchObject({ received: 10, maxInFlight: 1 });
  });

  it('a call aborted while waiting leaves the queue at once and is never sent', async () => {
    const { url, stats } = await slowServer(600);
    const client = new Client({ baseUrl: url, ...credentials, maxConcurrency: 1 });
    const settled: string[] = [];
    const first = publish(client, 1).then(() => settled.push('first answered'));
    const controller = new AbortController();
    const waiting = publish(client, 2, { signal: controller.signal }).catch((e: unknown) => (settled.push('waiting call rejected'), e));
    const third = publish(client, 3);
    // Abort once the first call is at the server: the second is then waiting for its slot.
    while (stats().received === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await waiting;
    // At once: before the first call's answer (600 ms after it arrived) frees the slot.
    expect(settled).toEqual(['waiting call rejected']);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).message).toContain('publications.create');
    await Promise.all([first, third]);
    expect(stats().received).toBe(2);
  });
});

describe('rateLimit', () => {
  beforeEach(useFakeTime);

  it('starts at most `requests` calls in any window of `perMs`, in the order they were made', async () => {
    const starts: number[] = [];
    const order: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      starts.push(performance.now());
      order.push(await customerOf(input, init));
      return publication();
    };
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, rateLimit: { requests: 10, perMs: 300 } });
    const began = performance.now();
    await settleInFakeTime(Promise.all(Array.from({ length: 35 }, (_, i) => publish(client, i))));
    expect(starts).toHaveLength(35);
    expect(mostInAnyWindow(starts, 300)).toBeLessThanOrEqual(10);
    // 35 calls at 10 per 300 ms need more than three full windows.
    expect(performance.now() - began).toBeGreaterThanOrEqual(900);
    expect(order).toEqual(Array.from({ length: 35 }, (_, i) => `c-${i}`));
  });
});

describe('rateLimit and 429s', () => {
  beforeEach(useFakeTime);

  it('the retry of a call that got a 429 takes a start in the window of its own, so attempts stay within the rate', async () => {
    const attempts: number[] = [];
    const fetch = refusingFirst('1', () => attempts.push(performance.now()));
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, rateLimit: { requests: 5, perMs: 500 } });
    await settleInFakeTime(Promise.all(Array.from({ length: 10 }, (_, i) => publish(client, i))));
    expect(attempts).toHaveLength(11);
    expect(mostInAnyWindow(attempts, 500)).toBeLessThanOrEqual(5);
  });
});

describe('the pause after a 429', () => {
  beforeEach(useFakeTime);

  it("holds the start of new calls until the 429's Retry-After, then both go through", async () => {
    const attempts: Array<{ who: string; at: number }> = [];
    const fetch = refusingFirst('1', async (input, init) => {
      const at = performance.now();
      attempts.push({ who: await customerOf(input, init), at });
    });
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch });
    const first = publish(client, 1);
    await advance(50);
    await settleInFakeTime(Promise.all([first, publish(client, 2)]));
    const refusedAt = attempts[0]!.at;
    const second = attempts.find((a) => a.who === 'c-2')!;
    expect(second.at - refusedAt).toBe(1_000);
    expect(attempts.map((a) => a.who)).toEqual(['c-1', expect.any(String), expect.any(String)]);
  });

  it('refuses new calls at once, nothing sent, during a Retry-After longer than maxRetryDelay, with the time left', async () => {
    const attempts: number[] = [];
    const fetch = refusingFirst('3600', () => attempts.push(performance.now()));
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, maxRetries: 0, maxRetryDelay: 300 });
    await expect(publish(client, 1)).rejects.toBeInstanceOf(RateLimitError);
    const refused = (await publish(client, 2).catch((e: unknown) => e)) as RateLimitError;
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused.outcome).toBe('not_sent');
    expect(refused.attempts).toBe(0);
    expect(refused.retryAfter).toBeGreaterThan(3590);
    expect(refused.retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.message).toMatch(/publications\.create: 429: .*maxRetryDelay.*not sent/);
    expect(attempts).toHaveLength(1);
  });
});

describe('limiter', () => {
  it('is asked before a call starts and again, as a retry, before its retry, the earlier place given back once the retry is in line', async () => {
    const events: string[] = [];
    const limiter: Limiter = {
      async acquire(_signal, request) {
        events.push(request?.retry ? 'acquire (retry)' : 'acquire');
        return () => events.push('release');
      },
    };
    let attempt = 0;
    const fetch = refusingFirst('0', () => events.push(`attempt ${++attempt}`));
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, limiter });
    await publish(client, 1);
    expect(events).toEqual(['acquire', 'attempt 1', 'acquire (retry)', 'release', 'attempt 2', 'release']);
  });

  it('a retry ahead of waiting first attempts: a limit of one call in flight admits the retry of the call holding it (no deadlock)', async () => {
    // A semaphore of one place, in order of arrival, retries first in line.
    let free = true;
    const line: Array<{ retry: boolean; go: () => void }> = [];
    const order: string[] = [];
    const release = () => {
      const next = line.findIndex((w) => w.retry);
      const waiter = line.splice(next === -1 ? 0 : next, 1)[0];
      if (waiter) waiter.go();
      else free = true;
    };
    const limiter: Limiter = {
      acquire: (_signal, request) =>
        new Promise((resolve) => {
          const go = () => resolve(release);
          if (free) {
            free = false;
            go();
          } else line.push({ retry: request?.retry === true, go });
        }),
    };
    let attempts = 0;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      attempts += 1;
      order.push(await customerOf(input, init));
      return attempts === 1
        ? new Response('{"code":429,"key":"too_many_requests"}', { status: 429, headers: { ...jsonType, 'retry-after': '0' } })
        : publication();
    };
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, limiter });
    await Promise.all([publish(client, 1), publish(client, 2), publish(client, 3)]);
    expect(order).toEqual(['c-1', 'c-1', 'c-2', 'c-3']);
  });

  it('a limiter that fails when asked for a retry fails the call with LimiterError naming it: the retry is not sent, the 429 said the service did not act (outcome rejected)', async () => {
    let sent = 0;
    const fetch = refusingFirst('0', () => void (sent += 1));
    const limiter: Limiter = { acquire: async (_signal, request) => (request?.retry ? Promise.reject(new Error('store unreachable')) : undefined) };
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, limiter });
    const error = (await publish(client, 1).catch((e: unknown) => e)) as LimiterError;
    expect(error).toBeInstanceOf(LimiterError);
    expect(error.message).toMatch(/^publications\.create: the limiter failed: store unreachable; its retry was not sent$/);
    expect(error.outcome).toBe('rejected');
    expect(sent).toBe(1);
  });

  it("a limiter's own LimiterError becomes one naming the call, the limiter's the cause", async () => {
    const own = new LimiterError('limiter-redis', 'Redis did not answer within 3000 ms, so the call was not admitted');
    const limiter: Limiter = { acquire: () => Promise.reject(own) };
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch: async () => publication(), limiter });
    const error = (await publish(client, 1).catch((e: unknown) => e)) as LimiterError;
    expect(error.operation).toBe('publications.create');
    expect(error.message).toBe('publications.create: Redis did not answer within 3000 ms, so the call was not admitted; nothing was sent');
    expect(error.cause).toBe(own);
  });

  it('a call aborted while the limiter holds its retry rejects with AbortError after 1 attempt; the retry is not sent', async () => {
    let sent = 0;
    const fetch = refusingFirst('0', () => void (sent += 1));
    const limiter: Limiter = {
      acquire: (signal, request) =>
        request?.retry ? new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))) : Promise.resolve(),
    };
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', ...credentials, fetch, limiter });
    const error = (await publish(client, 1, { signal: AbortSignal.timeout(100) }).catch((e: unknown) => e)) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.attempts).toBe(1);
    expect(error.outcome).toBe('rejected');
    expect(sent).toBe(1);
  });

  it('a limiter that fails fails the call with a PromokitError naming it, and nothing is sent', async () => {
    const { client, sent } = countingSends({ acquire: () => Promise.reject(new Error('store unreachable')) });
    const error = await publish(client, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimiterError);
    expect(error).toBeInstanceOf(PromokitError);
    expect((error as Error).message).toMatch(/publications\.create: the limiter failed.*store unreachable.*nothing was sent/);
    expect(sent()).toBe(0);
  });

  it('a call aborted while the limiter waits rejects with AbortError and is not sent', async () => {
    const { client, sent } = countingSends({
      acquire: (signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    });
    await expect(publish(client, 1, { signal: AbortSignal.timeout(50) })).rejects.toBeInstanceOf(AbortError);
    expect(sent()).toBe(0);
  });

  it('applies to client.clientEvents too', async () => {
    let acquired = 0;
    const limiter: Limiter = { acquire: async () => void (acquired += 1) };
    const fetch: typeof globalThis.fetch = async () =>
      new Response('{"object":"event","type":"signed_up"}', { headers: { 'content-type': 'application/json' } });
    const client = new Client({
      baseUrl: 'http://127.0.0.1:9',
      ...credentials,
      clientApplicationId: 'c',
      clientToken: 't',
      origin: 'https://shop.example.com',
      fetch,
      limiter,
    });
    await client.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-1' } });
    expect(acquired).toBe(1);
  });
});

describe('bad limit options', () => {
  it.each<[Partial<ClientOptions>, string]>([
    [{ maxConcurrency: 0 }, 'maxConcurrency'],
    [{ maxConcurrency: 2.5 }, 'maxConcurrency'],
    [{ rateLimit: { requests: 0, perMs: 1000 } }, 'rateLimit'],
    [{ rateLimit: { requests: 10, perMs: Number.NaN } }, 'rateLimit'],
    [{ limiter: {} as Limiter }, 'limiter'],
  ])('%j is refused naming %s', (options, option) => {
    let error: unknown;
    try {
      new Client({ ...credentials, ...options });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
  });
});
