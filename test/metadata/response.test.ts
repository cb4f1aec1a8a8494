/**
 * `metadataSchemas` and `eventSchemas` on what responses carry, over a real node:http server on
 * 127.0.0.1 answering bodies with metadata at every place the response types declare: each place
 * is checked under its kind's schema (which accepts only `{ kind: <that kind> }`), in the
 * client's validation mode: `strict` rejects with `ResponseValidationError` naming every path,
 * `warn` returns the body as received, logs each kind of failure once and records it with the
 * client's deviations, `off` runs no schema at all. zod 4 and valibot, sync and async.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ResponseValidationError, type ValidationMode } from '../../src/index.js';
import { credentials } from '../helpers/http-server.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';
import { libraries, schemasOf, type Path } from './operations.js';

/** Metadata of `kind`, right (`{ kind }`) or wrong. */
type Metadata = (kind: string) => Record<string, unknown>;

interface ResponseCase {
  name: string;
  path: RegExp;
  body: (m: Metadata) => unknown;
  call: (client: Client) => Promise<unknown>;
  /** Every place of metadata in the body, with its kind. */
  places: Array<[kind: string, path: Path]>;
}

const order = (m: Metadata) => ({
  id: 'ord_1',
  metadata: m('order'),
  items: [{ metadata: m('orderItem'), product: { metadata: m('product') }, sku: { metadata: { never: 'checked' } } }],
});
const orderPlaces = (...prefix: Path): Array<[string, Path]> => [
  ['order', [...prefix, 'metadata']],
  ['orderItem', [...prefix, 'items', 0, 'metadata']],
  ['product', [...prefix, 'items', 0, 'product', 'metadata']],
];

const cases: ResponseCase[] = [
  {
    name: 'vouchers.validate: the voucher, the order, its items and their products',
    path: /validate$/,
    body: (m) => ({ valid: true, code: 'SUMMER', metadata: m('voucher'), order: order(m) }),
    call: (client) => client.vouchers.validate('SUMMER', {}),
    places: [['voucher', ['metadata']], ...orderPlaces('order')],
  },
  {
    name: 'loyalties.getMember: the card and its holder',
    path: /members/,
    body: (m) => ({ id: 'v_1', code: 'L1', type: 'LOYALTY_CARD', metadata: m('voucher'), holder: { id: 'cust_1', metadata: m('customer') } }),
    call: (client) => client.loyalties.getMember('L1'),
    places: [
      ['voucher', ['metadata']],
      ['customer', ['holder', 'metadata']],
    ],
  },
  {
    name: 'loyalties.redeemReward: the redemption, its customer, order, voucher, tier and reward',
    path: /redemption$/,
    body: (m) => ({
      id: 'r_1',
      result: 'SUCCESS',
      metadata: m('redemption'),
      customer: { metadata: m('customer') },
      order: order(m),
      voucher: { metadata: m('voucher'), holder: { metadata: m('customer') } },
      promotion_tier: { metadata: m('promotionTier') },
      reward: { metadata: m('reward'), customer: { metadata: m('customer') }, product: { metadata: m('product') } },
    }),
    call: (client) => client.loyalties.redeemReward('L1', { reward: { id: 'rew_1' } }),
    places: [
      ['redemption', ['metadata']],
      ['customer', ['customer', 'metadata']],
      ...orderPlaces('order'),
      ['voucher', ['voucher', 'metadata']],
      ['customer', ['voucher', 'holder', 'metadata']],
      ['promotionTier', ['promotion_tier', 'metadata']],
      ['reward', ['reward', 'metadata']],
      ['customer', ['reward', 'customer', 'metadata']],
      ['product', ['reward', 'product', 'metadata']],
    ],
  },
  {
    name: 'redemptions.rollbackStackable: each rollback and the parent',
    path: /rollbacks$/,
    body: (m) => ({
      parent_rollback: { id: 'rr_0', result: 'SUCCESS', metadata: m('redemption') },
      rollbacks: [{ id: 'rr_1', result: 'SUCCESS', metadata: m('redemption'), order: order(m) }],
    }),
    call: (client) => client.redemptions.rollbackStackable('r_1'),
    places: [['redemption', ['parent_rollback', 'metadata']], ['redemption', ['rollbacks', 0, 'metadata']], ...orderPlaces('rollbacks', 0, 'order')],
  },
  {
    name: 'publications.create: the publication, its customer and voucher',
    path: /publications/,
    body: (m) => ({ id: 'pub_1', metadata: m('publication'), customer: { metadata: m('customer') }, voucher: { metadata: m('voucher') } }),
    call: (client) => client.publications.create({ voucher: 'X', customer: { source_id: 'c' } }),
    places: [
      ['publication', ['metadata']],
      ['customer', ['customer', 'metadata']],
      ['voucher', ['voucher', 'metadata']],
    ],
  },
  {
    name: 'templates.setupPromotionTier: the tier set up',
    path: /tier-setup$/,
    body: (m) => ({ promotion_tier: { id: 'promo_1', metadata: m('promotionTier') } }),
    call: (client) => client.templates.setupPromotionTier('tpl_1', { campaign_id: 'camp_1', name: 'T' }),
    places: [['promotionTier', ['promotion_tier', 'metadata']]],
  },
  {
    name: 'customers.listRedeemables: the voucher of every record of a page',
    path: /redeemables/,
    body: (m) => ({
      has_more: false,
      data: [
        { id: 'rh_1', redeemable: { voucher: { metadata: m('voucher') } } },
        { id: 'rh_2', redeemable: { voucher: { metadata: m('voucher') } } },
      ],
    }),
    call: (client) => client.customers.listRedeemables('cust_1').toArray(),
    places: [
      ['voucher', ['data', 0, 'redeemable', 'voucher', 'metadata']],
      ['voucher', ['data', 1, 'redeemable', 'voucher', 'metadata']],
    ],
  },
  {
    name: 'clientEvents.track: the event and its customer',
    path: /events$/,
    body: (m) => ({ object: 'event', type: 'newsletter_signup', customer: { metadata: m('customer') }, referral: null, loyalty: null, metadata: m('event') }),
    call: (client) => client.clientEvents.track({ event: 'newsletter_signup', customer: { source_id: 'c' } }),
    places: [
      ['event', ['metadata']],
      ['customer', ['customer', 'metadata']],
    ],
  },
];

const right: Metadata = (kind) => ({ kind });
const wrong: Metadata = () => ({ kind: 'wrong' });

let server: Recorder | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client of a server answering `body` to every request, with `schemas`, in `mode`, logging into `lines`. */
async function clientFor(body: unknown, mode: ValidationMode, schemas: ReturnType<typeof schemasOf>, lines: string[] = []): Promise<Client> {
  server = await startRecorder(() => ({ body }));
  const logger = { error: (line: string) => lines.push(line), warn: (line: string) => lines.push(line), info: () => {}, debug: () => {} };
  return new Client({ baseUrl: server.url, ...credentials, validation: mode, logger, maxRetries: 0, ...schemas });
}

for (const library of libraries) {
  for (const async of [false, true]) {
    const schemas = schemasOf(async ? library.asyncKindSchema : library.kindSchema);
    describe(`${library.name}${async ? ', async schemas' : ''}`, () => {
      for (const c of cases) {
        it(`${c.name}: right metadata everywhere passes in strict mode`, async () => {
          const client = await clientFor(c.body(right), 'strict', schemas);
          await expect(c.call(client)).resolves.toBeDefined();
        });

        it(`${c.name}: strict rejects wrong metadata, naming every place`, async () => {
          const body = c.body(wrong);
          const client = await clientFor(body, 'strict', schemas);
          const error = (await c.call(client).catch((e: unknown) => e)) as ResponseValidationError;
          expect(error).toBeInstanceOf(ResponseValidationError);
          expect(error.operation).toMatch(/^\w+\.\w+$/);
          expect(error.issues.map((i) => i.path).sort()).toEqual(c.places.map(([, path]) => [...path, 'kind']).sort());
          expect(error.body).toEqual(body);
        });
      }
    });
  }
}

describe('the validation modes', () => {
  const schemas = schemasOf(libraries[0]!.kindSchema);
  const redemption = cases.find((c) => c.name.startsWith('loyalties.redeemReward'))!;

  it('warn returns the body as received, logs each way it failed once, and records the deviations', async () => {
    const lines: string[] = [];
    const body = redemption.body(wrong);
    const client = await clientFor(body, 'warn', schemas, lines);
    expect(await redemption.call(client)).toEqual(body);
    expect(await redemption.call(client)).toEqual(body);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('loyalties.redeemReward: response does not match its schema');
    expect(lines[0]).toContain('metadata.kind: ');
    // One deviation per field path (array indices as `*`), counted once per response that had it.
    const expected = new Map<string, number>();
    for (const [, path] of redemption.places) expected.set(`${shape(path)}.kind`, 2);
    expect(new Map(client.responseDeviations().map((d) => [d.path, d.count]))).toEqual(expected);
    expect(client.responseDeviations().every((d) => d.operation === 'loyalties.redeemReward')).toBe(true);
  });

  it('off runs no schema, on any response', async () => {
    let runs = 0;
    const counting = schemasOf((kind) => ({
      '~standard': { version: 1, vendor: 'test', validate: () => (runs++, { issues: [{ message: `never ${kind}` }] }) },
    }));
    const client = await clientFor(redemption.body(wrong), 'off', counting);
    await redemption.call(client);
    expect(runs).toBe(0);
  });

  it('a response whose metadata is not an object is left to the response schema (one issue, not two)', async () => {
    const client = await clientFor({ id: 'r_1', result: 'SUCCESS', metadata: 'text', customer: { metadata: null } }, 'strict', schemas);
    const error = (await redemption.call(client).catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues.map((i) => i.path)).toEqual([['metadata']]);
  });
});

function shape(path: Path): string {
  return path.map((p) => (typeof p === 'number' ? '*' : p)).join('.');
}
