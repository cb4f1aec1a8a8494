/**
 * User code is foreign, and the snapshot is what is used: an option whose getter throws (whatever
 * it throws), an options object that is a Proxy, or a value whose own fields cannot be read is
 * refused where it enters, with a `ConfigurationError` naming the option, never an untyped error:
 * at `new Client()`, `withOptions()` and `new ClientEvents()` (thrown) and for a call's
 * `RequestOptions` (the call rejects, nothing sent), and by the functions that make an option's
 * value (`cachedAccessToken`, `createRedisLimiter`, `redisTokenStore`). Every option of each is
 * tried. Each option is read once: a getter that answers once and throws after leaves a working
 * client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOptionRules } from '../../src/client.js';
import { ClientEvents } from '../../src/client-side.js';
import { requestOptionRules } from '../../src/core/request-options.js';
import { clientEventsOptionRules } from '../../src/resources/client-events.js';
import { cachedAccessToken, Client, ConfigurationError } from '../../src/index.js';
import { createRedisLimiter, redisTokenStore } from '../../src/redis.js';
import { clientKeys, keys } from '../helpers/keys.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder;
beforeAll(async () => {
  recorder = await startRecorder(() => ({ body: { id: 'v_1', code: 'L1', object: 'voucher' } }));
});
afterAll(() => recorder.close());

/** What user code throws: an error, a string, nothing, a null-prototype object, a Proxy whose traps throw. */
const thrown: Array<[string, () => unknown]> = [
  ['an Error', () => new Error('getter broke')],
  ['a string', () => 'getter broke'],
  ['undefined', () => undefined],
  ['a null-prototype object', () => Object.create(null)],
  ['a Proxy whose traps throw', () => trapsThrow()],
];

function trapsThrow(): object {
  const trap = (): never => {
    throw new Error('trap');
  };
  return new Proxy({}, { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
}

/** A value whose every field reads as present, and throws when read (a limiter whose `acquire` getter throws, …). */
function fieldsThrow(): object {
  const names = [
    'acquire',
    'pause',
    'request',
    'response',
    'retry',
    'error',
    'debug',
    'info',
    'warn',
    'requests',
    'perMs',
    'x-a',
    'cache',
    'dispatcher',
    'order',
    'customer',
  ];
  return new Proxy(
    {},
    {
      ownKeys: () => names,
      getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true, value: undefined }),
      has: () => true,
      get: () => {
        throw new Error('field broke');
      },
    },
  );
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** The ways an option cannot be read, as the options object to give (the other options beside it). */
function unreadable(option: string, base: object): Array<[string, () => object]> {
  return [
    ...thrown.map(([what, make]): [string, () => object] => [
      `a getter that throws ${what}`,
      () =>
        Object.defineProperty({ ...base }, option, {
          enumerable: true,
          get: () => {
            throw make();
          },
        }),
    ]),
    [
      'a Proxy options object whose get throws for it',
      () =>
        new Proxy(
          { ...base, [option]: undefined },
          {
            get: (target, name) => {
              if (name === option) throw new Error('options proxy broke');
              return Reflect.get(target, name);
            },
          },
        ),
    ],
    ['a value whose fields throw when read', () => ({ ...base, [option]: fieldsThrow() })],
    ['a value that is a Proxy whose traps throw', () => ({ ...base, [option]: trapsThrow() })],
    ['a revoked Proxy', () => ({ ...base, [option]: revoked() })],
  ];
}

const serverBase = { baseUrl: 'http://127.0.0.1:9', ...keys, logLevel: 'off' as const, validation: 'off' as const };
const browserBase = { baseUrl: 'http://127.0.0.1:9', ...clientKeys, logLevel: 'off' as const };

const owners: Array<[string, Record<string, unknown>, object, (options: object) => unknown]> = [
  ['new Client()', clientOptionRules, serverBase, (options) => new Client(options)],
  ['withOptions()', clientOptionRules, {}, (options) => new Client(serverBase).withOptions(options)],
  ['new ClientEvents()', clientEventsOptionRules, browserBase, (options) => new ClientEvents(options)],
];

describe.each(owners)('%s: an option that cannot be read is refused, naming it', (_owner, rules, base, build) => {
  const cases = Object.keys(rules).flatMap((option) => unreadable(option, base).map(([how, make]) => ({ option, how, make })));
  it.each(cases)('$option: $how', ({ option, how, make }) => {
    let error: unknown;
    try {
      build(make());
    } catch (e) {
      error = e;
    }
    // A value whose fields are absent (undefined) may fit an option that takes an object of optional fields.
    if (error === undefined && how === 'a value whose fields throw when read') return;
    expect(error, `${option}: ${how}`).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
  });
});

describe("a call's RequestOptions that cannot be read: the call rejects, naming the option, nothing sent", () => {
  const client = () => new Client({ ...serverBase, baseUrl: recorder.url });
  const cases = Object.keys(requestOptionRules).flatMap((option) => unreadable(option, {}).map(([how, make]) => ({ option, how, make })));
  it.each(cases)('$option: $how', async ({ option, how, make }) => {
    const before = recorder.sent.length;
    let promise: Promise<unknown> | undefined;
    expect(() => (promise = client().loyalties.getMember('L1', {}, make()))).not.toThrow();
    const error = await promise!.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (error === undefined && how === 'a value whose fields throw when read') return;
    expect(error, `${option}: ${how}`).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    expect(recorder.sent).toHaveLength(before);
  });
});

/** The functions that make an option's value, each with every option it takes. */
const makers: Array<[string, readonly string[], (options: object) => unknown]> = [
  ['cachedAccessToken', ['refreshBeforeMs', 'store'], (options) => cachedAccessToken(async () => ({ token: 't', expiresIn: 60 }), options)],
  ['createRedisLimiter', ['redis', 'requests', 'perMs', 'marginMs', 'redisTimeout', 'key'], (options) => createRedisLimiter(options as never)],
  ['redisTokenStore', ['redis', 'key', 'redisTimeout', 'lockMs'], (options) => redisTokenStore(options as never)],
];

describe.each(makers)('%s: an option that cannot be read is refused, naming it', (_owner, names, make) => {
  // The ways the option itself cannot be read (its value, once read, meets the option's own rule).
  const cases = names.flatMap((option) =>
    unreadable(option, {})
      .filter(([how]) => how.startsWith('a getter') || how.startsWith('a Proxy options'))
      .map(([how, options]) => ({ option, how, options })),
  );
  it.each(cases)('$option: $how', ({ option, how, options }) => {
    let error: unknown;
    try {
      make(options());
    } catch (e) {
      error = e;
    }
    expect(error, `${option}: ${how}`).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe(option);
    expect((error as ConfigurationError).message).toContain(`the ${option} option could not be read`);
  });

  it('an options object whose fields cannot be listed: refused, naming options', () => {
    expect(() => make(trapsThrow())).toThrow(expect.objectContaining({ name: 'ConfigurationError', option: 'options' }));
  });
});

/** A working value of each option the base options do not set. */
const working: Record<string, unknown> = {
  timeout: 5_000,
  maxRetries: 1,
  maxRetryDelay: 1_000,
  logger: { debug() {}, info() {}, warn() {}, error() {} },
  headers: { 'x-a': '1' },
  fetch: (input: Request, init?: RequestInit) => fetch(input, init),
  fetchOptions: {},
  maxResponseBytes: 1_000_000,
  hooks: { request() {} },
  metadataSchemas: {},
  eventSchemas: {},
  maxConcurrency: 2,
  rateLimit: { requests: 100, perMs: 1_000 },
  limiter: { acquire: async () => () => {}, pause() {} },
  limiterTimeout: 1_000,
};

describe('each option is read once: a getter that answers once and throws after leaves a working client', () => {
  it.each(Object.keys(clientOptionRules).filter((o) => o !== 'dangerouslyAllowBrowser'))('%s', async (option) => {
    const options: Record<string, unknown> = { ...serverBase, baseUrl: recorder.url };
    let reads = 0;
    const value = options[option] ?? working[option];
    Object.defineProperty(options, option, {
      enumerable: true,
      get: () => {
        reads++;
        if (reads > 1) throw new Error('read twice');
        return value;
      },
    });
    const client = new Client(options);
    await client.loyalties.getMember('L1');
    await client.withOptions({ timeout: 5_000 }).loyalties.getMember('L1');
    expect(reads).toBe(1);
  });
});
