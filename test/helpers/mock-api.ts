/**
 * An msw server for the tests of the resources' requests and responses (and of the call pipeline
 * over msw): it answers a route with canned responses, or with what msw can fake (a network
 * error, a delay), and records every request it receives in the recorder's shape, so tests can
 * assert the exact method, path, query, headers and body the SDK sent. Tests that need the wire
 * itself use ./recorder.ts.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Client, type ClientOptions } from '../../src/index.js';
import { keys } from './keys.js';
import type { Sent } from './recorder.js';

export const BASE_URL = 'https://api.promokit.test';

/** The credentials of {@link testClient}: those of ./keys.ts but `origin`. */
export const secrets = (({ origin: _origin, ...rest }) => rest)(keys);

/**
 * One request as msw saw it: the recorder's {@link Sent} (./recorder.ts), with the URL and the
 * query parsed.
 */
export interface Seen extends Sent {
  url: URL;
  query: Record<string, string>;
}

export const server = setupServer();
export const seen: Seen[] = [];
const pendingBodies: Array<Promise<unknown>> = [];

/** Starts the msw server for the test file and stops it after; clears recordings between tests. */
export function useMockApi(): void {
  beforeAll(() => {
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((v, k) => (headers[k] = v));
      // Recorded synchronously so the count is right the moment the call settles; the body text
      // arrives a few microtasks later, long before the SDK has read the response.
      const entry: Seen = {
        method: request.method,
        url,
        target: url.pathname + url.search,
        path: url.pathname,
        search: url.search.replace(/^\?/, ''),
        query: Object.fromEntries(url.searchParams),
        headers,
        body: '',
        at: performance.now(),
      };
      seen.push(entry);
      pendingBodies.push(
        request
          .clone()
          .text()
          .then((text) => (entry.body = text)),
      );
    });
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
    pendingBodies.length = 0;
  });
  afterAll(() => {
    server.events.removeAllListeners();
    server.close();
  });
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** Answers `method path` with each response in turn (the last one repeats). */
export function respond(method: Method, path: string, ...responses: Array<Response | (() => Response | Promise<Response>)>): void {
  let i = 0;
  server.use(
    http[method](`${BASE_URL}${path}`, async () => {
      // Answer only once every request body seen so far is recorded.
      await Promise.all(pendingBodies);
      const next = responses[Math.min(i++, responses.length - 1)]!;
      return typeof next === 'function' ? next() : next.clone();
    }),
  );
}

/** A JSON response. */
export function json(body: JsonBodyType, status = 200, headers?: Record<string, string>): Response {
  return HttpResponse.json(body, { status, headers });
}

/** A client with test credentials against the mock API. */
export function testClient(options: ClientOptions = {}): Client {
  return new Client({ baseUrl: BASE_URL, ...secrets, origin: keys.origin, logLevel: 'off', ...options });
}

/** The headers every server-side (`/v1`) call sends, as the mock server records them. */
export const serverHeaders = {
  'x-app-id': secrets.appId,
  'x-app-token': secrets.appToken,
  authorization: `Bearer ${secrets.accessToken}`,
  accept: 'application/json',
} as const;

/** {@link serverHeaders} of a call with a JSON body. */
export const jsonServerHeaders = { ...serverHeaders, 'content-type': 'application/json' } as const;

/** Freezes `value` deeply, so a test fails if the SDK mutates the caller's params. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
