/**
 * The `hooks` option and `.withResponse()`, over a real `node:http` server on 127.0.0.1: the
 * events of each call in order, trace headers set by a hook on the wire, no secret in any event,
 * hooks that throw, and the response behind every result.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  Client,
  ClientEvents,
  ConfigurationError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  type ClientOptions,
  type ErrorEvent,
  type Hooks,
  type Logger,
  type RequestEvent,
  type ResponseEvent,
  type RetryEvent,
} from '../../src/index.js';
import { ClientEvents as BrowserClientEvents } from '../../src/client-side.js';
import { ack, clientCredentials, credentials, member, refusedUrl, secretValues } from '../helpers/http-server.js';
import { startRecorder, type Reply, type Recorder } from '../helpers/recorder.js';

type Recorded =
  | { kind: 'request'; event: RequestEvent }
  | { kind: 'response'; event: ResponseEvent }
  | { kind: 'retry'; event: RetryEvent }
  | { kind: 'error'; event: ErrorEvent };

/** Hooks that record every event, in order, with the time it came. */
function recorder() {
  const events: Array<Recorded & { at: number }> = [];
  const hooks: Hooks = {
    request: (event) => void events.push({ kind: 'request', event, at: performance.now() }),
    response: (event) => void events.push({ kind: 'response', event, at: performance.now() }),
    retry: (event) => void events.push({ kind: 'retry', event, at: performance.now() }),
    error: (event) => void events.push({ kind: 'error', event, at: performance.now() }),
  };
  return { events, hooks, kinds: () => events.map((e) => `${e.kind}:${e.event.attempt}`) };
}

/** A logger that keeps its lines. */
function captureLogger() {
  const lines: Array<{ level: string; text: string }> = [];
  const write =
    (level: string) =>
    (message: string, ...rest: unknown[]) =>
      void lines.push({ level, text: [message, ...rest.map((r) => JSON.stringify(r))].join(' ') });
  const logger: Logger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
  return { lines, logger };
}

let server: Recorder | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer: (n: number, url: string) => Reply): Promise<Recorder> {
  server = await startRecorder((req, n) => answer(n, req.target));
  return server;
}

function client(url: string, options: ClientOptions = {}): Client {
  return new Client({ baseUrl: url, ...credentials, logLevel: 'off', ...options });
}

describe('hooks: the events of a call', () => {
  it('a GET answered 503 then 200: request, response, retry, request, response, in that order, attempts 1 and 2', async () => {
    const { url } = await serve((n) =>
      n === 1
        ? { status: 503, body: { code: 503, message: 'busy' }, headers: { 'x-request-id': 'req-1' } }
        : { body: member, headers: { 'x-request-id': 'req-2' } },
    );
    const { events, hooks, kinds } = recorder();
    const result = await client(url, { hooks }).loyalties.getMember('L1');
    expect(result).toMatchObject({ id: 'v_1' });
    expect(kinds()).toEqual(['request:1', 'response:1', 'retry:1', 'request:2', 'response:2']);
    const common = { operation: 'loyalties.getMember', method: 'GET', url: `${url}/v1/loyalties/members/L1` };
    for (const { event } of events) expect(event).toMatchObject(common);
    expect(new Set(events.map((e) => e.event.callId)).size).toBe(1);
    const [, first, retry, , second] = events as unknown as [Recorded, { event: ResponseEvent }, { event: RetryEvent }, Recorded, { event: ResponseEvent }];
    expect(first.event).toMatchObject({ status: 503, requestId: 'req-1' });
    expect(second.event).toMatchObject({ status: 200, requestId: 'req-2' });
    expect(first.event.durationMs).toBeGreaterThanOrEqual(0);
    expect(retry.event.reason).toBe('status 503');
    // The delay reported is the real wait: the next attempt is sent no sooner. (Its value, the
    // jittered backoff, is computed as a number in test/core/retry-plan.test.ts.)
    expect(retry.event.delayMs).toBeGreaterThan(0);
    const [firstAt, secondAt] = server!.sent.map((r) => r.at) as [number, number];
    expect(secondAt - firstAt).toBeGreaterThanOrEqual(retry.event.delayMs - 5);
  });

  it('a 404: one error event with the NotFoundError and the whole call duration, no retry', async () => {
    const { url } = await serve(() => ({ status: 404, body: { code: 404, key: 'not_found', message: 'Resource not found' } }));
    const { events, hooks, kinds } = recorder();
    const error = await client(url, { hooks })
      .loyalties.getMember('NOPE')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(kinds()).toEqual(['request:1', 'response:1', 'error:1']);
    const last = events.at(-1)!.event as ErrorEvent;
    expect(last.error).toBe(error);
    expect(last.durationMs).toBeGreaterThanOrEqual(0);
    expect(events.filter((e) => e.kind === 'error')).toHaveLength(1);
  });

  it('a refused connection: requests without responses, retries, then one error event with the ConnectionError', async () => {
    const { events, hooks, kinds } = recorder();
    const error = await client(await refusedUrl(), { hooks, maxRetryDelay: 10 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(kinds()).toEqual(['request:1', 'retry:1', 'request:2', 'retry:2', 'request:3', 'error:3']);
    expect((events[1]!.event as RetryEvent).reason).toBe('connection failure (ECONNREFUSED)');
  });

  it('each call has its own callId', async () => {
    const { url } = await serve(() => ({ body: member }));
    const { events, hooks } = recorder();
    const c = client(url, { hooks });
    await Promise.all([c.loyalties.getMember('L1'), c.loyalties.getMember('L1')]);
    const ids = events.map((e) => e.event.callId);
    expect(new Set(ids).size).toBe(2);
  });

  it('setHeader adds a header to that attempt on the wire; credential headers can be neither set nor replaced', async () => {
    const { url, sent: requests } = await serve((n) =>
      n === 1 ? { status: 502, body: 'bad gateway', headers: { 'content-type': 'text/html' } } : { body: member },
    );
    const { logger, lines } = captureLogger();
    const hooks: Hooks = {
      request(event) {
        event.setHeader('traceparent', `00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b${event.attempt}-01`);
        event.setHeader('Authorization', 'Bearer stolen');
      },
    };
    await client(url, { hooks, logger, logLevel: 'warn' }).loyalties.getMember('L1');
    expect(requests.map((r) => r.headers.traceparent)).toEqual([undefined, undefined]);
    expect(requests.every((r) => r.headers.authorization === `Bearer ${credentials.accessToken}`)).toBe(true);
    // The hook threw on the credential header: logged once, and nothing it set applies.
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    expect(lines[0]!.text).toMatch(/request hook threw.*credential header/);

    const { url: url2, sent: requests2 } = await serve(() => ({ body: member }));
    const tracing: Hooks = { request: (event) => event.setHeader('traceparent', `00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01`) };
    await client(url2, { hooks: tracing }).loyalties.getMember('L1');
    expect(requests2[0]!.headers.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
  });

  it('a traceparent per attempt: each retry carries the header its own request event set', async () => {
    const { url, sent: requests } = await serve((n) => (n === 1 ? { status: 503, body: {} } : { body: member }));
    const hooks: Hooks = { request: (event) => event.setHeader('traceparent', `00-0af7651916cd43dd8448eb211c80319c-000000000000000${event.attempt}-01`) };
    await client(url, { hooks }).loyalties.getMember('L1');
    expect(requests.map((r) => r.headers.traceparent)).toEqual([
      '00-0af7651916cd43dd8448eb211c80319c-0000000000000001-01',
      '00-0af7651916cd43dd8448eb211c80319c-0000000000000002-01',
    ]);
  });

  it('no event of a run with every credential set holds a secret, in any field or in its JSON', async () => {
    const { url } = await serve((n, path) => {
      if (path.startsWith('/client/v1/events')) return { body: ack };
      if (path.includes('NOPE')) return { status: 404, body: { code: 404, key: 'not_found', message: 'nope' } };
      return n % 2 === 1 ? { status: 503, body: 'busy', headers: { 'content-type': 'text/html' } } : { body: member };
    });
    const { events, hooks } = recorder();
    const { lines, logger } = captureLogger();
    const c = client(url, {
      hooks,
      logger,
      logLevel: 'debug',
      clientApplicationId: credentials.clientApplicationId,
      clientToken: credentials.clientToken,
      origin: credentials.origin,
    });
    await c.loyalties.getMember('L1');
    await c.loyalties.getMember('NOPE').catch(() => {});
    await c.clientEvents.track({ event: 'e', customer: { source_id: 'c' } });
    await c.oauth.introspect(credentials.accessToken, { maxRetries: 0 }).catch(() => {});
    expect(events.length).toBeGreaterThan(8);
    const texts = [...events.map((e) => JSON.stringify(e.event)), ...events.map((e) => String(Object.values(e.event))), ...lines.map((l) => l.text)];
    for (const text of texts) for (const secret of secretValues) expect(text).not.toContain(secret);
    // The request event offers no way to read a header.
    const request = events.find((e) => e.kind === 'request')!.event;
    expect(Object.keys(request).sort()).toEqual(['attempt', 'callId', 'method', 'operation', 'setHeader', 'url']);
  });

  it('a hook that throws is logged once at warn and changes nothing about the call', async () => {
    const { url } = await serve((n) => (n === 1 ? { status: 503, body: {} } : { body: member }));
    const { lines, logger } = captureLogger();
    const boom = () => () => {
      throw new Error('hook bug');
    };
    const hooks: Hooks = { request: boom(), response: boom(), retry: boom() };
    const result = await client(url, { hooks, logger, logLevel: 'warn' }).loyalties.getMember('L1');
    expect(result).toMatchObject({ id: 'v_1', loyalty_card: { points: 42 } });
    expect(server!.sent).toHaveLength(2);
    // One warn line per hook that threw, however often it threw (request and response threw twice).
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn', 'warn']);
    expect(lines.map((l) => l.text.match(/the (\w+) hook/)![1])).toEqual(['request', 'response', 'retry']);
    expect(lines.every((l) => l.text.includes('hook bug'))).toBe(true);
  });

  it('a throwing error hook leaves the rejection as it was; an async hook that rejects is logged, never unhandled', async () => {
    const { url } = await serve(() => ({ status: 404, body: { code: 404, key: 'not_found', message: 'nope' } }));
    const { lines, logger } = captureLogger();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const hooks: Hooks = {
        response: (async () => {
          throw new Error('async hook bug');
        }) as unknown as Hooks['response'],
        error: () => {
          throw new Error('error hook bug');
        },
      };
      const error = await client(url, { hooks, logger, logLevel: 'warn' })
        .loyalties.getMember('NOPE')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
      expect(lines.map((l) => l.text.match(/the (\w+) hook/)![1]).sort()).toEqual(['error', 'response']);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('hooks are not awaited: a hook returning a slow promise does not hold the call', async () => {
    const { url } = await serve(() => ({ body: member }));
    const hooks: Hooks = { request: (() => new Promise((resolve) => setTimeout(resolve, 5_000))) as unknown as Hooks['request'] };
    const started = performance.now();
    await client(url, { hooks }).loyalties.getMember('L1');
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('ClientEvents (the browser entry) reports the same events', async () => {
    const { url, sent: requests } = await serve(
      (n): Reply => (n === 1 ? { status: 429, body: {}, headers: { 'retry-after': '0' } } : { body: ack, headers: { 'x-request-id': 'ev-1' } }),
    );
    const { hooks, kinds, events } = recorder();
    const events2 = new BrowserClientEvents({
      baseUrl: url,
      ...clientCredentials,
      hooks: { ...hooks, request: (e) => (hooks.request!(e), e.setHeader('traceparent', 'tp')) },
    });
    await events2.track({ event: 'e', customer: { source_id: 'c' } });
    expect(kinds()).toEqual(['request:1', 'response:1', 'retry:1', 'request:2', 'response:2']);
    expect(events[0]!.event).toMatchObject({ operation: 'clientEvents.track', method: 'POST', url: `${url}/client/v1/events` });
    expect(events[2]!.event).toMatchObject({ reason: 'status 429', delayMs: 0 });
    expect(events[4]!.event).toMatchObject({ status: 200, requestId: 'ev-1' });
    expect(requests.map((r) => r.headers.traceparent)).toEqual(['tp', 'tp']);
    // setHeader cannot replace the client token either.
    const { url: url2, sent: requests2 } = await serve(() => ({ body: ack }));
    await new ClientEvents({ baseUrl: url2, ...clientCredentials, logLevel: 'off', hooks: { request: (e) => e.setHeader('X-Client-Token', 'forged') } }).track({
      event: 'e',
      customer: { source_id: 'c' },
    });
    expect(requests2[0]!.headers['x-client-token']).toBe(credentials.clientToken);
  });

  it('refuses a hooks option that is not an object of the four hooks', () => {
    const refusal = (make: () => unknown): ConfigurationError => {
      try {
        make();
      } catch (e) {
        return e as ConfigurationError;
      }
      throw new Error('not refused');
    };
    // The server Client names the hooks it knows; a misspelt one is never ignored.
    for (const hooks of [{ requests: () => {} }, 'hooks'] as unknown as Hooks[]) {
      const error = refusal(() => new Client({ hooks }));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.option).toBe('hooks');
      expect(error.message).toContain('request, response, retry, error');
    }
    // Every client refuses a hook that is not a function.
    for (const make of [
      () => new Client({ hooks: { request: 'log' } as unknown as Hooks }),
      () => new ClientEvents({ hooks: { error: 1 } as unknown as Hooks }),
    ]) {
      const error = refusal(make);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.option).toBe('hooks');
      expect(error.message).toMatch(/the hooks option must be an object of functions( named request, response, retry, error)?$/);
    }
    // An explicit undefined is no hook.
    expect(() => new ClientEvents({ hooks: { request: undefined } })).not.toThrow();
  });
});

describe('Retry-After and maxRetryDelay', () => {
  it('a 429 with Retry-After 3600 and maxRetryDelay 2000 rejects at once, sooner than maxRetryDelay, with RateLimitError.retryAfter 3600', async () => {
    const { url, sent: requests } = await serve(() => ({
      status: 429,
      body: { code: 429, key: 'too_many_requests', message: 'slow down' },
      headers: { 'retry-after': '3600' },
    }));
    const { hooks, kinds } = recorder();
    const started = performance.now();
    const error = await client(url, { hooks, maxRetryDelay: 2000 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    // No wait at all: less than the 2,000 ms a capped wait would take, however busy the machine.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(requests).toHaveLength(1);
    expect(kinds()).toEqual(['request:1', 'response:1', 'error:1']);
  });

  it('a 429 with Retry-After 1 is waited and retried, the retry event telling the wait', async () => {
    const { url, sent: requests } = await serve((n) => (n === 1 ? { status: 429, body: {}, headers: { 'retry-after': '1' } } : { body: member }));
    const { hooks, events } = recorder();
    await expect(client(url, { hooks, maxRetryDelay: 2000 }).loyalties.getMember('L1')).resolves.toMatchObject({ id: 'v_1' });
    expect(requests).toHaveLength(2);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(events.find((e) => e.kind === 'retry')!.event).toMatchObject({ delayMs: 1000, reason: 'status 429', attempt: 1 });
  });

  it('a spend is retried after a short Retry-After too (429 means nothing was done)', async () => {
    const redemption = { id: 'r_1', object: 'redemption', result: 'SUCCESS', status: 'SUCCEEDED', date: '2026-01-01T00:00:00Z' };
    const { url, sent: requests } = await serve((n) => (n === 1 ? { status: 429, body: {}, headers: { 'retry-after': '0' } } : { body: redemption }));
    await expect(client(url).loyalties.redeemReward('L1', { reward: { id: 'rew_1' } })).resolves.toMatchObject({ id: 'r_1' });
    expect(requests).toHaveLength(2);
  });
});

describe('withResponse()', () => {
  it('a single-record method: the parsed body and the final response, its status and headers', async () => {
    const { url } = await serve((n) =>
      n === 1 ? { status: 503, body: {} } : { status: 200, body: member, headers: { 'x-request-id': 'req-9', 'x-custom': 'yes' } },
    );
    const c = client(url);
    const { data, response } = await c.loyalties.getMember('L1').withResponse();
    expect(data).toMatchObject({ id: 'v_1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(response.headers.get('x-request-id')).toBe('req-9');
    expect(response.bodyUsed).toBe(true);
    // Awaited as before, it is the body.
    await expect(c.loyalties.getMember('L1')).resolves.toMatchObject({ id: 'v_1' });
  });

  it('rejects like the call does, and the call then raises no unhandled rejection', async () => {
    const { url } = await serve(() => ({ status: 404, body: { code: 404, key: 'not_found', message: 'nope' } }));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(client(url).loyalties.getMember('NOPE').withResponse()).rejects.toBeInstanceOf(NotFoundError);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it("a list: the first page with its response, and every page's own response", async () => {
    const tx = (i: number) => ({ id: `vtx_${i}`, type: 'POINTS_ADDITION', created_at: '2026-01-01T00:00:00Z' });
    const { url } = await serve((n) =>
      n === 1
        ? { body: { object: 'list', data_ref: 'data', data: [tx(1)], has_more: true, more_starting_after: 'vtx_1' }, headers: { 'x-page': '1' } }
        : { body: { object: 'list', data_ref: 'data', data: [tx(2)], has_more: false }, headers: { 'x-page': '2' } },
    );
    const c = client(url);
    const { data: page, response } = await c.loyalties.listTransactions('camp_1').withResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-page')).toBe('1');
    expect(page.response).toBe(response);
    expect(page.data.map((t) => t.id)).toEqual(['vtx_1']);
    const next = await page.getNextPage();
    expect(next.response.headers.get('x-page')).toBe('2');
  });

  it('ClientEvents.track, from both entries', async () => {
    const { url } = await serve(() => ({ status: 202, body: ack, headers: { 'x-custom': 'event' } }));
    for (const Events of [ClientEvents, BrowserClientEvents]) {
      const { data, response } = await new Events({ baseUrl: url, ...clientCredentials, logLevel: 'off' })
        .track({ event: 'e', customer: { source_id: 'c' } })
        .withResponse();
      expect(data).toMatchObject({ object: 'event' });
      expect(response.status).toBe(202);
      expect(response.headers.get('x-custom')).toBe('event');
    }
  });
});
