/**
 * `POST /v1/redemptions/{parentRedemptionId}/rollbacks`: rolls back a stacked redemption. Each
 * redemption of the stack (or the redemption itself, when it stands alone) gets a rollback:
 * points go back to the loyalty card (a `POINTS_REFUND` transaction), credit to the gift card,
 * the redemption counters go down, and the redemptions are marked `ROLLED_BACK`
 * (service interface §4.22).
 *
 * @module
 */
import { movePoints, snapshot } from '../domain.js';
import { badRequest, MockHttpError, notFound, type MockRequest } from '../http.js';
import type { MockHandlers } from '../router.js';
import { find, iso, put, where, type MockState, type Rec } from '../store.js';

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

/** The mock's route for rolling back a stacked redemption. */
export const redemptionHandlers = {
  'redemptions.rollbackStackable': { method: 'POST', path: '/v1/redemptions/{parentRedemptionId}/rollbacks', auth: 'server', handle: rollbackStack },
} satisfies MockHandlers;
