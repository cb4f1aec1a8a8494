/**
 * `client.customers`: customers and what they hold.
 *
 * @module
 */
import { object } from '../core/inputs.js';
import { operation, operations, type RequestOptions } from '../core/call.js';
import { idCursor } from '../core/page-strategies.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import { customerRedeemableListSchema, type CustomerRedeemable, type CustomerRedeemableList } from '../schemas/customer-redeemable.js';
import { cursorListRules, type CursorListParams, type ListFilters } from './inputs/lists.js';

/**
 * Customers: the vouchers they hold as owner, referrer or referee.
 * @category Customers
 */
export class Customers extends APIResource {
  /**
   * Lists the redeemables a customer holds (vouchers, gift cards, loyalty cards, referral codes),
   * with the holder role and the voucher's state, page by page with the `starting_after_id`
   * cursor. `page.total` is the count of all the customer's redeemables matching the filters.
   *
   * `GET /v1/customers/{customerId}/redeemables`. Read-only: retried on network errors,
   * timeouts, 408, 429 and 5xx.
   *
   * @param customerId The service's customer ID (`cust_…`) or your own source ID of the customer.
   * @throws {InvalidRequestError} `limit` outside 1–100, `order` not `id`/`-id`; nothing is sent.
   * @throws {NotFoundError} No such customer (404).
   *
   * @example
   * ```ts
   * // GET /v1/customers/{customerId}/redeemables
   * const page = await client.customers.listRedeemables('cust-42', { limit: 20 });
   * console.log(page.total, 'redeemables');
   * for (const held of page.data) console.log(held.redeemable_id, held.holder_role, held.voucher_type);
   * ```
   */
  listRedeemables(
    customerId: string,
    params: ListCustomerRedeemablesParams = {},
    options?: RequestOptions,
  ): PagePromise<CustomerRedeemable, ListCustomerRedeemablesParams> {
    return this.core.list(customerOperations['customers.listRedeemables'], { customerId }, params, options);
  }
}

/** The operations of {@link Customers}, as the registry lists them (resources/registry.ts). */
export const customerOperations = operations({
  'customers.listRedeemables': operation<CustomerRedeemableList, ListCustomerRedeemablesParams>({
    method: 'GET',
    path: '/v1/customers/{customerId}/redeemables',
    schema: customerRedeemableListSchema,
    relies: ['has_more', 'data.*.id'],
    rules: object<ListCustomerRedeemablesParams>({ ...cursorListRules, filters: object() }),
    paging: idCursor,
  }),
});

/**
 * Params of {@link Customers.listRedeemables}.
 * @category Customers
 */
export interface ListCustomerRedeemablesParams extends CursorListParams {
  /**
   * Filters in the service's bracket notation, e.g.
   * `{ campaign_type: { conditions: { $in: ['LOYALTY_PROGRAM'] } } }`; `created_at` also takes
   * `$after`, `$before`, `$more_than`, `$less_than`, and `junction` is `and` or `or`.
   */
  filters?: ListFilters | undefined;
}
