/**
 * User code is foreign. Every place promokit runs code of yours (a token function and
 * `cachedAccessToken`'s `fetchToken`, a limiter's `acquire`, its release and its `pause`, the hooks,
 * a `fetch`, `client.request`'s schema and your metadata schemas, a logger, a token store) can
 * throw, reject or return anything: an `Error`, a string, `undefined`, `null`, a number, a symbol,
 * a null-prototype object, a Proxy whose every trap throws, a revoked Proxy, an object whose
 * getters throw, a promokit error of another call. Each call then settles with a result or a
 * `PromokitError` whose `outcome` is one of the three, which renders without throwing; nothing
 * untyped escapes, nothing is left unhandled; `not_sent`, with nothing sent, when it failed
 * before sending.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  cachedAccessToken,
  Client,
  PromokitError,
  type ClientOptions,
  type Hooks,
  type Limiter,
  type Logger,
  type StandardSchemaV1,
  type TokenStore,
} from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, throwingProxy } from './servers.js';
import { useFigures } from './table.js';
import { noUnhandledRejections } from '../helpers/unhandled.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/foreign');

const unhandled = noUnhandledRejections();

/** Every kind of value user code may throw or return. */
function kinds(): Array<[string, () => unknown]> {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const getters = () =>
    Object.defineProperties(
      {},
      Object.fromEntries(
        ['message', 'name', 'stack', 'cause', 'code', 'then', 'status', 'headers', 'success', 'issues', 'value'].map((key) => [
          key,
          {
            enumerable: true,
            get: () => {
              throw new Error(`getter ${key}`);
            },
          },
        ]),
      ),
    );
  return [
    ['an Error', () => new Error('boom')],
    ['a TypeError', () => new TypeError('boom')],
    ['a string', () => 'boom'],
    ['undefined', () => undefined],
    ['null', () => null],
    ['a number', () => 42],
    ['a symbol', () => Symbol('boom')],
    ['a null-prototype object', () => Object.assign(Object.create(null), { message: 'boom' })],
    ['a Proxy whose traps throw', () => throwingProxy()],
    ['a revoked Proxy', () => revoked.proxy],
    ['an object whose getters throw', getters],
    ['a promokit error of another call', () => Object.assign(new PromokitError('another call'), { outcome: 'unknown' })],
  ];
}

/** Settles `call`; checks it is a result or a PromokitError with an outcome, that renders. */
async function settled(call: () => Promise<unknown>, label: string): Promise<PromokitError | undefined> {
  let error: unknown;
  try {
    await call();
    return undefined;
  } catch (e) {
    error = e;
  }
  expect(error, label).toBeInstanceOf(PromokitError);
  expect(['not_sent', 'rejected', 'unknown'], label).toContain((error as PromokitError).outcome);
  for (const render of [
    () => inspect(error, { depth: 10, showHidden: true }),
    () => JSON.stringify(error),
    () => String(error),
    () => (error as Error).stack,
  ]) {
    expect(render, label).not.toThrow();
  }
  return error as PromokitError;
}

const standard = (validate: (value: unknown) => unknown): StandardSchemaV1<unknown, Record<string, unknown>> =>
  ({ '~standard': { version: 1, vendor: 'test', validate } }) as StandardSchemaV1<unknown, Record<string, unknown>>;

/**
 * The places user code runs: each makes a client whose code throws (or returns) `value`, and a
 * call; `before` says the call fails before sending (`not_sent`, nothing sent) or `fine` that it
 * succeeds whatever the code does.
 */
type Place = [name: string, make: (value: () => unknown) => ClientOptions, call: (client: Client) => Promise<unknown>, expect: 'before' | 'fine' | 'typed'];
const read = (client: Client) => client.loyalties.getMember('LOYAL-H1');
const spend = (client: Client) => client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } });
const PLACES: Place[] = [
  [
    'a token function that throws',
    (v) => ({
      accessToken: () => {
        throw v();
      },
    }),
    spend,
    'before',
  ],
  ['a token function that rejects', (v) => ({ accessToken: () => Promise.reject(v()) }), spend, 'before'],
  ['a token function that returns it', (v) => ({ accessToken: (() => v()) as never }), spend, 'typed'],
  [
    'a fetchToken that throws',
    (v) => ({
      accessToken: cachedAccessToken(async () => {
        throw v();
      }),
    }),
    spend,
    'before',
  ],
  ['a fetchToken that resolves it', (v) => ({ accessToken: cachedAccessToken((async () => v()) as never) }), spend, 'before'],
  [
    "a limiter's acquire that throws",
    (v) => ({
      limiter: {
        acquire: () => {
          throw v();
        },
      },
    }),
    spend,
    'before',
  ],
  ["a limiter's acquire that rejects", (v) => ({ limiter: { acquire: () => Promise.reject(v()) } }), spend, 'before'],
  ["a limiter's acquire that returns it", (v) => ({ limiter: { acquire: (() => v()) as never } }), spend, 'typed'],
  [
    "a limiter's release that throws",
    (v) => ({
      limiter: {
        acquire: async () => () => {
          throw v();
        },
      },
    }),
    spend,
    'fine',
  ],
  [
    "a limiter's pause that throws (a 429)",
    (v) => ({
      limiter: {
        acquire: async () => undefined,
        pause: () => {
          throw v();
        },
      } as Limiter,
    }),
    (c) => c.vouchers.validate('RATE-LIMITED', {}),
    'typed',
  ],
  ...(['request', 'response', 'retry', 'error'] as const).flatMap((hook): Place[] => [
    [
      `the ${hook} hook, throwing`,
      (v) => ({
        hooks: {
          [hook]: () => {
            throw v();
          },
        } as Hooks,
        maxRetries: 1,
      }),
      (c) => c.vouchers.validate('FLAKY', {}),
      'typed',
    ],
    [
      `the ${hook} hook, rejecting`,
      (v) => ({ hooks: { [hook]: () => Promise.reject(v()) } as Hooks, maxRetries: 1 }),
      (c) => c.vouchers.validate('FLAKY', {}),
      'typed',
    ],
  ]),
  [
    'a fetch that throws',
    (v) => ({
      fetch: () => {
        throw v();
      },
    }),
    spend,
    'typed',
  ],
  ['a fetch that rejects', (v) => ({ fetch: () => Promise.reject(v()) }), spend, 'typed'],
  ['a fetch that resolves it', (v) => ({ fetch: (async () => v()) as never }), spend, 'typed'],
  [
    "client.request's schema, throwing",
    () => ({}),
    (c) =>
      c.request({
        method: 'GET',
        path: '/v1/x',
        schema: {
          safeParse: () => {
            throw kindNow();
          },
        },
      }),
    'typed',
  ],
  [
    "client.request's schema, answering it",
    () => ({}),
    (c) => c.request({ method: 'GET', path: '/v1/x', schema: { safeParse: (() => kindNow()) as never } }),
    'typed',
  ],
  [
    'a metadata schema of the params, throwing',
    (v) => ({
      metadataSchemas: {
        order: standard(() => {
          throw v();
        }),
      },
    }),
    (c) => c.orders.create({ metadata: { a: 1 } }),
    'before',
  ],
  [
    'a metadata schema of the params, answering it',
    (v) => ({ metadataSchemas: { order: standard(() => v()) } }),
    (c) => c.orders.create({ metadata: { a: 1 } }),
    'typed',
  ],
  ...(['debug', 'info', 'warn', 'error'] as const).map(
    (level): Place => [
      `the logger's ${level}, throwing`,
      (v) => ({
        logger: {
          debug() {},
          info() {},
          warn() {},
          error() {},
          [level]: () => {
            throw v();
          },
        } as Logger,
        logLevel: 'debug',
      }),
      read,
      'fine',
    ],
  ),
  ...(['read', 'write', 'lock', 'clear'] as const).map(
    (method): Place => [
      `a token store's ${method}, throwing`,
      (v) => ({ accessToken: cachedAccessToken(async () => ({ token: 'store-token-abcdef', expiresIn: 60 }), { store: brokenStore(method, v) }) }),
      read,
      'fine',
    ],
  ),
];

/** The kind the current case throws, for the places whose code the client does not take (a schema given per call). */
let kindNow: () => unknown = () => undefined;

/** A token store in memory whose `method` throws `value`. */
function brokenStore(method: 'read' | 'write' | 'lock' | 'clear', value: () => unknown): TokenStore {
  const store: TokenStore = {
    lockMs: 200,
    timeoutMs: 100,
    read: async () => undefined,
    write: async () => undefined,
    lock: async () => async () => undefined,
    clear: async () => undefined,
  };
  store[method] = (() => {
    throw value();
  }) as never;
  return store;
}

describe('what user code throws or returns', () => {
  it('every kind, from every place user code runs: a result, or a typed error with an outcome that renders; not_sent and nothing sent when it failed before sending', async () => {
    let attempt = 0;
    const service = await serve((sent, res) => {
      if (sent.path.includes('RATE-LIMITED')) return json(res, 429, { code: 429, key: 'too_many' }, { 'retry-after': '1' });
      // Every other attempt of FLAKY fails, so that the retry hook runs.
      if (sent.path.includes('FLAKY') && attempt++ % 2 === 0) return json(res, 503, { code: 503, key: 'unavailable' });
      json(
        res,
        200,
        sent.path.includes('FLAKY')
          ? { valid: true, code: 'FLAKY' }
          : sent.path.startsWith('/v1/orders')
            ? { id: 'ord_1', object: 'order', metadata: { a: 1 } }
            : member,
      );
    });
    let calls = 0;
    let typed = 0;
    for (const [place, make, call, expected] of PLACES) {
      for (const [kind, value] of kinds()) {
        kindNow = value;
        const label = `${place}: ${kind}`;
        const before = service.sent.length;
        const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', validation: 'off', maxRetryDelay: 5, ...make(value) });
        const error = await settled(() => call(client), label);
        calls++;
        if (error) typed++;
        if (expected === 'before') {
          expect(error, label).toBeInstanceOf(PromokitError);
          expect(error!.outcome, label).toBe('not_sent');
          expect(service.sent.length - before, label).toBe(0);
        }
        if (expected === 'fine') expect(error, label).toBeUndefined();
      }
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
    record(
      'foreign-code',
      `${calls} calls (${PLACES.length} places × ${kinds().length} kinds of value): ${typed} typed errors with an outcome, the rest answered; untyped errors: 0; unhandled rejections: 0`,
    );
  });
});
