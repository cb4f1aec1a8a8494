import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortError, Client, ConnectionError, TimeoutError } from '../../src/index.js';
import { BASE_URL, json, respond, secrets, seen, server, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const member = { id: 'v_1', code: 'L1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z' };
const ack = { object: 'event', type: 'e', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };

describe('timeouts', () => {
  it('throws TimeoutError when an attempt exceeds the timeout, after retrying a GET', async () => {
    server.use(
      http.get(`${BASE_URL}/v1/loyalties/members/L1`, async () => {
        await delay(2000);
        return HttpResponse.json(member);
      }),
    );
    const started = Date.now();
    const error = await testClient({ timeout: 100, maxRetries: 1 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(seen).toHaveLength(2);
    // The server's first answer would come at 2,000 ms: sooner means the timeout cut both attempts.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('does not retry a non-idempotent POST after a timeout', async () => {
    server.use(
      http.post(`${BASE_URL}/client/v1/events`, async () => {
        await delay(2000);
        return HttpResponse.json(ack);
      }),
    );
    const error = await testClient({ timeout: 100 })
      .clientEvents.track({ event: 'e', customer: { id: 'c' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(seen).toHaveLength(1);
  });

  it('a per-call timeout overrides the client timeout', async () => {
    server.use(
      http.get(`${BASE_URL}/v1/loyalties/members/L1`, async () => {
        await delay(300);
        return HttpResponse.json(member);
      }),
    );
    const client = testClient({ timeout: 50, maxRetries: 0 });
    await expect(client.loyalties.getMember('L1', {}, { timeout: 2000 })).resolves.toMatchObject({ id: 'v_1' });
  });
});

describe('abort', () => {
  it('rejects with AbortError when the caller aborts an in-flight request', async () => {
    server.use(
      http.get(`${BASE_URL}/v1/loyalties/members/L1`, async () => {
        await delay(2000);
        return HttpResponse.json(member);
      }),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await testClient()
      .loyalties.getMember('L1', {}, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(seen).toHaveLength(1);
  });

  it('aborts a retry waiting in backoff, and no further attempt is made', async () => {
    respond('get', '/v1/loyalties/members/L1', json({}, 429, { 'retry-after': '5' }), json(member));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const error = await testClient()
      .loyalties.getMember('L1', {}, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toHaveLength(1);
  });

  it('rejects at once with an already-aborted signal', async () => {
    respond('get', '/v1/loyalties/members/L1', json(member));
    const error = await testClient()
      .loyalties.getMember('L1', {}, { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
  });
});

describe('real sockets', () => {
  let stalled: Server;
  let stalledPort: number;
  let closedPort: number;

  beforeAll(async () => {
    server.close(); // let real sockets through in this block
    stalled = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"v_1",'); // headers and part of the body, then nothing
    });
    await new Promise<void>((r) => stalled.listen(0, '127.0.0.1', r));
    stalledPort = (stalled.address() as AddressInfo).port;
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
  });

  afterAll(async () => {
    stalled.closeAllConnections();
    await new Promise((r) => stalled.close(r));
    server.listen({ onUnhandledRequest: 'error' });
  });

  it('a body that stalls after the headers ends in TimeoutError', async () => {
    const client = new Client({ ...secrets, baseUrl: `http://127.0.0.1:${stalledPort}`, timeout: 200, maxRetries: 0, logLevel: 'off' });
    const started = Date.now();
    await expect(client.loyalties.getMember('L1')).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('retries a non-idempotent POST when the connection is refused (nothing was sent)', async () => {
    let attempts = 0;
    const client = new Client({
      ...secrets,
      origin: 'https://shop.example.com',
      baseUrl: `http://127.0.0.1:${closedPort}`,
      maxRetries: 2,
      maxRetryDelay: 50,
      logLevel: 'off',
      fetch: (input, init) => (attempts++, globalThis.fetch(input, init)),
    });
    const error = await client.clientEvents.track({ event: 'e', customer: { id: 'c' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(attempts).toBe(3);
  });
});
