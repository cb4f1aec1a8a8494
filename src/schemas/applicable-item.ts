/**
 * The items a discount applies to (`applicable_to`) or is excluded from (`inapplicable_to`):
 * products, SKUs and collections, with the limits that apply to them.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, nullishStrings, openEnum, type ShapeOf } from './base.js';

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
  effect?: 'APPLY_TO_EVERY' | 'APPLY_TO_CHEAPEST' | 'APPLY_FROM_CHEAPEST' | 'APPLY_TO_MOST_EXPENSIVE' | 'APPLY_FROM_MOST_EXPENSIVE' | (string & {}) | null;
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
    ...nullishStrings('id', 'source_id', 'product_id', 'product_source_id'),
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
export const applicableItemListSchema: () => z.ZodMiniType<ApplicableItemList> = /* @__PURE__ */ lazy(() => listOf(applicableItemSchema()));
