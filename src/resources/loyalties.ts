/**
 * `client.loyalties`: loyalty members (cards), their points, pending points, transactions,
 * rewards and reward redemption.
 *
 * @module
 */
import type { Operation, RequestOptions } from '../core/http.js';
import { idCursor, paginate, type PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import { object } from '../core/validate.js';
import { loyaltyTransactionListSchema, type LoyaltyTransaction, type LoyaltyTransactionList } from '../schemas/loyalty.js';
import { loyaltyMemberSchema, type LoyaltyMember } from '../schemas/voucher.js';
import { cursorListRules, type CursorListParams, type ListFilters } from './shared.js';

/** Params of {@link Loyalties.getMember}. */
export interface GetMemberParams {
  /** The loyalty campaign ID; when given the campaign-scoped path is used. */
  campaign_id?: string;
}

/** Params of {@link Loyalties.listTransactions}. */
export interface ListTransactionsParams extends CursorListParams {
  /** Filters; the `id` filter matches the transaction ID. */
  filters?: ListFilters;
}

const getMemberInCampaign: Operation<LoyaltyMember> = {
  name: 'loyalties.getMember',
  method: 'GET',
  path: '/v1/loyalties/{campaign_id}/members/{memberId}',
  auth: 'server',
  idempotent: true,
  schema: loyaltyMemberSchema,
};

const getMember: Operation<LoyaltyMember> = { ...getMemberInCampaign, path: '/v1/loyalties/members/{memberId}' };

const listTransactions: Operation<LoyaltyTransactionList> = {
  name: 'loyalties.listTransactions',
  method: 'GET',
  path: '/v1/loyalties/{campaignId}/transactions',
  auth: 'server',
  idempotent: true,
  schema: loyaltyTransactionListSchema,
  check: object({ ...cursorListRules, filters: object({}) }),
};

/** Loyalty programs: members, points, transactions, rewards and their redemption. */
export class Loyalties extends APIResource {
  /**
   * Reads a loyalty member: the loyalty card (a voucher of type `LOYALTY_CARD`) with its points
   * balance in `loyalty_card`.
   *
   * `GET /v1/loyalties/{campaignId}/members/{memberId}` with `campaign_id`, else
   * `GET /v1/loyalties/members/{memberId}`.
   *
   * @param memberId The loyalty card code.
   */
  getMember(memberId: string, params: GetMemberParams = {}, options?: RequestOptions): Promise<LoyaltyMember> {
    const op = params.campaign_id === undefined ? getMember : getMemberInCampaign;
    return this.core.request(op, { path: { memberId, campaign_id: params.campaign_id }, input: params }, options);
  }

  /**
   * Lists the point transactions of a loyalty campaign (additions, redemptions, expirations, …),
   * page by page with the `starting_after_id` cursor.
   *
   * `GET /v1/loyalties/{campaignId}/transactions`.
   *
   * @param campaignId The campaign ID or name.
   */
  listTransactions(campaignId: string, params: ListTransactionsParams = {}, options?: RequestOptions): PagePromise<LoyaltyTransaction, ListTransactionsParams> {
    return paginate(listTransactions.name, params, idCursor, (query) => this.core.request(listTransactions, { path: { campaignId }, query, input: query }, options));
  }
}

