/**
 * Orders, their items, and products and SKUs (service interface §2.15).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, metadata, openEnum, type ShapeOf } from './base.js';

/**
 * The state of an {@link Order}: `CREATED`, `PAID`, `CANCELED` or `FULFILLED`. Open: any other
 * string the service starts sending is accepted.
 * @category Orders
 */
export type OrderStatus = 'CREATED' | 'PAID' | 'CANCELED' | 'FULFILLED' | (string & {});

/**
 * A SKU: one variant of a product.
 * @category Orders
 */
export interface Sku {
  /** `sku_…` */
  id?: string | null;
  /** The merchant's own ID of the SKU. */
  source_id?: string | null;
  /** `prod_…`: the parent product. */
  product_id?: string | null;
  /** SKU name. */
  sku?: string | null;
  /** Unit price, in the smallest currency unit. */
  price?: number | null;
  /** ISO 4217 currency code of `price`, e.g. `EUR`. */
  currency?: string | null;
  /** Values of the product's attributes for this SKU, keyed by attribute name. */
  attributes?: Record<string, unknown> | null;
  /** Link to the SKU's image. */
  image_url?: string | null;
  /** Custom key/value pairs. */
  metadata?: Record<string, unknown> | null;
  /** When the SKU was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the SKU was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** Always `sku`. */
  object?: string | null;
}

/** Schema of {@link Sku}. */
export const skuSchema: () => z.ZodMiniType<Sku> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    source_id: z.nullish(z.string()),
    product_id: z.nullish(z.string()),
    sku: z.nullish(z.string()),
    price: z.nullish(z.number()),
    currency: z.nullish(z.string()),
    attributes: z.nullish(z.record(z.string(), z.unknown())),
    image_url: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<Sku>),
);

/**
 * The SKUs of a {@link Product}, in a list envelope with `total`.
 * @category Orders
 */
export interface SkuList extends ListEnvelope {
  /** The SKUs. */
  data?: Sku[] | null;
}

const skuListSchema: () => z.ZodMiniType<SkuList> = /* @__PURE__ */ lazy(() => listOf(skuSchema()));

/**
 * A product as embedded in other records (rewards, order items).
 * @category Orders
 */
export interface Product {
  /** `prod_…` */
  id?: string | null;
  /** The merchant's own ID of the product. */
  source_id?: string | null;
  /** Product name. */
  name?: string | null;
  /** Unit price, in the smallest currency unit. */
  price?: number | null;
  /** Names of the attributes its SKUs vary by. */
  attributes?: string[] | null;
  /** Custom key/value pairs. */
  metadata?: Record<string, unknown> | null;
  /** Link to the product's image. */
  image_url?: string | null;
  /** When the product was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the product was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** The product's SKUs, with `total`. */
  skus?: SkuList | null;
  /** Always `product`. */
  object?: string | null;
}

/** Schema of {@link Product}. */
export const productSchema: () => z.ZodMiniType<Product> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    source_id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    price: z.nullish(z.number()),
    attributes: z.nullish(z.array(z.string())),
    metadata: z.nullish(metadata()),
    image_url: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    skus: z.nullish(skuListSchema()),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<Product>),
);

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
  metadata?: Record<string, unknown> | null;
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
  metadata?: Record<string, unknown> | null;
  /** Always `order_item`. */
  object?: string | null;
}

/** Schema of {@link OrderItem}. */
export const orderItemSchema: () => z.ZodMiniType<OrderItem> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    sku_id: z.nullish(z.string()),
    product_id: z.nullish(z.string()),
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
        id: z.nullish(z.string()),
        source_id: z.nullish(z.string()),
        override: z.nullish(z.boolean()),
        name: z.nullish(z.string()),
        metadata: z.nullish(metadata()),
        price: z.nullish(z.number()),
      } satisfies ShapeOf<OrderItemProduct>),
    ),
    sku: z.nullish(
      z.looseObject({
        id: z.nullish(z.string()),
        source_id: z.nullish(z.string()),
        override: z.nullish(z.boolean()),
        sku: z.nullish(z.string()),
        price: z.nullish(z.number()),
        metadata: z.nullish(metadata()),
      } satisfies ShapeOf<OrderItemSku>),
    ),
    metadata: z.nullish(metadata()),
    object: z.nullish(z.string()),
  } satisfies ShapeOf<OrderItem>),
);

/**
 * A `{ id, object: 'customer' }` reference to the customer or referrer of an {@link Order}.
 * @category Orders
 */
export interface CustomerReference {
  /** `cust_…` */
  id?: string | null;
  /** Always `customer`. */
  object?: string | null;
}

const customerReference: () => z.ZodMiniType<CustomerReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: z.nullish(z.string()), object: z.nullish(z.string()) } satisfies ShapeOf<CustomerReference>),
);

/**
 * One redemption of an {@link Order} (a value of `order.redemptions`, keyed by redemption ID).
 * @category Orders
 */
export interface OrderRedemption {
  /** When the redemption was made, ISO 8601 date-time. */
  date?: string | null;
  /** `rr_…`: the rollback of the redemption, when rolled back. */
  rollback_id?: string | null;
  /** When the redemption was rolled back, ISO 8601 date-time. */
  rollback_date?: string | null;
  /** What was redeemed, e.g. `voucher`, `promotion_tier` or `redemption` (a stacked redemption). */
  related_object_type?: string | null;
  /** ID of the redeemed voucher, tier or parent redemption. */
  related_object_id?: string | null;
  /** ID of the parent of the redeemed object, e.g. the campaign. */
  related_object_parent_id?: string | null;
  /** IDs of the stacked redemptions. */
  stacked?: string[] | null;
  /** IDs of the stacked rollbacks. */
  rollback_stacked?: string[] | null;
}

/**
 * An order as validation results, redemptions and rollbacks embed it: the fields of
 * {@link Order}, none of them guaranteed (a validated order has no `id` yet, and real responses
 * leave out `object`, of the order and of its items).
 * @category Orders
 */
export interface EmbeddedOrder {
  /** `ord_…` */
  id?: string | null;
  /** The merchant's own ID of the order. */
  source_id?: string | null;
  /** `CREATED`, `PAID`, `CANCELED` or `FULFILLED`. */
  status?: OrderStatus | null;
  /** Sum of the item amounts, in the smallest currency unit (as are all amounts below). */
  amount?: number | null;
  /** Sum of the item amounts before any discount or effect. */
  initial_amount?: number | null;
  /** Sum of the order-level discounts. */
  discount_amount?: number | null;
  /** Sum of the item-level discounts. */
  items_discount_amount?: number | null;
  /** Order-level plus item-level discounts. */
  total_discount_amount?: number | null;
  /** Order amount after all discounts. */
  total_amount?: number | null;
  /** Order-level discount applied in this request. */
  applied_discount_amount?: number | null;
  /** Item-level discounts applied in this request. */
  items_applied_discount_amount?: number | null;
  /** `applied_discount_amount` plus `items_applied_discount_amount`. */
  total_applied_discount_amount?: number | null;
  /** The order lines; up to 500. */
  items?: OrderItem[] | null;
  /** Custom key/value pairs; usable in validation rules and discount formulas. */
  metadata?: Record<string, unknown> | null;
  /** When the order was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the order was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** `cust_…` of the customer. */
  customer_id?: string | null;
  /** `cust_…` of the referrer. */
  referrer_id?: string | null;
  /** The customer, as `{ id, object }`. */
  customer?: CustomerReference | null;
  /** The referrer, as `{ id, object }`. */
  referrer?: CustomerReference | null;
  /** Redemptions of the order, keyed by redemption ID. */
  redemptions?: Record<string, OrderRedemption | null> | null;
  /** Always `order`. */
  object?: string | null;
}

/**
 * An order with its items and calculated amounts, all in the smallest currency unit. `id` is
 * always there; any other field may be absent or null.
 * @category Orders
 */
export interface Order extends EmbeddedOrder {
  /** `ord_…` */
  id: string;
}

/** The fields of an order, each nullish: the shape of {@link EmbeddedOrder}. */
const orderFields = () => ({
  id: z.nullish(z.string()),
  source_id: z.nullish(z.string()),
  status: z.nullish(openEnum()),
  amount: z.nullish(z.number()),
  initial_amount: z.nullish(z.number()),
  discount_amount: z.nullish(z.number()),
  items_discount_amount: z.nullish(z.number()),
  total_discount_amount: z.nullish(z.number()),
  total_amount: z.nullish(z.number()),
  applied_discount_amount: z.nullish(z.number()),
  items_applied_discount_amount: z.nullish(z.number()),
  total_applied_discount_amount: z.nullish(z.number()),
  items: z.nullish(z.array(orderItemSchema())),
  metadata: z.nullish(metadata()),
  created_at: z.nullish(z.string()),
  updated_at: z.nullish(z.string()),
  customer_id: z.nullish(z.string()),
  referrer_id: z.nullish(z.string()),
  customer: z.nullish(customerReference()),
  referrer: z.nullish(customerReference()),
  redemptions: z.nullish(
    z.record(
      z.string(),
      z.nullable(
        z.looseObject({
          date: z.nullish(z.string()),
          rollback_id: z.nullish(z.string()),
          rollback_date: z.nullish(z.string()),
          related_object_type: z.nullish(z.string()),
          related_object_id: z.nullish(z.string()),
          related_object_parent_id: z.nullish(z.string()),
          stacked: z.nullish(z.array(z.string())),
          rollback_stacked: z.nullish(z.array(z.string())),
        } satisfies ShapeOf<OrderRedemption>),
      ),
    ),
  ),
  object: z.nullish(z.string()),
});

/** Schema of {@link EmbeddedOrder}. */
export const embeddedOrderSchema: () => z.ZodMiniType<EmbeddedOrder> = /* @__PURE__ */ lazy(() =>
  z.looseObject(orderFields() satisfies ShapeOf<EmbeddedOrder>),
);

/** Schema of {@link Order}: the order fields with `id` required. */
export const orderSchema: () => z.ZodMiniType<Order> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ ...orderFields(), id: z.string() } satisfies ShapeOf<Order>),
);
