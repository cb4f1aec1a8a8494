/**
 * Discounts: what a discount voucher, a promotion tier or a validation takes off, by discount
 * type, and the products and SKUs a unit discount gives.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, nullishStrings, openEnum, type ShapeOf } from './base.js';

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
    ...nullishStrings('id', 'source_id', 'name'),
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
    ...nullishStrings('unit_off_formula', 'unit_type'),
    units: z.nullish(z.array(discountUnitSchema())),
    effect: z.nullish(openEnum()),
    is_dynamic: z.nullish(z.boolean()),
    product: z.nullish(discountItemReference()),
    sku: z.nullish(discountItemReference()),
  } satisfies ShapeOf<Discount>),
);
