/**
 * Loyalty members: read a card, list its pending points, redeem a reward with points (including
 * pay-with-points, service interface §4.9), list a campaign's transactions and reward
 * assignments. Each member operation exists with and without the campaign in the path.
 *
 * @module
 */
import { calculateOrder, findCampaign, findMember, movePoints, simpleCustomer, snapshot, trackingId } from '../domain.js';
import { badRequest, notFound, type MockRequest } from '../http.js';
import { applyFilters, cursorPage, numberedPage } from '../lists.js';
import type { MockHandlers } from '../router.js';
import { first, iso, put, where, type MockState, type Rec } from '../store.js';
import { issueVoucher } from './vouchers.js';

function pendingPoints(state: MockState, req: MockRequest): Rec {
  const card = findMember(state, req.params.memberId!, req.params.campaignId);
  return cursorPage(
    where(state.store.pendingPoints, (p) => p.voucher_id === card.id),
    req.query,
  );
}

/**
 * Redeems a reward for a loyalty card. The cost is the reward assignment's points; a
 * pay-with-points (`COIN`) reward spends what the order's remainder needs, or `reward.points`,
 * never more than the card holds. Too few points give a FAILURE redemption, not an error.
 */
function redeemReward(state: MockState, req: MockRequest): Rec {
  const card = findMember(state, req.params.memberId!, req.params.campaignId);
  const body = (req.body ?? {}) as Rec;
  const rewardInput = body.reward as Rec | undefined;
  if (!rewardInput || typeof rewardInput.id !== 'string' || rewardInput.id === '')
    throw badRequest('missing_reward', 'reward.id is required', 'Missing reward');
  const reward = state.store.rewards.get(rewardInput.id);
  if (!reward) throw notFound('reward', rewardInput.id);
  const assignment = first(state.store.rewardAssignments, (a) => a.reward_id === reward.id && a.related_object_id === card.campaign_id);
  if (!assignment) throw notFound('reward_assignment', `${reward.id} in campaign ${card.campaign_id}`);
  if (rewardInput.points !== undefined && !(Number.isInteger(rewardInput.points) && rewardInput.points > 0)) {
    throw badRequest('invalid_payload', 'reward.points must be a positive whole number', 'Invalid payload');
  }

  const available: number = card.loyalty_card?.balance ?? card.loyalty_card?.points ?? 0;
  let points: number;
  let order: Rec | undefined;
  let failure: string | undefined;
  if (reward.type === 'COIN') {
    if (!body.order || typeof body.order !== 'object')
      throw badRequest('missing_order', 'order is required to redeem a pay-with-points reward', 'Missing order');
    const coin = reward.parameters?.coin ?? {};
    const pointsRatio = Number(coin.points_ratio ?? 1);
    const exchangeRatio = Number(coin.exchange_ratio ?? 1);
    const remainder = calculateOrder(state, body.order).total_amount as number;
    const needed = Math.ceil((remainder * pointsRatio) / exchangeRatio);
    points = Math.min(rewardInput.points ?? needed, needed, available);
    if (points <= 0) failure = remainder <= 0 ? 'The order has nothing left to pay' : `${card.code} has no points to pay with`;
    const paid = Math.min(remainder, Math.floor((points * exchangeRatio) / pointsRatio));
    order = calculateOrder(state, body.order, failure ? 0 : paid);
  } else {
    points = Number(assignment.parameters?.loyalty?.points ?? 0);
    if (available < points) failure = `${card.code} has ${available} points; ${reward.name} costs ${points}`;
    if (body.order) order = calculateOrder(state, body.order);
  }

  const holder = card.holder_id ? state.store.customers.get(card.holder_id) : undefined;
  const id = state.ids.next('r_');
  const redemption: Rec = {
    id,
    object: 'redemption',
    date: iso(state.now()),
    customer_id: holder?.id ?? null,
    tracking_id: trackingId(holder?.source_id),
    metadata: body.metadata ?? {},
    amount: failure ? 0 : points,
    redemption: null,
    result: failure ? 'FAILURE' : 'SUCCESS',
    status: failure ? 'FAILED' : 'SUCCEEDED',
    ...(failure ? { failure_code: 'loyalty_card_points_exceeded', failure_message: failure } : {}),
    order: order ?? null,
    channel: { channel_id: state.credentials.appId, channel_type: 'API' },
    customer: holder ? simpleCustomer(holder) : null,
    related_object_type: 'voucher',
    related_object_id: card.id,
    loyalty_card: { points: failure ? 0 : points },
    reward: null,
    voucher: null,
  };
  if (!failure) {
    movePoints(state, card, 'POINTS_REDEMPTION', -points, { redemption: { id }, reward: { id: reward.id, name: reward.name } });
    const counters = (card.redemption ??= { quantity: null, redeemed_quantity: 0, redeemed_points: 0, object: 'list' });
    counters.redeemed_quantity = (counters.redeemed_quantity ?? 0) + 1;
    counters.redeemed_points = (counters.redeemed_points ?? 0) + points;
  }
  redemption.reward = rewardResult(state, reward, assignment, holder, !failure);
  redemption.voucher = {
    ...snapshot(card),
    holder: holder ? { id: holder.id, source_id: holder.source_id ?? null, metadata: holder.metadata ?? {}, object: 'customer' } : null,
  };
  if (order && (order.id || order.source_id))
    put(state.store, 'orders', { ...snapshot(order), id: order.id ?? state.ids.next('ord_'), created_at: iso(state.now()) });
  return put(state.store, 'redemptions', redemption);
}

/** The reward as a redemption result carries it; a `CAMPAIGN` reward issues its voucher on success. */
function rewardResult(state: MockState, reward: Rec, assignment: Rec, holder: Rec | undefined, succeeded: boolean): Rec {
  let voucher: Rec | null = null;
  const target = reward.parameters?.campaign;
  if (succeeded && reward.type === 'CAMPAIGN' && target?.id) {
    const campaign = state.store.campaigns.get(target.id);
    if (campaign) voucher = snapshot(issueVoucher(state, campaign, holder, target.balance));
  }
  const product = reward.type === 'MATERIAL' && reward.parameters?.product?.id ? state.store.products.get(reward.parameters.product.id) : undefined;
  return {
    ...snapshot(reward),
    customer: holder ? simpleCustomer(holder) : null,
    assignment_id: assignment.id,
    voucher,
    product: product ? snapshot(product) : null,
    sku: null,
    loyalty_tier_id: null,
  };
}

function transactions(state: MockState, req: MockRequest): Rec {
  const campaign = findCampaign(state, req.params.campaignId!);
  const records = applyFilters(
    where(state.store.transactions, (t) => t.campaign_id === campaign.id),
    req.query.filters,
  );
  return cursorPage(records, req.query);
}

function campaignRewards(state: MockState, req: MockRequest): Rec {
  const campaign = findCampaign(state, req.params.campaignId!);
  const assignmentId = req.query.assignment_id;
  const records = where(state.store.rewardAssignments, (a) => a.related_object_id === campaign.id && (assignmentId === undefined || a.id === assignmentId));
  return numberedPage(
    records.sort((a, b) => (a.id < b.id ? -1 : 1)),
    req.query,
  );
}

/** The mock's routes for loyalty members (read, pending points, reward redemption) and a campaign's transactions and rewards. */
export const loyaltyHandlers = {
  'loyalties.getMember': [
    {
      method: 'GET',
      path: '/v1/loyalties/members/{memberId}',
      auth: 'server',
      handle: (s, r) => findMember(s, r.params.memberId!, undefined),
    },
    {
      method: 'GET',
      path: '/v1/loyalties/{campaignId}/members/{memberId}',
      auth: 'server',
      handle: (s, r) => findMember(s, r.params.memberId!, r.params.campaignId),
    },
  ],
  'loyalties.listPendingPoints': [
    { method: 'GET', path: '/v1/loyalties/members/{memberId}/pending-points', auth: 'server', handle: pendingPoints },
    {
      method: 'GET',
      path: '/v1/loyalties/{campaignId}/members/{memberId}/pending-points',
      auth: 'server',
      handle: pendingPoints,
    },
  ],
  'loyalties.redeemReward': [
    { method: 'POST', path: '/v1/loyalties/members/{memberId}/redemption', auth: 'server', handle: redeemReward },
    { method: 'POST', path: '/v1/loyalties/{campaignId}/members/{memberId}/redemption', auth: 'server', handle: redeemReward },
  ],
  'loyalties.listTransactions': { method: 'GET', path: '/v1/loyalties/{campaignId}/transactions', auth: 'server', handle: transactions },
  'loyalties.listRewardAssignments': { method: 'GET', path: '/v1/loyalties/{campaignId}/rewards', auth: 'server', handle: campaignRewards },
} satisfies MockHandlers;
