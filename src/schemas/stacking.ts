/**
 * What a stacked validation, a stacked redemption and a qualification say of each redeemable:
 * applicable (with what it gives: a discount, gift credit or loyalty points), inapplicable (with
 * the service's error) or skipped (with the stacking rule that skipped it), a union that narrows
 * on `status`; and the project's stacking rules in force.
 *
 * The published spec types these with `oneOf`s whose branches overlap, so that every answer
 * breaks it (CHECKOUT.md §5 D3, D4, D5, D6); promokit types each as one object whose fields are
 * all optional, and keeps unknown keys.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import { applicableItemListSchema, type ApplicableItemList } from './applicable-item.js';
import { categorySchema, type Category } from './category.js';
import { discountSchema, type Discount } from './discount.js';
import { embeddedOrderSchema, type EmbeddedOrder } from './order.js';

/**
 * What a redeemable of a stacked request is: a `voucher` (its id is the code) or a
 * `promotion_tier` (`promo_…`); a promotion stack answers for each of its tiers. Open: any other
 * string the service starts sending is accepted.
 * @category Checkout
 */
export type RedeemableObject = 'voucher' | 'promotion_tier' | (string & {});

/**
 * One product or SKU of a bundle: found in the order (`identified`) or missing from it.
 * @category Checkout
 */
export interface BundleItem {
  /** `prod_…`, `sku_…` or `pc_…` (a products collection). */
  id?: string | null;
  /** `product`, `sku` or `products_collection`. */
  object?: 'product' | 'sku' | 'products_collection' | (string & {}) | null;
  /** The index of the order item that holds it. */
  item_index?: number | null;
  /** Units of it the bundle counts. */
  item_quantity?: number | null;
}

/**
 * A bundle a redeemable needs: how many of its bundles the order completes, and which items
 * are there or missing. `limit` is optional: the spec requires it, its own example leaves it
 * out (CHECKOUT.md §5 D6).
 * @category Checkout
 */
export interface Bundle {
  /** Complete bundles in the order, 0 to 100. */
  quantity?: number | null;
  /** Most bundles counted, 1 to 100. */
  limit?: number | null;
  /** The bundle's items the order holds. */
  identified?: BundleItem[] | null;
  /** The bundle's items the order lacks. */
  missing?: BundleItem[] | null;
}

const bundleItemSchema: () => z.ZodMiniType<BundleItem> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('id'),
    object: z.nullish(openEnum()),
    item_index: z.nullish(z.number()),
    item_quantity: z.nullish(z.number()),
  } satisfies ShapeOf<BundleItem>),
);

/** Schema of {@link Bundle}. */
export const bundleSchema: () => z.ZodMiniType<Bundle> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    quantity: z.nullish(z.number()),
    limit: z.nullish(z.number()),
    identified: z.nullish(z.array(bundleItemSchema())),
    missing: z.nullish(z.array(bundleItemSchema())),
  } satisfies ShapeOf<Bundle>),
);

/**
 * What an applicable redeemable gives: a discount (and its bundle), gift credit, or loyalty
 * points. One object with optional fields: the spec's five variants overlap (CHECKOUT.md §5 D3).
 * @category Checkout
 */
export interface RedeemableResult {
  /** A discount voucher's or promotion tier's discount. */
  discount?: Discount | null;
  /** The bundle the discount needs. */
  bundle?: Bundle | null;
  /** A gift card: its balance and the credits this order uses, in the smallest currency unit. */
  gift?: {
    /** Credit left on the card. */
    balance?: number | null;
    /** Credit this order uses. */
    credits?: number | null;
    /** Credit held by session locks (qualifications). */
    locked_credits?: number | null;
  } | null;
  /** A loyalty card: the points this order uses. */
  loyalty_card?: {
    /** Points used. */
    points?: number | null;
  } | null;
}

/** Schema of {@link RedeemableResult}. */
export const redeemableResultSchema: () => z.ZodMiniType<RedeemableResult> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    discount: z.nullish(discountSchema()),
    bundle: z.nullish(bundleSchema()),
    gift: z.nullish(
      z.looseObject({
        balance: z.nullish(z.number()),
        credits: z.nullish(z.number()),
        locked_credits: z.nullish(z.number()),
      } satisfies ShapeOf<RedeemableResult['gift']>),
    ),
    loyalty_card: z.nullish(z.looseObject({ points: z.nullish(z.number()) } satisfies ShapeOf<RedeemableResult['loyalty_card']>)),
  } satisfies ShapeOf<RedeemableResult>),
);

/**
 * Why a redeemable cannot be used: the service's error for it (`key` e.g. `not_found`,
 * `quantity_exceeded`, `voucher_expired`; `resource_type` e.g. `voucher`).
 * @category Checkout
 */
export interface RedeemableError {
  /** HTTP-like status code, e.g. `404`. */
  code?: number | null;
  /** Machine-readable reason, e.g. `voucher_expired`. Open. */
  key?: string | null;
  /** Short description. */
  message?: string | null;
  /** Longer description. */
  details?: string | null;
  /** ID of the request, for support. */
  request_id?: string | null;
  /** The record at fault. */
  resource_id?: string | null;
  /** Its kind, e.g. `voucher`. */
  resource_type?: string | null;
}

const redeemableErrorSchema: () => z.ZodMiniType<RedeemableError> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    code: z.nullish(z.number()),
    ...nullishStrings('key', 'message', 'details', 'request_id', 'resource_id', 'resource_type'),
  } satisfies ShapeOf<RedeemableError>),
);

/**
 * Why the stacking rules skipped a redeemable (`result.details.key` of a skipped one). Open: any
 * other string the service starts sending is accepted.
 * @category Checkout
 */
export type SkipKey =
  | 'applicable_redeemables_limit_exceeded'
  | 'applicable_redeemables_per_category_limit_exceeded'
  | 'applicable_exclusive_redeemables_limit_exceeded'
  | 'applicable_exclusive_redeemables_per_category_limit_exceeded'
  | 'exclusion_rules_not_met'
  | 'preceding_validation_failed'
  | 'no_effect'
  | (string & {});

/**
 * A reason in words and as a key. Both optional: the spec's seven variants differ only by their
 * `key` and require nothing, and its own example sends `{}` (CHECKOUT.md §5 D4).
 * @category Checkout
 */
export interface RedeemableDetails<K extends string = string> {
  /** Machine-readable reason. */
  key?: K | null;
  /** The reason in words. */
  message?: string | null;
}

const detailsSchema = /* @__PURE__ */ lazy(
  () => z.looseObject({ ...nullishStrings('key', 'message') } satisfies ShapeOf<RedeemableDetails>) as z.ZodMiniType<RedeemableDetails<SkipKey>>,
);

/**
 * The fields every redeemable of a stacked answer has, whatever its `status`.
 * @category Checkout
 */
export interface RedeemableBase {
  /** The voucher code, or the `promo_…` of a promotion tier. */
  id: string;
  /** `voucher` or `promotion_tier`. */
  object?: RedeemableObject | null;
  /** The redeemable's metadata (with `options.expand: ['redeemable']`). */
  metadata?: Metadata<'voucher'> | null;
  /** Its categories (with `options.expand: ['category']`). */
  categories?: Category[] | null;
  /** Name of its campaign. */
  campaign_name?: string | null;
  /** `camp_…` of its campaign. */
  campaign_id?: string | null;
  /** Its name. */
  name?: string | null;
}

/**
 * A redeemable that applies: `result` says what it gives; with `options.expand: ['order']`,
 * `order` is the order it alone would make.
 * @category Checkout
 */
export interface ApplicableRedeemable extends RedeemableBase {
  /** It applies. */
  status: 'APPLICABLE';
  /** What it gives. */
  result?: RedeemableResult | null;
  /** The order with its discount. */
  order?: EmbeddedOrder | null;
  /** Items it applies to. */
  applicable_to?: ApplicableItemList | null;
  /** Items it excludes. */
  inapplicable_to?: ApplicableItemList | null;
}

/**
 * A redeemable that cannot be used: `result.error` is the service's reason (`key`
 * `quantity_exceeded`, `voucher_expired`, `not_found`, …).
 * @category Checkout
 */
export interface InapplicableRedeemable extends RedeemableBase {
  /** It cannot be used. */
  status: 'INAPPLICABLE';
  /** Why. */
  result?: {
    /** The service's error for it. */
    error?: RedeemableError | null;
    /** The reason in words and as a key. */
    details?: RedeemableDetails | null;
    /** The bundle it lacks. */
    bundle?: Bundle | null;
  } | null;
}

/**
 * A redeemable the stacking rules left out (`result.details.key`, e.g.
 * `applicable_redeemables_limit_exceeded`, or `preceding_validation_failed` when another one
 * failed in `ALL` mode).
 * @category Checkout
 */
export interface SkippedRedeemable extends RedeemableBase {
  /** It was not applied. */
  status: 'SKIPPED';
  /** Why. */
  result?: {
    /** The stacking rule that skipped it. */
    details?: RedeemableDetails<SkipKey> | null;
  } | null;
}

/**
 * One redeemable of a stacked validation or redemption; narrow it on `status`:
 *
 * ```ts
 * for (const r of validation.redeemables) {
 *   if (r.status === 'APPLICABLE') console.log(r.id, r.result?.discount);
 *   else if (r.status === 'INAPPLICABLE') console.log(r.id, r.result?.error?.key);
 *   else console.log(r.id, 'skipped:', r.result?.details?.key);
 * }
 * ```
 * @category Checkout
 */
export type ValidatedRedeemable = ApplicableRedeemable | InapplicableRedeemable | SkippedRedeemable;

/** The schema fields of {@link RedeemableBase}. */
const baseFields = () =>
  ({
    id: z.string(),
    object: z.nullish(openEnum()),
    metadata: z.nullish(metadata('voucher')),
    categories: z.nullish(z.array(categorySchema())),
    ...nullishStrings('campaign_name', 'campaign_id', 'name'),
  }) satisfies ShapeOf<RedeemableBase>;

/** The shape of an inapplicable redeemable (built by the schemas that hold one). */
const inapplicableShape = () =>
  z.looseObject({
    ...baseFields(),
    status: z.literal('INAPPLICABLE'),
    result: z.nullish(
      z.looseObject({
        error: z.nullish(redeemableErrorSchema()),
        details: z.nullish(detailsSchema()),
        bundle: z.nullish(bundleSchema()),
      } satisfies ShapeOf<InapplicableRedeemable['result']>),
    ),
  } satisfies ShapeOf<InapplicableRedeemable>);

/** The shape of a skipped redeemable. */
const skippedShape = () =>
  z.looseObject({
    ...baseFields(),
    status: z.literal('SKIPPED'),
    result: z.nullish(z.looseObject({ details: z.nullish(detailsSchema()) } satisfies ShapeOf<SkippedRedeemable['result']>)),
  } satisfies ShapeOf<SkippedRedeemable>);

/** Schema of {@link InapplicableRedeemable}. */
export const inapplicableRedeemableSchema: () => z.ZodMiniType<InapplicableRedeemable> = /* @__PURE__ */ lazy(inapplicableShape);

/** Schema of {@link SkippedRedeemable}. */
export const skippedRedeemableSchema: () => z.ZodMiniType<SkippedRedeemable> = /* @__PURE__ */ lazy(skippedShape);

/** Schema of {@link ValidatedRedeemable}: one object shape per `status`. */
export const validatedRedeemableSchema: () => z.ZodMiniType<ValidatedRedeemable> = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('status', [
    z.looseObject({
      ...baseFields(),
      status: z.literal('APPLICABLE'),
      result: z.nullish(redeemableResultSchema()),
      order: z.nullish(embeddedOrderSchema()),
      applicable_to: z.nullish(applicableItemListSchema()),
      inapplicable_to: z.nullish(applicableItemListSchema()),
    } satisfies ShapeOf<ApplicableRedeemable>),
    inapplicableShape(),
    skippedShape(),
  ]),
);

/**
 * The project's stacking rules in force: how many redeemables one request may carry and apply,
 * per category, exclusive and joint categories, the application mode. Every field optional and
 * extra keys kept: the spec requires 14 of them, its own examples leave some out and send one it
 * does not define (`grouped_redeemables_sorting_rule`; CHECKOUT.md §5 D5).
 * @category Checkout
 */
export interface StackingRules {
  /** Redeemables one request may carry, 1 to 30. */
  redeemables_limit?: number | null;
  /** Redeemables that may apply, 1 to 30; the rest are skipped. */
  applicable_redeemables_limit?: number | null;
  /** Redeemables of one category that may apply. */
  applicable_redeemables_per_category_limit?: number | null;
  /** Per-category overrides: category id → limit. */
  applicable_redeemables_category_limits?: Record<string, number | null | undefined> | null;
  /** Redeemables of exclusive categories that may apply. */
  applicable_exclusive_redeemables_limit?: number | null;
  /** The same, per exclusive category. */
  applicable_exclusive_redeemables_per_category_limit?: number | null;
  /** Categories whose redeemables apply alone. */
  exclusive_categories?: string[] | null;
  /** Categories whose redeemables always stack. */
  joint_categories?: string[] | null;
  /** `ALL`: one inapplicable redeemable fails the request; `PARTIAL`: the others still apply. */
  redeemables_application_mode?: 'ALL' | 'PARTIAL' | (string & {}) | null;
  /** `REQUESTED_ORDER` or `CATEGORY_HIERARCHY`. */
  redeemables_sorting_rule?: 'REQUESTED_ORDER' | 'CATEGORY_HIERARCHY' | (string & {}) | null;
  /** `STACK` or `ONCE`: whether several discounts may hit the same product. */
  redeemables_products_application_mode?: 'STACK' | 'ONCE' | (string & {}) | null;
  /** `REDEEM_ANYWAY` or `SKIP`: a redeemable whose effect is zero. */
  redeemables_no_effect_rule?: 'REDEEM_ANYWAY' | 'SKIP' | (string & {}) | null;
  /** Categories skipped when they have no effect. */
  no_effect_skip_categories?: string[] | null;
  /** Categories redeemed when they have no effect. */
  no_effect_redeem_anyway_categories?: string[] | null;
  /** `WITH_ORDER`: a rollback reverts the order's discounts too; `WITHOUT_ORDER`: it keeps them. */
  redeemables_rollback_order_mode?: 'WITH_ORDER' | 'WITHOUT_ORDER' | (string & {}) | null;
}

/** Schema of {@link StackingRules}. */
export const stackingRulesSchema: () => z.ZodMiniType<StackingRules> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    redeemables_limit: z.nullish(z.number()),
    applicable_redeemables_limit: z.nullish(z.number()),
    applicable_redeemables_per_category_limit: z.nullish(z.number()),
    applicable_redeemables_category_limits: z.nullish(z.record(z.string(), z.nullish(z.number()))),
    applicable_exclusive_redeemables_limit: z.nullish(z.number()),
    applicable_exclusive_redeemables_per_category_limit: z.nullish(z.number()),
    exclusive_categories: z.nullish(z.array(z.string())),
    joint_categories: z.nullish(z.array(z.string())),
    redeemables_application_mode: z.nullish(openEnum()),
    redeemables_sorting_rule: z.nullish(openEnum()),
    redeemables_products_application_mode: z.nullish(openEnum()),
    redeemables_no_effect_rule: z.nullish(openEnum()),
    no_effect_skip_categories: z.nullish(z.array(z.string())),
    no_effect_redeem_anyway_categories: z.nullish(z.array(z.string())),
    redeemables_rollback_order_mode: z.nullish(openEnum()),
  } satisfies ShapeOf<StackingRules>),
);
