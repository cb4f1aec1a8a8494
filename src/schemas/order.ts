/**
 * Orders, their items, and products and SKUs (service interface §2.15).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, listOf, metadata, openEnum } from './base.js';

/** Schema of {@link Sku}. */
export const skuSchema = lazy(() =>
  z.looseObject({
    /** `sku_…` */
    id: z.string(),
    /** The merchant's own ID of the SKU. */
    source_id: z.nullish(z.string()),
    /** `prod_…`: the parent product. */
    product_id: z.nullish(z.string()),
    /** SKU name. */
    sku: z.nullish(z.string()),
    /** Unit price, in the smallest currency unit. */
    price: z.nullish(z.number()),
    /** ISO 4217 currency code of `price`. */
    currency: z.nullish(z.string()),
    /** Values of the product's attributes for this SKU. */
    attributes: z.nullish(z.record(z.string(), z.unknown())),
    image_url: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** Always `sku`. */
    object: z.nullish(z.string()),
  }),
);

/** A SKU: one variant of a product. */
export interface Sku extends z.infer<ReturnType<typeof skuSchema>> {}

/** Schema of {@link Product}. */
export const productSchema = lazy(() =>
  z.looseObject({
    /** `prod_…` */
    id: z.string(),
    /** The merchant's own ID of the product. */
    source_id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    /** Unit price, in the smallest currency unit. */
    price: z.nullish(z.number()),
    /** Names of the attributes its SKUs vary by. */
    attributes: z.nullish(z.array(z.string())),
    metadata: z.nullish(metadata()),
    image_url: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** The product's SKUs, with `total`. */
    skus: z.nullish(listOf(skuSchema())),
    /** Always `product`. */
    object: z.nullish(z.string()),
  }),
);

/** A product as embedded in other records (rewards, order items). */
export interface Product extends z.infer<ReturnType<typeof productSchema>> {}

/** Schema of {@link OrderItem}. */
export const orderItemSchema = lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    /** `sku_…` when the item is a SKU. */
    sku_id: z.nullish(z.string()),
    /** `prod_…` of the item's product. */
    product_id: z.nullish(z.string()),
    /** `product` or `sku`. */
    related_object: z.nullish(openEnum(['product', 'sku'])),
    /** The merchant's own ID of the product or SKU. */
    source_id: z.nullish(z.string()),
    quantity: z.nullish(z.number()),
    /** Units added by a unit discount. */
    discount_quantity: z.nullish(z.number()),
    /** Quantity before any discount added units. */
    initial_quantity: z.nullish(z.number()),
    /** Item amount, in the smallest currency unit. */
    amount: z.nullish(z.number()),
    /** Discount on the item, in the smallest currency unit. */
    discount_amount: z.nullish(z.number()),
    /** Discount applied to the item in this request, in the smallest currency unit. */
    applied_discount_amount: z.nullish(z.number()),
    applied_discount_quantity: z.nullish(z.number()),
    applied_quantity: z.nullish(z.number()),
    /** In the smallest currency unit. */
    applied_quantity_amount: z.nullish(z.number()),
    /** Amount before discounts, in the smallest currency unit. */
    initial_amount: z.nullish(z.number()),
    /** Unit price, in the smallest currency unit. */
    price: z.nullish(z.number()),
    /** Amount after the item's discounts, in the smallest currency unit. */
    subtotal_amount: z.nullish(z.number()),
    /** Snapshot of the item's product. */
    product: z.nullish(
      z.looseObject({
        id: z.nullish(z.string()),
        source_id: z.nullish(z.string()),
        /** True when the request's product data overrode the stored product. */
        override: z.nullish(z.boolean()),
        name: z.nullish(z.string()),
        metadata: z.nullish(metadata()),
        /** In the smallest currency unit. */
        price: z.nullish(z.number()),
      }),
    ),
    /** Snapshot of the item's SKU. */
    sku: z.nullish(
      z.looseObject({
        id: z.nullish(z.string()),
        source_id: z.nullish(z.string()),
        /** True when the request's SKU data overrode the stored SKU. */
        override: z.nullish(z.boolean()),
        /** SKU name. */
        sku: z.nullish(z.string()),
        /** In the smallest currency unit. */
        price: z.nullish(z.number()),
        metadata: z.nullish(metadata()),
      }),
    ),
    metadata: z.nullish(metadata()),
    /** Always `order_item`. */
    object: z.nullish(z.string()),
  }),
);

/** One line of an order, with its amounts in the smallest currency unit. */
export interface OrderItem extends z.infer<ReturnType<typeof orderItemSchema>> {}

/** A `{ id, object: customer }` reference. */
const customerReference = () => z.looseObject({ id: z.nullish(z.string()), object: z.nullish(z.string()) });

/** Schema of {@link Order}. */
export const orderSchema = lazy(() =>
  z.looseObject({
    /** `ord_…` */
    id: z.nullish(z.string()),
    /** The merchant's own ID of the order. */
    source_id: z.nullish(z.string()),
    /** `CREATED`, `PAID`, `CANCELED` or `FULFILLED`. */
    status: z.nullish(openEnum(['CREATED', 'PAID', 'CANCELED', 'FULFILLED'])),
    /** Sum of the item amounts, in the smallest currency unit (as are all amounts below). */
    amount: z.nullish(z.number()),
    /** Sum of the item amounts before any discount or effect. */
    initial_amount: z.nullish(z.number()),
    /** Sum of the order-level discounts. */
    discount_amount: z.nullish(z.number()),
    /** Sum of the item-level discounts. */
    items_discount_amount: z.nullish(z.number()),
    /** Order-level plus item-level discounts. */
    total_discount_amount: z.nullish(z.number()),
    /** Order amount after all discounts. */
    total_amount: z.nullish(z.number()),
    /** Order-level discount applied in this request. */
    applied_discount_amount: z.nullish(z.number()),
    /** Item-level discounts applied in this request. */
    items_applied_discount_amount: z.nullish(z.number()),
    /** `applied_discount_amount` plus `items_applied_discount_amount`. */
    total_applied_discount_amount: z.nullish(z.number()),
    /** Up to 500 items. */
    items: z.nullish(z.array(orderItemSchema())),
    metadata: z.nullish(metadata()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** `cust_…` of the customer. */
    customer_id: z.nullish(z.string()),
    /** `cust_…` of the referrer. */
    referrer_id: z.nullish(z.string()),
    customer: z.nullish(customerReference()),
    referrer: z.nullish(customerReference()),
    /** Redemptions of the order, keyed by redemption ID. */
    redemptions: z.nullish(
      z.record(
        z.string(),
        z.looseObject({
          date: z.nullish(z.string()),
          rollback_id: z.nullish(z.string()),
          rollback_date: z.nullish(z.string()),
          related_object_type: z.nullish(z.string()),
          related_object_id: z.nullish(z.string()),
          related_object_parent_id: z.nullish(z.string()),
          /** IDs of the stacked redemptions. */
          stacked: z.nullish(z.array(z.string())),
          /** IDs of the stacked rollbacks. */
          rollback_stacked: z.nullish(z.array(z.string())),
        }),
      ),
    ),
    /** Always `order`. */
    object: z.string(),
  }),
);

/**
 * An order with its items and calculated amounts, all in the smallest currency unit. Embedded in
 * validation and redemption results without customer data.
 */
export interface Order extends z.infer<ReturnType<typeof orderSchema>> {}
