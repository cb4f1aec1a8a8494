/**
 * Every error class promokit exports can be built by hand (a test double, a wrapper that rethrows
 * a service failure as promokit's own), with any arguments a user passes: none, `null`, a value
 * of another type, and for the service's errors an init without `headers`, with `headers: null`,
 * a plain object in any letter case, a `Headers`, a `Map` or pairs. None throws an untyped `TypeError`:
 * each builds its error, whose message, `toJSON()` and inspection work, and `client.reconcile`
 * answers `cannot_tell` for it (promokit kept no record of such a call) without reading anything.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as server from '../../src/index.js';
import * as browser from '../../src/client-side.js';
import * as testing from '../../src/testing/index.js';
import * as redis from '../../src/redis.js';
import { keys } from '../helpers/keys.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

type AnyClass = new (...args: unknown[]) => Error;

/** Every class an entry of the package exports that builds an `Error`, once, by name. */
const classes = new Map<string, AnyClass>();
for (const entry of [server, browser, testing, redis] as Array<Record<string, unknown>>)
  for (const [name, value] of Object.entries(entry))
    if (typeof value === 'function' && value.prototype instanceof Error && /Error$/.test(name)) classes.set(name, value as AnyClass);

const apiErrorClasses = [...classes].filter(([, Class]) => Class === server.ApiError || Class.prototype instanceof server.ApiError);

/** A value of each kind a user may pass where another is expected. */
const odd: unknown[] = [undefined, null, {}, [], 0, 'text', true, () => 1, new Headers(), new Map()];

/** The argument lists tried for every class: none, then each of three positions given each odd value. */
const argumentLists: unknown[][] = [[], ...[0, 1, 2].flatMap((at) => odd.map((value) => Object.assign(new Array(at + 1).fill('op'), { [at]: value })))];

/** The `headers` of an init as a user may give them, and what `request_id` and `retryAfter` read from them. */
const headerShapes: Array<[string, unknown]> = [
  ['missing', undefined],
  ['null', null],
  ['an empty object', {}],
  ['a plain object in mixed case', { 'X-Request-Id': 'req_1', 'Retry-After': '7' }],
  ['a plain object in lower case', { 'x-request-id': 'req_1', 'retry-after': '7' }],
  ['a Headers', new Headers({ 'X-Request-Id': 'req_1', 'Retry-After': '7' })],
  [
    'a Map',
    new Map([
      ['X-Request-Id', 'req_1'],
      ['Retry-After', '7'],
    ]),
  ],
  ['a string', 'x-request-id: req_1'],
  [
    'pairs',
    [
      ['X-Request-Id', 'req_1'],
      ['Retry-After', '7'],
    ],
  ],
  ['an array of strings', ['x-request-id']],
  ['a number', 7],
  [
    'an object whose getter throws',
    Object.defineProperty({}, 'x-request-id', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    }),
  ],
];

let recorder: Recorder;
let client: server.Client;
beforeAll(async () => {
  recorder = await startRecorder(() => ({ status: 500, body: {} }));
  client = new server.Client({ baseUrl: recorder.url, ...keys, logLevel: 'off' });
});
afterAll(() => recorder.close());

/** What every hand-made error must allow: read, shown, serialised, reconciled as `cannot_tell`. */
async function usable(error: Error, Class: AnyClass): Promise<void> {
  expect(error).toBeInstanceOf(Class);
  expect(typeof error.message).toBe('string');
  expect(() => JSON.stringify(error)).not.toThrow();
  expect(() => inspect(error)).not.toThrow();
  expect(() => String(error)).not.toThrow();
  if (error instanceof server.PromokitError) {
    const result = await client.reconcile(error);
    expect(result.status).toBe('cannot_tell');
  }
}

it('finds the classes: every error class of the package', () => {
  expect([...classes.keys()]).toEqual(
    expect.arrayContaining(['PromokitError', 'ApiError', 'InternalServerError', 'RateLimitError', 'InvalidRequestError', 'AsyncActionFailedError']),
  );
  expect(apiErrorClasses.length).toBeGreaterThanOrEqual(9);
});

describe.each([...classes])('new %s(...) with any arguments', (_name, Class) => {
  it.each(argumentLists.map((args) => [args.map((a) => inspect(a, { depth: 0 })).join(', '), args] as const))(
    '(%s) builds a usable error',
    async (_shown, args) => {
      let built: unknown;
      expect(() => (built = new Class(...args))).not.toThrow();
      await usable(built as Error, Class);
    },
  );
});

describe.each(apiErrorClasses)('new %s({ status, operation, body, headers })', (_name, Class) => {
  it.each(headerShapes)('headers %s: built, headers a plain record of lower-case names', async (shape, headers) => {
    const init: Record<string, unknown> = { status: 500, operation: 'redemptions.redeem', body: { key: 'oops', message: 'failed' } };
    if (shape !== 'missing') init.headers = headers;
    let built: unknown;
    expect(() => (built = new Class(init))).not.toThrow();
    const error = built as server.ApiError;
    await usable(error, Class);
    expect(Object.getPrototypeOf(error.headers)).toBe(Object.prototype);
    for (const name of Object.keys(error.headers)) expect(name).toBe(name.toLowerCase());
    const readable = /plain object|Headers|Map|pairs/.test(shape);
    expect(error.request_id).toBe(readable ? 'req_1' : undefined);
    if (error instanceof server.RateLimitError) expect(error.retryAfter).toBe(readable ? 7 : undefined);
    expect(error.status).toBe(500);
    expect(error.message).toContain('failed');
  });

  it('an init that is no object builds an error all the same', async () => {
    for (const init of odd) {
      let built: unknown;
      expect(() => (built = new Class(init))).not.toThrow();
      await usable(built as Error, Class);
    }
  });
});
