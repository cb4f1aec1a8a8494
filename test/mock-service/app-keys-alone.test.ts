/**
 * The mock and the app keys alone (`X-App-Id` and `X-App-Token` without `Authorization`, what a
 * `Client` with `accessToken: false` sends): by default it refuses the pair on every `/v1`
 * operation but introspection with the service's 401 body, as the interface promokit follows
 * says; with `appKeysAlone: true` it accepts the pair, as the service's published spec does, and
 * still checks a bearer token when one is sent. Every operation of the registry through its
 * records' mock calls, over `mock.fetch` and `mock.listen()` (a real HTTP server on 127.0.0.1).
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, Client, ConfigurationError } from '../../src/index.js';
import { createMockService, type MockService, type MockServiceOptions } from '../../src/testing/index.js';
import { operationNames, operationOf } from '../../src/resources/registry.js';
import { operationTestData } from '../operations/index.js';
import { NOW } from './transports.js';

/** A client of the app keys alone on `mock`, and the credential headers of every request it sent. */
type Connect = (mock: MockService) => Promise<{ client: Client; seen: Array<Record<string, string>>; close(): Promise<void> }>;

const credentialNames = ['authorization', 'x-app-id', 'x-app-token', 'x-client-application-id', 'x-client-token'];

/** A client of the app keys alone whose fetch notes each request's credential headers, then hands it to `send`. */
function keysAloneClient(baseUrl: string, mock: MockService, send: typeof globalThis.fetch) {
  const seen: Array<Record<string, string>> = [];
  const { accessToken: _token, ...keys } = mock.credentials;
  const client = new Client({
    baseUrl,
    ...keys,
    accessToken: false,
    logLevel: 'off',
    validation: 'strict',
    maxRetries: 0,
    fetch: (input, init) => {
      const request = new Request(input, init);
      seen.push(Object.fromEntries([...request.headers].filter(([name]) => credentialNames.includes(name))));
      return send(request);
    },
  });
  return { client, seen };
}

const transports: Array<[string, Connect]> = [
  ['mock.fetch', async (mock) => ({ ...keysAloneClient(mock.baseUrl, mock, mock.fetch), close: async () => {} })],
  [
    'mock.listen()',
    async (mock) => {
      const server = await mock.listen();
      return { ...keysAloneClient(server.url, mock, globalThis.fetch), close: () => server.close() };
    },
  ],
];

/** Every call of every operation's records, with the operation's credentials group. */
function callsOf(client: Client, mock: MockService) {
  return operationNames.flatMap((operation) =>
    operationTestData[operation]
      .mockCalls({ client, mock, ids: mock.ids })
      .map(([name, call]) => ({ operation, name, call, auth: operationOf(operation).auth })),
  );
}

async function withMock(connect: Connect, options: MockServiceOptions, run: (on: Awaited<ReturnType<Connect>> & { mock: MockService }) => Promise<void>) {
  const mock = createMockService({ now: NOW, ...options });
  const on = await connect(mock);
  try {
    await run({ ...on, mock });
  } finally {
    await on.close();
  }
}

const pair = (mock: MockService) => ({ 'x-app-id': mock.credentials.appId, 'x-app-token': mock.credentials.appToken });

describe.each(transports)('the app keys alone over %s', (_name, connect) => {
  it('by default: every server operation answers the pair alone with the service 401 body; introspection takes it', async () => {
    await withMock(connect, {}, async ({ client, mock, seen }) => {
      const calls = callsOf(client, mock).filter((c) => c.auth === 'server');
      expect(calls.length).toBeGreaterThan(40);
      for (const c of calls) {
        const error = (await c.call().catch((e: unknown) => e)) as AuthenticationError;
        expect(error, `${c.operation}: ${c.name}`).toBeInstanceOf(AuthenticationError);
        expect(error.status).toBe(401);
        expect(error.body).toEqual({
          code: 401,
          key: 'unauthorized',
          message: 'Unauthorized',
          details: 'Missing Authorization header: send Authorization: Bearer <access token>',
          request_id: expect.stringMatching(/^v-/),
        });
      }
      expect(seen.length).toBe(calls.length);
      for (const headers of seen) expect(headers).toEqual(pair(mock));
      expect(await client.oauth.introspect(mock.credentials.accessToken)).toMatchObject({ active: true });
    });
  });

  it('with appKeysAlone: true, every call of every app and server operation succeeds with the pair alone', async () => {
    await withMock(connect, { appKeysAlone: true }, async ({ client, mock, seen }) => {
      const calls = callsOf(client, mock).filter((c) => c.auth !== 'client');
      for (const c of calls) await expect(c.call(), `${c.operation}: ${c.name}`).resolves.not.toThrow();
      expect(seen.length).toBeGreaterThanOrEqual(calls.length);
      for (const headers of seen) expect(headers).toEqual(pair(mock));
      // Each operation answered 2xx at least once.
      const answered = new Set(mock.requests.filter((r) => r.status < 300).map((r) => r.operation));
      for (const name of operationNames.filter((n) => operationOf(n).auth !== 'client')) expect(answered, name).toContain(name);
    });
  });

  it('with appKeysAlone: true, the client-side endpoint is still refused by the client, nothing sent', async () => {
    await withMock(connect, { appKeysAlone: true }, async ({ client, mock, seen }) => {
      for (const c of callsOf(client, mock).filter((c) => c.auth === 'client')) {
        const error = (await c.call().catch((e: unknown) => e)) as ConfigurationError;
        expect(error).toBeInstanceOf(ConfigurationError);
        expect(error.option).toBe('accessToken');
      }
      expect(seen).toHaveLength(0);
      expect(mock.requests).toHaveLength(0);
    });
  });
});

describe('appKeysAlone: true over a raw request', () => {
  const mock = createMockService({ now: NOW, appKeysAlone: true });
  const get = (headers: Record<string, string>) => mock.fetch(`${mock.baseUrl}/v1/locations/${mock.ids.location}`, { headers });

  it('still checks a bearer token when one is sent, and still needs both keys', async () => {
    expect((await get(pair(mock))).status).toBe(200);
    expect((await get({ ...pair(mock), authorization: `Bearer ${mock.credentials.accessToken}` })).status).toBe(200);
    const unknown = await get({ ...pair(mock), authorization: 'Bearer not-a-token' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ key: 'unauthorized', details: 'Unknown access token' });
    const one = await get({ 'x-app-id': mock.credentials.appId });
    expect(one.status).toBe(401);
    expect(await one.json()).toMatchObject({ details: 'Missing X-App-Id or X-App-Token header' });
    const wrong = await get({ ...pair(mock), 'x-app-token': 'wrong' });
    expect(await wrong.json()).toMatchObject({ details: 'Invalid X-App-Id or X-App-Token' });
  });

  it('a mock.route() of the server group takes the pair too', async () => {
    mock.route('GET /v1/validation-rules', () => ({ body: { object: 'list', data: [] } }));
    const response = await mock.fetch(`${mock.baseUrl}/v1/validation-rules`, { headers: pair(mock) });
    expect(response.status).toBe(200);
  });

  it('refuses an appKeysAlone that is not a boolean', () => {
    expect(() => createMockService({ appKeysAlone: 'yes' as never })).toThrow('createMockService: appKeysAlone must be true or false; got yes');
  });
});

describe('the app keys alone from the built package', () => {
  it('a Client with accessToken: false, over a listening mock: refused by default, served with appKeysAlone', async () => {
    const dist = new URL('../../dist/', import.meta.url);
    if (!existsSync(new URL('testing.js', dist))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
    const testing = (await import(new URL('testing.js', dist).href)) as typeof import('../../src/testing/index.js');
    const sdk = (await import(new URL('index.js', dist).href)) as typeof import('../../src/index.js');
    for (const appKeysAlone of [false, true]) {
      const mock = testing.createMockService({ appKeysAlone });
      const server = await mock.listen();
      try {
        const { accessToken: _token, ...keys } = mock.credentials;
        const client = new sdk.Client({ baseUrl: server.url, ...keys, accessToken: false, logLevel: 'off', maxRetries: 0 });
        const member = client.loyalties.getMember(mock.ids.members.ada);
        if (appKeysAlone) await expect(member).resolves.toMatchObject({ code: mock.ids.members.ada });
        else await expect(member).rejects.toMatchObject({ name: 'AuthenticationError', status: 401 });
        await expect(client.clientEvents.track({ event: 'e', customer: { source_id: 'c' } })).rejects.toMatchObject({
          name: 'ConfigurationError',
          option: 'accessToken',
        });
        expect(mock.requests).toHaveLength(1);
      } finally {
        await server.close();
      }
    }
  });
});
