/**
 * `ClientEvents` (`promokit/client-side`, and `client.clientEvents` on the server `Client`): the
 * request it sends, the input it refuses, the runtime rules for `origin`, and the acknowledgment
 * check, in Node. The same class runs in headless Chromium in test/browser/chromium.test.ts.
 */
import { inspect } from 'node:util';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  ClientEvents,
  ConfigurationError,
  InternalServerError,
  type InvalidRequestError,
  ResponseValidationError,
  type ClientEventsOptions,
} from '../../src/client-side.js';
import { BASE_URL, json, respond, secrets, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

const ORIGIN = 'https://shop.example.com';
const ack = {
  object: 'event',
  type: 'newsletter_subscribed',
  customer: { id: 'cust_1', source_id: 'cust-42', object: 'customer' },
  referral: null,
  loyalty: null,
  metadata: {},
};
const keys = { clientApplicationId: secrets.clientApplicationId, clientToken: secrets.clientToken };

function events(options: ClientEventsOptions = {}): ClientEvents {
  return new ClientEvents({ baseUrl: BASE_URL, ...keys, origin: ORIGIN, logLevel: 'off', ...options });
}

/** Clears every PROMOKIT_ variable the SDK reads, so the machine's environment cannot leak in. */
function clearEnv(): void {
  for (const name of ['BASE_URL', 'ACCESS_TOKEN', 'CLIENT_APPLICATION_ID', 'CLIENT_TOKEN', 'ORIGIN']) vi.stubEnv(`PROMOKIT_${name}`, '');
}

describe('ClientEvents.track', () => {
  it('POSTs the params as JSON to /client/v1/events with the client keys and origin, and returns the acknowledgment', async () => {
    clearEnv();
    respond('post', '/client/v1/events', json(ack));
    const params = {
      event: 'newsletter_subscribed',
      customer: { source_id: 'cust-42' },
      referral: { code: 'REF-1' },
      loyalty: { code: 'LOYAL-1' },
      metadata: { list: 'weekly' },
    };
    const result = await events({ accessToken: secrets.accessToken }).track(params);
    expect(result).toEqual(ack);
    expect(seen).toHaveLength(1);
    const [sent] = seen;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/client/v1/events');
    expect(sent!.search).toBe('');
    expect(JSON.parse(sent!.body)).toEqual(params);
    expect(sent!.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-client-application-id': secrets.clientApplicationId,
      'x-client-token': secrets.clientToken,
      authorization: `Bearer ${secrets.accessToken}`,
      origin: ORIGIN,
    });
    expect(sent!.headers['x-app-id']).toBeUndefined();
    expect(sent!.headers['x-app-token']).toBeUndefined();
  });

  it('sends no Authorization when no access token is configured', async () => {
    clearEnv();
    respond('post', '/client/v1/events', json(ack));
    await events().track({ event: 'e', customer: { id: 'cust_1' } });
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('does not change the caller params', async () => {
    respond('post', '/client/v1/events', json(ack));
    const params = Object.freeze({ event: 'e', customer: Object.freeze({ id: 'cust_1' }) });
    await events().track(params);
    expect(params).toEqual({ event: 'e', customer: { id: 'cust_1' } });
  });

  it('falls back to the PROMOKIT_ environment variables in Node', async () => {
    vi.stubEnv('PROMOKIT_BASE_URL', BASE_URL);
    vi.stubEnv('PROMOKIT_CLIENT_APPLICATION_ID', 'env-app');
    vi.stubEnv('PROMOKIT_CLIENT_TOKEN', 'env-token');
    vi.stubEnv('PROMOKIT_ACCESS_TOKEN', 'env-access');
    vi.stubEnv('PROMOKIT_ORIGIN', 'https://env-shop.example');
    respond('post', '/client/v1/events', json(ack));
    await new ClientEvents({ logLevel: 'off' }).track({ event: 'e', customer: { id: 'cust_1' } });
    expect(seen[0]!.headers).toMatchObject({
      'x-client-application-id': 'env-app',
      'x-client-token': 'env-token',
      authorization: 'Bearer env-access',
      origin: 'https://env-shop.example',
    });
  });
});

describe('input rules, checked before anything is sent', () => {
  const refused = [
    ['an empty event name', { event: '', customer: { id: 'c' } }, ['event']],
    ['an event name of 301 characters', { event: 'x'.repeat(301), customer: { id: 'c' } }, ['event']],
    ['an event name that is not a string', { event: 42, customer: { id: 'c' } }, ['event']],
    ['a missing event name', { customer: { id: 'c' } }, ['event']],
    ['a missing customer', { event: 'e' }, ['customer']],
    ['a null customer', { event: 'e', customer: null }, ['customer']],
    ['a customer that is not an object', { event: 'e', customer: 'cust_1' }, ['customer']],
    [
      'a referral, loyalty or metadata that is not an object',
      { event: 'e', customer: { id: 'c' }, referral: 'REF', loyalty: 7, metadata: [] },
      ['referral', 'loyalty', 'metadata'],
    ],
    ['neither', {}, ['event', 'customer']],
  ] as const;

  for (const [what, params, paths] of refused) {
    it(`refuses ${what} with InvalidRequestError naming ${paths.join(' and ')}, and sends nothing`, async () => {
      const error = await refusal(events().track(params as never));
      expect(error.issues.map((i) => i.path.join('.'))).toEqual(paths);
      expect(error.operation).toBe('clientEvents.track');
      expect(error.message).toContain(paths[0]);
      expect(seen).toHaveLength(0);
    });
  }

  it('refuses missing params altogether', async () => {
    await refusal(events().track(undefined as never));
    expect(seen).toHaveLength(0);
  });

  it('accepts event names of 1 and of 300 characters', async () => {
    respond('post', '/client/v1/events', json(ack));
    await events().track({ event: 'x', customer: { id: 'c' } });
    await events().track({ event: 'x'.repeat(300), customer: { id: 'c' } });
    expect(seen.map((s) => (JSON.parse(s.body) as { event: string }).event.length)).toEqual([1, 300]);
  });
});

describe('origin', () => {
  it('is required outside a browser: ConfigurationError naming origin and PROMOKIT_ORIGIN, nothing sent', async () => {
    clearEnv();
    const error = await rejection(events({ origin: undefined }).track({ event: 'e', customer: { id: 'c' } }), ConfigurationError);
    expect(error.option).toBe('origin');
    expect(error.message).toContain('origin');
    expect(error.message).toContain('PROMOKIT_ORIGIN');
    expect(seen).toHaveLength(0);
  });

  it('is never set by the SDK in a browser, even when given: the browser sends its own', async () => {
    clearEnv();
    vi.stubGlobal('document', {});
    try {
      respond('post', '/client/v1/events', json(ack));
      await events({ origin: undefined }).track({ event: 'e', customer: { id: 'c' } });
      await events({ origin: 'https://not-set.example' }).track({ event: 'e', customer: { id: 'c' } });
      expect(seen.map((s) => s.headers.origin)).toEqual([undefined, undefined]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is never set in a browser worker either', async () => {
    clearEnv();
    class WorkerGlobalScope {}
    vi.stubGlobal('WorkerGlobalScope', WorkerGlobalScope);
    vi.stubGlobal('importScripts', () => {});
    try {
      respond('post', '/client/v1/events', json(ack));
      await events({ origin: undefined }).track({ event: 'e', customer: { id: 'c' } });
      expect(seen[0]!.headers.origin).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the acknowledgment', () => {
  it('keeps unknown fields and accepts null where the service may send it (strict mode)', async () => {
    const body = { ...ack, type: null, customer: null, metadata: null, brand_new: { nested: [1] } };
    respond('post', '/client/v1/events', json(body));
    await expect(events({ validation: 'strict' }).track({ event: 'e', customer: { id: 'c' } })).resolves.toEqual(body);
  });

  it('strict: a body without object is accepted, one with a wrong-typed field is a ResponseValidationError at the field path', async () => {
    const { object: _object, ...withoutObject } = ack;
    respond('post', '/client/v1/events', json(withoutObject), json({ ...ack, object: null, customer: { id: 7 } }));
    const client = events({ validation: 'strict' });
    await expect(client.track({ event: 'e', customer: { id: 'c' } })).resolves.toEqual(withoutObject);
    const error = await rejection(client.track({ event: 'e', customer: { id: 'c' } }), ResponseValidationError);
    expect(error.issues.map((i) => i.path.join('.'))).toEqual(['customer.id']);
  });

  it('warn: logs the field path once and returns the body as received', async () => {
    const body = { ...ack, type: 5 };
    respond('post', '/client/v1/events', json(body));
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    await expect(events({ logger, logLevel: 'warn' }).track({ event: 'e', customer: { id: 'c' } })).resolves.toEqual(body);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]![0]).toContain('clientEvents.track');
    expect(logger.warn.mock.calls[0]![0]).toContain('type');
  });

  it('a 2xx body that is not an object is refused in strict mode', async () => {
    respond('post', '/client/v1/events', json(['not', 'an', 'ack']));
    await expect(events({ validation: 'strict' }).track({ event: 'e', customer: { id: 'c' } })).rejects.toBeInstanceOf(ResponseValidationError);
  });
});

describe('client.clientEvents', () => {
  it('is the same class as promokit/client-side, configured from the Client options', async () => {
    clearEnv();
    const client = testClient();
    expect(client.clientEvents).toBeInstanceOf(ClientEvents);
    respond('post', '/client/v1/events', json(ack));
    await client.clientEvents.track({ event: 'e', customer: { id: 'c' } });
    expect(seen[0]!.headers).toMatchObject({ 'x-client-application-id': secrets.clientApplicationId, 'x-client-token': secrets.clientToken, origin: ORIGIN });
  });

  it('validates input and the acknowledgment exactly as the browser entry does', async () => {
    const viaClient = await testClient()
      .clientEvents.track({ event: '', customer: { id: 'c' } })
      .catch((e: unknown) => e);
    const viaEntry = await events()
      .track({ event: '', customer: { id: 'c' } })
      .catch((e: unknown) => e);
    expect((viaClient as InvalidRequestError).issues).toEqual((viaEntry as InvalidRequestError).issues);

    respond('post', '/client/v1/events', json({ ...ack, object: 1 }));
    const a = await testClient({ validation: 'strict' })
      .clientEvents.track({ event: 'e', customer: { id: 'c' } })
      .catch((e: unknown) => e);
    const b = await events({ validation: 'strict' })
      .track({ event: 'e', customer: { id: 'c' } })
      .catch((e: unknown) => e);
    expect((a as ResponseValidationError).issues).toEqual((b as ResponseValidationError).issues);
  });

  it('is not retried on 5xx: a repeated event could earn points twice', async () => {
    respond('post', '/client/v1/events', json({ code: 500, message: 'boom' }, 500), json(ack));
    await expect(events().track({ event: 'e', customer: { id: 'c' } })).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });
});

describe('secrets', () => {
  it('never appear in util.inspect or JSON.stringify of a ClientEvents', () => {
    const e = events({ accessToken: secrets.accessToken });
    for (const text of [inspect(e, { depth: 20, showHidden: true }), JSON.stringify(e)]) {
      for (const secret of [secrets.clientToken, secrets.accessToken]) expect(text).not.toContain(secret);
    }
  });

  it('never appear in debug logs', async () => {
    respond('post', '/client/v1/events', json(ack), HttpResponse.json({ code: 401 }, { status: 401 }));
    const lines: string[] = [];
    const put = (...args: unknown[]) => lines.push(args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 10 }))).join(' '));
    const e = events({ accessToken: secrets.accessToken, logger: { debug: put, info: put, warn: put, error: put }, logLevel: 'debug' });
    await e.track({ event: 'e', customer: { id: 'c' } });
    await e.track({ event: 'e', customer: { id: 'c' } }).catch(() => {});
    const all = lines.join('\n');
    expect(all).toContain('POST https://api.promokit.test/client/v1/events');
    expect(all).toContain('[redacted]');
    for (const secret of [secrets.clientToken, secrets.accessToken]) expect(all).not.toContain(secret);
  });
});
