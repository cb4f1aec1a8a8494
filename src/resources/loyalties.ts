/**
 * `client.loyalties`: loyalty members (cards), their points, pending points, transactions,
 * reward assignments and reward redemption.
 *
 * @module
 */
import { walks, type APIPromise } from '../core/pagination.js';
import { boolean, object, text } from '../core/inputs.js';
import type { Metadata } from '../core/metadata.js';
import { loadLoyaltyResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { LoyaltyTransaction, LoyaltyTransactionList } from '../schemas/loyalty-transaction.js';
import type { PendingPoints, PendingPointsList } from '../schemas/pending-points.js';
import type { Redemption } from '../schemas/redemption.js';
import type { RewardAssignment, RewardAssignmentList } from '../schemas/reward.js';
import type { LoyaltyMember } from '../schemas/voucher.js';
import { cursorListRules, pageListRules, type CursorListParams, type ListFilters, type PageListParams } from './inputs/lists.js';
import { orderPlaces, orderRules, type OrderInput } from './inputs/order.js';
import { withMarker } from './inputs/redeemables.js';
import { rewardRules, type RewardInput } from './inputs/reward.js';
import type { SubClientGuide } from './guide.js';

/**
 * Loyalty programs: members, points, transactions, rewards and their redemption.
 * @category Loyalties
 */
export class Loyalties extends APIResource {
  /**
   * Reads a loyalty member: the loyalty card (a voucher of type `LOYALTY_CARD`) with its points
   * balance in `loyalty_card`.
   *
   * `GET /v1/loyalties/{campaignId}/members/{memberId}` with `campaign_id`, else
   * `GET /v1/loyalties/members/{memberId}`.
   *
   * @param memberId The loyalty card code.
   *
   * @example
   * ```ts
   * // GET /v1/loyalties/{campaignId}/members/{memberId}
   * // (GET /v1/loyalties/members/{memberId} without campaign_id)
   * const member = await client.loyalties.getMember('LOYAL-8QF2-ZT', { campaign_id: 'camp_Xk3w9Lq1' });
   * console.log(member.code, member.loyalty_card?.balance, 'points available');
   * ```
   */
  getMember(memberId: string, params: GetMemberParams = {}, options?: RequestOptions): APIPromise<LoyaltyMember> {
    return this.core.request(loyaltyOperations['loyalties.getMember'], { memberId }, params, options);
  }

  /**
   * Lists the point transactions of a loyalty campaign (additions, redemptions, expirations, …),
   * page by page with the `starting_after_id` cursor.
   *
   * `GET /v1/loyalties/{campaignId}/transactions`.
   *
   * @param campaignId The campaign ID or name.
   *
   * @example
   * ```ts
   * // GET /v1/loyalties/{campaignId}/transactions
   * for await (const tx of client.loyalties.listTransactions('camp_Xk3w9Lq1', { limit: 100 })) {
   *   console.log(tx.created_at, tx.type, tx.details?.balance?.points);
   * }
   * ```
   */
  listTransactions(campaignId: string, params: ListTransactionsParams = {}, options?: RequestOptions): PagePromise<LoyaltyTransaction, ListTransactionsParams> {
    return this.core.list(loyaltyOperations['loyalties.listTransactions'], { campaignId }, params, options);
  }

  /**
   * Lists a member's pending points: points earned (e.g. by a paid order) that become active on
   * `activates_at`, page by page with the `starting_after_id` cursor.
   *
   * `GET /v1/loyalties/{campaignId}/members/{memberId}/pending-points` with `campaign_id`, else
   * `GET /v1/loyalties/members/{memberId}/pending-points`. Read-only: retried on network errors,
   * timeouts, 408, 429 and 5xx.
   *
   * @param memberId The loyalty card code.
   * @throws InvalidRequestError when `limit` is not an integer from 1 to 100, `order` is not `id`
   * or `-id`, or `campaign_id` is empty; nothing is sent.
   * @throws NotFoundError (404) when the member or the campaign does not exist.
   *
   * @example
   * ```ts
   * // GET /v1/loyalties/{campaignId}/members/{memberId}/pending-points
   * // (GET /v1/loyalties/members/{memberId}/pending-points without campaign_id)
   * const pending = client.loyalties.listPendingPoints('LOYAL-8QF2-ZT', { campaign_id: 'camp_Xk3w9Lq1' });
   * for await (const entry of pending) console.log(`${entry.points} points from ${entry.activates_at}`);
   * ```
   */
  listPendingPoints(memberId: string, params: ListPendingPointsParams = {}, options?: RequestOptions): PagePromise<PendingPoints, ListPendingPointsParams> {
    return this.core.list(loyaltyOperations['loyalties.listPendingPoints'], { memberId }, params, options);
  }

  /**
   * Redeems a reward with a member's points: a voucher, credits, points, a product, or money off
   * an order (pay-with-points rewards, which need `order`). Returns the redemption.
   *
   * A refused redemption is a result, not an error: the promise resolves with `result: 'FAILURE'`
   * (`status: 'FAILED'`) and `failure_code` / `failure_message`. Check `result`.
   *
   * `POST /v1/loyalties/{campaignId}/members/{memberId}/redemption` with `campaign_id`, else
   * `POST /v1/loyalties/members/{memberId}/redemption`; `campaign_id` goes to the path, the other
   * fields to the JSON body. Spends points, so never retried on 5xx or timeouts (the service may
   * have acted); retried only on 429 and on connection failures where nothing was sent. After an
   * unknown outcome, `client.reconcile(error)` finds the redemption by its marker: promokit adds
   * `metadata.promokit_marker` (130 random bits) unless you send `marker: false`. A project whose
   * redemption metadata schema allows only defined keys must define `promokit_marker` (a string).
   *
   * @param memberId The loyalty card code.
   * @throws InvalidRequestError when `reward.points` is not a positive integer, the order has more
   * than 500 items or a non-integer quantity or amount, or `campaign_id` is empty; nothing is sent.
   * @throws BadRequestError (400 `missing_reward`, `missing_order`, `loyalty_card_points_exceeded`)
   * and NotFoundError (404, member or campaign) when the service refuses the request;
   * InternalServerError on 5xx, after which the redemption may or may not have happened.
   *
   * @example
   * ```ts
   * // POST /v1/loyalties/{campaignId}/members/{memberId}/redemption
   * // (POST /v1/loyalties/members/{memberId}/redemption without campaign_id)
   * const redemption = await client.loyalties.redeemReward('LOYAL-8QF2-ZT', {
   *   campaign_id: 'camp_Xk3w9Lq1',
   *   reward: { id: 'rew_free_coffee' },
   * });
   * if (redemption.result === 'FAILURE') {
   *   console.log('refused:', redemption.failure_code, redemption.failure_message);
   * } else {
   *   console.log('redeemed', redemption.id, 'for', redemption.loyalty_card?.points, 'points');
   * }
   * ```
   */
  redeemReward(memberId: string, params: RedeemRewardParams = {}, options?: RequestOptions): APIPromise<Redemption> {
    return this.core.request(loyaltyOperations['loyalties.redeemReward'], { memberId }, params, options);
  }

  /**
   * Lists the rewards assigned to a loyalty campaign (reward assignments, with each reward's cost
   * in points), page by page with `page` numbers. The service serves pages 1 to 100; iteration
   * past page 100 throws `PaginationLimitError` rather than stopping silently.
   *
   * `GET /v1/loyalties/{campaignId}/rewards`. Read-only: retried on network errors, timeouts, 408,
   * 429 and 5xx.
   *
   * @param campaignId The campaign ID or name.
   * @throws InvalidRequestError when `limit` or `page` is not an integer from 1 to 100; nothing is sent.
   *
   * @example
   * ```ts
   * // GET /v1/loyalties/{campaignId}/rewards
   * const page = await client.loyalties.listRewardAssignments('camp_Xk3w9Lq1', { limit: 20 });
   * for (const assignment of page.data) {
   *   console.log(assignment.reward_id, 'costs', assignment.parameters?.loyalty?.points, 'points');
   * }
   * ```
   */
  listRewardAssignments(
    campaignId: string,
    params: ListRewardAssignmentsParams = {},
    options?: RequestOptions,
  ): PagePromise<RewardAssignment, ListRewardAssignmentsParams> {
    return this.core.list(loyaltyOperations['loyalties.listRewardAssignments'], { campaignId }, params, options);
  }
}

/** The operations of {@link Loyalties}, as the registry lists them (resources/registry.ts). */
export const loyaltyOperations = operations(loadLoyaltyResponses, {
  'loyalties.getMember': operation<LoyaltyMember, GetMemberParams>({
    method: 'GET',
    path: '/v1/loyalties/{campaign_id?}/members/{memberId}',
  }),
  'loyalties.listTransactions': operation<LoyaltyTransactionList, ListTransactionsParams>({
    method: 'GET',
    path: '/v1/loyalties/{campaignId}/transactions',
    rules: object<ListTransactionsParams>({ ...cursorListRules, filters: object() }),
    paging: walks.idCursor,
  }),
  'loyalties.listPendingPoints': operation<PendingPointsList, ListPendingPointsParams>({
    method: 'GET',
    path: '/v1/loyalties/{campaign_id?}/members/{memberId}/pending-points',
    rules: object<ListPendingPointsParams>(cursorListRules),
    paging: walks.idCursor,
  }),
  'loyalties.redeemReward': operation<Redemption, RedeemRewardParams>({
    method: 'POST',
    path: '/v1/loyalties/{campaign_id?}/members/{memberId}/redemption',
    // Spends points: sending it twice would redeem twice.
    effect: 'spend',
    trace: 'member-transactions',
    rules: object<RedeemRewardParams>({ reward: rewardRules, order: orderRules, metadata: object(), marker: boolean() }),
    // The call's identity for `client.reconcile`: the marker in the redemption's metadata.
    prepare: (params) => withMarker(params) as RedeemRewardParams,
    metadataPlaces: { metadata: 'redemption', order: orderPlaces },
  }),
  'loyalties.listRewardAssignments': operation<RewardAssignmentList, ListRewardAssignmentsParams>({
    method: 'GET',
    path: '/v1/loyalties/{campaignId}/rewards',
    rules: object<ListRewardAssignmentsParams>({ ...pageListRules, assignment_id: text(1) }),
    paging: walks.pageNumber,
  }),
});

/**
 * Where `client.loyalties` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const loyaltyGuide: SubClientGuide<keyof typeof loyaltyOperations> = {
  category: 'Loyalties',
  tasks: {
    'loyalties.getMember': 'read a loyalty member: card, points balance',
    'loyalties.redeemReward': 'spend points on a reward',
    'loyalties.listPendingPoints': "list a member's pending points",
    'loyalties.listTransactions': "walk a loyalty campaign's transactions",
    'loyalties.listRewardAssignments': "list a loyalty campaign's rewards",
  },
};

/**
 * The response fields each operation of `client.loyalties` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const loyaltyRelies: Relies<keyof typeof loyaltyOperations> = {
  'loyalties.getMember': ['id', 'code', 'type'],
  'loyalties.listTransactions': ['has_more', 'data.*.id'],
  'loyalties.listPendingPoints': ['has_more', 'data.*.id'],
  'loyalties.redeemReward': ['id', 'result'],
  'loyalties.listRewardAssignments': ['data.*.id'],
};

/**
 * Params of {@link Loyalties.getMember}.
 * @category Loyalties
 */
export interface GetMemberParams {
  /** The loyalty campaign ID; when given the campaign-scoped path is used. */
  campaign_id?: string | undefined;
}

/**
 * Params of {@link Loyalties.listTransactions}.
 * @category Loyalties
 */
export interface ListTransactionsParams extends CursorListParams {
  /** Filters; the `id` filter matches the transaction ID. */
  filters?: ListFilters | undefined;
}

/**
 * Params of {@link Loyalties.listPendingPoints}.
 * @category Loyalties
 */
export interface ListPendingPointsParams extends CursorListParams {
  /** The loyalty campaign ID; when given the campaign-scoped path is used (it goes to the path, not the query). */
  campaign_id?: string | undefined;
}

/**
 * Params of {@link Loyalties.redeemReward}.
 * @category Loyalties
 */
export interface RedeemRewardParams {
  /** The loyalty campaign ID; when given the campaign-scoped path is used (it goes to the path, not the body). */
  campaign_id?: string | undefined;
  /** The reward to redeem: `id`, and `points` (a positive integer) for a pay-with-points reward. */
  reward?: RewardInput | undefined;
  /**
   * The order; required by the service for a pay-with-points reward. At most 500 items, integer
   * quantities and amounts in the smallest currency unit.
   */
  order?: OrderInput | undefined;
  /** Custom key/value pairs, checked against the redemption metadata validation rules. */
  metadata?: Metadata<'redemption'> | undefined;
  /**
   * `false`: no marker. Otherwise promokit adds `metadata.promokit_marker`, a fresh value of 130
   * random bits (unless your metadata has one), by which `client.reconcile` finds this redemption
   * after an unknown outcome; `marker` itself is not sent. Define `promokit_marker` (a string) in
   * your redemption metadata schema if it allows only defined keys.
   */
  marker?: boolean | undefined;
}

/**
 * Params of {@link Loyalties.listRewardAssignments}.
 * @category Loyalties
 */
export interface ListRewardAssignmentsParams extends PageListParams {
  /** Only the assignment with this ID, `rewa_…`. */
  assignment_id?: string | undefined;
}
