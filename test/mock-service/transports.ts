/**
 * The two transports every semantics test runs over: `mock.fetch` (in memory) and
 * `mock.listen()` (a real HTTP server on 127.0.0.1, reached with the global fetch); and a third,
 * `mock.handlers()` behind msw, for the tests that hold for all three ways of reaching the mock.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { Client, type ClientOptions } from '../../src/index.js';
import { createMockService, type MockService, type MockServiceOptions } from '../../src/testing/index.js';

/** A Wednesday, 09:30 UTC: outside WEEKEND25's days and LUNCH10's hours. */
export const NOW = '2026-03-18T09:30:00.000Z';
export const NOW_SECONDS = Date.parse(NOW) / 1000;

/** How a test reaches the mock: a client, and raw requests for what the client refuses to send. */
export interface Connection {
  /** A client with the mock's credentials; `options` override them. */
  client(options?: ClientOptions): Client;
  /** A raw request to `path` on the mock. */
  raw(path: string, init?: RequestInit): Promise<Response>;
  /** The address the client talks to. */
  baseUrl: string;
}

type Connect = (mock: MockService) => Promise<Connection & { close(): Promise<void> }>;

const inMemory: Connect = async (mock) => ({
  baseUrl: mock.baseUrl,
  client: (options) =>
    new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', validation: 'strict', maxRetries: 0, ...options }),
  raw: (path, init) => mock.fetch(mock.baseUrl + path, init),
  close: async () => {},
});

const overHttp: Connect = async (mock) => {
  const server = await mock.listen();
  return {
    baseUrl: server.url,
    client: (options) => new Client({ baseUrl: server.url, ...mock.credentials, logLevel: 'off', validation: 'strict', maxRetries: 0, ...options }),
    raw: (path, init) => fetch(server.url + path, init),
    close: () => server.close(),
  };
};

// msw patches the global fetch from connect to close: only while its suite runs.
const throughMsw: Connect = async (mock) => {
  const [{ http }, { setupServer }] = await Promise.all([import('msw'), import('msw/node')]);
  const server = setupServer(...mock.handlers(http));
  server.listen({ onUnhandledRequest: 'error' });
  return {
    baseUrl: mock.baseUrl,
    client: (options) => new Client({ baseUrl: mock.baseUrl, ...mock.credentials, logLevel: 'off', validation: 'strict', maxRetries: 0, ...options }),
    raw: (path, init) => fetch(mock.baseUrl + path, init),
    close: async () => server.close(),
  };
};

/** `describe.each` rows: the transport's name and how to connect. */
export const transports: Array<[string, Connect]> = [
  ['mock.fetch', inMemory],
  ['mock.listen()', overHttp],
];

/** The three ways of reaching the mock: `transports` and msw. */
export const allTransports: Array<[string, Connect]> = [...transports, ['mock.handlers() with msw', throughMsw]];

/**
 * Creates one mock for the suite (reset before each test) and connects to it; the server, if
 * any, is closed after the suite.
 */
export function useMock(connect: Connect, options: MockServiceOptions = {}): { mock: MockService; conn: Connection } {
  const mock = createMockService({ now: NOW, ...options });
  let connection: (Connection & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    connection = await connect(mock);
  });
  afterAll(async () => {
    await connection?.close();
  });
  beforeEach(() => mock.reset());
  const conn: Connection = {
    client: (o) => connection!.client(o),
    raw: (p, i) => connection!.raw(p, i),
    get baseUrl() {
      return connection!.baseUrl;
    },
  };
  return { mock, conn };
}

/** The server-side headers of the mock's credentials, for raw requests. */
export function serverHeaders(mock: MockService, extra: Record<string, string> = {}): Record<string, string> {
  const c = mock.credentials;
  return { 'x-app-id': c.appId, 'x-app-token': c.appToken, authorization: `Bearer ${c.accessToken}`, 'content-type': 'application/json', ...extra };
}

/** Awaits a promise that must reject; returns the error. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}
