/**
 * `client.campaigns`: the campaigns of the project, read by ID or by name.
 *
 * @module
 */
import { boolean, object, oneOf } from '../core/inputs.js';
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { walks, type APIPromise, type PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { Campaign, CampaignList } from '../schemas/campaign-record.js';
import type { SubClientGuide } from './guide.js';
import { pageListRules, type ListFilters, type PageListParams } from './inputs/lists.js';

/**
 * Campaigns: the discount coupons, gift cards, loyalty programs, promotions and referral
 * programs whose vouchers or tiers share one setup.
 * @category Campaigns
 */
export class Campaigns extends APIResource {
  /**
   * Lists campaigns, most recent first unless `order` says otherwise: a page-numbered list (pages
   * 1 to 100) with `total`. A listed campaign has no `promotion` and no
   * `validation_rules_assignments` (read one with {@link Campaigns.get} for those), and its
   * `categories` only with `expand: 'category'`.
   *
   * `GET /v1/campaigns`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @throws {InvalidRequestError} `limit` or `page` outside 1–100, a `campaign_type`,
   *   `campaign_status`, `expand` or `order` the service does not take, an `is_referral_code`
   *   that is not a boolean, `filters` or `access_settings` that are not objects; nothing is sent.
   * @throws {PaginationLimitError} While iterating, when campaigns remain past page 100.
   *
   * @example
   * ```ts
   * // GET /v1/campaigns
   * for await (const campaign of client.campaigns.list({ campaign_type: 'GIFT_VOUCHERS', limit: 100 })) {
   *   console.log(campaign.id, campaign.name, campaign.vouchers_count);
   * }
   * ```
   */
  list(params: ListCampaignsParams = {}, options?: RequestOptions): PagePromise<Campaign, ListCampaignsParams> {
    return this.core.list(campaignOperations['campaigns.list'], {}, params, options);
  }

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
export const campaignOperations = operations(loadManagementResponses, {
  'campaigns.list': operation<CampaignList, ListCampaignsParams>({
    method: 'GET',
    path: '/v1/campaigns',
    rules: object<ListCampaignsParams>({
      ...pageListRules,
      campaign_type: oneOf(['PROMOTION', 'GIFT_VOUCHERS', 'REFERRAL_PROGRAM', 'DISCOUNT_COUPONS', 'LOYALTY_PROGRAM']),
      expand: oneOf(['category', 'access_settings_assignments']),
      campaign_status: oneOf(['DONE', 'IN_PROGRESS', 'FAILED', 'DRAFT', 'MODIFYING']),
      is_referral_code: boolean(),
      order: oneOf(['created_at', '-created_at', 'updated_at', '-updated_at']),
      filters: object(),
      access_settings: object(),
    }),
    paging: walks.pageNumber,
    records: 'campaigns',
  }),
  'campaigns.get': operation<Campaign>({ method: 'GET', path: '/v1/campaigns/{campaignId}' }),
});

/**
 * Where `client.campaigns` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const campaignGuide: SubClientGuide<keyof typeof campaignOperations> = {
  category: 'Campaigns',
  tasks: {
    'campaigns.list': 'list campaigns, by kind or status',
    'campaigns.get': 'read a campaign by its ID or name (the gift card campaign, say)',
  },
};

/**
 * The response fields each operation of `client.campaigns` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const campaignRelies: Relies<keyof typeof campaignOperations> = {
  'campaigns.list': ['campaigns.*.id'],
  'campaigns.get': ['id'],
};

/**
 * Params of {@link Campaigns.list}: what to list (each a filter, though the service's reference
 * calls `campaign_status` and `is_referral_code` sorts), the order, page size and page number
 * (1 to 100). Sent in the query string; `filters` and `access_settings` in the service's bracket
 * notation.
 * @category Campaigns
 */
export interface ListCampaignsParams extends PageListParams {
  /** Campaigns of this kind only. */
  campaign_type?: 'PROMOTION' | 'GIFT_VOUCHERS' | 'REFERRAL_PROGRAM' | 'DISCOUNT_COUPONS' | 'LOYALTY_PROGRAM' | undefined;
  /** `category` fills each campaign's `categories`; `access_settings_assignments` adds the areas and stores it is assigned to. */
  expand?: 'category' | 'access_settings_assignments' | undefined;
  /** Campaigns whose creation stands here only. */
  campaign_status?: 'DONE' | 'IN_PROGRESS' | 'FAILED' | 'DRAFT' | 'MODIFYING' | undefined;
  /** Referral campaigns only (`true`), or none of them (`false`). */
  is_referral_code?: boolean | undefined;
  /** Sort order; by default most recent first (`-created_at`). */
  order?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | undefined;
  /**
   * Filters in the service's bracket notation, e.g. `{ campaigns: { conditions: { $is: 'Gift Cards' } } }`.
   * The `active` filter takes its `conditions` level too (`{ active: { conditions: { $enabled: '' } } }`),
   * as the service's prose says.
   */
  filters?: ListFilters | undefined;
  /** The areas and stores to list the campaigns of, `{ filter: { areas_ids: [...] } }`. */
  access_settings?: Record<string, unknown> | undefined;
}
