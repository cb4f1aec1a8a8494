/**
 * What `client.qualifications.check` answers: the redeemables a customer and an order qualify
 * for, a page at a time under a time cursor (CHECKOUT.md §3.7).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import { applicableItemListSchema, type ApplicableItemList } from './applicable-item.js';
import { categorySchema, type Category } from './category.js';
import { embeddedOrderSchema, type EmbeddedOrder } from './order.js';
import { redeemableResultSchema, stackingRulesSchema, type RedeemableResult, type StackingRules } from './stacking.js';
import { validationRulesAssignmentListSchema, type ValidationRulesAssignmentList } from './validation-rule-assignment.js';

/**
 * The fields of a redeemable a customer qualifies for, and of each redeemable a promotion stack
 * holds.
 * @category Checkout
 */
export interface QualifiedRedeemableBase {
  /** The voucher code, or the `promo_…`, `stack_…` or `camp_…` id. */
  id: string;
  /** `voucher`, `promotion_tier`, `promotion_stack` or `campaign`. */
  object?: 'voucher' | 'promotion_tier' | 'promotion_stack' | 'campaign' | (string & {}) | null;
  /** When it was made, ISO 8601: the list's cursor. */
  created_at?: string | null;
  /** What it would give this order. */
  result?: RedeemableResult | null;
  /** The order with its discount. */
  order?: EmbeddedOrder | null;
  /** `val_…` of its validation rule. */
  validation_rule_id?: string | null;
  /** Items it applies to. */
  applicable_to?: ApplicableItemList | null;
  /** Items it excludes. */
  inapplicable_to?: ApplicableItemList | null;
  /** Its metadata. */
  metadata?: Metadata<'voucher'> | null;
  /** Its categories (with `options.expand: ['category']`). */
  categories?: Category[] | null;
  /** The text shown to customers (promotion tiers). */
  banner?: string | null;
  /** Its name. */
  name?: string | null;
  /** Name of its campaign. */
  campaign_name?: string | null;
  /** `camp_…` of its campaign. */
  campaign_id?: string | null;
  /** Its validation rules (with `options.expand: ['validation_rules']`). */
  validation_rules_assignments?: ValidationRulesAssignmentList | null;
}

/**
 * A redeemable the customer and order qualify for. A promotion stack lists its tiers in
 * `redeemables`. Qualifying does not promise redeeming: qualification ignores budgets and
 * per-customer limits (CHECKOUT.md §4.5), so validate before redeeming.
 * @category Checkout
 */
export interface QualifiedRedeemable extends QualifiedRedeemableBase {
  /** A promotion stack's own redeemables. */
  redeemables?: QualifiedRedeemableBase[] | null;
}

/**
 * The list envelope under a qualification's `redeemables`: this page's redeemables in `data`,
 * `has_more` and the cursor `more_starting_after`. `total` counts this answer's redeemables only.
 * @category Checkout
 */
export interface QualifiedRedeemableList extends ListEnvelope {
  /** This page's redeemables. */
  data?: QualifiedRedeemable[] | null;
  /** True when more redeemables follow. */
  has_more: boolean;
}

/**
 * What `client.qualifications.check` answers, one page at a time: each {@link Page}'s `body`.
 * @category Checkout
 */
export interface Qualification {
  /** The page's redeemables. */
  redeemables: QualifiedRedeemableList;
  /** Hashed source ID of the customer. */
  tracking_id?: string | null;
  /** The order as the service read it. */
  order?: EmbeddedOrder | null;
  /** The project's stacking rules in force. */
  stacking_rules?: StackingRules | null;
}

const baseFields = () =>
  ({
    id: z.string(),
    object: z.nullish(openEnum()),
    ...nullishStrings('created_at'),
    result: z.nullish(redeemableResultSchema()),
    order: z.nullish(embeddedOrderSchema()),
    ...nullishStrings('validation_rule_id'),
    applicable_to: z.nullish(applicableItemListSchema()),
    inapplicable_to: z.nullish(applicableItemListSchema()),
    metadata: z.nullish(metadata('voucher')),
    categories: z.nullish(z.array(categorySchema())),
    ...nullishStrings('banner', 'name', 'campaign_name', 'campaign_id'),
    validation_rules_assignments: z.nullish(validationRulesAssignmentListSchema()),
  }) satisfies ShapeOf<QualifiedRedeemableBase>;

/** Schema of {@link QualifiedRedeemable}. */
const qualifiedRedeemableSchema: () => z.ZodMiniType<QualifiedRedeemable> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...baseFields(),
    redeemables: z.nullish(z.array(z.looseObject(baseFields() satisfies ShapeOf<QualifiedRedeemableBase>))),
  } satisfies ShapeOf<QualifiedRedeemable>),
);

/** Schema of {@link Qualification}. */
export const qualificationSchema: () => z.ZodMiniType<Qualification> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    redeemables: z.extend(listOf(qualifiedRedeemableSchema()), { has_more: z.boolean() }),
    ...nullishStrings('tracking_id'),
    order: z.nullish(embeddedOrderSchema()),
    stacking_rules: z.nullish(stackingRulesSchema()),
  } satisfies ShapeOf<Qualification>),
);
