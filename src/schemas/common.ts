/**
 * Shapes shared by several records: discount, gift and loyalty card balances, categories, the
 * simple customer, validity windows, item lists (`applicable_to`), validation rule assignments and
 * the session lock (service interface §2.1, §2.2).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, metadata, openEnum, type ShapeOf } from './base.js';

/**
 * The kind of a campaign: `DISCOUNT_COUPONS`, `GIFT_VOUCHERS`, `LOYALTY_PROGRAM`, `PROMOTION` or
 * `REFERRAL_PROGRAM`. Open: any other string the service starts sending is accepted.
 * @category Shared responses
 */
export type CampaignType =
  | 'DISCOUNT_COUPONS'
  | 'GIFT_VOUCHERS'
  | 'LOYALTY_PROGRAM'
  | 'PROMOTION'
  | 'REFERRAL_PROGRAM'
  | (string & {});

/**
 * The kind of a discount, which tells which of the {@link Discount} fields apply: `AMOUNT` (an
 * amount off), `PERCENT` (a percentage off), `FIXED` (a fixed price) or `UNIT` (units of a
 * product given). Open: any other string the service starts sending is accepted.
 * @category Shared responses
 */
export type DiscountType = 'AMOUNT' | 'PERCENT' | 'FIXED' | 'UNIT' | (string & {});

/**
 * What a discount applies to. By discount type: `AMOUNT` takes `APPLY_TO_ORDER`, `APPLY_TO_ITEMS`,
 * `APPLY_TO_ITEMS_PROPORTIONALLY`, `APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY` or
 * `APPLY_TO_ITEMS_BY_QUANTITY`; `PERCENT` and `FIXED` take `APPLY_TO_ORDER` (the order total) or
 * `APPLY_TO_ITEMS` (the items listed in `applicable_to`); `UNIT` takes `ADD_MISSING_ITEMS`,
 * `ADD_NEW_ITEMS`, `ADD_MANY_ITEMS` (several items, listed in `units`) or `ADD_SAME_ITEMS`. Open:
 * any other string the service starts sending is accepted.
 * @category Shared responses
 */
export type DiscountEffect =
  | 'APPLY_TO_ORDER'
  | 'APPLY_TO_ITEMS'
  | 'APPLY_TO_ITEMS_PROPORTIONALLY'
  | 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY'
  | 'APPLY_TO_ITEMS_BY_QUANTITY'
  | 'ADD_MISSING_ITEMS'
  | 'ADD_NEW_ITEMS'
  | 'ADD_MANY_ITEMS'
  | 'ADD_SAME_ITEMS'
  | (string & {});

/**
 * The product or SKU a unit discount gives (`product` and `sku` of {@link Discount} and {@link DiscountUnit}).
 * @category Shared responses
 */
export interface DiscountItemReference {
  /** `prod_…` or `sku_…`. */
  id?: string | null;
  /** The merchant's own ID of the product or SKU. */
  source_id?: string | null;
  /** Product or SKU name. */
  name?: string | null;
}

const discountItemReference: () => z.ZodMiniType<DiscountItemReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    source_id: z.nullish(z.string()),
    name: z.nullish(z.string()),
  } satisfies ShapeOf<DiscountItemReference>),
);

/**
 * One of the items of a multi-item unit discount (`discount.units`, effect `ADD_MANY_ITEMS`).
 * @category Shared responses
 */
export interface DiscountUnit {
  /** Number of units given. */
  unit_off?: number | null;
  /** Formula computing `unit_off` (dynamic discounts). */
  unit_off_formula?: string | null;
  /** `ADD_NEW_ITEMS` or `ADD_MISSING_ITEMS`. */
  effect?: 'ADD_NEW_ITEMS' | 'ADD_MISSING_ITEMS' | (string & {}) | null;
  /** `prod_…` or `sku_…`: the product or SKU given. */
  unit_type?: string | null;
  /** The product given. */
  product?: DiscountItemReference | null;
  /** The SKU given, when the unit is a SKU. */
  sku?: DiscountItemReference | null;
}

/** Schema of {@link DiscountUnit}. */
export const discountUnitSchema: () => z.ZodMiniType<DiscountUnit> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    unit_off: z.nullish(z.number()),
    unit_off_formula: z.nullish(z.string()),
    effect: z.nullish(openEnum()),
    unit_type: z.nullish(z.string()),
    product: z.nullish(discountItemReference()),
    sku: z.nullish(discountItemReference()),
  } satisfies ShapeOf<DiscountUnit>),
);

/**
 * A discount: one object whose `type` (`AMOUNT`, `PERCENT`, `FIXED`, `UNIT`) tells which of its
 * fields apply. Money is in the smallest currency unit (cents).
 * @category Shared responses
 */
export interface Discount {
  /** Which of the variant fields below apply: `AMOUNT`, `PERCENT`, `FIXED` or `UNIT`. */
  type?: DiscountType | null;
  /** `AMOUNT`: amount taken off, in the smallest currency unit. */
  amount_off?: number | null;
  /** `AMOUNT`: formula computing `amount_off` (dynamic discounts). */
  amount_off_formula?: string | null;
  /** `PERCENT`: percentage taken off, e.g. `12.5` for 12.5 %. */
  percent_off?: number | null;
  /** `PERCENT`: formula computing `percent_off` (dynamic discounts). */
  percent_off_formula?: string | null;
  /** `PERCENT`: upper limit of the discount, in the smallest currency unit. */
  amount_limit?: number | null;
  /** Upper limit of the discount summed over all items, in the smallest currency unit. */
  aggregated_amount_limit?: number | null;
  /** `FIXED`: the price the order or items are sold for, in the smallest currency unit. */
  fixed_amount?: number | null;
  /** `FIXED`: formula computing `fixed_amount` (dynamic discounts). */
  fixed_amount_formula?: string | null;
  /** `UNIT` (single item): number of units given. */
  unit_off?: number | null;
  /** `UNIT` (single item): formula computing `unit_off` (dynamic discounts). */
  unit_off_formula?: string | null;
  /** `UNIT` (single item): `prod_…` or `sku_…` of the product or SKU given. */
  unit_type?: string | null;
  /** `UNIT` with effect `ADD_MANY_ITEMS`: the items given. Often null. */
  units?: DiscountUnit[] | null;
  /** What the discount applies to, e.g. `APPLY_TO_ORDER`, `APPLY_TO_ITEMS`, `ADD_MISSING_ITEMS`. */
  effect?: DiscountEffect | null;
  /** True when the discount value comes from a formula (`…_formula`). */
  is_dynamic?: boolean | null;
  /** `UNIT` (single item): the product given. */
  product?: DiscountItemReference | null;
  /** `UNIT` (single item): the SKU given, when the unit is a SKU. */
  sku?: DiscountItemReference | null;
}

/** Schema of {@link Discount}. */
export const discountSchema: () => z.ZodMiniType<Discount> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    type: z.nullish(openEnum()),
    amount_off: z.nullish(z.number()),
    amount_off_formula: z.nullish(z.string()),
    percent_off: z.nullish(z.number()),
    percent_off_formula: z.nullish(z.string()),
    amount_limit: z.nullish(z.number()),
    aggregated_amount_limit: z.nullish(z.number()),
    fixed_amount: z.nullish(z.number()),
    fixed_amount_formula: z.nullish(z.string()),
    unit_off: z.nullish(z.number()),
    unit_off_formula: z.nullish(z.string()),
    unit_type: z.nullish(z.string()),
    units: z.nullish(z.array(discountUnitSchema())),
    effect: z.nullish(openEnum()),
    is_dynamic: z.nullish(z.boolean()),
    product: z.nullish(discountItemReference()),
    sku: z.nullish(discountItemReference()),
  } satisfies ShapeOf<Discount>),
);

/**
 * The credit of a gift voucher (`voucher.gift`), in the smallest currency unit. In a redemption
 * or rollback only `amount` is present: the credit used or given back.
 * @category Shared responses
 */
export interface Gift {
  /** Initial credit, in the smallest currency unit. In a redemption or rollback: the credit used or given back. */
  amount?: number | null;
  /** Credit used so far, in the smallest currency unit. */
  subtracted_amount?: number | null;
  /** Credit left, in the smallest currency unit. */
  balance?: number | null;
  /** How the credit is applied; value seen: `APPLY_TO_ORDER`. */
  effect?: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' | (string & {}) | null;
}

/** Schema of {@link Gift}. */
export const giftSchema: () => z.ZodMiniType<Gift> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    amount: z.nullish(z.number()),
    subtracted_amount: z.nullish(z.number()),
    balance: z.nullish(z.number()),
    effect: z.nullish(openEnum()),
  } satisfies ShapeOf<Gift>),
);

/**
 * The points of a loyalty card (`voucher.loyalty_card`). In a redemption or rollback only
 * `points` is present: the points used or given back.
 * @category Shared responses
 */
export interface LoyaltyCard {
  /** Points earned in total. In a redemption or rollback: the points used or given back. */
  points?: number | null;
  /** Points available now. */
  balance?: number | null;
  /** Date (`YYYY-MM-DD`) the next points expire. */
  next_expiration_date?: string | null;
  /** Points expiring on `next_expiration_date`. */
  next_expiration_points?: number | null;
  /** Points earned but not yet active (see {@link PendingPoints}). */
  pending_points?: number | null;
  /** Points that have expired. */
  expired_points?: number | null;
  /** Points spent or removed. */
  subtracted_points?: number | null;
}

/** Schema of {@link LoyaltyCard}. */
export const loyaltyCardSchema: () => z.ZodMiniType<LoyaltyCard> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    points: z.nullish(z.number()),
    balance: z.nullish(z.number()),
    next_expiration_date: z.nullish(z.string()),
    next_expiration_points: z.nullish(z.number()),
    pending_points: z.nullish(z.number()),
    expired_points: z.nullish(z.number()),
    subtracted_points: z.nullish(z.number()),
  } satisfies ShapeOf<LoyaltyCard>),
);

/**
 * A category a voucher, campaign, tier or stack belongs to.
 * @category Shared responses
 */
export interface Category {
  /** `cat_…` */
  id?: string | null;
  /** Category name. */
  name?: string | null;
  /** Position of the category among others; lower comes first. */
  hierarchy?: number | null;
  /** Always `category`. */
  object?: string | null;
  /** When the category was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the category was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
}

/** Schema of {@link Category}. */
export const categorySchema: () => z.ZodMiniType<Category> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    hierarchy: z.nullish(z.number()),
    object: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
  } satisfies ShapeOf<Category>),
);

/**
 * A customer summary as embedded in other records (voucher holder, redemption, reward, event).
 * @category Shared responses
 */
export interface SimpleCustomer {
  /** `cust_…` */
  id?: string | null;
  /** Customer name. */
  name?: string | null;
  /** Customer email address. */
  email?: string | null;
  /** The merchant's own ID of the customer. */
  source_id?: string | null;
  /** The customer's metadata. */
  metadata?: Record<string, unknown> | null;
  /** Always `customer`. */
  object?: string | null;
}

/** Schema of {@link SimpleCustomer}. */
export const simpleCustomerSchema: () => z.ZodMiniType<SimpleCustomer> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    email: z.nullish(z.string()),
    source_id: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<SimpleCustomer>),
);

/**
 * A recurring validity window: valid for `duration` every `interval`, counted from `start_date`.
 * @category Shared responses
 */
export interface ValidityTimeframe {
  /** How long each active period lasts, an ISO 8601 duration such as `PT1H`. */
  duration?: string | null;
  /** How often an active period starts, an ISO 8601 duration such as `P1D`. */
  interval?: string | null;
}

/** Schema of {@link ValidityTimeframe}. */
export const validityTimeframeSchema: () => z.ZodMiniType<ValidityTimeframe> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    duration: z.nullish(z.string()),
    interval: z.nullish(z.string()),
  } satisfies ShapeOf<ValidityTimeframe>),
);

/**
 * One daily window of {@link ValidityHours}: from `start_time` to `expiration_time` on `days_of_week`.
 * @category Shared responses
 */
export interface ValidityHoursWindow {
  /** Start of the window, `HH:MM`. */
  start_time?: string | null;
  /** Days the window applies to: 0 (Sunday) to 6 (Saturday). */
  days_of_week?: number[] | null;
  /** End of the window, `HH:MM`. */
  expiration_time?: string | null;
}

/**
 * Hours of the day in which a voucher or tier is valid.
 * @category Shared responses
 */
export interface ValidityHours {
  /** The daily windows. */
  daily?: ValidityHoursWindow[] | null;
}

/**
 * When a voucher, a promotion tier or a campaign is active: its window, its recurring periods,
 * days and hours, and the switch that disables it inside them.
 * @category Shared responses
 */
export interface ValidityWindow {
  /** Date-time (ISO 8601) before which it is inactive. */
  start_date?: string | null;
  /** Date-time (ISO 8601) after which it is inactive. */
  expiration_date?: string | null;
  /** Recurring periods in which it is valid, counted from `start_date`. */
  validity_timeframe?: ValidityTimeframe | null;
  /** Days of the week it is valid: 0 (Sunday) to 6 (Saturday). */
  validity_day_of_week?: number[] | null;
  /** Hours of the day it is valid. */
  validity_hours?: ValidityHours | null;
  /** False disables it even inside its validity window. */
  active?: boolean | null;
}

/** Schema of {@link ValidityHours}. */
export const validityHoursSchema: () => z.ZodMiniType<ValidityHours> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    daily: z.nullish(
      z.array(
        z.looseObject({
          start_time: z.nullish(z.string()),
          days_of_week: z.nullish(z.array(z.number())),
          expiration_time: z.nullish(z.string()),
        } satisfies ShapeOf<ValidityHoursWindow>),
      ),
    ),
  } satisfies ShapeOf<ValidityHours>),
);

/**
 * The fields of {@link ValidityWindow}, each nullish: spread into the shapes of the records that
 * extend it (vouchers, promotion tiers and their campaigns).
 */
export const validityWindowFields = () => ({
  start_date: z.nullish(z.string()),
  expiration_date: z.nullish(z.string()),
  validity_timeframe: z.nullish(validityTimeframeSchema()),
  validity_day_of_week: z.nullish(z.array(z.number())),
  validity_hours: z.nullish(validityHoursSchema()),
  active: z.nullish(z.boolean()),
});

/**
 * A product, SKU or collection a discount applies to (or is excluded from).
 * @category Shared responses
 */
export interface ApplicableItem {
  /** `product`, `sku` or `products_collection`. */
  object?: 'product' | 'sku' | 'products_collection' | (string & {}) | null;
  /** ID of the product, SKU or collection. */
  id?: string | null;
  /** The merchant's own ID of the product or SKU. */
  source_id?: string | null;
  /** SKUs: `prod_…` of the parent product. */
  product_id?: string | null;
  /** SKUs: the merchant's own ID of the parent product. */
  product_source_id?: string | null;
  /** Price override, in the smallest currency unit. */
  price?: number | null;
  /** Formula computing the price override. */
  price_formula?: number | string | null;
  /**
   * How the discount is spread over the matching items: `APPLY_TO_EVERY`, `APPLY_TO_CHEAPEST`,
   * `APPLY_FROM_CHEAPEST`, `APPLY_TO_MOST_EXPENSIVE` or `APPLY_FROM_MOST_EXPENSIVE`.
   */
  effect?:
    | 'APPLY_TO_EVERY'
    | 'APPLY_TO_CHEAPEST'
    | 'APPLY_FROM_CHEAPEST'
    | 'APPLY_TO_MOST_EXPENSIVE'
    | 'APPLY_FROM_MOST_EXPENSIVE'
    | (string & {})
    | null;
  /** Maximum number of units of each matching item discounted. */
  quantity_limit?: number | null;
  /** Maximum number of units discounted across all matching items. */
  aggregated_quantity_limit?: number | null;
  /** Maximum discount on each matching item, in the smallest currency unit. */
  amount_limit?: number | null;
  /** Maximum discount across all matching items, in the smallest currency unit. */
  aggregated_amount_limit?: number | null;
  /** Indices of the order items this entry matched. */
  order_item_indices?: number[] | null;
  /** Whether the discount counts items (`ITEM`) or units (`UNIT`). */
  target?: 'ITEM' | 'UNIT' | (string & {}) | null;
}

/** Schema of {@link ApplicableItem}. */
export const applicableItemSchema: () => z.ZodMiniType<ApplicableItem> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    object: z.nullish(openEnum()),
    id: z.nullish(z.string()),
    source_id: z.nullish(z.string()),
    product_id: z.nullish(z.string()),
    product_source_id: z.nullish(z.string()),
    price: z.nullish(z.number()),
    price_formula: z.nullish(z.union([z.number(), z.string()])),
    effect: z.nullish(openEnum()),
    quantity_limit: z.nullish(z.number()),
    aggregated_quantity_limit: z.nullish(z.number()),
    amount_limit: z.nullish(z.number()),
    aggregated_amount_limit: z.nullish(z.number()),
    order_item_indices: z.nullish(z.array(z.number())),
    target: z.nullish(openEnum()),
  } satisfies ShapeOf<ApplicableItem>),
);

/**
 * The items a discount applies to (`applicable_to`) or is excluded from (`inapplicable_to`), in a list envelope.
 * @category Shared responses
 */
export interface ApplicableItemList extends ListEnvelope {
  /** The items. */
  data?: ApplicableItem[] | null;
}

/** Schema of {@link ApplicableItemList}. */
export const applicableItemListSchema: () => z.ZodMiniType<ApplicableItemList> = /* @__PURE__ */ lazy(() =>
  listOf(applicableItemSchema()),
);

/**
 * The assignment of a validation rule to a voucher, campaign or promotion tier.
 * @category Shared responses
 */
export interface ValidationRulesAssignment {
  /** `asgm_…` */
  id?: string | null;
  /** `val_…`: the validation rule assigned. */
  rule_id?: string | null;
  /** ID of the voucher, campaign or tier the rule is assigned to. */
  related_object_id?: string | null;
  /** `voucher`, `campaign` or `promotion_tier`. */
  related_object_type?: 'voucher' | 'campaign' | 'promotion_tier' | (string & {}) | null;
  /** When the rule was assigned, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the assignment was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Whether the rule can be applied to the object: `VALID`, `PARTIALLY_VALID` or `INVALID`. */
  validation_status?: 'VALID' | 'PARTIALLY_VALID' | 'INVALID' | (string & {}) | null;
  /** Rules of the validation rule left out of the assignment. */
  validation_omitted_rules?: string[] | null;
  /** Always `validation_rules_assignment`. */
  object?: string | null;
}

/** Schema of {@link ValidationRulesAssignment}. */
export const validationRulesAssignmentSchema: () => z.ZodMiniType<ValidationRulesAssignment> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    rule_id: z.nullish(z.string()),
    related_object_id: z.nullish(z.string()),
    related_object_type: z.nullish(openEnum()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    validation_status: z.nullish(openEnum()),
    validation_omitted_rules: z.nullish(z.array(z.string())),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<ValidationRulesAssignment>),
);

/**
 * Validation rule assignments in a list envelope with `total`.
 * @category Shared responses
 */
export interface ValidationRulesAssignmentList extends ListEnvelope {
  /** The assignments. */
  data?: ValidationRulesAssignment[] | null;
}

/** Schema of {@link ValidationRulesAssignmentList}. */
export const validationRulesAssignmentListSchema: () => z.ZodMiniType<ValidationRulesAssignmentList> =
  /* @__PURE__ */ lazy(() => listOf(validationRulesAssignmentSchema()));

/**
 * A session lock held across parallel validation and redemption requests (7 days unless set).
 * @category Shared responses
 */
export interface Session {
  /** The session key to send with the following requests of the same session. */
  key?: string | null;
  /** Always `LOCK`. */
  type?: 'LOCK' | (string & {}) | null;
  /** How long the lock lasts, in `ttl_unit`s. */
  ttl?: number | null;
  /** Unit of `ttl`, e.g. `DAYS`, `HOURS`. */
  ttl_unit?:
    | 'DAYS'
    | 'HOURS'
    | 'MICROSECONDS'
    | 'MILLISECONDS'
    | 'MINUTES'
    | 'NANOSECONDS'
    | 'SECONDS'
    | (string & {})
    | null;
}

/** Schema of {@link Session}. */
export const sessionSchema: () => z.ZodMiniType<Session> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    key: z.nullish(z.string()),
    type: z.nullish(openEnum()),
    ttl: z.nullish(z.number()),
    ttl_unit: z.nullish(openEnum()),
  } satisfies ShapeOf<Session>),
);
