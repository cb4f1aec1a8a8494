/**
 * Campaign templates (service interface §2.13).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { cursorListOf, lazy, nullishStrings, openEnum, type ShapeOf } from './base.js';

/**
 * A campaign template: a saved campaign configuration that tiers and campaigns can be created from.
 * @category Templates
 */
export interface CampaignTemplate {
  /** `camp_tpl_…` */
  id: string;
  /** Template name. */
  name?: string | null;
  /** Template description. */
  description?: string | null;
  /** Type of campaign the template creates: `DISCOUNT_COUPONS` or `GIFT_VOUCHERS`. */
  campaign_type?: 'DISCOUNT_COUPONS' | 'GIFT_VOUCHERS' | (string & {}) | null;
  /** When the template was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the template was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Always `campaign_template`. */
  object?: string | null;
}

/** Schema of {@link CampaignTemplate}. */
export const campaignTemplateSchema: () => z.ZodMiniType<CampaignTemplate> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    ...nullishStrings('name', 'description'),
    campaign_type: z.nullish(openEnum()),
    ...nullishStrings('created_at', 'updated_at', 'object'),
  } satisfies ShapeOf<CampaignTemplate>),
);

/**
 * A page of campaign templates. The records are under the attribute `data_ref` names: `data` or
 * `campaign_templates`. `total` is present when `include_total` was requested.
 * @category Templates
 */
export interface CampaignTemplateList extends ListEnvelope {
  /** The templates, when `data_ref` is `data`. */
  data?: CampaignTemplate[] | null;
  /** The templates, when `data_ref` is `campaign_templates`. */
  campaign_templates?: CampaignTemplate[] | null;
  /** True when more records exist past this page; the cursor reads it. */
  has_more: boolean;
}

/** Schema of {@link CampaignTemplateList}. */
export const campaignTemplateListSchema: () => z.ZodMiniType<CampaignTemplateList> = /* @__PURE__ */ lazy(() =>
  // Both attributes are checked: the service has been seen to name the records either way.
  z.extend(cursorListOf(campaignTemplateSchema()), {
    campaign_templates: z.nullish(z.array(campaignTemplateSchema())),
  }),
);
