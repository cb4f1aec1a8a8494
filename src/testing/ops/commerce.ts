/**
 * Orders, publications and customers' redeemables (service interface §4.15, §4.16, §4.12):
 * orders compute their amounts from their items; a publication gives a customer a voucher (the
 * same one again with `join_once`); a customer's redeemables list what they hold.
 *
 * @module
 */
import { addHolder, calculateOrder, findCampaign, holdings, redeemableStatus, simpleCustomer, snapshot, upsertCustomer } from '../domain.js';
import { badRequest, notFound, type MockRequest } from '../http.js';
import { applyFilters, boolParam, cursorPage } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { find, first, iso, put, type MockState, type Rec } from '../store.js';
import { issueVoucher } from './vouchers.js';

function createOrder(state: MockState, req: MockRequest): Rec {
  const body = (req.body ?? {}) as Rec;
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('invalid_payload', 'The body must be a JSON object', 'Invalid payload');
  let existing: Rec | undefined;
  if (typeof body.id === 'string') {
    existing = state.store.orders.get(body.id);
    if (!existing) throw notFound('order', body.id);
  } else if (typeof body.source_id === 'string') {
    existing = first(state.store.orders, (o) => o.source_id === body.source_id);
  }
  const customer = body.customer ? upsertCustomer(state, body.customer) : undefined;
  const referrer = body.referrer ? upsertCustomer(state, body.referrer, 'referrer') : undefined;
  const computed = calculateOrder(state, body, Number(body.discount_amount ?? 0));
  const now = iso(state.now());
  return put(state.store, 'orders', {
    ...computed,
    id: existing?.id ?? state.ids.next('ord_'),
    source_id: body.source_id ?? existing?.source_id ?? null,
    created_at: existing?.created_at ?? body.created_at ?? now,
    updated_at: existing ? now : null,
    customer_id: customer?.id ?? existing?.customer_id ?? null,
    referrer_id: referrer?.id ?? body.referrer_id ?? existing?.referrer_id ?? null,
    customer: customer ? { id: customer.id, object: 'customer' } : (existing?.customer ?? null),
    referrer: referrer ? { id: referrer.id, object: 'customer' } : (existing?.referrer ?? null),
    redemptions: existing?.redemptions ?? {},
    object: 'order',
  });
}

/** The publication as the response shows it, with the voucher as it is now. */
function publicationView(state: MockState, pub: Rec): Rec {
  const voucher = find(state.store, 'vouchers', pub.vouchers_id[0]);
  return { ...pub, ...(voucher ? { voucher: snapshot(voucher) } : {}) };
}

function createPublication(state: MockState, req: MockRequest): Rec {
  const body = req.body as Rec | undefined;
  if (!body || typeof body !== 'object')
    throw badRequest('missing_parameters', 'A JSON body with voucher (or campaign) and customer is required', 'Missing parameters');
  const joinOnce = boolParam(req.query, 'join_once') === true;
  if (!body.voucher && !body.campaign) throw badRequest('missing_vouchers', 'Give the voucher code, or the campaign to publish from', 'Missing vouchers');
  const customer = upsertCustomer(state, body.customer);
  const sourceId = typeof body.source_id === 'string' && body.source_id !== '' ? body.source_id : undefined;
  if (sourceId) {
    const same = first(state.store.publications, (p) => p.source_id === sourceId);
    if (same) {
      if (same.customer_id === customer.id) return publicationView(state, same);
      throw badRequest('duplicate_source_id', `A publication with source_id ${sourceId} exists for another customer`, 'Duplicate source ID');
    }
  }

  let vouchers: Rec[];
  if (body.voucher) {
    const voucher = find(state.store, 'vouchers', String(body.voucher));
    if (!voucher) throw notFound('voucher', String(body.voucher));
    if (joinOnce) {
      const earlier = first(state.store.publications, (p) => p.customer_id === customer.id && p.vouchers_id.includes(voucher.id));
      if (earlier) return publicationView(state, earlier);
    }
    if (voucher.holder_id && voucher.holder_id !== customer.id) {
      throw badRequest('voucher_already_published', `Voucher ${voucher.code} is already published to another customer`, 'Already published');
    }
    vouchers = [voucher];
  } else {
    const ref = typeof body.campaign === 'string' ? body.campaign : (body.campaign.id ?? body.campaign.name);
    const campaign = findCampaign(state, String(ref));
    if (joinOnce) {
      const earlier = first(state.store.publications, (p) => p.customer_id === customer.id && p.campaign_id === campaign.id);
      if (earlier) return publicationView(state, earlier);
    }
    const count = typeof body.campaign === 'object' && body.campaign.count !== undefined ? Number(body.campaign.count) : 1;
    if (!Number.isInteger(count) || count < 1 || count > 50)
      throw badRequest('invalid_payload', 'campaign.count must be a whole number from 1 to 50', 'Invalid payload');
    vouchers = [];
    for (let i = 0; i < count; i++) {
      const free = first(state.store.vouchers, (v) => v.campaign_id === campaign.id && !v.holder_id && v.active !== false && !vouchers.includes(v));
      vouchers.push(free ?? issueVoucher(state, campaign, undefined));
    }
  }

  for (const voucher of vouchers) {
    addHolder(state, voucher, customer);
    voucher.publish.count = (voucher.publish.count ?? 0) + 1;
    voucher.updated_at = iso(state.now());
  }
  const pub = put(state.store, 'publications', {
    id: state.ids.next('pub_'),
    object: 'publication',
    created_at: iso(state.now()),
    customer_id: customer.id,
    tracking_id: customer.source_id ?? null,
    metadata: body.metadata ?? {},
    channel: body.channel ?? 'API',
    source_id: sourceId ?? null,
    result: 'SUCCESS',
    customer: simpleCustomer(customer),
    campaign_id: vouchers[0]!.campaign_id ?? null,
    vouchers_id: vouchers.map((v) => v.id),
    ...(vouchers.length > 1 ? { vouchers: vouchers.map((v) => v.code) } : {}),
  });
  return publicationView(state, pub);
}

function listRedeemables(state: MockState, req: MockRequest): Rec {
  const customer = find(state.store, 'customers', req.params.customerId!);
  if (!customer) throw notFound('customer', req.params.customerId!);
  const now = state.now();
  const records = holdings(state, customer.id).map((h) => {
    const voucher = find(state.store, 'vouchers', h.redeemable_id);
    return { ...h, redeemable: voucher ? { type: 'voucher', voucher: snapshot(voucher), status: redeemableStatus(voucher, now) } : null };
  });
  const matching = applyFilters(records, req.query.filters);
  return cursorPage(matching, req.query, 'data', { total: matching.length });
}

/** The mock's routes for orders, publications and a customer's redeemables. */
export const commerceHandlers = {
  'orders.create': { method: 'POST', path: '/v1/orders', auth: 'server', handle: createOrder },
  'publications.create': { method: 'POST', path: '/v1/publications', auth: 'server', handle: createPublication },
  'customers.listRedeemables': { method: 'GET', path: '/v1/customers/{customerId}/redeemables', auth: 'server', handle: listRedeemables },
} satisfies MockHandlers;
