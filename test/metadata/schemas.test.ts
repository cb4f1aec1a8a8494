/**
 * The `metadataSchemas` and `eventSchemas` options and the schemas themselves, attacked: options
 * of the wrong type or shape, schemas that throw, reject, never answer, answer nonsense or a
 * hundred thousand issues, a caller who aborts while a schema runs, params that change between
 * two reads. Every refusal is a typed error with nothing sent (counted on a real node:http server
 * on 127.0.0.1); every wait is bounded; every message is bounded and printable.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  AbortError,
  Client,
  ClientEvents,
  ConfigurationError,
  InvalidRequestError,
  type ClientOptions,
  type ErrorEvent,
  type StandardSchemaV1,
} from '../../src/index.js';
import { ack, credentials } from '../helpers/http-server.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

let server: Recorder | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const order = { id: 'ord_1', object: 'order', metadata: { channel: 'web' } };

/** A server answering an order (or, on the events path, an acknowledgment), and a client of it with `options`. */
async function clientWith(options: Partial<ClientOptions>): Promise<{ client: Client; server: Recorder }> {
  server = await startRecorder((request) => ({ body: request.target.endsWith('/events') ? ack : order }));
  return { client: new Client({ baseUrl: server.url, ...credentials, logLevel: 'off', maxRetries: 0, ...options } as ClientOptions), server };
}

/** A Standard Schema whose `validate` is `validate`. */
function schema(validate: (value: unknown) => unknown): StandardSchemaV1<unknown, Record<string, unknown>> {
  return { '~standard': { version: 1, vendor: 'test', validate: validate as StandardSchemaV1<unknown, Record<string, unknown>>['~standard']['validate'] } };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the options, checked when the client is made: a ConfigurationError naming the option', () => {
  const bad: Array<[string, Partial<ClientOptions>, RegExp]> = [
    ['metadataSchemas a string', { metadataSchemas: 'zod' as never }, /metadataSchemas option must be an object of Standard Schemas/],
    ['metadataSchemas an array', { metadataSchemas: [z.object({})] as never }, /metadataSchemas option must be an object of Standard Schemas/],
    ['metadataSchemas a number', { metadataSchemas: 1 as never }, /metadataSchemas option must be an object of Standard Schemas/],
    ['metadataSchemas false', { metadataSchemas: false as never }, /metadataSchemas option must be an object of Standard Schemas/],
    ['metadataSchemas null', { metadataSchemas: null as never }, /metadataSchemas option must be an object of Standard Schemas/],
    [
      'a kind that is not one of the nine',
      { metadataSchemas: { sku: z.object({}) } as never },
      /metadataSchemas option must be an object of Standard Schemas \(with ~standard.validate\), keyed by kinds of record: voucher, customer, order, orderItem, product, promotionTier, publication, redemption, reward$/,
    ],
    ['a kind named like an Object member', { metadataSchemas: JSON.parse('{"__proto__": {}}') }, /keyed by kinds of record/],
    [
      'a schema without ~standard.validate',
      { metadataSchemas: { order: { parse: () => ({}) } } as never },
      /metadataSchemas option must be an object of Standard Schemas \(with ~standard.validate\)/,
    ],
    [
      'a schema whose ~standard.validate is not a function',
      { metadataSchemas: { order: { '~standard': { validate: 'yes' } } } as never },
      /metadataSchemas option must be an object of Standard Schemas/,
    ],
    ['eventSchemas a string', { eventSchemas: 'valibot' as never }, /eventSchemas option must be an object of Standard Schemas/],
    [
      'an event schema that is null',
      { eventSchemas: { signup: null } as never },
      /eventSchemas option must be an object of Standard Schemas \(with ~standard.validate\)$/,
    ],
    [
      'a schema whose ~standard throws when read',
      {
        eventSchemas: {
          signup: {
            get '~standard'(): never {
              throw new Error('trap');
            },
          },
        } as never,
      },
      /eventSchemas option must be an object of Standard Schemas/,
    ],
  ];
  for (const [name, options, message] of bad) {
    it(name, () => {
      let error: unknown;
      try {
        new Client({ baseUrl: 'https://api.example.com', ...credentials, ...options } as ClientOptions);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe('metadataSchemas' in options ? 'metadataSchemas' : 'eventSchemas');
      expect((error as ConfigurationError).message).toMatch(message);
      expect((error as ConfigurationError).outcome).toBe('not_sent');
    });
  }

  it('a ClientEvents of its own refuses the same way', () => {
    const { clientApplicationId, clientToken, origin } = credentials;
    expect(
      () => new ClientEvents({ baseUrl: 'https://api.example.com', clientApplicationId, clientToken, origin, eventSchemas: { signup: 42 } as never }),
    ).toThrow(/^ClientEvents: the eventSchemas option must be/);
  });

  it("a ClientEvents, whose events carry only a customer's metadata, does not check kind names (the storefront bundle stays small)", () => {
    const { clientApplicationId, clientToken, origin } = credentials;
    expect(
      () => new ClientEvents({ baseUrl: 'https://api.example.com', clientApplicationId, clientToken, origin, metadataSchemas: { sku: z.object({}) } as never }),
    ).not.toThrow();
    expect(
      () => new ClientEvents({ baseUrl: 'https://api.example.com', clientApplicationId, clientToken, origin, metadataSchemas: { customer: 'zod' } as never }),
    ).toThrow(/metadataSchemas option must be an object of Standard Schemas/);
  });

  it('a hostile key does not reach the message', () => {
    const key = `evil\r\n${'x'.repeat(10_000)}`;
    let message = '';
    try {
      new Client({ baseUrl: 'https://api.example.com', ...credentials, metadataSchemas: { [key]: z.object({}) } as never });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/keyed by kinds of record/);
    expect(message).not.toMatch(/[\r\n]/);
    expect(message.length).toBeLessThan(400);
  });

  it('schemas set to undefined are left out', async () => {
    const { client, server } = await clientWith({ metadataSchemas: { order: undefined }, eventSchemas: undefined });
    await client.orders.create({ metadata: { anything: 1 } });
    expect(server.sent).toHaveLength(1);
  });

  it('the schemas are copied when the client is made: a schema added to the object later is not used', async () => {
    const metadataSchemas: Record<string, unknown> = {};
    const { client, server } = await clientWith({ metadataSchemas: metadataSchemas as never, eventSchemas: {} });
    metadataSchemas.order = schema(() => ({ issues: [{ message: 'never' }] }));
    await client.orders.create({ metadata: { anything: 1 } });
    expect(server.sent).toHaveLength(1);
  });

  it('withOptions() gives the clone the schemas it is given, checked anew', async () => {
    const { client, server } = await clientWith({ metadataSchemas: { order: z.object({ channel: z.literal('web') }) } });
    const clone = client.withOptions({ metadataSchemas: { order: z.object({ channel: z.literal('pos') }) } });
    expect(await rejection(client.orders.create({ metadata: { channel: 'pos' } }))).toBeInstanceOf(InvalidRequestError);
    await clone.orders.create({ metadata: { channel: 'pos' } });
    expect(() => client.withOptions({ metadataSchemas: { order: {} } as never })).toThrow(ConfigurationError);
    expect(server.sent).toHaveLength(1);
  });
});

describe('a schema that fails to answer: a ConfigurationError with the cause, nothing sent', () => {
  const cause = new Error('schema exploded');
  const broken: Array<[string, StandardSchemaV1<unknown, Record<string, unknown>>, RegExp]> = [
    [
      'throws',
      schema(() => {
        throw cause;
      }),
      /the metadataSchemas schema of "order" failed: schema exploded \(checking orders.create\); nothing was sent/,
    ],
    ['rejects', schema(() => Promise.reject(cause)), /failed: schema exploded/],
    [
      'throws a string',
      schema(() => {
        throw 'plain';
      }),
      /failed: plain/,
    ],
    ['answers null', schema(() => null), /answered with no Standard Schema result/],
    ['answers a string', schema(() => 'ok'), /answered with no Standard Schema result/],
    ['answers issues that are not an array', schema(() => ({ issues: 'bad' })), /answered with issues that are not an array/],
  ];
  for (const [name, broke, message] of broken) {
    it(name, async () => {
      const { client, server } = await clientWith({ metadataSchemas: { order: broke } });
      const error = (await rejection(client.orders.create({ metadata: { channel: 'web' } }))) as ConfigurationError;
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.option).toBe('metadataSchemas');
      expect(error.outcome).toBe('not_sent');
      expect(error.message).toMatch(message);
      // The cause: what the schema threw, as a copy holding only scrubbed text.
      if (name === 'throws' || name === 'rejects') expect(error.cause).toMatchObject({ name: cause.name, message: cause.message });
      expect(server.sent).toHaveLength(0);
    });
  }

  it('never answers: bounded by the call timeout', async () => {
    const { client, server } = await clientWith({ eventSchemas: { signup: schema(() => new Promise(() => {})) } });
    const started = performance.now();
    const error = (await rejection(
      client.clientEvents.track({ event: 'signup', customer: { source_id: 'c' }, metadata: {} }, { timeout: 100 }),
    )) as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.option).toBe('eventSchemas');
    expect(error.message).toMatch(/the eventSchemas schema of "signup" gave no result within 100 ms, the call's timeout/);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(server.sent).toHaveLength(0);
  });

  it('the caller aborts while a schema runs: an AbortError at once, nothing sent', async () => {
    const { client, server } = await clientWith({ metadataSchemas: { order: schema(() => new Promise(() => {})) } });
    const controller = new AbortController();
    const pending = rejection(client.orders.create({ metadata: {} }, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = (await pending) as AbortError;
    expect(error).toBeInstanceOf(AbortError);
    expect(error.outcome).toBe('not_sent');
    expect(server.sent).toHaveLength(0);
  });

  it('a response schema that throws: a ConfigurationError reported to the error hook, the call having reached the service', async () => {
    const errors: ErrorEvent[] = [];
    let calls = 0;
    const order = schema(() => (++calls === 1 ? { value: {} } : Promise.reject(cause)));
    const { client, server } = await clientWith({ metadataSchemas: { order }, hooks: { error: (event) => errors.push(event) } });
    const error = (await rejection(client.orders.create({ metadata: { channel: 'web' } }))) as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.cause).toMatchObject({ name: cause.name, message: cause.message });
    expect(error.outcome).toBe('unknown');
    expect(server.sent).toHaveLength(1);
    expect(errors.map((e) => e.error)).toEqual([error]);
  });
});

describe('what a schema says, bounded', () => {
  it('a hundred thousand issues: twenty of them and a count, in a short message', async () => {
    const issues = Array.from({ length: 100_000 }, (_, i) => ({ message: `bad ${i}`, path: [`k${i}`] }));
    const { client, server } = await clientWith({ metadataSchemas: { order: schema(() => ({ issues })) } });
    const error = (await rejection(client.orders.create({ metadata: {} }))) as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.issues).toHaveLength(21);
    expect(error.issues[20]).toEqual({ path: ['metadata'], message: 'and 99980 more issues' });
    expect(error.message.length).toBeLessThan(2_000);
    expect(server.sent).toHaveLength(0);
  });

  it('issues of many schemas in one call: at most a hundred', async () => {
    const issues = Array.from({ length: 30 }, () => ({ message: 'bad' }));
    const { client } = await clientWith({ metadataSchemas: { orderItem: schema(() => ({ issues })) } });
    const items = Array.from({ length: 50 }, () => ({ quantity: 1, metadata: {} }));
    const error = (await rejection(client.orders.create({ items }))) as InvalidRequestError;
    expect(error.issues).toHaveLength(100);
  });

  it('hostile issues: a huge message, control characters, odd path segments, no issue at all', async () => {
    const odd = schema(() => ({
      issues: [
        { message: `${'m'.repeat(1_000_000)}` },
        { message: 'line\r\nforged', path: [Symbol('s'), { key: 3 }, { key: 'x'.repeat(10_000) }, 7] },
        null,
        { path: 'not an array' },
      ],
    }));
    const { client } = await clientWith({ metadataSchemas: { order: odd } });
    const error = (await rejection(client.orders.create({ metadata: {} }))) as InvalidRequestError;
    // 500 characters kept, the cut marked.
    expect(error.issues[0]!.message).toMatch(/^.{500}…$/su);
    expect(error.issues[1]!.path).toEqual(['metadata', 'Symbol(s)', 3, `${'x'.repeat(500)}…`, 7]);
    expect(error.issues[2]).toEqual({ path: ['metadata'], message: 'is invalid' });
    expect(error.issues[3]).toEqual({ path: ['metadata'], message: 'is invalid' });
    expect(error.message).not.toMatch(/[\r\n]/);
    expect(error.message.length).toBeLessThan(5_000);
    const empty = await clientWith({ metadataSchemas: { order: schema(() => ({ issues: [] })) } });
    const refused = (await rejection(empty.client.orders.create({ metadata: {} }))) as InvalidRequestError;
    expect(refused.issues).toEqual([{ path: ['metadata'], message: 'is invalid (the schema gave no issue)' }]);
  });
});

describe('the metadata checked is the metadata sent', () => {
  it('params whose getter changes its answer: the schema sees exactly what goes on the wire', async () => {
    const seen: unknown[] = [];
    const bodies: string[] = [];
    server = await startRecorder(() => ({ body: order }));
    const client = new Client({
      baseUrl: server.url,
      ...credentials,
      logLevel: 'off',
      metadataSchemas: { order: schema((value) => (seen.push(value), { value })) },
      fetch: async (input, init) => {
        bodies.push(await (input as Request).clone().text());
        return fetch(input, init);
      },
    });
    let reads = 0;
    const params = {
      get metadata() {
        reads += 1;
        return { channel: reads === 1 ? 'web' : 'pos', at: new Date(0) };
      },
    };
    await client.orders.create(params as never);
    expect(bodies).toHaveLength(1);
    // The first run checked the request; the second, the order the server answered.
    expect(seen[0]).toEqual(JSON.parse(bodies[0]!).metadata);
    expect(seen[1]).toEqual(order.metadata);
  });
});
