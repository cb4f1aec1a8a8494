/**
 * Errors that explain, over a real `node:http` server on 127.0.0.1: `toJSON()` on every class,
 * where a network error happened and how many attempts it made, the request id from the header,
 * `details` in messages, the `/v1` base-URL mistake, and the retry rule of a validation that opens
 * a session lock.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import * as promokit from '../../src/index.js';
import * as browser from '../../src/client-side.js';
import { credentials, refusedUrl, secretValues } from '../helpers/http-server.js';
import { startRecorder, type Reply, type Recorder } from '../helpers/recorder.js';

const { AbortError, ApiError, Client, ClientEvents, ConfigurationError, ConnectionError, InternalServerError, NotFoundError, PromokitError, TimeoutError } =
  promokit;

let server: Recorder | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer: (n: number) => Reply): Promise<Recorder> {
  server = await startRecorder((_req, n) => answer(n));
  return server;
}

function client(baseUrl: string, options: promokit.ClientOptions = {}): promokit.Client {
  return new Client({ baseUrl, ...credentials, logLevel: 'off', maxRetryDelay: 20, ...options });
}

const settle = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (e: unknown) => e,
  );

describe('toJSON()', () => {
  const init = {
    status: 409,
    operation: 'vouchers.create',
    body: { code: 409, key: 'duplicate_found', message: 'Duplicated', details: 'Voucher SUMMER exists', request_id: 'req-1' },
    headers: { 'x-request-id': 'req-1', 'set-cookie': 'session=SECRET-cookie' },
    attempts: 1,
    method: 'POST',
    host: 'api.example.com',
  };
  const context = { operation: 'loyalties.getMember', method: 'GET', host: 'api.example.com', attempts: 3 };
  const every: Array<[string, promokit.PromokitError]> = [
    ['PromokitError', new PromokitError('plain')],
    ['ConfigurationError', new ConfigurationError('baseUrl', 'Client: bad baseUrl')],
    ['InvalidRequestError', new promokit.InvalidRequestError('orders.create', [{ path: ['order', 'amount'], message: 'must be an integer' }])],
    ['ResponseValidationError', new promokit.ResponseValidationError('orders.create', [{ path: ['id'], message: 'expected string' }], { id: 1 })],
    ['PaginationLimitError', new promokit.PaginationLimitError('rewards.listAssignments', 100)],
    ['ToArrayLimitError', new promokit.ToArrayLimitError('loyalties.listTransactions', 10_000)],
    ['NoNextPageError', new promokit.NoNextPageError('loyalties.listTransactions')],
    ['ConnectionError', new ConnectionError('refused', context)],
    ['TimeoutError', new TimeoutError('slow', context)],
    ['AbortError', new AbortError('aborted', context)],
    ['ApiError', new ApiError({ ...init, status: 418 })],
    ...(
      [
        'BadRequestError',
        'AuthenticationError',
        'PermissionDeniedError',
        'NotFoundError',
        'ConflictError',
        'UnprocessableEntityError',
        'RateLimitError',
        'InternalServerError',
      ] as const
    ).map((name) => [name, new promokit[name](init)] as [string, promokit.PromokitError]),
  ];

  for (const [name, error] of every) {
    it(`${name}: name, message and its own fields; no headers, no raw body`, () => {
      const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
      expect(json.name).toBe(name);
      expect(json.message).toBe(error.message);
      expect(json).not.toHaveProperty('headers');
      expect(json).not.toHaveProperty('body');
      expect(JSON.stringify(error)).not.toContain('SECRET');
    });
  }

  it('an ApiError keeps status, code, key, details, request_id, operation, method, host, attempts and outcome', () => {
    expect(JSON.parse(JSON.stringify(new promokit.ConflictError(init)))).toEqual({
      name: 'ConflictError',
      outcome: 'rejected',
      message: 'vouchers.create: 409 duplicate_found: Duplicated (Voucher SUMMER exists)',
      status: 409,
      code: 409,
      key: 'duplicate_found',
      details: 'Voucher SUMMER exists',
      request_id: 'req-1',
      operation: 'vouchers.create',
      method: 'POST',
      host: 'api.example.com',
      attempts: 1,
    });
  });

  it('a network error keeps operation, method, host, attempts and outcome', () => {
    expect(new ConnectionError('refused', { ...context, outcome: 'not_sent' }).toJSON()).toEqual({
      name: 'ConnectionError',
      message: 'refused',
      outcome: 'not_sent',
      ...context,
    });
  });

  it('the browser entry exports the same classes', () => {
    for (const name of ['ToArrayLimitError', 'NoNextPageError', 'ConnectionError', 'RateLimitError'] as const) expect(browser[name]).toBe(promokit[name]);
  });
});

describe('network errors say where and how far', () => {
  it('a refused connection: ConnectionError with operation, method, host and the attempts made, in fields and message', async () => {
    const base = await refusedUrl();
    const host = new URL(base).host;
    const error = (await settle(client(base).loyalties.getMember('L1'))) as promokit.ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ operation: 'loyalties.getMember', method: 'GET', host, attempts: 3 });
    expect(error.message).toBe(`loyalties.getMember: GET ${host}: connection failure (ECONNREFUSED) before a complete response arrived; 3 attempts made`);
    // A spend is retried on a refused connection too: nothing was sent.
    const spend = (await settle(client(base).orders.create({ order: { amount: 100 } } as never))) as promokit.ConnectionError;
    expect(spend).toMatchObject({ operation: 'orders.create', method: 'POST', host, attempts: 3 });
    const once = (await settle(client(base, { maxRetries: 0 }).loyalties.getMember('L1'))) as promokit.ConnectionError;
    expect(once.message).toMatch(/; 1 attempt made$/);
    // Its cause is the socket's own error, behind fetch's TypeError and ky's NetworkError around
    // it: it names the failure and carries no request (whose headers hold the credentials).
    const cause = error.cause as { code?: string; errors?: Array<{ code?: string }>; request?: unknown };
    expect(cause).toBeInstanceOf(Error);
    expect(cause.code ?? cause.errors?.[0]?.code).toBe('ECONNREFUSED');
    expect(cause).not.toHaveProperty('request');
    expect(cause).not.toBeInstanceOf(TypeError);
  });

  it('a timeout: TimeoutError with the per-attempt limit and the attempts made', async () => {
    const { url } = await serve(() => ({ hang: true }));
    const error = (await settle(client(url, { timeout: 100, maxRetries: 1 }).loyalties.getMember('L1'))) as promokit.TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ operation: 'loyalties.getMember', method: 'GET', host: new URL(url).host, attempts: 2 });
    expect(error.message).toBe(`loyalties.getMember: GET ${new URL(url).host}: no complete response within 100 ms per attempt; 2 attempts made`);
  });

  it("an abort: AbortError with the attempts made before the caller's signal fired", async () => {
    const { url } = await serve(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = (await settle(client(url).loyalties.getMember('L1', {}, { signal: controller.signal }))) as promokit.AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ operation: 'loyalties.getMember', method: 'GET', host: new URL(url).host, attempts: 1 });
    expect(error.message).toContain("aborted by the caller's signal; 1 attempt made");
  });

  it('no secret in any network error, however rendered', async () => {
    const error = await settle(client(await refusedUrl()).loyalties.getMember('L1'));
    for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })])
      for (const secret of secretValues) expect(text).not.toContain(secret);
  });
});

describe('API errors: request id and details', () => {
  it('takes request_id from the x-request-id header when the body has none (an HTML 502 page)', async () => {
    const { url } = await serve(() => ({
      status: 502,
      body: '<html><title>502 Bad Gateway</title></html>',
      headers: { 'content-type': 'text/html', 'x-request-id': 'req-from-header' },
    }));
    const error = (await settle(client(url, { maxRetries: 0 }).loyalties.getMember('L1'))) as promokit.InternalServerError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.request_id).toBe('req-from-header');
    expect(error).toMatchObject({ attempts: 1, method: 'GET', host: new URL(url).host });
  });

  it("prefers the body's request_id", async () => {
    const { url } = await serve(() => ({
      status: 404,
      body: { code: 404, key: 'not_found', message: 'Resource not found', request_id: 'req-body' },
      headers: { 'x-request-id': 'req-header' },
    }));
    const error = (await settle(client(url).loyalties.getMember('L1'))) as promokit.NotFoundError;
    expect(error.request_id).toBe('req-body');
  });

  it('puts details in the message, where the service names the record at fault', async () => {
    const { url } = await serve(() => ({
      status: 404,
      body: { code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find voucher with id L1' },
    }));
    const error = (await settle(client(url).loyalties.getMember('L1'))) as promokit.NotFoundError;
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('loyalties.getMember: 404 not_found: Resource not found (Cannot find voucher with id L1)');
  });
});

describe('a baseUrl that ends in /v1', () => {
  const bad = [
    'https://api.example.com/v1',
    'https://api.example.com/v1/',
    'https://api.example.com/client/v1',
    'https://api.example.com/client/v1/',
    'https://api.example.com/V1',
  ];

  it.each(bad)('%s is refused by Client and ClientEvents with a ConfigurationError that says to drop the suffix', (baseUrl) => {
    for (const make of [() => new Client({ baseUrl }), () => new ClientEvents({ baseUrl }), () => new browser.ClientEvents({ baseUrl })]) {
      let error: unknown;
      try {
        make();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ option: 'baseUrl' });
      expect((error as Error).message).toMatch(/the baseUrl option must be the service address without \/v1 or \/client\/v1: drop the suffix/);
    }
  });

  it('is refused from PROMOKIT_BASE_URL too', () => {
    const saved = process.env.PROMOKIT_BASE_URL;
    process.env.PROMOKIT_BASE_URL = 'https://api.example.com/v1';
    try {
      expect(() => new Client()).toThrow(ConfigurationError);
    } finally {
      if (saved === undefined) delete process.env.PROMOKIT_BASE_URL;
      else process.env.PROMOKIT_BASE_URL = saved;
    }
  });

  it('accepts addresses that only contain v1 elsewhere', () => {
    for (const baseUrl of [
      'https://api.example.com',
      'https://api.example.com/',
      'https://v1.example.com',
      'https://api.example.com/v10',
      'https://api.example.com/proxy/v1x',
    ]) {
      expect(() => new Client({ baseUrl })).not.toThrow();
    }
  });
});

describe('vouchers.validate with a session lock is retried like a spend', () => {
  const result = { valid: true, code: 'SUMMER', object: 'validation' };

  it('without session: retried on 503 like a read', async () => {
    const { url, sent: requests } = await serve((n) => (n === 1 ? { status: 503, body: {} } : { body: result }));
    await expect(client(url).vouchers.validate('SUMMER', { order: { amount: 100 } })).resolves.toMatchObject({ valid: true });
    expect(requests).toHaveLength(2);
  });

  it('with session: not retried on 503, nor on a timeout', async () => {
    const { url, sent: requests } = await serve((n) => (n === 1 ? { status: 503, body: {} } : { body: result }));
    await expect(client(url).vouchers.validate('SUMMER', { session: { type: 'LOCK' } })).rejects.toBeInstanceOf(InternalServerError);
    expect(requests).toHaveLength(1);
    await server!.close();
    const { url: slow, sent: slowRequests } = await serve(() => ({ hang: true }));
    const timedOut = await settle(client(slow, { timeout: 100 }).vouchers.validate('SUMMER', { session: { type: 'LOCK' } }));
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect(timedOut).toMatchObject({ attempts: 1 });
    // A busy machine may time the attempt out before it reaches the server; never twice.
    expect(slowRequests.length).toBeLessThanOrEqual(1);
  });

  it('with session: retried on 429 and on a refused connection', async () => {
    const { url, sent: requests } = await serve((n) => (n === 1 ? { status: 429, body: {}, headers: { 'retry-after': '0' } } : { body: result }));
    await expect(client(url).vouchers.validate('SUMMER', { session: { type: 'LOCK' } })).resolves.toMatchObject({ valid: true });
    expect(requests).toHaveLength(2);
    const refused = (await settle(client(await refusedUrl()).vouchers.validate('SUMMER', { session: { type: 'LOCK' } }))) as promokit.ConnectionError;
    expect(refused.attempts).toBe(3);
  });
});
