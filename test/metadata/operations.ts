/**
 * Every operation whose params hold metadata, with each place it holds it and the kind of that
 * place, written out from the service's interface (not read from the SDK's own declarations): the
 * metadata tests generate their cases from this table, so a place the SDK forgets, or checks
 * under the wrong kind, fails them.
 */
import * as v from 'valibot';
import * as z from 'zod';
import type { Client, ClientEvents, EventSchemas, MetadataKind, MetadataSchemas, OperationName, StandardSchemaV1 } from '../../src/index.js';
import type { MockService } from '../../src/testing/index.js';

/** Where a value sits in params: `['order', 'items', 0, 'metadata']`. */
export type Path = Array<string | number>;

/** One place of metadata in an operation's params: its path and its kind (`event`: the event's own). */
export interface Place {
  path: Path;
  kind: MetadataKind | 'event';
}

/** An operation, its params with every place filled, and the places. */
export interface MetadataOperation {
  name: OperationName;
  /** Params with the value `metadata(place)` at each place. */
  params: (mock: MockService, metadata: (place: Place) => unknown) => Record<string, unknown>;
  send: (client: Client, events: ClientEvents, mock: MockService, params: Record<string, unknown>) => Promise<unknown>;
  places: Place[];
}

const at = (kind: Place['kind'], ...path: Path): Place => ({ path, kind });

/** The places of an order, under `prefix`. */
const orderPlaces = (...prefix: Path): Place[] => [
  at('order', ...prefix, 'metadata'),
  at('orderItem', ...prefix, 'items', 0, 'metadata'),
  at('orderItem', ...prefix, 'items', 1, 'metadata'),
  at('product', ...prefix, 'items', 1, 'product', 'metadata'),
  at('customer', ...prefix, 'customer', 'metadata'),
  at('customer', ...prefix, 'referrer', 'metadata'),
];

/** An order holding metadata at each of {@link orderPlaces}; a SKU's metadata is of no kind and never checked. */
function order(m: (place: Place) => unknown, ...prefix: Path): Record<string, unknown> {
  const [own, first, second, product, customer, referrer] = orderPlaces(...prefix).map(m);
  return {
    amount: 2000,
    metadata: own,
    items: [
      { product_id: 'prod_flat_white', quantity: 1, price: 1000, metadata: first, sku: { metadata: { never: 'checked' } } },
      { product_id: 'prod_croissant', quantity: 1, price: 1000, metadata: second, product: { name: 'Croissant', metadata: product } },
    ],
    customer: { source_id: 'order-customer', metadata: customer },
    referrer: { source_id: 'order-referrer', metadata: referrer },
  };
}

export const operations: MetadataOperation[] = [
  {
    name: 'vouchers.create',
    places: [at('voucher', 'metadata')],
    params: (_mock, m) => ({ type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 }, metadata: m(at('voucher', 'metadata')) }),
    send: (client, _e, _mock, params) => client.vouchers.create('TYPED-META-1', params as never),
  },
  {
    name: 'vouchers.validate',
    places: [at('redemption', 'metadata'), at('customer', 'customer', 'metadata'), ...orderPlaces('order')],
    params: (_mock, m) => ({
      customer: { source_id: 'shop-user-1002', metadata: m(at('customer', 'customer', 'metadata')) },
      order: order(m, 'order'),
      metadata: m(at('redemption', 'metadata')),
    }),
    send: (client, _e, mock, params) => client.vouchers.validate(mock.ids.vouchers.valid, params),
  },
  {
    name: 'loyalties.redeemReward',
    places: [at('redemption', 'metadata'), ...orderPlaces('order')],
    params: (mock, m) => ({ reward: { id: mock.ids.rewards.espresso }, order: order(m, 'order'), metadata: m(at('redemption', 'metadata')) }),
    send: (client, _e, mock, params) => client.loyalties.redeemReward(mock.ids.members.ada, params),
  },
  {
    name: 'redemptions.rollbackStackable',
    places: [at('redemption', 'metadata'), at('customer', 'customer', 'metadata'), ...orderPlaces('order')],
    params: (_mock, m) => ({
      reason: 'typed',
      customer: { source_id: 'rollback-customer', metadata: m(at('customer', 'customer', 'metadata')) },
      order: order(m, 'order'),
      metadata: m(at('redemption', 'metadata')),
    }),
    send: (client, _e, mock, params) => client.redemptions.rollbackStackable(mock.ids.stackedRedemption, params),
  },
  {
    name: 'validations.validate',
    places: [at('redemption', 'metadata'), at('customer', 'customer', 'metadata'), ...orderPlaces('order')],
    params: (mock, m) => ({
      redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
      customer: { source_id: 'shop-user-1002', metadata: m(at('customer', 'customer', 'metadata')) },
      order: order(m, 'order'),
      metadata: m(at('redemption', 'metadata')),
    }),
    send: (client, _e, _mock, params) => client.validations.validate(params as never),
  },
  {
    name: 'redemptions.redeem',
    places: [at('redemption', 'metadata'), at('customer', 'customer', 'metadata'), ...orderPlaces('order')],
    params: (mock, m) => ({
      redeemables: [{ object: 'voucher', id: mock.ids.vouchers.valid }],
      customer: { source_id: 'shop-user-1002', metadata: m(at('customer', 'customer', 'metadata')) },
      order: order(m, 'order'),
      metadata: m(at('redemption', 'metadata')),
    }),
    send: (client, _e, _mock, params) => client.redemptions.redeem(params as never),
  },
  {
    name: 'redemptions.rollback',
    places: [at('redemption', 'metadata'), at('customer', 'customer', 'metadata'), ...orderPlaces('order')],
    params: (_mock, m) => ({
      reason: 'typed',
      customer: { source_id: 'rollback-customer', metadata: m(at('customer', 'customer', 'metadata')) },
      order: order(m, 'order'),
      metadata: m(at('redemption', 'metadata')),
    }),
    send: (client, _e, _mock, params) => client.redemptions.rollback('r_typed_metadata', params),
  },
  {
    name: 'qualifications.check',
    places: [at('redemption', 'metadata'), at('customer', 'customer', 'metadata'), ...orderPlaces('order')],
    params: (_mock, m) => ({
      customer: { source_id: 'shop-user-1002', metadata: m(at('customer', 'customer', 'metadata')) },
      order: order(m, 'order'),
      metadata: m(at('redemption', 'metadata')),
    }),
    send: (client, _e, _mock, params) => client.qualifications.check(params),
  },
  {
    name: 'orders.create',
    places: orderPlaces(),
    params: (_mock, m) => ({ source_id: 'typed-order', ...order(m) }),
    send: (client, _e, _mock, params) => client.orders.create(params),
  },
  {
    name: 'publications.create',
    places: [at('publication', 'metadata'), at('customer', 'customer', 'metadata')],
    params: (mock, m) => ({
      voucher: mock.ids.vouchers.unpublished,
      customer: { source_id: 'publication-customer', metadata: m(at('customer', 'customer', 'metadata')) },
      metadata: m(at('publication', 'metadata')),
    }),
    send: (client, _e, _mock, params) => client.publications.create(params as never),
  },
  {
    name: 'promotions.createTier',
    places: [at('promotionTier', 'metadata')],
    params: (_mock, m) => ({ name: 'Typed tier', metadata: m(at('promotionTier', 'metadata')) }),
    send: (client, _e, mock, params) => client.promotions.createTier(mock.ids.campaigns.checkout, params as never),
  },
  {
    name: 'templates.setupPromotionTier',
    places: [at('promotionTier', 'metadata')],
    params: (mock, m) => ({ campaign_id: mock.ids.campaigns.checkout, name: 'Typed tier', metadata: m(at('promotionTier', 'metadata')) }),
    send: (client, _e, mock, params) => client.templates.setupPromotionTier(mock.ids.template, params as never),
  },
  {
    name: 'clientEvents.track',
    places: [at('event', 'metadata'), at('customer', 'customer', 'metadata')],
    params: (_mock, m) => ({
      event: 'newsletter_signup',
      customer: { source_id: 'event-customer', metadata: m(at('customer', 'customer', 'metadata')) },
      metadata: m(at('event', 'metadata')),
    }),
    send: (_client, events, _mock, params) => events.track(params as never),
  },
  {
    name: 'customers.create',
    places: [at('customer', 'metadata')],
    params: (_mock, m) => ({ source_id: 'typed-customer', name: 'Typed', metadata: m(at('customer', 'metadata')) }),
    send: (client, _e, _mock, params) => client.customers.create(params),
  },
  {
    name: 'customers.update',
    places: [at('customer', 'metadata')],
    params: (_mock, m) => ({ email: 'typed@example.com', metadata: m(at('customer', 'metadata')) }),
    send: (client, _e, mock, params) => client.customers.update(mock.ids.customers.grace, params),
  },
  {
    name: 'vouchers.update',
    places: [at('voucher', 'metadata')],
    params: (_mock, m) => ({ additional_info: 'typed', metadata: m(at('voucher', 'metadata')) }),
    send: (client, _e, mock, params) => client.vouchers.update(mock.ids.vouchers.valid, params),
  },
  {
    name: 'products.create',
    places: [at('product', 'metadata')],
    params: (_mock, m) => ({ source_id: 'typed-product', name: 'Typed', metadata: m(at('product', 'metadata')) }),
    send: (client, _e, _mock, params) => client.products.create(params as never),
  },
  {
    name: 'products.update',
    places: [at('product', 'metadata')],
    params: (_mock, m) => ({ price: 300, metadata: m(at('product', 'metadata')) }),
    send: (client, _e, _mock, params) => client.products.update('espresso', params as never),
  },
];

/** The metadata every place holds when it is right: the place's kind, which only that kind's schema accepts. */
export const right = (place: Place) => ({ kind: place.kind });

/** The nine kinds. */
export const kinds: MetadataKind[] = ['voucher', 'customer', 'order', 'orderItem', 'product', 'promotionTier', 'publication', 'redemption', 'reward'];

/** A schema library, as the tests use it: a schema accepting exactly `{ kind }`, and its async form. */
export interface Library {
  name: string;
  kindSchema: (kind: string) => StandardSchemaV1<unknown, Record<string, unknown>>;
  asyncKindSchema: (kind: string) => StandardSchemaV1<unknown, Record<string, unknown>>;
}

export const libraries: Library[] = [
  {
    name: 'zod 4',
    kindSchema: (kind) => z.object({ kind: z.literal(kind) }),
    asyncKindSchema: (kind) => z.object({ kind: z.string().refine(async (value) => (await Promise.resolve(value)) === kind, { message: `must be ${kind}` }) }),
  },
  {
    name: 'valibot',
    kindSchema: (kind) => v.object({ kind: v.literal(kind) }),
    asyncKindSchema: (kind) =>
      v.objectAsync({
        kind: v.pipeAsync(
          v.string(),
          v.checkAsync(async (value) => (await Promise.resolve(value)) === kind, `must be ${kind}`),
        ),
      }),
  },
];

/** `metadataSchemas` with a schema per kind, and `eventSchemas` for `newsletter_signup`, from `schema`. */
export function schemasOf(schema: (kind: string) => StandardSchemaV1<unknown, Record<string, unknown>>): {
  metadataSchemas: MetadataSchemas;
  eventSchemas: EventSchemas;
} {
  return {
    metadataSchemas: Object.fromEntries(kinds.map((kind) => [kind, schema(kind)])) as MetadataSchemas,
    eventSchemas: { newsletter_signup: schema('event') } as EventSchemas,
  };
}

/** The value at `path` in `value`. */
export function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, part) => (node as Record<string | number, unknown> | undefined)?.[part], value);
}
