/**
 * Orders: the order with its calculated amounts, its customer and referrer, and the redemptions
 * made on it (service interface §2.15).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import { orderItemSchema, type OrderItem } from './order-item.js';

/**
 * The state of an {@link Order}: `CREATED`, `PAID`, `CANCELED` or `FULFILLED`. Open: any other
 * string the service starts sending is accepted.
 * @category Orders
 */
export type OrderStatus = 'CREATED' | 'PAID' | 'CANCELED' | 'FULFILLED' | (string & {});

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
  metadata?: Metadata<'order'> | null;
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
  ...nullishStrings('id', 'source_id'),
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
  metadata: z.nullish(metadata('order')),
  ...nullishStrings('created_at', 'updated_at', 'customer_id', 'referrer_id'),
  customer: z.nullish(customerReference()),
  referrer: z.nullish(customerReference()),
  redemptions: z.nullish(
    z.record(
      z.string(),
      z.nullable(
        z.looseObject({
          ...nullishStrings('date', 'rollback_id', 'rollback_date', 'related_object_type', 'related_object_id', 'related_object_parent_id'),
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
export const orderSchema: () => z.ZodMiniType<Order> = /* @__PURE__ */ lazy(() => z.looseObject({ ...orderFields(), id: z.string() } satisfies ShapeOf<Order>));
