/**
 * Order items: the lines of an order, with the product or SKU as it was when the order was
 * calculated (service interface §2.15).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, openEnum, skuMetadata, type ShapeOf } from './base.js';

/**
 * The product of an {@link OrderItem}, as it was when the order was calculated.
 * @category Orders
 */
export interface OrderItemProduct {
  /** `prod_…` */
  id?: string | null;
  /** The merchant's own ID of the product. */
  source_id?: string | null;
  /** True when the request's product data overrode the stored product. */
  override?: boolean | null;
  /** Product name. */
  name?: string | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'product'> | null;
  /** Unit price, in the smallest currency unit. */
  price?: number | null;
}

/**
 * The SKU of an {@link OrderItem}, as it was when the order was calculated.
 * @category Orders
 */
export interface OrderItemSku {
  /** `sku_…` */
  id?: string | null;
  /** The merchant's own ID of the SKU. */
  source_id?: string | null;
  /** True when the request's SKU data overrode the stored SKU. */
  override?: boolean | null;
  /** SKU name. */
  sku?: string | null;
  /** Unit price, in the smallest currency unit. */
  price?: number | null;
  /** Custom key/value pairs. */
  metadata?: Record<string, unknown> | null;
}

/**
 * One line of an order, with its amounts in the smallest currency unit.
 * @category Orders
 */
export interface OrderItem {
  /** ID of the order item. */
  id?: string | null;
  /** `sku_…` when the item is a SKU. */
  sku_id?: string | null;
  /** `prod_…` of the item's product. */
  product_id?: string | null;
  /** `product` or `sku`. */
  related_object?: 'product' | 'sku' | (string & {}) | null;
  /** The merchant's own ID of the product or SKU. */
  source_id?: string | null;
  /** Number of units. */
  quantity?: number | null;
  /** Units added by a unit discount. */
  discount_quantity?: number | null;
  /** Quantity before any discount added units. */
  initial_quantity?: number | null;
  /** Item amount, in the smallest currency unit. */
  amount?: number | null;
  /** Discount on the item, in the smallest currency unit. */
  discount_amount?: number | null;
  /** Discount applied to the item in this request, in the smallest currency unit. */
  applied_discount_amount?: number | null;
  /** Units added by a unit discount in this request. */
  applied_discount_quantity?: number | null;
  applied_quantity?: number | null;
  /** In the smallest currency unit. */
  applied_quantity_amount?: number | null;
  /** Amount before discounts, in the smallest currency unit. */
  initial_amount?: number | null;
  /** Unit price, in the smallest currency unit. */
  price?: number | null;
  /** Amount after the item's discounts, in the smallest currency unit. */
  subtotal_amount?: number | null;
  /** Snapshot of the item's product. */
  product?: OrderItemProduct | null;
  /** Snapshot of the item's SKU. */
  sku?: OrderItemSku | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'orderItem'> | null;
  /** Always `order_item`. */
  object?: string | null;
}

/** Schema of {@link OrderItem}. */
export const orderItemSchema: () => z.ZodMiniType<OrderItem> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('id', 'sku_id', 'product_id'),
    related_object: z.nullish(openEnum()),
    source_id: z.nullish(z.string()),
    quantity: z.nullish(z.number()),
    discount_quantity: z.nullish(z.number()),
    initial_quantity: z.nullish(z.number()),
    amount: z.nullish(z.number()),
    discount_amount: z.nullish(z.number()),
    applied_discount_amount: z.nullish(z.number()),
    applied_discount_quantity: z.nullish(z.number()),
    applied_quantity: z.nullish(z.number()),
    applied_quantity_amount: z.nullish(z.number()),
    initial_amount: z.nullish(z.number()),
    price: z.nullish(z.number()),
    subtotal_amount: z.nullish(z.number()),
    product: z.nullish(
      z.looseObject({
        ...nullishStrings('id', 'source_id'),
        override: z.nullish(z.boolean()),
        name: z.nullish(z.string()),
        metadata: z.nullish(metadata('product')),
        price: z.nullish(z.number()),
      } satisfies ShapeOf<OrderItemProduct>),
    ),
    sku: z.nullish(
      z.looseObject({
        ...nullishStrings('id', 'source_id'),
        override: z.nullish(z.boolean()),
        sku: z.nullish(z.string()),
        price: z.nullish(z.number()),
        metadata: z.nullish(skuMetadata()),
      } satisfies ShapeOf<OrderItemSku>),
    ),
    metadata: z.nullish(metadata('orderItem')),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<OrderItem>),
);
