/**
 * Promotion tiers, the setup of a tier from a campaign template, and promotion stacks (service
 * interface §2.10 to §2.12).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import type { CampaignType } from './campaign.js';
import { categorySchema, type Category } from './category.js';
import { discountSchema, type Discount } from './discount.js';
import {
  validationRulesAssignmentListSchema,
  validationRulesAssignmentSchema,
  type ValidationRulesAssignment,
  type ValidationRulesAssignmentList,
} from './validation-rule-assignment.js';
import { validityWindowFields, type ValidityWindow } from './validity.js';

/**
 * The promotion campaign a {@link PromotionTier} belongs to (`campaign` of the tier).
 * @category Promotions
 */
export interface PromotionTierCampaign extends ValidityWindow {
  /** `camp_…` */
  id?: string | null;
  /** `cat_…`: the campaign's category. */
  category_id?: string | null;
  /** The categories the campaign belongs to. */
  categories?: Category[] | null;
  /** Campaign name. */
  name?: string | null;
  /** When the campaign was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** Type of the campaign; value seen: `PROMOTION`. */
  campaign_type?: CampaignType | null;
  /** Always `campaign`. */
  object?: string | null;
}

/**
 * Redemption and order totals of a {@link PromotionTier}; amounts in the smallest currency unit.
 * @category Promotions
 */
export interface PromotionTierSummary {
  /** Redemption totals. */
  redemptions?: {
    /** Number of redemptions of the tier. */
    total_redeemed?: number | null;
  } | null;
  /** Totals of the orders the tier was redeemed on. */
  orders?: {
    /** Sum of the order amounts, in the smallest currency unit. */
    total_amount?: number | null;
    /** Sum of the discounts given, in the smallest currency unit. */
    total_discount_amount?: number | null;
  } | null;
}

/**
 * A promotion tier as redemptions and rollbacks embed it: the fields of {@link PromotionTier},
 * none of them guaranteed.
 * @category Promotions
 */
export interface EmbeddedPromotionTier extends ValidityWindow {
  /** `promo_…` */
  id?: string | null;
  /** When the tier was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the tier was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Tier name. */
  name?: string | null;
  /** Text shown to customers. */
  banner?: string | null;
  /** What the tier gives. */
  action?: {
    /** The discount the tier gives. */
    discount?: Discount | null;
  } | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'promotionTier'> | null;
  /** Order in which tier discounts apply when a customer qualifies for several tiers; lower first. */
  hierarchy?: number | null;
  /** ID of the promotion the tier belongs to. */
  promotion_id?: string | null;
  /** The parent promotion campaign. */
  campaign?: PromotionTierCampaign | null;
  /** `camp_…` of the parent campaign. */
  campaign_id?: string | null;
  /** Redemption and order totals of the tier. */
  summary?: PromotionTierSummary | null;
  /** Validation rules assigned to the tier, as a list envelope (create-tier response). */
  validation_rule_assignments?: ValidationRulesAssignmentList | null;
  /** Validation rules assigned to the tier, as a plain array (tier-setup response). */
  validation_rules_assignments?: ValidationRulesAssignment[] | null;
  /** `cat_…`: the tier's category. */
  category_id?: string | null;
  /** The categories the tier belongs to. */
  categories?: Category[] | null;
  /** Always `promotion_tier`. */
  object?: string | null;
}

/**
 * A tier of a promotion campaign: a discount with its own validity window and rules. `id` is
 * always there; any other field may be absent or null.
 * @category Promotions
 */
export interface PromotionTier extends EmbeddedPromotionTier {
  /** `promo_…` */
  id: string;
}

/** The fields of a promotion tier, each nullish: the shape of {@link EmbeddedPromotionTier}. */
const promotionTierFields = () => ({
  ...nullishStrings('id', 'created_at', 'updated_at', 'name', 'banner'),
  action: z.nullish(z.looseObject({ discount: z.nullish(discountSchema()) } satisfies ShapeOf<PromotionTier['action']>)),
  metadata: z.nullish(metadata('promotionTier')),
  hierarchy: z.nullish(z.number()),
  promotion_id: z.nullish(z.string()),
  campaign: z.nullish(
    z.looseObject({
      id: z.nullish(z.string()),
      ...validityWindowFields(),
      category_id: z.nullish(z.string()),
      categories: z.nullish(z.array(categorySchema())),
      ...nullishStrings('name', 'created_at'),
      campaign_type: z.nullish(openEnum()),
      object: z.nullish(z.string()),
    } satisfies ShapeOf<PromotionTierCampaign>),
  ),
  campaign_id: z.nullish(z.string()),
  ...validityWindowFields(),
  summary: z.nullish(
    z.looseObject({
      redemptions: z.nullish(z.looseObject({ total_redeemed: z.nullish(z.number()) } satisfies ShapeOf<PromotionTierSummary['redemptions']>)),
      orders: z.nullish(
        z.looseObject({
          total_amount: z.nullish(z.number()),
          total_discount_amount: z.nullish(z.number()),
        } satisfies ShapeOf<PromotionTierSummary['orders']>),
      ),
    } satisfies ShapeOf<PromotionTierSummary>),
  ),
  validation_rule_assignments: z.nullish(validationRulesAssignmentListSchema()),
  validation_rules_assignments: z.nullish(z.array(validationRulesAssignmentSchema())),
  category_id: z.nullish(z.string()),
  categories: z.nullish(z.array(categorySchema())),
  object: z.nullish(z.string()),
});

/** Schema of {@link EmbeddedPromotionTier}. */
export const embeddedPromotionTierSchema: () => z.ZodMiniType<EmbeddedPromotionTier> = /* @__PURE__ */ lazy(() =>
  z.looseObject(promotionTierFields() satisfies ShapeOf<EmbeddedPromotionTier>),
);

/** Schema of {@link PromotionTier}: the tier fields with `id` required. */
export const promotionTierSchema: () => z.ZodMiniType<PromotionTier> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ ...promotionTierFields(), id: z.string() } satisfies ShapeOf<PromotionTier>),
);

/**
 * A record created from a campaign template along with a tier (`created_resources` of {@link PromotionTierSetup}).
 * @category Templates
 */
export interface PromotionTierSetupResource {
  /** ID of the record created. */
  id?: string | null;
  /** Kind of record: `validation_rules`, `product`, `sku`, `products_collection`, `segments` or `location`. */
  object?: 'validation_rules' | 'product' | 'sku' | 'products_collection' | 'segments' | 'location' | (string & {}) | null;
}

/**
 * What adding a tier from a campaign template returns: the tier and the records created with it.
 * The tier and its `id` are always there; any other field may be absent or null.
 * @category Templates
 */
export interface PromotionTierSetup {
  /** Records created from the template, e.g. validation rules, products or segments. */
  created_resources?: PromotionTierSetupResource[] | null;
  /** The tier created. */
  promotion_tier: PromotionTier;
  /** Always `promotion_tier_setup`. */
  object?: string | null;
}

/** Schema of {@link PromotionTierSetup}. */
export const promotionTierSetupSchema: () => z.ZodMiniType<PromotionTierSetup> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    created_resources: z.nullish(
      z.array(
        z.looseObject({
          id: z.nullish(z.string()),
          object: z.nullish(openEnum()),
        } satisfies ShapeOf<PromotionTierSetupResource>),
      ),
    ),
    promotion_tier: promotionTierSchema(),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<PromotionTierSetup>),
);

/**
 * A promotion stack: up to 30 tiers of one campaign applied together. `id` is always there; any
 * other field may be absent or null.
 * @category Promotions
 */
export interface PromotionStack {
  /** `stack_…` */
  id: string;
  /** Stack name. */
  name?: string | null;
  /** When the stack was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the stack was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** `camp_…` of the promotion campaign. */
  campaign_id?: string | null;
  /** `cat_…`: the stack's category. */
  category_id?: string | null;
  /** The categories the stack belongs to. */
  categories?: Category[] | null;
  /** The stacked tiers (up to 30). */
  tiers?: {
    /** `promo_…` IDs of the tiers, in the order they apply. */
    ids?: string[] | null;
    /** Always `MANUAL`: tiers apply in the order of `ids`. */
    hierarchy_mode?: 'MANUAL' | (string & {}) | null;
  } | null;
  /** Always `promotion_stack`. */
  object?: string | null;
}

/** Schema of {@link PromotionStack}. */
export const promotionStackSchema: () => z.ZodMiniType<PromotionStack> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    ...nullishStrings('name', 'created_at', 'updated_at', 'campaign_id', 'category_id'),
    categories: z.nullish(z.array(categorySchema())),
    tiers: z.nullish(
      z.looseObject({
        ids: z.nullish(z.array(z.string())),
        hierarchy_mode: z.nullish(openEnum()),
      } satisfies ShapeOf<PromotionStack['tiers']>),
    ),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<PromotionStack>),
);
