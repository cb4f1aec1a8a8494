/**
 * A discount as sent in a request, and its rules.
 *
 * @module
 */
import { array, integer, object, required, text, type Rule } from '../../core/inputs.js';
import type { DiscountEffect, DiscountType } from '../../schemas/discount.js';

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

/** Rules of a discount: integer money amounts and unit counts; `type` is required. */
export const discountRules: Rule<DiscountInput> = object<DiscountInput>({
  type: required(text(1)),
  amount_off: integer(),
  amount_limit: integer(),
  aggregated_amount_limit: integer(),
  fixed_amount: integer(),
  unit_off: integer(),
  units: array(Infinity, object<DiscountUnitInput>({ unit_off: integer() })),
});
