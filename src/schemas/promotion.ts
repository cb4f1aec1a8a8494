/**
 * Promotion tiers, the setup of a tier from a campaign template, and promotion stacks (service
 * interface §2.10 to §2.12).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, metadata, openEnum } from './base.js';
import {
  categorySchema,
  discountSchema,
  validationRulesAssignmentListSchema,
  validationRulesAssignmentSchema,
  validityHoursSchema,
  validityTimeframeSchema,
} from './common.js';

/** Schema of {@link PromotionTier}. */
export const promotionTierSchema = lazy(() =>
  z.looseObject({
    /** `promo_…` */
    id: z.string(),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    name: z.nullish(z.string()),
    /** Text shown to customers. */
    banner: z.nullish(z.string()),
    /** What the tier gives. */
    action: z.nullish(z.looseObject({ discount: z.nullish(discountSchema()) })),
    metadata: z.nullish(metadata()),
    /** Order in which tier discounts apply when a customer qualifies for several tiers; lower first. */
    hierarchy: z.nullish(z.number()),
    promotion_id: z.nullish(z.string()),
    /** The parent promotion campaign. */
    campaign: z.nullish(
      z.looseObject({
        /** `camp_…` */
        id: z.nullish(z.string()),
        start_date: z.nullish(z.string()),
        expiration_date: z.nullish(z.string()),
        validity_timeframe: z.nullish(validityTimeframeSchema()),
        /** Days of the week: 0 (Sunday) to 6 (Saturday). */
        validity_day_of_week: z.nullish(z.array(z.number())),
        validity_hours: z.nullish(validityHoursSchema()),
        active: z.nullish(z.boolean()),
        category_id: z.nullish(z.string()),
        categories: z.nullish(z.array(categorySchema())),
        name: z.nullish(z.string()),
        created_at: z.nullish(z.string()),
        /** Value seen: `PROMOTION`. */
        campaign_type: z.nullish(
          openEnum(['PROMOTION', 'DISCOUNT_COUPONS', 'GIFT_VOUCHERS', 'LOYALTY_PROGRAM', 'REFERRAL_PROGRAM']),
        ),
        /** Always `campaign`. */
        object: z.nullish(z.string()),
      }),
    ),
    /** `camp_…` of the parent campaign. */
    campaign_id: z.nullish(z.string()),
    /** False disables the tier even inside its validity window. */
    active: z.nullish(z.boolean()),
    start_date: z.nullish(z.string()),
    expiration_date: z.nullish(z.string()),
    validity_timeframe: z.nullish(validityTimeframeSchema()),
    /** Days of the week: 0 (Sunday) to 6 (Saturday). */
    validity_day_of_week: z.nullish(z.array(z.number())),
    validity_hours: z.nullish(validityHoursSchema()),
    /** Redemption and order totals of the tier; amounts in the smallest currency unit. */
    summary: z.nullish(
      z.looseObject({
        redemptions: z.nullish(z.looseObject({ total_redeemed: z.nullish(z.number()) })),
        orders: z.nullish(
          z.looseObject({
            total_amount: z.nullish(z.number()),
            total_discount_amount: z.nullish(z.number()),
          }),
        ),
      }),
    ),
    /** Validation rules assigned to the tier, as a list envelope (create-tier response). */
    validation_rule_assignments: z.nullish(validationRulesAssignmentListSchema()),
    /** Validation rules assigned to the tier, as a plain array (tier-setup response). */
    validation_rules_assignments: z.nullish(z.array(validationRulesAssignmentSchema())),
    category_id: z.nullish(z.string()),
    categories: z.nullish(z.array(categorySchema())),
    /** Always `promotion_tier`. */
    object: z.string(),
  }),
);

/** A tier of a promotion campaign: a discount with its own validity window and rules. */
export interface PromotionTier extends z.infer<ReturnType<typeof promotionTierSchema>> {}

/** Schema of {@link PromotionTierSetup}. */
export const promotionTierSetupSchema = lazy(() =>
  z.looseObject({
    /** Records created from the template, e.g. validation rules, products or segments. */
    created_resources: z.nullish(
      z.array(
        z.looseObject({
          id: z.nullish(z.string()),
          /** E.g. `validation_rules`, `product`, `sku`, `products_collection`, `segments`, `location`. */
          object: z.nullish(
            openEnum(['validation_rules', 'product', 'sku', 'products_collection', 'segments', 'location']),
          ),
        }),
      ),
    ),
    /** The tier created. */
    promotion_tier: z.nullish(promotionTierSchema()),
    /** Always `promotion_tier_setup`. */
    object: z.string(),
  }),
);

/** What adding a tier from a campaign template returns: the tier and the records created with it. */
export interface PromotionTierSetup extends z.infer<ReturnType<typeof promotionTierSetupSchema>> {}

/** Schema of {@link PromotionStack}. */
export const promotionStackSchema = lazy(() =>
  z.looseObject({
    /** `stack_…` */
    id: z.string(),
    name: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** `camp_…` of the promotion campaign. */
    campaign_id: z.nullish(z.string()),
    category_id: z.nullish(z.string()),
    categories: z.nullish(z.array(categorySchema())),
    /** The stacked tiers (up to 30). */
    tiers: z.nullish(
      z.looseObject({
        /** `promo_…` IDs of the tiers, in the order they apply. */
        ids: z.nullish(z.array(z.string())),
        /** Always `MANUAL`: tiers apply in the order of `ids`. */
        hierarchy_mode: z.nullish(openEnum(['MANUAL'])),
      }),
    ),
    /** Always `promotion_stack`. */
    object: z.string(),
  }),
);

/** A promotion stack: up to 30 tiers of one campaign applied together. */
export interface PromotionStack extends z.infer<ReturnType<typeof promotionStackSchema>> {}
