/**
 * The storefront's send path (src/core/storefront-send.ts): what a `ClientEvents` of its own
 * (`new ClientEvents()`, the browser entry's) does on the wire, over a real node:http server on
 * 127.0.0.1. One class with the server `Client`'s `clientEvents`, whose errors are the same
 * classes; the retry policy of an event (again on a 429 and a connection refused before anything
 * was sent, never on a 5xx or a timeout; a `Retry-After` past `maxRetryDelay` not waited); a 3xx
 * never followed; a body that is no JSON; input refused, nothing sent; each error's `outcome` and
 * `retryDecision`; the opt-in options sent through the whole pipeline; no secret in any error.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import * as browserEntry from '../../src/client-side.js';
import { Client, ClientEvents, ApiError, retryDecision, ResponseTooLargeError } from '../../src/index.js';
import { ack, clientCredentials, credentials, refusedUrl } from '../helpers/http-server.js';
import { startRawRecorder, startRecorder, type Recorder } from '../helpers/recorder.js';

const event = { event: 'signed_up', customer: { source_id: 'c-1' } };

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

/** A `ClientEvents` of its own sending to `url`, its logs off, retries without waiting. */
function eventsTo(url: string, options: browserEntry.ClientEventsOptions = {}): browserEntry.ClientEvents {
  return new browserEntry.ClientEvents({ baseUrl: url, ...clientCredentials, logLevel: 'off', maxRetryDelay: 0, ...options });
}

/** What `promise` rejects with. */
async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  return promise.then(
    () => expect.fail('resolved'),
    (error: Error & Record<string, unknown>) => error,
  );
}

describe('one class', () => {
  it("is the server entry's ClientEvents, the browser entry's and the server Client's clientEvents, each instanceof the other's", () => {
    expect(browserEntry.ClientEvents).toBe(ClientEvents);
    const client = new Client({ baseUrl: 'https://api.example.com', ...credentials, logLevel: 'off' });
    const own = eventsTo('https://api.example.com');
    expect(client.clientEvents).toBeInstanceOf(browserEntry.ClientEvents);
    expect(own).toBeInstanceOf(ClientEvents);
    expect(Object.getPrototypeOf(own)).toBe(Object.getPrototypeOf(client.clientEvents));
  });

  it("throws the same error classes on both paths: a 401 is an AuthenticationError and an ApiError of either entry, 'rejected'", async () => {
    recorder = await startRecorder(() => ({ status: 401, body: { code: 401, key: 'unauthorized', message: 'no' } }));
    const client = new Client({ baseUrl: recorder.url, ...credentials, logLevel: 'off' });
    for (const events of [eventsTo(recorder.url), client.clientEvents]) {
      const error = await rejection(events.track(event));
      expect(error).toBeInstanceOf(browserEntry.AuthenticationError);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toBeInstanceOf(browserEntry.PromokitError);
      expect(error).toMatchObject({ name: 'AuthenticationError', status: 401, outcome: 'rejected', operation: 'clientEvents.track' });
      expect(retryDecision(error)).toEqual({ action: 'fail' });
    }
    expect(recorder.sent).toHaveLength(2);
  });
});

describe('the request', () => {
  it('sends the event once, with the client-side keys, the origin outside browsers, the headers of the client and the call; withResponse() gives the answer', async () => {
    recorder = await startRecorder(() => ({ body: ack }));
    const events = eventsTo(recorder.url, { headers: { 'X-Shop': 'a' } });
    const { data, response } = await events.track(event, { headers: { 'x-call': 'b' } }).withResponse();
    expect(data).toEqual(ack);
    expect(response.status).toBe(200);
    expect(recorder.sent).toHaveLength(1);
    const [sent] = recorder.sent;
    expect(sent).toMatchObject({ method: 'POST', path: '/client/v1/events' });
    expect(JSON.parse(sent!.body)).toEqual(event);
    expect(sent!.headers).toMatchObject({
      'x-client-application-id': credentials.clientApplicationId,
      'x-client-token': credentials.clientToken,
      authorization: `Bearer ${credentials.accessToken}`,
      origin: credentials.origin,
      'content-type': 'application/json',
      accept: 'application/json',
      'x-shop': 'a',
      'x-call': 'b',
    });
  });

  it('refuses bad input naming the field, and a keepalive body past 64 KiB, nothing sent', async () => {
    recorder = await startRecorder(() => ({ body: ack }));
    const events = eventsTo(recorder.url);
    const bad = await rejection(events.track({ event: '', customer: { source_id: 'c' } }));
    expect(bad).toBeInstanceOf(browserEntry.InvalidRequestError);
    expect(bad).toMatchObject({ outcome: 'not_sent', issues: [{ path: ['event'] }] });
    expect(bad.message).toContain('event: must be a string of 1 to 300 characters');
    const big = await rejection(events.track({ ...event, metadata: { text: 'x'.repeat(70_000) } }, { keepalive: true }));
    expect(big).toBeInstanceOf(browserEntry.InvalidRequestError);
    expect(big.message).toContain('65536 bytes');
    const option = await rejection(events.track(event, { timeout: -1 }));
    expect(option).toBeInstanceOf(browserEntry.ConfigurationError);
    expect(option).toMatchObject({ option: 'timeout', outcome: 'not_sent' });
    expect(recorder.sent).toHaveLength(0);
  });

  it('a missing key is a ConfigurationError at the first track(), naming the option, nothing sent', async () => {
    recorder = await startRecorder(() => ({ body: ack }));
    const events = new browserEntry.ClientEvents({ baseUrl: recorder.url, clientApplicationId: 'app', origin: credentials.origin, logLevel: 'off' });
    const error = await rejection(events.track(event));
    expect(error).toBeInstanceOf(browserEntry.ConfigurationError);
    expect(error).toMatchObject({ option: 'clientToken', outcome: 'not_sent' });
    expect(recorder.sent).toHaveLength(0);
  });
});

describe('the retry policy of an event', () => {
  it('a 429 is sent again after its Retry-After', async () => {
    recorder = await startRecorder((_sent, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '0' }, body: { code: 429, key: 'too_many_requests', message: 'wait' } } : { body: ack },
    );
    await expect(eventsTo(recorder.url, { maxRetryDelay: 5_000 }).track(event)).resolves.toEqual(ack);
    expect(recorder.sent).toHaveLength(2);
  });

  it('a 429 asking a longer wait than maxRetryDelay rejects at once with its RateLimitError, saying why', async () => {
    recorder = await startRecorder(() => ({ status: 429, headers: { 'retry-after': '3600' }, body: { code: 429, key: 'too_many_requests', message: 'wait' } }));
    const error = await rejection(eventsTo(recorder.url, { maxRetryDelay: 2_000 }).track(event));
    expect(error).toBeInstanceOf(browserEntry.RateLimitError);
    expect(error).toMatchObject({ retryAfter: 3600, outcome: 'rejected', attempts: 1 });
    expect(error.message).toContain('not retried: the service asked to wait 3600 s, longer than maxRetryDelay (2000 ms)');
    expect(retryDecision(error)).toEqual({ action: 'retry', delayMs: 3_600_000 });
    expect(recorder.sent).toHaveLength(1);
  });

  it("a 5xx is never sent again: the event may have been recorded ('unknown', reconcile)", async () => {
    recorder = await startRecorder(() => ({ status: 503, body: { code: 503, key: 'unavailable', message: 'down' } }));
    const error = await rejection(eventsTo(recorder.url).track(event));
    expect(error).toBeInstanceOf(browserEntry.InternalServerError);
    expect(error).toMatchObject({ status: 503, outcome: 'unknown', attempts: 1 });
    expect(error.message).toContain('may have been applied');
    expect(retryDecision(error)).toEqual({ action: 'reconcile' });
    expect(recorder.sent).toHaveLength(1);
  });

  it('a timeout is never sent again', async () => {
    recorder = await startRecorder(() => ({ hang: true }));
    const error = await rejection(eventsTo(recorder.url, { timeout: 200 }).track(event));
    expect(error).toBeInstanceOf(browserEntry.TimeoutError);
    expect(error).toMatchObject({ outcome: 'unknown', attempts: 1 });
    expect(recorder.sent).toHaveLength(1);
  });

  it("a connection refused is sent again (nothing was sent), then a ConnectionError, 'not_sent'", async () => {
    const error = await rejection(eventsTo(await refusedUrl(), { maxRetries: 2 }).track(event));
    expect(error).toBeInstanceOf(browserEntry.ConnectionError);
    expect(error).toMatchObject({ outcome: 'not_sent', attempts: 3 });
    expect(retryDecision(error)).toEqual({ action: 'retry', delayMs: 1_000 });
  });
});

describe('the answer', () => {
  it.each([
    [302, 'unknown'],
    [307, 'rejected'],
  ] as const)('a %i is never followed: a RedirectError naming the origin it pointed to, %s', async (status, outcome) => {
    let elsewhere = 0;
    const other = await startRecorder(() => {
      elsewhere += 1;
      return { body: ack };
    });
    recorder = await startRawRecorder((_sent, res) => void res.writeHead(status, { location: `${other.url}/client/v1/events` }).end());
    try {
      const error = await rejection(eventsTo(recorder.url).track(event));
      expect(error).toBeInstanceOf(browserEntry.RedirectError);
      expect(error).toMatchObject({ status, outcome, location: other.url });
      expect(elsewhere).toBe(0);
      expect(recorder.sent).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("a 2xx that is no JSON is a ResponseValidationError, 'unknown'", async () => {
    recorder = await startRawRecorder((_sent, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>ok</html>'));
    const error = await rejection(eventsTo(recorder.url).track(event));
    expect(error).toBeInstanceOf(browserEntry.ResponseValidationError);
    expect(error).toMatchObject({ outcome: 'unknown', issues: [{ message: 'the response body is not valid JSON' }] });
  });

  it("an acknowledgment that breaks its schema: returned in 'warn' mode (logged once), refused in 'strict' mode", async () => {
    const broken = { ...ack, type: 42 };
    recorder = await startRecorder(() => ({ body: broken }));
    const warnings: string[] = [];
    const logger = { debug: () => undefined, info: () => undefined, warn: (line: string) => void warnings.push(line), error: () => undefined };
    const warn = eventsTo(recorder.url, { logger, logLevel: 'warn' });
    await expect(warn.track(event)).resolves.toEqual(broken);
    await expect(warn.track(event)).resolves.toEqual(broken);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('clientEvents.track: response does not match its schema');
    const error = await rejection(eventsTo(recorder.url, { validation: 'strict' }).track(event));
    expect(error).toBeInstanceOf(browserEntry.ResponseValidationError);
    expect(error).toMatchObject({ outcome: 'unknown', issues: [{ path: ['type'] }] });
  });

  it('a body past maxResponseBytes is cancelled: a ResponseTooLargeError', async () => {
    recorder = await startRecorder(() => ({ body: { ...ack, metadata: { text: 'x'.repeat(5_000) } } }));
    const error = await rejection(eventsTo(recorder.url, { maxResponseBytes: 1_000 }).track(event));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ limit: 1_000, outcome: 'unknown' });
  });
});

describe('the opt-in options, sent through the whole pipeline', () => {
  it('hooks see the attempt and may set a header; an accessToken function is asked per event', async () => {
    recorder = await startRecorder(() => ({ body: ack }));
    const seen: string[] = [];
    let asked = 0;
    const events = eventsTo(recorder.url, {
      accessToken: () => `token-${++asked}-abcdefgh`,
      hooks: {
        request: (e) => {
          seen.push(`${e.operation} ${e.attempt}`);
          e.setHeader('traceparent', '00-abc-def-01');
        },
      },
    });
    await events.track(event);
    await events.track(event);
    expect(seen).toEqual(['clientEvents.track 1', 'clientEvents.track 1']);
    expect(recorder.sent.map((s) => [s.headers.traceparent, s.headers.authorization])).toEqual([
      ['00-abc-def-01', 'Bearer token-1-abcdefgh'],
      ['00-abc-def-01', 'Bearer token-2-abcdefgh'],
    ]);
  });
});

describe('secrets', () => {
  it('an answer echoing the bearer token: not in the message, toJSON() or util.inspect of the error', async () => {
    recorder = await startRecorder((sent) => ({ status: 400, body: { code: 400, key: 'bad', message: `refused ${sent.headers.authorization}` } }));
    const error = await rejection(eventsTo(recorder.url).track(event));
    expect(error).toBeInstanceOf(browserEntry.BadRequestError);
    for (const rendering of [error.message, JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })])
      expect(rendering).not.toContain(credentials.accessToken);
  });
});

describe('the same on every path: the lean one, the whole pipeline of its own (hooks), the server Client', () => {
  /** The three ways an event is sent, each to `url`. */
  const paths = (url: string): Array<[string, browserEntry.ClientEvents]> => [
    ['its own, lean', eventsTo(url)],
    ['its own, the whole pipeline', eventsTo(url, { hooks: { request: () => undefined } })],
    ['the server Client', new Client({ baseUrl: url, ...credentials, ...clientCredentials, logLevel: 'off', maxRetryDelay: 0 }).clientEvents],
  ];

  it('an answer echoing the client token and the bearer token, in its body and a header: in no rendering of the error', async () => {
    recorder = await startRecorder((sent) => ({
      status: 400,
      headers: { 'x-echo': `${sent.headers['x-client-token']} ${sent.headers.authorization}` },
      body: { code: 400, key: 'bad', message: `refused ${sent.headers['x-client-token']} ${String(sent.headers['x-client-token']).toUpperCase()}` },
    }));
    for (const [path, events] of paths(recorder.url)) {
      const error = await rejection(events.track(event));
      expect(error, path).toBeInstanceOf(browserEntry.BadRequestError);
      for (const rendering of [error.message, String(error), JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })])
        for (const secret of [clientCredentials.clientToken, clientCredentials.clientToken.toUpperCase()]) expect(rendering, path).not.toContain(secret);
    }
  });

  it('a signal aborted before the call: AbortError, not_sent, nothing sent', async () => {
    recorder = await startRecorder(() => ({ body: ack }));
    for (const [path, events] of paths(recorder.url)) {
      const error = await rejection(events.track(event, { signal: AbortSignal.abort() }));
      expect(error, path).toBeInstanceOf(browserEntry.AbortError);
      expect(error.outcome, path).toBe('not_sent');
    }
    expect(recorder.sent).toHaveLength(0);
  });
});
