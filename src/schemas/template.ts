/**
 * Campaign templates (service interface §2.13).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, listOf, openEnum } from './base.js';

/** Schema of {@link CampaignTemplate}. */
export const campaignTemplateSchema = lazy(() =>
  z.looseObject({
    /** `camp_tpl_…` */
    id: z.string(),
    name: z.nullish(z.string()),
    description: z.nullish(z.string()),
    /** Type of campaign the template creates: `DISCOUNT_COUPONS` or `GIFT_VOUCHERS`. */
    campaign_type: z.nullish(openEnum(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS'])),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** Always `campaign_template`. */
    object: z.string(),
  }),
);

/** A campaign template: a saved campaign configuration that tiers and campaigns can be created from. */
export interface CampaignTemplate extends z.infer<ReturnType<typeof campaignTemplateSchema>> {}

/** Schema of {@link CampaignTemplateList}. */
export const campaignTemplateListSchema = lazy(() =>
  z.extend(listOf(campaignTemplateSchema()), {
    /** The records, when the service names the attribute `campaign_templates` in `data_ref`. */
    campaign_templates: z.optional(z.array(campaignTemplateSchema())),
  }),
);

/**
 * A page of campaign templates. The records are under the attribute `data_ref` names: `data` or
 * `campaign_templates`. `total` is present when `include_total` was requested.
 */
export interface CampaignTemplateList extends z.infer<ReturnType<typeof campaignTemplateListSchema>> {}
