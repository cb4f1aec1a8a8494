/**
 * `client.campaigns`: the campaigns of the project, read by ID or by name.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { operation, operations, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import { campaignSchema, type Campaign } from '../schemas/campaign-record.js';
import type { SubClientGuide } from './guide.js';

/**
 * Campaigns: the discount coupons, gift cards, loyalty programs, promotions and referral
 * programs whose vouchers or tiers share one setup.
 * @category Campaigns
 */
export class Campaigns extends APIResource {
  /**
   * Reads a campaign by its ID or its name: its setup, its vouchers' setup (`voucher`), its
   * statuses, and for a promotion its tiers (`promotion.tiers`). A name is sent percent-encoded
   * as one path segment, so `'$20 OFF Entire Order'` reads that campaign.
   *
   * `GET /v1/campaigns/{campaignId}`. Read-only: retried on network errors, timeouts, 408, 429
   * and 5xx.
   *
   * @param campaignId The campaign ID (`camp_…`) or the campaign's name.
   * @throws {InvalidRequestError} An empty `campaignId`, or a dot segment (`.`, `..`); nothing is sent.
   * @throws {PermissionDeniedError} A user restricted to areas and stores the campaign is not assigned to (403).
   * @throws {NotFoundError} No such campaign, or a deleted one (404).
   *
   * @example
   * ```ts
   * // GET /v1/campaigns/{campaignId}
   * const campaign = await client.campaigns.get('Gift cards');
   * console.log(campaign.id, campaign.campaign_type, campaign.voucher?.gift?.amount);
   * ```
   */
  get(campaignId: string, options?: RequestOptions): APIPromise<Campaign> {
    return this.core.request(campaignOperations['campaigns.get'], { campaignId }, {}, options);
  }
}

/** The operations of {@link Campaigns}, as the registry lists them (resources/registry.ts). */
export const campaignOperations = operations({
  'campaigns.get': operation<Campaign>({ method: 'GET', path: '/v1/campaigns/{campaignId}', schema: campaignSchema, relies: ['id'] }),
});

/**
 * Where `client.campaigns` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const campaignGuide: SubClientGuide<keyof typeof campaignOperations> = {
  category: 'Campaigns',
  tasks: {
    'campaigns.get': 'read a campaign by its ID or name (the gift card campaign, say)',
  },
};
