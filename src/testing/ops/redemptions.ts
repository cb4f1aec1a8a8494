/**
 * Redemptions: the records read and listed (CHECKOUT.md §3.3, §3.4), and their rollbacks.
 *
 * `POST /v1/redemptions/{parentRedemptionId}/rollbacks` rolls back a stacked redemption. Each
 * redemption of the stack (or the redemption itself, when it stands alone) gets a rollback:
 * points go back to the loyalty card (a `POINTS_REFUND` transaction), credit to the gift card,
 * the redemption counters go down, and the redemptions are marked `ROLLED_BACK`
 * (service interface §4.22). `POST /v1/redemptions/{redemptionId}/rollback` rolls back one
 * redemption that has no parent and is none (CHECKOUT.md §3.5, §4.4): a child is refused
 * (`invalid_redemption_parent`), a parent too (`invalid_redemption`), and a second rollback
 * (`already_rolled_back`). Each rollback is listed in the redemption's
 * `related_redemptions.rollbacks` and in its order's `redemptions`.
 *
 * @module
 */
import { movePoints, snapshot } from '../domain.js';
import { badRequest, MockHttpError, notFound, type MockRequest } from '../http.js';
import { applyFilters, intParam } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { find, iso, put, where, type MockState, type Rec } from '../store.js';
import { stackingRulesOf } from './checkout.js';

function rollbackStack(state: MockState, req: MockRequest): Rec {
  const parentId = req.params.parentRedemptionId!;
  const parent = state.store.redemptions.get(parentId);
  if (!parent) throw notFound('redemption', parentId);
  if (parent.redemption) {
    throw badRequest(
      'invalid_redemption_parent',
      `${parentId} belongs to the stacked redemption ${parent.redemption}; roll back ${parent.redemption} instead`,
      'Invalid redemption parent',
    );
  }
  if (parent.status === 'ROLLED_BACK') {
    throw new MockHttpError(400, 'already_rolled_back', 'Already rolled back', `Redemption ${parentId} has already been rolled back`, {
      resource_id: parentId,
      resource_type: 'redemption_rollback',
    });
  }
  if (parent.result !== 'SUCCESS')
    throw badRequest('invalid_redemption_parent', `Redemption ${parentId} failed; there is nothing to roll back`, 'Invalid redemption parent');

  const body = (req.body ?? {}) as Rec;
  const context = {
    reason: (req.query.reason ?? body.reason ?? null) as string | null,
    trackingId: (req.query.tracking_id ?? body.tracking_id) as string | undefined,
    metadata: (body.metadata ?? {}) as Rec,
  };
  const children = where(state.store.redemptions, (r) => r.redemption === parent.id && r.status === 'SUCCEEDED');
  if (children.length === 0) {
    const only = rollbackOne(state, parent, context, true);
    return { rollbacks: [only], parent_rollback: only };
  }
  const rollbacks = children.map((child) => rollbackOne(state, child, context, true));
  return { rollbacks, parent_rollback: rollbackOne(state, parent, context, false) };
}

/** Rolls back one redemption; `undo` gives back what it spent (the parent of a stack spent nothing itself). */
function rollbackOne(state: MockState, r: Rec, context: { reason: string | null; trackingId: string | undefined; metadata: Rec }, undo: boolean): Rec {
  const id = state.ids.next('rr_');
  const voucher = r.related_object_type === 'voucher' && r.related_object_id ? find(state.store, 'vouchers', r.related_object_id) : undefined;
  if (undo && voucher) {
    const points = Number(r.loyalty_card?.points ?? 0);
    const credit = Number(r.gift?.amount ?? 0);
    if (voucher.type === 'LOYALTY_CARD' && points > 0) {
      movePoints(state, voucher, 'POINTS_REFUND', points, { redemption: { id: r.id }, rollback: { id } }, context.reason);
      voucher.redemption.redeemed_points = Math.max(0, (voucher.redemption.redeemed_points ?? 0) - points);
    } else if (voucher.type === 'GIFT_VOUCHER' && credit > 0) {
      voucher.gift.balance += credit;
      voucher.gift.subtracted_amount = Math.max(0, (voucher.gift.subtracted_amount ?? 0) - credit);
    }
    voucher.redemption.redeemed_quantity = Math.max(0, (voucher.redemption.redeemed_quantity ?? 0) - 1);
    voucher.updated_at = iso(state.now());
  }
  if (undo && r.related_object_type === 'promotion_tier') {
    const tier = state.store.tiers.get(r.related_object_id);
    if (tier?.summary?.redemptions) tier.summary.redemptions.total_redeemed = Math.max(0, tier.summary.redemptions.total_redeemed - 1);
  }
  r.status = 'ROLLED_BACK';
  const date = iso(state.now());
  const mode = stackingRulesOf(state).redeemables_rollback_order_mode ?? 'WITH_ORDER';
  const related = (r.related_redemptions ??= { rollbacks: [], redemptions: [] });
  (related.rollbacks ??= []).push({ id, date, rollback_order_mode: mode });
  const order = r.order?.id ? state.store.orders.get(r.order.id) : undefined;
  const entry = order?.redemptions?.[r.id];
  if (entry) Object.assign(entry, { rollback_id: id, rollback_date: date });
  if (order && mode === 'WITH_ORDER' && entry) order.status = 'CANCELED';
  return put(state.store, 'rollbacks', {
    id,
    object: 'redemption_rollback',
    date: iso(state.now()),
    customer_id: r.customer_id ?? null,
    tracking_id: context.trackingId ?? r.tracking_id ?? null,
    metadata: context.metadata,
    redemption: r.id,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    order: r.order ?? null,
    channel: { channel_id: state.credentials.appId, channel_type: 'API' },
    customer: r.customer ?? null,
    related_object_type: r.related_object_type,
    related_object_id: r.related_object_id,
    amount: -Number(r.amount ?? 0),
    reason: context.reason,
    voucher: voucher ? snapshot(voucher) : null,
    promotion_tier: r.promotion_tier ?? null,
    reward: r.reward ?? null,
    gift: r.gift ? { amount: -Number(r.gift.amount ?? 0) } : null,
    loyalty_card: r.loyalty_card ? { points: -Number(r.loyalty_card.points ?? 0) } : null,
  });
}

/** Rolls back one redemption that stands alone (CHECKOUT.md §4.4). */
function rollbackSingle(state: MockState, req: MockRequest): Rec {
  const id = req.params.redemptionId!;
  const r = state.store.redemptions.get(id);
  if (!r) throw notFound('redemption', id);
  if (r.redemption)
    throw badRequest(
      'invalid_redemption_parent',
      `${id} belongs to the stacked redemption ${r.redemption}, which is rolled back whole`,
      'Invalid redemption parent',
    );
  if (r.related_object_type === 'redemption')
    throw badRequest('invalid_redemption', `${id} is a stacked redemption: roll it back with POST /v1/redemptions/${id}/rollbacks`, 'Invalid redemption');
  if (r.status === 'ROLLED_BACK')
    throw new MockHttpError(400, 'already_rolled_back', 'Already rolled back', `Redemption ${id} has already been rolled back`, {
      resource_id: id,
      resource_type: 'redemption_rollback',
    });
  if (r.result !== 'SUCCESS') throw badRequest('invalid_redemption', `Redemption ${id} failed; there is nothing to roll back`, 'Invalid redemption');
  const body = (req.body ?? {}) as Rec;
  const customer = body.customer as Rec | undefined;
  if (customer && typeof customer === 'object') {
    const named = customer.id ?? customer.source_id;
    const known = typeof named === 'string' ? find(state.store, 'customers', named) : undefined;
    if (typeof customer.id === 'string' && !known) throw notFound('customer', customer.id);
    if (known && known.id !== r.customer_id) throw badRequest('invalid_customer', `The customer is not the redemption's`, 'Invalid customer');
  }
  const order = body.order as Rec | undefined;
  if (order && typeof order === 'object' && (order.source_id ?? order.id) !== undefined) {
    if ((order.source_id !== undefined && order.source_id !== r.order?.source_id) || (order.id !== undefined && order.id !== r.order?.id))
      throw badRequest('invalid_order', `The order is not the redemption's`, 'Invalid order');
  }
  if (body.metadata && typeof body.metadata === 'object') r.metadata = { ...r.metadata, ...body.metadata };
  const context = {
    reason: (req.query.reason ?? body.reason ?? null) as string | null,
    trackingId: (req.query.tracking_id ?? body.tracking_id) as string | undefined,
    metadata: (r.metadata ?? {}) as Rec,
  };
  return rollbackOne(state, r, context, true);
}

/** A redemption or a rollback by id. */
function getRedemption(state: MockState, req: MockRequest): Rec {
  const id = req.params.redemptionId!;
  const found = state.store.redemptions.get(id) ?? state.store.rollbacks.get(id);
  if (!found) throw notFound('redemption', id);
  return snapshot(found);
}

const listOrders = ['created_at', 'id', 'voucher_code', 'tracking_id', 'customer_id'];

/** A field of a record the list sorts or filters by. */
function listed(r: Rec, field: string): string {
  switch (field) {
    case 'created_at':
      return r.date ?? '';
    case 'voucher_code':
      return r.voucher?.code ?? '';
    default:
      return r[field] ?? '';
  }
}

/** Redemptions and rollbacks, newest first, filtered, a page of them (pages 1 to 99). */
function listRedemptions(state: MockState, req: MockRequest): Rec {
  const q = req.query;
  const limit = intParam(q, 'limit', 1, 100, 10);
  const page = intParam(q, 'page', 1, 99, 1);
  const order = typeof q.order === 'string' ? q.order : '-created_at';
  const field = order.replace(/^-/, '');
  if (!listOrders.includes(field))
    throw badRequest('invalid_query_params', `order must be one of ${listOrders.map((o) => `${o}, -${o}`).join(', ')}`, 'Invalid query params');
  let records = [...state.store.redemptions.values(), ...state.store.rollbacks.values()];
  if (typeof q.result === 'string') records = records.filter((r) => r.result === q.result);
  if (typeof q.customer === 'string') {
    const customer = find(state.store, 'customers', q.customer);
    records = customer ? records.filter((r) => r.customer_id === customer.id) : [];
  }
  if (typeof q.campaign === 'string') records = records.filter((r) => (r.voucher?.campaign ?? r.promotion_tier?.campaign?.name) === q.campaign);
  const range = q.created_at && typeof q.created_at === 'object' ? (q.created_at as Rec) : {};
  for (const [bound, keep] of [
    ['after', (t: number, b: number) => t > b],
    ['before', (t: number, b: number) => t < b],
  ] as const) {
    if (range[bound] === undefined) continue;
    const b = Date.parse(String(range[bound]));
    if (Number.isNaN(b)) throw badRequest('invalid_query_params', `created_at[${bound}] must be an ISO 8601 date or date-time`, 'Invalid query params');
    records = records.filter((r) => keep(Date.parse(r.date), b));
  }
  // The filters read these fields as the list names them.
  const view = records.map((r) => ({
    record: r,
    voucher_code: r.voucher?.code,
    related_object_id: r.related_object_id,
    related_object_parent_id: r.voucher?.campaign_id ?? r.promotion_tier?.campaign_id,
    parent_redemption_id: r.redemption ?? undefined,
    failure_code: r.failure_code,
    result: r.result,
    object: r.object,
    customer_id: r.customer_id,
    campaign_name: r.voucher?.campaign ?? r.promotion_tier?.campaign?.name,
  }));
  const kept = applyFilters(view, q.filters).map((v) => v.record);
  const sign = order.startsWith('-') ? -1 : 1;
  kept.sort((a, b) => {
    const x = listed(a, field);
    const y = listed(b, field);
    return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  });
  return { object: 'list', data_ref: 'redemptions', redemptions: kept.slice((page - 1) * limit, page * limit).map(snapshot), total: kept.length };
}

/** The mock's routes of redemptions and their rollbacks. */
export const redemptionHandlers = {
  'redemptions.rollbackStackable': { method: 'POST', path: '/v1/redemptions/{parentRedemptionId}/rollbacks', auth: 'server', handle: rollbackStack },
  'redemptions.list': { method: 'GET', path: '/v1/redemptions', auth: 'server', handle: listRedemptions },
  'redemptions.get': { method: 'GET', path: '/v1/redemptions/{redemptionId}', auth: 'server', handle: getRedemption },
  'redemptions.rollback': { method: 'POST', path: '/v1/redemptions/{redemptionId}/rollback', auth: 'server', handle: rollbackSingle },
} satisfies MockHandlers;
