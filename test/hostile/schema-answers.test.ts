/**
 * Your schemas are input too: a `metadataSchemas` or `eventSchemas` schema whose answer cannot be
 * read (a getter or a Proxy in its issues that throws) fails the call with a typed error, and a
 * schema that fails on the answer of a call already sent never says that nothing was sent: the
 * error is `unknown`, its message says the call was sent, and `retryDecision` says to reconcile a
 * call that changes state. Over a real server on 127.0.0.1.
 */
import { describe, expect, it } from 'vitest';
import { Client, ConfigurationError, InvalidRequestError, retryDecision } from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, settle } from './servers.js';

const serve = useRecorders().startRaw;

/** A Standard Schema v1 whose `validate` is `validate`. */
function schema(validate: (value: unknown) => unknown) {
  return { '~standard': { version: 1 as const, vendor: 'hostile', validate: validate as never } };
}

/** Answers that cannot be read: each throws while promokit reads it. */
const UNREADABLE: Array<[label: string, answer: () => unknown]> = [
  [
    'a path segment whose key getter throws',
    () => ({
      issues: [
        {
          message: 'bad',
          path: [
            {
              get key() {
                throw new Error('key getter broke');
              },
            },
          ],
        },
      ],
    }),
  ],
  [
    'an issue whose message getter throws',
    () => ({
      issues: [
        {
          get message() {
            throw new Error('message getter broke');
          },
        },
      ],
    }),
  ],
  [
    'a message whose toString throws',
    () => ({
      issues: [
        {
          message: {
            toString: () => {
              throw new Error('toString broke');
            },
          },
        },
      ],
    }),
  ],
  [
    'issues behind a getter that throws',
    () =>
      Object.defineProperty({}, 'issues', {
        enumerable: true,
        get: () => {
          throw new Error('issues getter broke');
        },
      }),
  ],
  [
    'a Proxy whose traps throw',
    () =>
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('trap broke');
          },
          getPrototypeOf: () => {
            throw new Error('trap broke');
          },
        },
      ),
  ],
];

/** Schemas that fail as a schema (not as a verdict on the metadata). */
const FAILING: Array<[label: string, validate: () => unknown]> = [
  [
    'throws',
    () => {
      throw new Error('lookup failed');
    },
  ],
  ['never answers', () => new Promise(() => undefined)],
  ['answers something unreadable', () => UNREADABLE[0]![1]()],
];

const order = { id: 'ord_1', object: 'order', source_id: 'o-1', status: 'CREATED', metadata: { channel: 'web' } };

describe('a schema answer that cannot be read', () => {
  it('on the params: ConfigurationError naming the option, not_sent, nothing sent, never a bare Error', async () => {
    const service = await serve((_request, res) => json(res, 200, order));
    for (const [label, answer] of UNREADABLE) {
      for (const [option, call] of [
        ['metadataSchemas', (client: Client) => client.orders.create({ source_id: 'o-1', metadata: { channel: 'web' } })],
        ['eventSchemas', (client: Client) => client.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c-1' }, metadata: { source: 'footer' } })],
      ] as const) {
        const client = new Client({
          baseUrl: service.url,
          ...keys,
          logLevel: 'off',
          ...(option === 'metadataSchemas' ? { metadataSchemas: { order: schema(answer) } } : { eventSchemas: { signed_up: schema(answer) } }),
        });
        const { error } = await settle(call(client));
        expect(error, `${option}: ${label}`).toBeInstanceOf(ConfigurationError);
        expect(error, `${option}: ${label}`).toMatchObject({ option, outcome: 'not_sent' });
        expect((error as Error).message, `${option}: ${label}`).toMatch(/broke/);
        expect(retryDecision(error), `${option}: ${label}`).toEqual({ action: 'fail' });
      }
    }
    expect(service.sent).toHaveLength(0);
  });
});

describe('a schema that fails on the answer of a call sent', () => {
  it('never says nothing was sent: unknown, and reconcile for a call that changes state', async () => {
    const service = await serve((_request, res) => json(res, 200, order));
    for (const [label, validate] of FAILING) {
      for (const validation of ['strict', 'warn'] as const) {
        const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', timeout: 300, validation, metadataSchemas: { order: schema(validate) } });
        const before = service.sent.length;
        const { error } = await settle(client.orders.create({ source_id: 'o-1' }));
        expect(service.sent.length - before, `${label} (${validation}): sent once`).toBe(1);
        expect(error, `${label} (${validation})`).toBeInstanceOf(ConfigurationError);
        expect(error).toMatchObject({ option: 'metadataSchemas', outcome: 'unknown' });
        expect((error as Error).message, `${label} (${validation})`).not.toMatch(/nothing was sent/);
        expect((error as Error).message).toMatch(/answer/);
        expect(retryDecision(error), `${label} (${validation})`).toEqual({ action: 'reconcile' });
      }
    }
  });
});

describe('client.request given a revoked Proxy', () => {
  it('rejects with InvalidRequestError, not_sent, for request and requestList alike', async () => {
    const service = await serve((_request, res) => json(res, 200, {}));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const walk = async () => {
      for await (const _ of client.requestList(proxy as never)) break;
    };
    for (const call of [() => client.request(proxy as never), walk]) {
      const { error } = await settle(call());
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ outcome: 'not_sent' });
      expect((error as Error).message).toMatch(/could not be read/);
    }
    expect(service.sent).toHaveLength(0);
  });
});
