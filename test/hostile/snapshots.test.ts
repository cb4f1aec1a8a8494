/**
 * Check the snapshot you use: params, options and request fields are copied once to plain data,
 * each field read once, and the checks and the wire use that copy. A getter that answers the check
 * one value and the wire another, a Proxy, a `toJSON`, and values JSON cannot carry (a BigInt, a
 * cycle, `NaN`, `Infinity`, an Invalid Date, a Map) meet every kind of call here; and no method of
 * any client throws synchronously, whatever it is given.
 */
import { describe, expect, it } from 'vitest';
import { ClientEvents } from '../../src/client-side.js';
import { Client, InvalidRequestError, PromokitError } from '../../src/index.js';
import { useRecorders, type Recorder } from '../helpers/recorder.js';
import { json, keys, settle, throwingProxy } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/snapshots');

/** A value JSON cannot carry, and the words its refusal names. */
const UNSENDABLE: Array<[label: string, make: () => unknown, words: RegExp]> = [
  ['a BigInt', () => 10n, /BigInt/],
  [
    'a cycle',
    () => {
      const node: Record<string, unknown> = { a: 1 };
      node.self = node;
      return node;
    },
    /cycle/,
  ],
  [
    'a toJSON that throws',
    () => ({
      toJSON: () => {
        throw new Error('no JSON for you');
      },
    }),
    /could not be read: no JSON for you/,
  ],
  [
    'a getter that throws',
    () =>
      Object.defineProperty({}, 'x', {
        enumerable: true,
        get: () => {
          throw new Error('getter broke');
        },
      }),
    /could not be read: getter broke/,
  ],
  [
    'a Proxy whose traps throw',
    () =>
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('trap');
          },
        },
      ),
    /could not be read/,
  ],
  ['NaN', () => Number.NaN, /finite number/],
  ['Infinity', () => Number.POSITIVE_INFINITY, /finite number/],
  ['-Infinity', () => Number.NEGATIVE_INFINITY, /finite number/],
  ['an Invalid Date', () => new Date('not a date'), /valid Date/],
  ['a Map', () => new Map([['a', 1]]), /Map or a Set/],
  [
    '70 levels of nesting',
    () => {
      let value: unknown = 'deep';
      for (let i = 0; i < 70; i++) value = { next: value };
      return value;
    },
    /nested at most/,
  ],
];

/** Calls of every kind that carry a value the caller chose at `where`. */
function calls(client: Client, events: ClientEvents): Array<[name: string, where: string, call: (value: unknown) => Promise<unknown>]> {
  return [
    ['loyalties.redeemReward', 'metadata.note', (value) => client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' }, metadata: { note: value } })],
    ['orders.create', 'metadata.note', (value) => client.orders.create({ source_id: 'o-1', amount: 100, metadata: { note: value } })],
    [
      'loyalties.listTransactions',
      'filters.note',
      (value) => client.loyalties.listTransactions('camp_1', { filters: { note: value } as never }).then((page) => page),
    ],
    ['clientEvents.track', 'metadata.note', (value) => events.track({ event: 'signed_up', customer: { source_id: 'c-1' }, metadata: { note: value } })],
    [
      'client.request body',
      'body.note',
      (value) => client.request({ method: 'POST', path: '/v1/vouchers/{code}/redemption', pathParams: { code: 'X' }, body: { note: value } }),
    ],
    ['client.request query', 'query.note', (value) => client.request({ method: 'GET', path: '/v1/campaigns', query: { note: value } })],
  ];
}

async function setup(): Promise<{ service: Recorder; client: Client; events: ClientEvents }> {
  // An answer any call takes: a record, and an empty last page to a list.
  const service = await serve((_request, res) => json(res, 200, { id: 'x', object: 'event', data: [], has_more: false }));
  const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off', validation: 'off' });
  const events = new ClientEvents({
    baseUrl: service.url,
    clientApplicationId: keys.clientApplicationId,
    clientToken: keys.clientToken,
    origin: keys.origin,
    logLevel: 'off',
    validation: 'off',
  });
  return { service, client, events };
}

describe('values JSON cannot carry', () => {
  it('each, in every kind of call: InvalidRequestError naming the field, not_sent, nothing sent, never a bare TypeError', async () => {
    const { service, client, events } = await setup();
    let refused = 0;
    for (const [name, where, call] of calls(client, events)) {
      for (const [label, make, words] of UNSENDABLE) {
        let result: Promise<unknown> | undefined;
        expect(() => (result = call(make())), `${name} ${label}: thrown synchronously`).not.toThrow();
        const { error } = await settle(result!);
        expect(error, `${name} with ${label}`).toBeInstanceOf(InvalidRequestError);
        expect(error).toMatchObject({ outcome: 'not_sent' });
        expect((error as Error).message, `${name} with ${label}`).toMatch(words);
        expect((error as Error).message, `${name} with ${label}`).toContain(where);
        refused++;
      }
    }
    expect(service.sent).toHaveLength(0);
    record(
      'snapshot-unsendable',
      `${UNSENDABLE.length} values × ${calls(client, events).length} kinds of call: ${refused} rejected with \`InvalidRequestError\` naming the field; thrown synchronously: 0; requests sent: ${service.sent.length}`,
    );
  });
});

describe('read once: the value checked is the value sent', () => {
  it('a getter answering 10 to the first read and -1000000000 after: the check and the wire both see 10', async () => {
    const { service, client } = await setup();
    let reads = 0;
    const params = {
      get limit() {
        reads++;
        return reads === 1 ? 10 : -1_000_000_000;
      },
    };
    await client.loyalties.listTransactions('camp_1', params).then((page) => page);
    expect(reads).toBe(1);
    expect(service.sent[0]!.target).toContain('limit=10');

    // A Proxy that hides a field from `in` but lists it for spreading: the copy has it, the wire too, nothing else.
    const lying = new Proxy({ reward: { id: 'rew_1' }, metadata: { a: 1 } }, { has: () => false });
    await client.loyalties.redeemReward('LOYAL-H1', lying);
    // promokit's marker beside the metadata given, nothing else.
    expect(JSON.parse(service.sent[1]!.body)).toEqual({ reward: { id: 'rew_1' }, metadata: { a: 1, promokit_marker: expect.stringMatching(/^mk_/) } });
    record('snapshot-read-once', `a getter read ${reads} time, checked and sent as \`limit=10\`; a Proxy lying to \`in\` sent as the plain copy of its fields`);
  });

  it("the caller's object is never changed", async () => {
    const { client } = await setup();
    const params = Object.freeze({ reward: Object.freeze({ id: 'rew_1' }), campaign_id: 'camp_1' });
    await expect(client.loyalties.redeemReward('LOYAL-H1', params)).resolves.toBeDefined();
  });
});

describe('no method throws synchronously', () => {
  it('every method of every sub-client, given throwing Proxies for every argument: a promise that rejects with a PromokitError', async () => {
    const { service, client, events } = await setup();
    const hostile = throwingProxy;
    let methods = 0;
    const targets: Array<[string, object]> = Object.entries(client).filter(([, value]) => typeof value === 'object' && value !== null);
    targets.push(['events', events]);
    for (const [name, subClient] of targets) {
      for (const method of Object.getOwnPropertyNames(Object.getPrototypeOf(subClient))) {
        if (method === 'constructor') continue;
        const fn = (subClient as Record<string, unknown>)[method];
        if (typeof fn !== 'function') continue;
        let result: unknown;
        expect(() => (result = fn.call(subClient, hostile(), hostile(), hostile())), `${name}.${method}`).not.toThrow();
        const { error } = await settle(Promise.resolve(result as PromiseLike<unknown>));
        expect(error, `${name}.${method}`).toBeInstanceOf(PromokitError);
        methods++;
      }
    }
    for (const method of ['request', 'requestList'] as const) {
      let result: unknown;
      expect(() => (result = client[method](hostile() as never, hostile() as never))).not.toThrow();
      const { error } = await settle(Promise.resolve(result as PromiseLike<unknown>));
      expect(error, method).toBeInstanceOf(PromokitError);
      methods++;
    }
    expect(service.sent).toHaveLength(0);
    record(
      'snapshot-no-sync-throw',
      `${methods} methods given throwing Proxies: thrown synchronously 0, rejected with a \`PromokitError\` ${methods}; requests sent: ${service.sent.length}`,
    );
  });
});
