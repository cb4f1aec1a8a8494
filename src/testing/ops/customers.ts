/**
 * Customers (CHECKOUT.md §3.9–3.11, §4.6): listed by page or by the time cursor, created or
 * updated by `source_id` (or `id`) as the service upserts, read with the summary of their
 * redemptions, orders and loyalty points, changed field by field, and deleted.
 *
 * @module
 */
import { badRequest, notFound, type MockRequest } from '../http.js';
import { intParam, orderParam, timeParam, windowParam } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { find, iso, put, where, type MockState, type Rec } from '../store.js';

/** The fields of a customer a request sets. */
const fields = ['name', 'description', 'email', 'phone', 'birthday', 'birthdate', 'address'] as const;

/** The customer as the service answers with it: its fields, and the summary of what it did and holds. */
export function customerView(state: MockState, customer: Rec): Rec {
  const redemptions = where(state.store.redemptions, (r) => r.customer_id === customer.id);
  const counted = (result: string) => redemptions.filter((r) => r.result === result && r.object === 'redemption').length;
  const rollbacks = where(state.store.rollbacks, (r) => r.customer_id === customer.id);
  const orders = where(state.store.orders, (o) => o.customer_id === customer.id && (o.status === 'PAID' || o.status === 'FULFILLED'));
  const amounts = orders.map((o) => Number(o.total_amount ?? o.amount ?? 0));
  const total = amounts.reduce((a, b) => a + b, 0);
  const last = orders.at(-1);
  const cards = where(state.store.vouchers, (v) => v.holder_id === customer.id && v.type === 'LOYALTY_CARD');
  const campaigns: Rec = {};
  for (const card of cards) if (card.campaign) campaigns[card.campaign] = { points: card.loyalty_card?.balance ?? 0, referred_customers: 0 };
  const { source_id = null, name = null, description = null, email = null, phone = null, birthday, birthdate = null, address = null, metadata = {} } = customer;
  return {
    id: customer.id,
    source_id,
    name,
    description,
    email,
    phone,
    ...(birthday !== undefined ? { birthday } : {}),
    birthdate,
    address,
    summary: {
      redemptions: {
        total_redeemed: redemptions.length,
        total_failed: counted('FAILURE'),
        total_succeeded: counted('SUCCESS'),
        total_rolled_back: rollbacks.length,
        total_rollback_failed: rollbacks.filter((r) => r.result === 'FAILURE').length,
        total_rollback_succeeded: rollbacks.filter((r) => r.result === 'SUCCESS').length,
        gift: { redeemed_amount: 0, amount_to_go: 0 },
        loyalty_card: { redeemed_points: 0, points_to_go: cards.reduce((sum, c) => sum + Number(c.loyalty_card?.balance ?? 0), 0) },
      },
      orders: {
        total_amount: total,
        total_count: orders.length,
        average_amount: orders.length ? Math.round(total / orders.length) : 0,
        last_order_amount: amounts.at(-1) ?? 0,
        ...(last ? { last_order_date: last.created_at } : {}),
      },
    },
    loyalty: { points: cards.reduce((sum, c) => sum + Number(c.loyalty_card?.balance ?? 0), 0), referred_customers: 0, campaigns },
    referrals: { total: 0, campaigns: [] },
    metadata: structuredClone(metadata),
    system_metadata: {},
    created_at: customer.created_at ?? null,
    updated_at: customer.updated_at ?? null,
    assets: {
      cockpit_url: `${state.baseUrl}/preferences/${encodeURIComponent(customer.id)}`,
      cockpit_preference_center_url: `${state.baseUrl}/preferences/${encodeURIComponent(customer.id)}`,
    },
    object: 'customer',
  };
}

/** The body of a create or update: a JSON object; its fields checked as the service checks them. */
function bodyOf(req: MockRequest): Rec {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('invalid_payload', 'The body must be a JSON object', 'Invalid payload');
  const given = body as Rec;
  for (const key of ['birthday', 'birthdate'])
    if (given[key] !== undefined && given[key] !== null && !(typeof given[key] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(given[key])))
      throw badRequest('invalid_payload', `${key} must be a date, YYYY-MM-DD`, 'Invalid payload');
  if (given.address !== undefined && given.address !== null && (typeof given.address !== 'object' || Array.isArray(given.address)))
    throw badRequest('invalid_payload', 'address must be an object', 'Invalid payload');
  if (given.metadata !== undefined && (typeof given.metadata !== 'object' || given.metadata === null || Array.isArray(given.metadata)))
    throw badRequest('invalid_payload', 'metadata must be an object', 'Invalid payload');
  return given;
}

/** Sets the fields `given` sends on `customer`; metadata merged key by key. */
function apply(state: MockState, customer: Rec, given: Rec): Rec {
  for (const key of fields) if (given[key] !== undefined) customer[key] = structuredClone(given[key]);
  if (given.metadata) customer.metadata = { ...customer.metadata, ...structuredClone(given.metadata) };
  customer.updated_at = iso(state.now());
  return customer;
}

/**
 * `POST /v1/customers`: the customer of the `id` (404 when unknown) or `source_id` sent, updated
 * with the fields sent; without either, a new customer on every call.
 */
function createCustomer(state: MockState, req: MockRequest): Rec {
  const given = bodyOf(req);
  const id = typeof given.id === 'string' && given.id !== '' ? given.id : undefined;
  const sourceId = typeof given.source_id === 'string' && given.source_id !== '' ? given.source_id : undefined;
  let customer = id !== undefined ? state.store.customers.get(id) : sourceId !== undefined ? find(state.store, 'customers', sourceId) : undefined;
  if (id !== undefined && !customer) throw notFound('customer', id);
  if (customer) return customerView(state, apply(state, customer, given));
  customer = put(state.store, 'customers', {
    id: state.ids.next('cust_'),
    source_id: sourceId ?? null,
    name: null,
    email: null,
    metadata: {},
    created_at: iso(state.now()),
    updated_at: null,
    object: 'customer',
  });
  for (const key of fields) if (given[key] !== undefined) customer[key] = structuredClone(given[key]);
  if (given.metadata) customer.metadata = structuredClone(given.metadata);
  return customerView(state, customer);
}

function customerOf(state: MockState, req: MockRequest): Rec {
  const key = req.params.customerId!;
  const customer = find(state.store, 'customers', key);
  if (!customer) throw notFound('customer', key);
  return customer;
}

/** `PUT /v1/customers/{customerId}`: only the fields sent change; `id` and `source_id` are not among them. */
function updateCustomer(state: MockState, req: MockRequest): Rec {
  const customer = customerOf(state, req);
  const { id: _id, source_id: _source, ...given } = bodyOf(req);
  return customerView(state, apply(state, customer, given));
}

/** `DELETE /v1/customers/{customerId}`: gone, with what it held; a repeat is a 404. */
function deleteCustomer(state: MockState, req: MockRequest): undefined {
  const customer = customerOf(state, req);
  state.store.customers.delete(customer.id);
  for (const [key, held] of state.store.redeemables) if (held.customer_id === customer.id) state.store.redeemables.delete(key);
  return undefined;
}

/**
 * `GET /v1/customers`: filtered by `email`, `city`, `name`, `segment_id` (the mock has no
 * segments: none match) and the `created_at[…]`/`updated_at[…]` windows; newest first unless
 * `order` says otherwise; a page (1–99) of `limit`, or with `starting_after` the customers after
 * that `created_at` in the listing's order (older ones by default, newer ones with
 * `order=created_at`).
 */
function listCustomers(state: MockState, req: MockRequest): Rec {
  const { query } = req;
  const limit = intParam(query, 'limit', 1, 100, 10);
  const page = intParam(query, 'page', 1, 99, 1);
  const { order, compare } = orderParam(query, ['created_at', 'updated_at', 'source_id'], '-created_at');
  const created = windowParam(query, 'created_at');
  const updated = windowParam(query, 'updated_at');
  const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);
  let records = [...state.store.customers.values()].filter(
    (c) =>
      (query.email === undefined || c.email === query.email) &&
      (query.name === undefined || c.name === query.name) &&
      (query.city === undefined || c.address?.city === query.city) &&
      query.segment_id === undefined &&
      created(c.created_at) &&
      updated(c.updated_at),
  );
  records.sort(compare);
  const total = records.length;
  const after = timeParam(query, 'starting_after');
  if (after !== undefined) {
    // After this moment in the listing's order: newer ones ascending, older ones otherwise.
    records = records.filter((c) => (order === 'created_at' ? time(c.created_at) > after : time(c.created_at) < after));
    records = records.slice(0, limit);
  } else {
    records = records.slice((page - 1) * limit, page * limit);
  }
  return { object: 'list', data_ref: 'customers', customers: records.map((c) => customerView(state, c)), total };
}

/** The mock's routes for customers. */
export const customerHandlers = {
  'customers.list': { method: 'GET', path: '/v1/customers', auth: 'server', handle: listCustomers },
  'customers.create': { method: 'POST', path: '/v1/customers', auth: 'server', handle: createCustomer },
  'customers.get': { method: 'GET', path: '/v1/customers/{customerId}', auth: 'server', handle: (state, req) => customerView(state, customerOf(state, req)) },
  'customers.update': { method: 'PUT', path: '/v1/customers/{customerId}', auth: 'server', handle: updateCustomer },
  'customers.delete': { method: 'DELETE', path: '/v1/customers/{customerId}', auth: 'server', handle: deleteCustomer },
} satisfies MockHandlers;
