/**
 * `client.templates`: campaign templates, and promotion tiers created from them.
 *
 * @module
 */
import { walks, type APIPromise } from '../core/pagination.js';
import { boolean, object, required, text } from '../core/inputs.js';
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { PromotionTierSetup } from '../schemas/promotion.js';
import type { CampaignTemplate, CampaignTemplateList } from '../schemas/template.js';
import { cursorListRules, type CursorListParams, type ListFilters } from './inputs/lists.js';
import { promotionTierPlaces, promotionTierRules, type PromotionTierInput } from './inputs/promotion-tier.js';
import type { SubClientGuide } from './guide.js';

/**
 * Campaign templates: saved campaign configurations that promotion tiers can be created from.
 * @category Templates
 */
export class Templates extends APIResource {
  /**
   * Lists campaign templates, oldest first unless `order` says otherwise, page by page with the
   * `starting_after_id` cursor. Records are read from the attribute the response's `data_ref`
   * names (`data` or `campaign_templates`).
   *
   * `GET /v1/templates/campaigns`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @throws {InvalidRequestError} `limit` outside 1–100, `order` not `id`/`-id`, `include_total`
   *   not a boolean; nothing is sent.
   * @throws {ApiError} The service's refusal, e.g. `AuthenticationError` (401).
   *
   * @example
   * ```ts
   * // GET /v1/templates/campaigns
   * for await (const template of client.templates.list({ limit: 50 })) {
   *   console.log(template.id, template.name, template.campaign_type);
   * }
   * ```
   */
  list(params: ListTemplatesParams = {}, options?: RequestOptions): PagePromise<CampaignTemplate, ListTemplatesParams> {
    return this.core.list(templateOperations['templates.list'], {}, params, options);
  }

  /**
   * Adds a promotion tier to a promotion campaign from a campaign template. The template supplies
   * the tier's configuration (discount, validation rules, …); the fields given here override it.
   * Returns the tier and the records created with it (`created_resources`).
   *
   * `POST /v1/templates/campaigns/{campaignTemplateId}/tier-setup`. Creates records, so it is
   * retried only on 429 and on connection failures where nothing was sent, never on 5xx or a
   * timeout: on those, check the campaign's tiers before trying again.
   *
   * @param campaignTemplateId The template ID, `camp_tpl_…`.
   * @throws {InvalidRequestError} Missing `campaign_id` or `name`, a `start_date` /
   *   `expiration_date` that is not an ISO 8601 date-time, days of the week outside 0–6, a
   *   non-integer `hierarchy`; nothing is sent.
   * @throws {NotFoundError} No template with that ID (404).
   *
   * @example
   * ```ts
   * // POST /v1/templates/campaigns/{campaignTemplateId}/tier-setup
   * const setup = await client.templates.setupPromotionTier('camp_tpl_Weekend10', {
   *   campaign_id: 'camp_Promo2026',
   *   name: 'Weekend 10% off',
   *   start_date: '2026-06-01T00:00:00Z',
   * });
   * console.log(setup.promotion_tier?.id, setup.created_resources);
   * ```
   */
  setupPromotionTier(campaignTemplateId: string, params: SetupPromotionTierParams, options?: RequestOptions): APIPromise<PromotionTierSetup> {
    return this.core.request(templateOperations['templates.setupPromotionTier'], { campaignTemplateId }, params, options);
  }
}

/** The operations of {@link Templates}, as the registry lists them (resources/registry.ts). */
export const templateOperations = operations(loadManagementResponses, {
  'templates.list': operation<CampaignTemplateList, ListTemplatesParams>({
    method: 'GET',
    path: '/v1/templates/campaigns',
    rules: object<ListTemplatesParams>({ ...cursorListRules, include_total: boolean(), filters: object() }),
    paging: walks.idCursor,
    // The spec's schema says `data`, its example `campaign_templates`: read either, even without `data_ref`.
    records: 'campaign_templates',
  }),
  'templates.setupPromotionTier': operation<PromotionTierSetup, SetupPromotionTierParams>({
    method: 'POST',
    path: '/v1/templates/campaigns/{campaignTemplateId}/tier-setup',
    // Creates a tier: sending it twice would create two.
    effect: 'create',
    trace: 'no-tier-read',
    rules: required(object<SetupPromotionTierParams>({ campaign_id: required(text(1)), ...promotionTierRules })),
    metadataPlaces: promotionTierPlaces,
  }),
});

/**
 * Where `client.templates` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const templateGuide: SubClientGuide<keyof typeof templateOperations> = {
  category: 'Templates',
  tasks: {
    'templates.list': 'list campaign templates',
    'templates.setupPromotionTier': 'set up a promotion tier from a template',
  },
};

/**
 * The response fields each operation of `client.templates` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const templateRelies: Relies<keyof typeof templateOperations> = {
  'templates.list': ['has_more', 'data.*.id', 'campaign_templates.*.id'],
  'templates.setupPromotionTier': ['promotion_tier', 'promotion_tier.id'],
};

/**
 * Params of {@link Templates.list}.
 * @category Templates
 */
export interface ListTemplatesParams extends CursorListParams {
  /**
   * When `true`, the response carries `total` (read it as `page.total`): the number of all
   * templates, regardless of filters and `limit`. The service's default is `false`.
   */
  include_total?: boolean | undefined;
  /**
   * Filters in the service's bracket notation, e.g.
   * `{ campaign_type: { conditions: { $in: ['DISCOUNT_COUPONS'] } } }`.
   */
  filters?: ListFilters | undefined;
}

/**
 * Body of {@link Templates.setupPromotionTier}: the campaign receiving the tier and the tier's
 * name, plus any tier field that overrides the template's configuration.
 * @category Templates
 */
export interface SetupPromotionTierParams extends PromotionTierInput {
  /** ID of the promotion campaign receiving the tier, `camp_…`. Required. */
  campaign_id: string;
}
