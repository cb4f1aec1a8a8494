/**
 * An order as sent in a request, and its rules.
 *
 * @module
 */
import { array, integer, isoDateTime, object, oneOf, type Rule } from '../../core/inputs.js';
import type { Metadata, MetadataPlaces } from '../../core/metadata.js';
import { customerPlaces, customerRules, type CustomerInput } from './customer.js';

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
  metadata?: Metadata<'product'> | undefined;
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
  metadata?: Metadata<'orderItem'> | undefined;
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
  metadata?: Metadata<'order'> | undefined;
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

/** The service's limit on the items of one order. */
export const MAX_ORDER_ITEMS = 500;

/** Rules of one order item: integer quantities and amounts (numbers, never strings). */
const orderItemRules: Rule<OrderItemInput> = object<OrderItemInput>({
  related_object: oneOf(['product', 'sku']),
  quantity: integer(),
  discount_quantity: integer(),
  initial_quantity: integer(),
  amount: integer(),
  discount_amount: integer(),
  initial_amount: integer(),
  price: integer(),
  product: object<OrderItemProductInput>({ price: integer(), metadata: object() }),
  sku: object<OrderItemSkuInput>({ price: integer(), metadata: object() }),
  metadata: object(),
});

/**
 * Rules of an order in a request body: at most 500 items, integer quantities and amounts in the
 * smallest currency unit, a known `status`, an ISO 8601 `created_at`.
 */
export const orderRules: Rule<OrderInput> = object<OrderInput>({
  status: oneOf(['CREATED', 'PAID', 'CANCELED', 'FULFILLED']),
  amount: integer(),
  initial_amount: integer(),
  discount_amount: integer(),
  items: array(MAX_ORDER_ITEMS, orderItemRules),
  metadata: object(),
  created_at: isoDateTime({ time: 'required' }),
  customer: customerRules,
  referrer: customerRules,
});

/**
 * Where an order in a request holds metadata: its own, each item's and the product's of each
 * item (a SKU's metadata is of no kind `metadataSchemas` names), its customer's and referrer's.
 */
export const orderPlaces: MetadataPlaces<OrderInput> = {
  metadata: 'order',
  items: [{ metadata: 'orderItem', product: { metadata: 'product' } }],
  customer: customerPlaces,
  referrer: customerPlaces,
};
