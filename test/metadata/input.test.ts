/**
 * `metadataSchemas` and `eventSchemas` on what a call sends, with real zod 4 and valibot schemas:
 * for every operation whose params hold metadata and every place it holds it (operations.ts),
 * wrong metadata at that one place is an `InvalidRequestError` naming the path with the schema's
 * own message, and nothing reaches the service; right metadata everywhere is sent as given. Each
 * place has its kind's schema (or the event's), which accepts only `{ kind: <that kind> }`, so a
 * place checked under another kind fails too. Async schemas of both libraries, the same.
 */
import { describe, expect, it } from 'vitest';
import { Client, ClientEvents, InvalidRequestError, type ClientOptions } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { libraries, operations, right, schemasOf, valueAt, type Library, type Place } from './operations.js';
import { operationNames, operationOf } from '../../src/resources/registry.js';

/** A metadata object without promokit's marker. */
const withoutMarker = (value: unknown) => {
  if (typeof value !== 'object' || value === null || !('promokit_marker' in value)) return value;
  const { promokit_marker: _marker, ...rest } = value as Record<string, unknown>;
  return rest;
};

/** A mock service, a client and a `ClientEvents` on it with `schemas`, and the bodies they sent. */
function setup(schemas: Pick<ClientOptions, 'metadataSchemas' | 'eventSchemas'>) {
  const mock = createMockService();
  const bodies: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input as Request;
    bodies.push(JSON.parse(await request.clone().text()));
    return mock.fetch(request, init);
  };
  const options = { fetch, baseUrl: mock.baseUrl, logLevel: 'off', maxRetries: 0, ...schemas } as const;
  const client = new Client({ ...mock.credentials, ...options });
  const { clientApplicationId, clientToken, origin } = mock.credentials;
  const events = new ClientEvents({ clientApplicationId, clientToken, origin, ...options });
  return { mock, client, events, bodies };
}

/** What `schema` says of `{ kind: 'wrong' }`: the message the refusal must carry. */
async function messageOf(library: Library, kind: string, async: boolean): Promise<string> {
  const schema = (async ? library.asyncKindSchema : library.kindSchema)(kind);
  const result = await schema['~standard'].validate({ kind: 'wrong' });
  return result.issues![0]!.message;
}

const wrong = { kind: 'wrong' };

describe('the operations whose params hold metadata', () => {
  it('are every operation of the registry whose record names metadata places, and no other', () => {
    const declared = operationNames.filter((name) => operationOf(name).metadataPlaces !== undefined || name === 'clientEvents.track');
    expect(operations.map((op) => op.name).sort()).toEqual([...declared].sort());
  });
});

for (const library of libraries) {
  for (const async of [false, true]) {
    describe(`${library.name}${async ? ', async schemas' : ''}`, () => {
      const schemas = schemasOf(async ? library.asyncKindSchema : library.kindSchema);

      for (const op of operations) {
        // Async: the first place of each operation is enough to show the async path.
        for (const place of async ? op.places.slice(0, 1) : op.places) {
          it(`${op.name}: wrong ${place.kind} metadata at ${formatted(place.path)} is refused, naming the path, and nothing is sent`, async () => {
            const { mock, client, events, bodies } = setup(schemas);
            const params = op.params(mock, (p: Place) => (p === place || samePath(p, place) ? wrong : right(p)));
            const error = await op.send(client, events, mock, params).then(
              () => undefined,
              (e: unknown) => e,
            );
            expect(error).toBeInstanceOf(InvalidRequestError);
            const refusal = error as InvalidRequestError;
            expect(refusal.operation).toBe(op.name);
            expect(refusal.outcome).toBe('not_sent');
            expect(refusal.issues).toEqual([{ path: [...place.path, 'kind'], message: await messageOf(library, place.kind, async) }]);
            expect(refusal.message).toContain(`${formatted(place.path)}.kind: `);
            expect(mock.requests).toHaveLength(0);
            expect(bodies).toHaveLength(0);
          });
        }

        it(`${op.name}: right metadata at every place is sent as given`, async () => {
          const { mock, client, events, bodies } = setup(schemas);
          const params = op.params(mock, right);
          await op.send(client, events, mock, params).catch(() => undefined);
          expect(mock.requests).toHaveLength(1);
          expect(bodies).toHaveLength(1);
          // promokit's marker (added to the metadata of a spend or create whose record keeps it) aside.
          for (const place of op.places) expect(withoutMarker(valueAt(bodies[0], place.path)), place.path.join('.')).toEqual(right(place));
        });
      }
    });
  }
}

describe('wrong metadata at several places', () => {
  it('is one refusal listing every place, each with its path', async () => {
    const { mock, client } = setup(schemasOf(libraries[0]!.kindSchema));
    const op = operations.find((o) => o.name === 'vouchers.validate')!;
    const error = (await op
      .send(
        client,
        new ClientEvents(),
        mock,
        op.params(mock, () => wrong),
      )
      .catch((e: unknown) => e)) as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.issues.map((i) => formatted(i.path))).toEqual(expect.arrayContaining(op.places.map((p) => `${formatted(p.path)}.kind`)));
    expect(error.issues).toHaveLength(op.places.length);
    expect(mock.requests).toHaveLength(0);
  });
});

describe('metadata without a schema', () => {
  it('is sent unchecked: kinds and events with no schema, a SKU, and an event not in eventSchemas', async () => {
    const { mock, client, events } = setup({
      metadataSchemas: { reward: libraries[0]!.kindSchema('reward') },
      eventSchemas: { other_event: libraries[1]!.kindSchema('event') },
    });
    await client.orders.create({ metadata: { anything: 1 }, items: [{ quantity: 1, metadata: { x: 1 }, sku: { metadata: { y: 2 } } }] });
    await events.track({ event: 'newsletter_signup', customer: { source_id: 'c-1', metadata: { z: 3 } }, metadata: { free: true } });
    // An event named like an Object.prototype member has no schema it was not given.
    await events.track({ event: 'constructor', customer: { source_id: 'c-1' }, metadata: { free: true } });
    expect(mock.requests.map((r) => r.operation)).toEqual(['orders.create', 'clientEvents.track', 'clientEvents.track']);
  });
});

function samePath(a: Place, b: Place): boolean {
  return a.path.join('\u0000') === b.path.join('\u0000');
}

function formatted(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out === '' ? part : `${out}.${part}`), '');
}
