/**
 * Shapes shared by several records: discount, gift and loyalty card balances, categories, the
 * simple customer, validity windows, item lists (`applicable_to`), validation rule assignments and
 * the session lock (service interface §2.1, §2.2).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, listOf, metadata, openEnum } from './base.js';

/** Every discount `effect` the service is known to send, across all discount types. */
const DISCOUNT_EFFECTS = [
  'APPLY_TO_ORDER',
  'APPLY_TO_ITEMS',
  'APPLY_TO_ITEMS_PROPORTIONALLY',
  'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY',
  'APPLY_TO_ITEMS_BY_QUANTITY',
  'ADD_MISSING_ITEMS',
  'ADD_NEW_ITEMS',
  'ADD_MANY_ITEMS',
  'ADD_SAME_ITEMS',
] as const;

/** How an item-level discount is spread over the matching items. */
const APPLICABLE_TO_EFFECTS = [
  'APPLY_TO_EVERY',
  'APPLY_TO_CHEAPEST',
  'APPLY_FROM_CHEAPEST',
  'APPLY_TO_MOST_EXPENSIVE',
  'APPLY_FROM_MOST_EXPENSIVE',
] as const;

/** A product or SKU named by a unit discount. */
const discountUnitTarget = () =>
  z.looseObject({
    id: z.nullish(z.string()),
    source_id: z.nullish(z.string()),
    name: z.nullish(z.string()),
  });

/** Schema of {@link DiscountUnit}. */
export const discountUnitSchema = lazy(() =>
  z.looseObject({
    /** Number of units given. */
    unit_off: z.nullish(z.number()),
    /** Formula computing `unit_off` (dynamic discounts). */
    unit_off_formula: z.nullish(z.string()),
    /** `ADD_NEW_ITEMS` or `ADD_MISSING_ITEMS`. */
    effect: z.nullish(openEnum(['ADD_NEW_ITEMS', 'ADD_MISSING_ITEMS'])),
    /** ID of the product or SKU given. */
    unit_type: z.nullish(z.string()),
    product: z.nullish(discountUnitTarget()),
    sku: z.nullish(discountUnitTarget()),
  }),
);

/** One of the items of a multi-item unit discount (`discount.units`). */
export interface DiscountUnit extends z.infer<ReturnType<typeof discountUnitSchema>> {}

/** Schema of {@link Discount}. */
export const discountSchema = lazy(() =>
  z.looseObject({
    /** Which of the variant fields below apply: `AMOUNT`, `PERCENT`, `FIXED` or `UNIT`. */
    type: z.nullish(openEnum(['AMOUNT', 'PERCENT', 'FIXED', 'UNIT'])),
    /** `AMOUNT`: amount taken off, in the smallest currency unit. */
    amount_off: z.nullish(z.number()),
    /** `AMOUNT`: formula computing `amount_off` (dynamic discounts). */
    amount_off_formula: z.nullish(z.string()),
    /** `PERCENT`: percentage taken off, e.g. `12.5`. */
    percent_off: z.nullish(z.number()),
    /** `PERCENT`: formula computing `percent_off`. */
    percent_off_formula: z.nullish(z.string()),
    /** `PERCENT`: upper limit of the discount, in the smallest currency unit. */
    amount_limit: z.nullish(z.number()),
    /** Upper limit of the aggregated discount amount, in the smallest currency unit. */
    aggregated_amount_limit: z.nullish(z.number()),
    /** `FIXED`: the price the order or items are sold for, in the smallest currency unit. */
    fixed_amount: z.nullish(z.number()),
    /** `FIXED`: formula computing `fixed_amount`. */
    fixed_amount_formula: z.nullish(z.string()),
    /** `UNIT` (single item): number of units given. */
    unit_off: z.nullish(z.number()),
    /** `UNIT` (single item): formula computing `unit_off`. */
    unit_off_formula: z.nullish(z.string()),
    /** `UNIT` (single item): ID of the product or SKU given. */
    unit_type: z.nullish(z.string()),
    /** `UNIT` with effect `ADD_MANY_ITEMS`: the items given. Often null. */
    units: z.nullish(z.array(discountUnitSchema())),
    /** What the discount applies to, e.g. `APPLY_TO_ORDER`, `APPLY_TO_ITEMS`, `ADD_MISSING_ITEMS`. */
    effect: z.nullish(openEnum(DISCOUNT_EFFECTS)),
    /** True when the discount value comes from a formula. */
    is_dynamic: z.nullish(z.boolean()),
    /** `UNIT` (single item): the product given. */
    product: z.nullish(discountUnitTarget()),
    /** `UNIT` (single item): the SKU given. */
    sku: z.nullish(discountUnitTarget()),
  }),
);

/**
 * A discount: one object whose `type` (`AMOUNT`, `PERCENT`, `FIXED`, `UNIT`) tells which of its
 * fields apply. Money is in the smallest currency unit.
 */
export interface Discount extends z.infer<ReturnType<typeof discountSchema>> {}

/** Schema of {@link Gift}. */
export const giftSchema = lazy(() =>
  z.looseObject({
    /** Initial credit, in the smallest currency unit. The only field in a redemption result (amount used). */
    amount: z.nullish(z.number()),
    /** Credit used so far, in the smallest currency unit. */
    subtracted_amount: z.nullish(z.number()),
    /** Credit left, in the smallest currency unit. */
    balance: z.nullish(z.number()),
    /** Value seen: `APPLY_TO_ORDER`. */
    effect: z.nullish(openEnum(['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'])),
  }),
);

/** The credit of a gift voucher (`voucher.gift`), in the smallest currency unit. */
export interface Gift extends z.infer<ReturnType<typeof giftSchema>> {}

/** Schema of {@link LoyaltyCard}. */
export const loyaltyCardSchema = lazy(() =>
  z.looseObject({
    /** Points earned in total. The only field in a redemption result (points used). */
    points: z.nullish(z.number()),
    /** Points available now. */
    balance: z.nullish(z.number()),
    /** Date (`YYYY-MM-DD`) the next points expire. */
    next_expiration_date: z.nullish(z.string()),
    /** Points expiring on `next_expiration_date`. */
    next_expiration_points: z.nullish(z.number()),
    /** Points earned but not yet active. */
    pending_points: z.nullish(z.number()),
    /** Points that have expired. */
    expired_points: z.nullish(z.number()),
    /** Points spent or removed. */
    subtracted_points: z.nullish(z.number()),
  }),
);

/** The points of a loyalty card (`voucher.loyalty_card`). */
export interface LoyaltyCard extends z.infer<ReturnType<typeof loyaltyCardSchema>> {}

/** Schema of {@link Category}. */
export const categorySchema = lazy(() =>
  z.looseObject({
    /** `cat_…` */
    id: z.string(),
    name: z.nullish(z.string()),
    /** Position of the category among others; lower comes first. */
    hierarchy: z.nullish(z.number()),
    /** Always `category`. */
    object: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
  }),
);

/** A category a voucher, tier or stack belongs to. */
export interface Category extends z.infer<ReturnType<typeof categorySchema>> {}

/** Schema of {@link SimpleCustomer}. */
export const simpleCustomerSchema = lazy(() =>
  z.looseObject({
    /** `cust_…` */
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    email: z.nullish(z.string()),
    /** The merchant's own ID of the customer. */
    source_id: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    /** Always `customer`. */
    object: z.nullish(z.string()),
  }),
);

/** A customer summary as embedded in other records (voucher holder, redemption, event). */
export interface SimpleCustomer extends z.infer<ReturnType<typeof simpleCustomerSchema>> {}

/** Schema of {@link ValidityTimeframe}. */
export const validityTimeframeSchema = lazy(() =>
  z.looseObject({
    /** How long each active period lasts, an ISO 8601 duration such as `PT1H`. */
    duration: z.nullish(z.string()),
    /** How often an active period starts, an ISO 8601 duration such as `P1D`. */
    interval: z.nullish(z.string()),
  }),
);

/** A recurring validity window: valid for `duration` every `interval`, counted from `start_date`. */
export interface ValidityTimeframe extends z.infer<ReturnType<typeof validityTimeframeSchema>> {}

/** Schema of {@link ValidityHours}. */
export const validityHoursSchema = lazy(() =>
  z.looseObject({
    daily: z.nullish(
      z.array(
        z.looseObject({
          /** `HH:MM` */
          start_time: z.nullish(z.string()),
          /** Days the window applies to: 0 (Sunday) to 6 (Saturday). */
          days_of_week: z.nullish(z.array(z.number())),
          /** `HH:MM` */
          expiration_time: z.nullish(z.string()),
        }),
      ),
    ),
  }),
);

/** Hours of the day in which a voucher or tier is valid. */
export interface ValidityHours extends z.infer<ReturnType<typeof validityHoursSchema>> {}

/** Schema of {@link ApplicableItem}. */
export const applicableItemSchema = lazy(() =>
  z.looseObject({
    /** `product`, `sku` or `products_collection`. */
    object: z.nullish(openEnum(['product', 'sku', 'products_collection'])),
    id: z.nullish(z.string()),
    source_id: z.nullish(z.string()),
    product_id: z.nullish(z.string()),
    product_source_id: z.nullish(z.string()),
    /** Price override, in the smallest currency unit. */
    price: z.nullish(z.number()),
    price_formula: z.nullish(z.union([z.number(), z.string()])),
    /** How the discount is spread over matching items, e.g. `APPLY_TO_EVERY`. */
    effect: z.nullish(openEnum(APPLICABLE_TO_EFFECTS)),
    quantity_limit: z.nullish(z.number()),
    aggregated_quantity_limit: z.nullish(z.number()),
    /** In the smallest currency unit. */
    amount_limit: z.nullish(z.number()),
    /** In the smallest currency unit. */
    aggregated_amount_limit: z.nullish(z.number()),
    /** Indices of the order items this entry matched. */
    order_item_indices: z.nullish(z.array(z.number())),
    /** `ITEM` or `UNIT`. */
    target: z.nullish(openEnum(['ITEM', 'UNIT'])),
  }),
);

/** A product, SKU or collection a discount applies to (or is excluded from). */
export interface ApplicableItem extends z.infer<ReturnType<typeof applicableItemSchema>> {}

/** Schema of {@link ApplicableItemList}. */
export const applicableItemListSchema = lazy(() => listOf(applicableItemSchema()));

/** The items a discount applies to (`applicable_to`) or is excluded from (`inapplicable_to`), in a list envelope. */
export interface ApplicableItemList extends z.infer<ReturnType<typeof applicableItemListSchema>> {}

/** Schema of {@link ValidationRulesAssignment}. */
export const validationRulesAssignmentSchema = lazy(() =>
  z.looseObject({
    /** `asgm_…` */
    id: z.string(),
    /** `val_…`: the validation rule assigned. */
    rule_id: z.nullish(z.string()),
    /** ID of the voucher, campaign or tier the rule is assigned to. */
    related_object_id: z.nullish(z.string()),
    /** `voucher`, `campaign` or `promotion_tier`. */
    related_object_type: z.nullish(openEnum(['voucher', 'campaign', 'promotion_tier'])),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** `VALID`, `PARTIALLY_VALID` or `INVALID`. */
    validation_status: z.nullish(openEnum(['VALID', 'PARTIALLY_VALID', 'INVALID'])),
    /** Rules left out of the assignment. */
    validation_omitted_rules: z.nullish(z.array(z.string())),
    /** Always `validation_rules_assignment`. */
    object: z.nullish(z.string()),
  }),
);

/** The assignment of a validation rule to a voucher, campaign or promotion tier. */
export interface ValidationRulesAssignment extends z.infer<ReturnType<typeof validationRulesAssignmentSchema>> {}

/** Schema of {@link ValidationRulesAssignmentList}. */
export const validationRulesAssignmentListSchema = lazy(() => listOf(validationRulesAssignmentSchema()));

/** Validation rule assignments in a list envelope with `total`. */
export interface ValidationRulesAssignmentList extends z.infer<ReturnType<typeof validationRulesAssignmentListSchema>> {}

/** Schema of {@link Session}. */
export const sessionSchema = lazy(() =>
  z.looseObject({
    /** The session key to send with the following requests of the same session. */
    key: z.nullish(z.string()),
    /** Always `LOCK`. */
    type: z.nullish(openEnum(['LOCK'])),
    /** How long the lock lasts, in `ttl_unit`s. */
    ttl: z.nullish(z.number()),
    /** Unit of `ttl`, e.g. `DAYS`, `HOURS`. */
    ttl_unit: z.nullish(
      openEnum(['DAYS', 'HOURS', 'MICROSECONDS', 'MILLISECONDS', 'MINUTES', 'NANOSECONDS', 'SECONDS']),
    ),
  }),
);

/** A session lock held across parallel validation and redemption requests (7 days unless set). */
export interface Session extends z.infer<ReturnType<typeof sessionSchema>> {}
