/**
 * Request-side shapes several operations share (a customer, an order, a session).
 *
 * @module
 */
import type { DiscountEffect, DiscountType } from '../schemas/discount.js';

/**
 * A postal address of a customer.
 * @category Shared inputs
 */
export interface AddressInput {
  city?: string | undefined;
  state?: string | undefined;
  line_1?: string | undefined;
  line_2?: string | undefined;
  country?: string | undefined;
  postal_code?: string | undefined;
}

/**
 * A customer as sent in a request: identify an existing one by `id` (`cust_…`) or `source_id`
 * (your own ID); the other fields create or update the customer.
 * @category Shared inputs
 */
export interface CustomerInput {
  /** The service's customer ID, `cust_…`. */
  id?: string | undefined;
  /** Your own ID of the customer. */
  source_id?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** Date of birth, `YYYY-MM-DD`. */
  birthday?: string | undefined;
  /** Date of birth, `YYYY-MM-DD`. */
  birthdate?: string | undefined;
  address?: AddressInput | null | undefined;
  /** Custom key/value pairs, checked against the customer metadata schema. */
  metadata?: Record<string, unknown> | undefined;
}

/**
 * A day of the week as the service numbers them: 0 (Sunday), 1 (Monday), … 6 (Saturday).
 * @category Shared inputs
 */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * A recurring validity window: active for `duration` every `interval`, counted from `start_date`.
 * @category Shared inputs
 */
export interface ValidityTimeframeInput {
  /** How long each active period lasts: an ISO 8601 duration, e.g. `PT1H` (one hour). */
  duration?: string | undefined;
  /** How often an active period starts: an ISO 8601 duration, e.g. `P2D` (every two days). */
  interval?: string | undefined;
}

/**
 * One daily window of {@link ValidityHoursInput}.
 * @category Shared inputs
 */
export interface ValidityHoursWindowInput {
  /** Start of the window, `HH:MM` (24-hour clock). */
  start_time?: string | undefined;
  /** Days the window applies to: 0 (Sunday) to 6 (Saturday). */
  days_of_week?: DayOfWeek[] | undefined;
  /** End of the window, `HH:MM` (24-hour clock). */
  expiration_time?: string | undefined;
}

/**
 * Hours of the day in which a voucher or tier is valid.
 * @category Shared inputs
 */
export interface ValidityHoursInput {
  /** Daily windows, each on the days it lists. */
  daily?: ValidityHoursWindowInput[] | undefined;
}

/**
 * When a voucher or promotion tier is active: a date window, narrowed by recurring periods, days and hours.
 * @category Shared inputs
 */
export interface ValidityInput {
  /** Inactive before this moment: an ISO 8601 date-time (`2026-11-22T10:00:00Z`) or a `Date`. Required by the service with `validity_timeframe`. */
  start_date?: string | Date | undefined;
  /** Inactive after this moment: an ISO 8601 date-time or a `Date`. */
  expiration_date?: string | Date | undefined;
  /** Recurring active periods, counted from `start_date`. */
  validity_timeframe?: ValidityTimeframeInput | undefined;
  /** Days of the week it is valid on: integers 0 (Sunday) to 6 (Saturday). */
  validity_day_of_week?: DayOfWeek[] | undefined;
  /** Hours of the day it is valid in. */
  validity_hours?: ValidityHoursInput | undefined;
}

/**
 * A product or SKU given by a `UNIT` discount.
 * @category Shared inputs
 */
export interface DiscountUnitTargetInput {
  id?: string | undefined;
  source_id?: string | undefined;
  name?: string | undefined;
}

/**
 * One item of a multi-item `UNIT` discount (`effect` `ADD_MANY_ITEMS`).
 * @category Shared inputs
 */
export interface DiscountUnitInput {
  /** Number of units given. */
  unit_off?: number | undefined;
  /** Formula computing `unit_off` (dynamic discounts). */
  unit_off_formula?: string | undefined;
  /** `ADD_NEW_ITEMS` or `ADD_MISSING_ITEMS`. */
  effect?: 'ADD_NEW_ITEMS' | 'ADD_MISSING_ITEMS' | (string & {}) | undefined;
  /** ID of the product or SKU given (`prod_…`, `sku_…`). */
  unit_type?: string | undefined;
  product?: DiscountUnitTargetInput | undefined;
  sku?: DiscountUnitTargetInput | undefined;
}

/**
 * A discount as sent in a request. `type` tells which fields apply: `AMOUNT` (`amount_off`),
 * `PERCENT` (`percent_off`), `FIXED` (`fixed_amount`) or `UNIT` (`unit_off` + `unit_type`, or
 * `units`). Money is in the smallest currency unit (cents).
 * @category Shared inputs
 */
export interface DiscountInput {
  /** `AMOUNT`, `PERCENT`, `FIXED` or `UNIT`. */
  type: DiscountType;
  /** `AMOUNT`: amount taken off, an integer in the smallest currency unit (`1000` = 10.00). */
  amount_off?: number | undefined;
  /** `AMOUNT`: formula computing `amount_off` (dynamic discounts). */
  amount_off_formula?: string | undefined;
  /** `PERCENT`: percentage taken off, 0 to 100, e.g. `12.5`. */
  percent_off?: number | undefined;
  /** `PERCENT`: formula computing `percent_off`. */
  percent_off_formula?: string | undefined;
  /** `PERCENT`: upper limit of the discount, in the smallest currency unit. */
  amount_limit?: number | undefined;
  /** Upper limit of the aggregated discount amount, an integer in the smallest currency unit. */
  aggregated_amount_limit?: number | undefined;
  /** `FIXED`: the price the order or items are sold for, in the smallest currency unit. */
  fixed_amount?: number | undefined;
  /** `FIXED`: formula computing `fixed_amount`. */
  fixed_amount_formula?: string | undefined;
  /** `UNIT` (one item): number of units given. */
  unit_off?: number | undefined;
  /** `UNIT` (one item): formula computing `unit_off`. */
  unit_off_formula?: string | undefined;
  /** `UNIT` (one item): ID of the product or SKU given. */
  unit_type?: string | undefined;
  /** `UNIT` (one item): the product given. */
  product?: DiscountUnitTargetInput | undefined;
  /** `UNIT` (one item): the SKU given. */
  sku?: DiscountUnitTargetInput | undefined;
  /** `UNIT` with effect `ADD_MANY_ITEMS`: the items given. */
  units?: DiscountUnitInput[] | undefined;
  /**
   * What the discount applies to: `APPLY_TO_ORDER`, `APPLY_TO_ITEMS` (all types); for `AMOUNT`
   * also `APPLY_TO_ITEMS_PROPORTIONALLY`, `APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY`,
   * `APPLY_TO_ITEMS_BY_QUANTITY`; for `UNIT` `ADD_MISSING_ITEMS`, `ADD_NEW_ITEMS`,
   * `ADD_MANY_ITEMS`, `ADD_SAME_ITEMS`.
   */
  effect?: DiscountEffect | undefined;
  /** True when the value comes from a formula. */
  is_dynamic?: boolean | undefined;
}

/**
 * The fields of a promotion tier a request sets, shared by `promotions.createTier` and
 * `templates.setupPromotionTier` (where each one overrides the template's configuration).
 * @category Shared inputs
 */
export interface PromotionTierInput extends ValidityInput {
  /** Name of the tier. Required. */
  name: string;
  /** Text shown to customers, e.g. `10% off all coffee`. */
  banner?: string | undefined;
  /** Custom key/value pairs. */
  metadata?: Record<string, unknown> | undefined;
  /** Integer order in which tier discounts apply when a customer qualifies for several tiers; lower first. */
  hierarchy?: number | undefined;
  /** `false` disables the tier even inside its validity window. */
  active?: boolean | undefined;
  /** Category name. */
  category?: string | undefined;
  /** Category ID, `cat_…`. */
  category_id?: string | undefined;
}

/**
 * Status of an order.
 * @category Shared inputs
 */
export type OrderStatusInput = 'CREATED' | 'PAID' | 'CANCELED' | 'FULFILLED';

/**
 * Product data sent with an order item; overrides the stored product for this order.
 * @category Shared inputs
 */
export interface OrderItemProductInput {
  /** `prod_…` of the product. */
  id?: string | undefined;
  /** Your own ID of the product. */
  source_id?: string | undefined;
  /** True to override the stored product's data with these fields. */
  override?: boolean | undefined;
  name?: string | undefined;
  /** Unit price, an integer in the smallest currency unit (cents). */
  price?: number | undefined;
  /** Custom key/value pairs of the product. */
  metadata?: Record<string, unknown> | undefined;
}

/**
 * SKU data sent with an order item; overrides the stored SKU for this order.
 * @category Shared inputs
 */
export interface OrderItemSkuInput {
  /** `sku_…` of the SKU. */
  id?: string | undefined;
  /** Your own ID of the SKU. */
  source_id?: string | undefined;
  /** True to override the stored SKU's data with these fields. */
  override?: boolean | undefined;
  /** SKU name. */
  sku?: string | undefined;
  /** Unit price, an integer in the smallest currency unit (cents). */
  price?: number | undefined;
  /** Custom key/value pairs of the SKU. */
  metadata?: Record<string, unknown> | undefined;
}

/**
 * One line of an order as sent in a request. Quantities and amounts are numbers (integers; the
 * spec's examples send `"1"` strings, the SDK's types do not). Amounts are in the smallest
 * currency unit (cents).
 * @category Shared inputs
 */
export interface OrderItemInput {
  /** `sku_…` when the item is a SKU. */
  sku_id?: string | undefined;
  /** `prod_…` of the item's product. */
  product_id?: string | undefined;
  /** What `source_id` (or `product` / `sku`) names: a `product` or a `sku`. */
  related_object?: 'product' | 'sku' | undefined;
  /** Your own ID of the product or SKU. */
  source_id?: string | undefined;
  /** Units ordered, an integer. */
  quantity?: number | undefined;
  /** Units added by a unit discount, an integer. */
  discount_quantity?: number | undefined;
  /** Units before any discount added units, an integer. */
  initial_quantity?: number | undefined;
  /** Item amount, an integer in the smallest currency unit. */
  amount?: number | undefined;
  /** Discount on the item, an integer in the smallest currency unit. */
  discount_amount?: number | undefined;
  /** Amount before discounts, an integer in the smallest currency unit. */
  initial_amount?: number | undefined;
  /** Unit price, an integer in the smallest currency unit. */
  price?: number | undefined;
  /** The item's product data. */
  product?: OrderItemProductInput | undefined;
  /** The item's SKU data. */
  sku?: OrderItemSkuInput | undefined;
  /** Custom key/value pairs of the item. */
  metadata?: Record<string, unknown> | undefined;
  /**
   * Not needed by the service, and never added by the SDK. The published spec wrongly requires an
   * `object` key on request items, so validators built on it (Prism mocks) reject items without
   * one; set `'order_item'` yourself only when testing against such a mock.
   */
  object?: 'order_item' | undefined;
}

/**
 * An order as sent in a request (create, validation, redemption, rollback). Amounts are integers
 * in the smallest currency unit (cents).
 * @category Shared inputs
 */
export interface OrderInput {
  /** `ord_…` of an existing order. */
  id?: string | undefined;
  /** Your own ID of the order; an existing order with this source ID is updated. */
  source_id?: string | undefined;
  /** `CREATED`, `PAID`, `CANCELED` or `FULFILLED`. */
  status?: OrderStatusInput | undefined;
  /** Sum of the item amounts, an integer in the smallest currency unit. */
  amount?: number | undefined;
  /** Sum of the item amounts before any discount or effect, an integer in the smallest currency unit. */
  initial_amount?: number | undefined;
  /** Sum of the order-level discounts, an integer in the smallest currency unit. */
  discount_amount?: number | undefined;
  /** The order lines: at most 500. */
  items?: OrderItemInput[] | undefined;
  /** Custom key/value pairs; usable in validation rules and discount formulas. */
  metadata?: Record<string, unknown> | undefined;
  /** When the order was placed: an ISO 8601 date-time string or a `Date`. */
  created_at?: string | Date | undefined;
  /** `cust_…` of the customer, instead of `customer`. */
  customer_id?: string | undefined;
  /** The customer placing the order. */
  customer?: CustomerInput | undefined;
  /** `cust_…` of the referring customer, instead of `referrer`. */
  referrer_id?: string | undefined;
  /** The referring customer. */
  referrer?: CustomerInput | undefined;
}

/**
 * The reward to redeem with a loyalty card's points.
 * @category Shared inputs
 */
export interface RewardInput {
  /** `rew_…` of the reward. */
  id?: string | undefined;
  /**
   * Pay-with-points rewards: points to spend, a positive integer. Left out, the points needed to
   * pay the rest of the order are used; more than the card holds, only the card's points are used.
   */
  points?: number | undefined;
}

/**
 * Unit of a session lock's `ttl`.
 * @category Shared inputs
 */
export type SessionTtlUnit = 'DAYS' | 'HOURS' | 'MINUTES' | 'SECONDS' | 'MILLISECONDS' | 'MICROSECONDS' | 'NANOSECONDS';

/**
 * A session lock held across parallel validation and redemption requests. Sending only
 * `{ type: 'LOCK' }` opens a lock of 7 days; send the returned `key` with later requests.
 * @category Shared inputs
 */
export interface SessionInput {
  /** Always `LOCK`. */
  type?: 'LOCK' | undefined;
  /** Key of an existing session, as returned in `session.key`. */
  key?: string | undefined;
  /** How long the lock lasts, in `ttl_unit`s. */
  ttl?: number | undefined;
  /** Unit of `ttl`. */
  ttl_unit?: SessionTtlUnit | undefined;
}

