/**
 * `client.orders`: creating (or updating) orders.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { required } from '../core/inputs.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { Order } from '../schemas/order.js';
import { orderPlaces, orderRules, type OrderInput } from './inputs/order.js';
import type { SubClientGuide } from './guide.js';

/**
 * Orders: the purchases vouchers and promotions apply to.
 * @category Orders
 */
export class Orders extends APIResource {
  /**
   * Creates an order, or updates the order with the same `id` or `source_id`, with its items,
   * customer and referrer. Returns the order with its calculated amounts.
   *
   * `POST /v1/orders`. Not idempotent: never retried on 5xx or timeouts (the order may have been
   * created); retried only on 429 and on connection failures where nothing was sent.
   *
   * Order items need no `object` key: the service does not read it, and the SDK does not add one
   * (only mocks built on the published spec, such as Prism, demand `object: 'order_item'`).
   *
   * @throws InvalidRequestError when there are more than 500 items, a quantity or amount is not an
   * integer, `status` is unknown or `created_at` is not an ISO 8601 date-time; nothing is sent.
   * @throws BadRequestError (400) or another `ApiError` when the service refuses the order.
   *
   * @example
   * ```ts
   * // POST /v1/orders
   * const order = await client.orders.create({
   *   source_id: 'order-2026-0001',
   *   status: 'PAID',
   *   customer: { source_id: 'cust-42' },
   *   items: [{ product_id: 'prod_flat_white', quantity: 2, price: 450 }],
   * });
   * console.log(order.id, order.total_amount);
   * ```
   */
  create(params: CreateOrderParams, options?: RequestOptions): APIPromise<Order> {
    return this.core.request(orderOperations['orders.create'], {}, params, options);
  }
}

/** The operations of {@link Orders}, as the registry lists them (resources/registry.ts). */
export const orderOperations = operations(loadCheckoutResponses, {
  'orders.create': operation<Order, CreateOrderParams>({
    method: 'POST',
    path: '/v1/orders',
    // Creates or updates an order; sending it twice could apply its effects twice.
    effect: 'create',
    trace: 'order-upsert',
    rules: required(orderRules),
    metadataPlaces: orderPlaces,
  }),
});

/**
 * Where `client.orders` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const orderGuide: SubClientGuide<keyof typeof orderOperations> = {
  category: 'Orders',
  tasks: {
    'orders.create': 'record an order',
  },
};

/**
 * The response fields each operation of `client.orders` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const orderRelies: Relies<keyof typeof orderOperations> = {
  'orders.create': ['id'],
};

/**
 * Params of {@link Orders.create}: the order, sent as the JSON body. All fields are optional; an
 * order with the `source_id` of an existing one updates it. Amounts are integers in the smallest
 * currency unit (cents); at most 500 items.
 * @category Orders
 */
export interface CreateOrderParams extends OrderInput {}
