/**
 * `client.customers`: customers (listed, created or updated by your own ID, read, changed and
 * deleted) and what they hold.
 *
 * @module
 */
import { boolean, closed, identity, isoDateTime, isoDay, upsertKey, object, oneOf, required, text, type Rule, type Rules } from '../core/inputs.js';
import type { Metadata } from '../core/metadata.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Effect, type Relies, type RequestOptions } from '../core/call.js';
import { walks, type APIPromise, type PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { Customer, CustomerList } from '../schemas/customer.js';
import type { CustomerRedeemable, CustomerRedeemableList } from '../schemas/customer-redeemable.js';
import type { AddressInput } from './inputs/customer.js';
import { withMarker } from './inputs/redeemables.js';
import {
  cursorListRules,
  page99ListRules,
  timeRangeRules,
  type CursorListParams,
  type ListFilters,
  type Page99ListParams,
  type TimeRangeInput,
} from './inputs/lists.js';
import type { SubClientGuide } from './guide.js';

/**
 * Customers: who they are and their metadata; the vouchers they hold as owner, referrer or referee.
 * @category Customers
 */
export class Customers extends APIResource {
  /**
   * Lists customers, newest first unless `order` says otherwise, filtered by `email`, `city`,
   * `name`, `segment_id` and the times they were created and updated. `page.total` counts every
   * customer the filters match.
   *
   * The service pages customers two ways, and the walk takes the one that reaches them all: in
   * the default order (newest first) or `order: 'created_at'`, each next page starts after the
   * last customer's `created_at` (`starting_after`), without the 99-page limit, and a customer
   * created during the walk shifts nothing; customers created in one millisecond (a bulk import),
   * more than a page holds, are walked by page over a `created_at` window around that instant, 100
   * a page (up to 9,900 of one instant). With `page` or another `order`, pages 1 to 99.
   *
   * `GET /v1/customers`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @throws {InvalidRequestError} `limit` outside 1–100, `page` outside 1–99, an unknown `order`,
   *   a time that is not an ISO 8601 date-time; nothing is sent.
   * @throws {PaginationLimitError} While iterating by page, when customers remain past page 99
   *   (or more than 9,900 share one `created_at`).
   * @throws {PaginationStalledError} While iterating, when the service serves customers the
   *   cursor has passed, or the same page again.
   * @throws {ResponseValidationError} While iterating, on a page whose customers cannot be read
   *   (no array of them, a customer without `created_at` on the time walk), naming the page.
   *
   * @example
   * ```ts
   * // GET /v1/customers
   * for await (const customer of client.customers.list({ email: 'ada@example.com' })) {
   *   console.log(customer.id, customer.source_id, customer.summary?.orders?.total_count);
   * }
   * ```
   */
  list(params: ListCustomersParams = {}, options?: RequestOptions): PagePromise<Customer, ListCustomersParams> {
    return this.core.list(customerOperations['customers.list'], {}, params, options);
  }

  /**
   * Creates a customer, or updates the one with the same `source_id` (or `id`): the service
   * upserts by those keys, so a customer sent with your own `source_id` is created once however
   * often it is sent, and its sent fields are updated.
   *
   * `POST /v1/customers`. With `id` or `source_id` it is an idempotent write, retried like a PUT.
   * Without either, each call makes a new customer: it is sent once (retried only on 429 and on
   * connection failures where nothing was sent), and after an `unknown` outcome
   * `client.reconcile(error)` looks for the customer by its marker: without `source_id` or `id`,
   * promokit adds `metadata.promokit_marker` (130 random bits) unless you send `marker: false`. A
   * project whose customer metadata schema allows only defined keys must define `promokit_marker`.
   *
   * @param params The customer: `source_id` (your own ID) is the way to make it safe to send again.
   * @throws {InvalidRequestError} An empty or blank (only spaces) `source_id` or `id`, a `birthdate` that is not
   *   `YYYY-MM-DD`, an `address` or `metadata` that is not an object; nothing is sent.
   * @throws {NotFoundError} An `id` the service does not know (404).
   *
   * @example
   * ```ts
   * // POST /v1/customers
   * const customer = await client.customers.create({
   *   source_id: 'shop-user-2001',
   *   name: 'Mary Jackson',
   *   email: 'mary@example.com',
   *   address: { city: 'Hampton', country: 'US' },
   * });
   * console.log(customer.id, customer.created_at);
   * ```
   */
  create(params: CreateCustomerParams, options?: RequestOptions): APIPromise<Customer> {
    return this.core.request(customerOperations['customers.create'], {}, params, options);
  }

  /**
   * Reads a customer, with the summary of their redemptions, orders, loyalty points and referrals.
   *
   * `GET /v1/customers/{customerId}`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @param customerId The service's customer ID (`cust_…`) or your own source ID of the customer.
   * @throws {NotFoundError} No such customer, or one deleted (404).
   *
   * @example
   * ```ts
   * // GET /v1/customers/{customerId}
   * const customer = await client.customers.get('shop-user-2001');
   * console.log(customer.name, customer.loyalty?.points, customer.summary?.redemptions?.total_succeeded);
   * ```
   */
  get(customerId: string, options?: RequestOptions): APIPromise<Customer> {
    return this.core.request(customerOperations['customers.get'], { customerId }, {}, options);
  }

  /**
   * Changes a customer: only the fields sent change, the others stay as they are.
   *
   * `PUT /v1/customers/{customerId}`. An idempotent write: retried on network errors, timeouts,
   * 408, 429 and 5xx.
   *
   * @param customerId The service's customer ID (`cust_…`) or your own source ID of the customer.
   * @throws {InvalidRequestError} `id` or `source_id` among the fields (the customer is named by
   *   `customerId`), a `birthdate` that is not `YYYY-MM-DD`; nothing is sent.
   * @throws {NotFoundError} No such customer (404).
   *
   * @example
   * ```ts
   * // PUT /v1/customers/{customerId}
   * const customer = await client.customers.update('shop-user-2001', {
   *   address: { line_1: '12 Harbor Road', city: 'Hampton', postal_code: '23669', country: 'US' },
   * });
   * console.log(customer.address?.city, customer.updated_at);
   * ```
   */
  update(customerId: string, params: UpdateCustomerParams, options?: RequestOptions): APIPromise<Customer> {
    return this.core.request(customerOperations['customers.update'], { customerId }, params, options);
  }

  /**
   * Deletes a customer. Resolves once the customer is gone, also when a retry after a lost answer
   * finds it already deleted.
   *
   * `DELETE /v1/customers/{customerId}`. An idempotent write: retried on network errors,
   * timeouts, 408, 429 and 5xx; a retry answered the service's 404 of this very customer
   * (`resource_type` `customer`, `resource_id` the ID given: the first attempt deleted it) resolves.
   *
   * @param customerId The service's customer ID (`cust_…`) or your own source ID of the customer.
   * @throws {NotFoundError} No such customer, at the first attempt (404); any other 404 to a retry
   * (of another record, a proxy's page).
   *
   * @example
   * ```ts
   * // DELETE /v1/customers/{customerId}
   * await client.customers.delete('shop-user-2001');
   * ```
   */
  delete(customerId: string, options?: RequestOptions): APIPromise<void> {
    return this.core.request(customerOperations['customers.delete'], { customerId }, {}, options);
  }

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

/** The orders `customers.list` takes. */
const customerOrders = ['created_at', '-created_at', 'updated_at', '-updated_at', 'source_id', '-source_id'] as const;

/** The rules of the fields of a customer a request sets (all but its `id` and `source_id`). */
const customerFieldRules: Rules<UpdateCustomerParams> = {
  name: text(),
  description: text(),
  email: text(),
  phone: text(),
  birthday: isoDay(),
  birthdate: isoDay(),
  address: nullable(
    object<AddressInput>({ city: text(), state: text(), line_1: text(), line_2: text(), country: text(), postal_code: text() }),
  ) as Rule<AddressInput>,
  metadata: object(),
};

/** `rule`, or `null`. */
function nullable<T>(rule: Rule<T>): Rule<T | null> {
  return (value, path, issues) => (value === null ? undefined : rule(value, path, issues));
}

/** The operations of {@link Customers}, as the registry lists them (resources/registry.ts). */
export const customerOperations = operations(loadCheckoutResponses, {
  'customers.list': operation<CustomerList, ListCustomersParams>({
    method: 'GET',
    path: '/v1/customers',
    rules: object<ListCustomersParams>({
      ...page99ListRules,
      email: text(),
      city: text(),
      name: text(),
      segment_id: text(1),
      created_at: timeRangeRules,
      updated_at: timeRangeRules,
      order: oneOf(customerOrders),
      starting_after: isoDateTime({ time: 'required' }),
    }),
    paging: walks.customerPaging,
    records: 'customers',
  }),
  'customers.create': operation<Customer, CreateCustomerParams>({
    method: 'POST',
    path: '/v1/customers',
    // An upsert by `source_id` (or `id`): sent twice, the same customer. Without either, each
    // call makes a new customer.
    effect: (params): Effect => (upsertKey(params) ? 'idempotent-write' : 'create'),
    trace: 'customer-by-fields',
    rules: required(object<CreateCustomerParams>({ ...customerFieldRules, id: identity(), source_id: identity(), marker: boolean() })),
    // The call's identity for `client.reconcile`: the marker in the customer's metadata (an upsert needs none).
    prepare: (params) => withMarker(params, !upsertKey(params)) as CreateCustomerParams,
    metadataPlaces: { metadata: 'customer' },
  }),
  'customers.get': operation<Customer, Record<string, never>>({
    method: 'GET',
    path: '/v1/customers/{customerId}',
  }),
  'customers.update': operation<Customer, UpdateCustomerParams>({
    method: 'PUT',
    path: '/v1/customers/{customerId}',
    rules: required(
      closed<UpdateCustomerParams>(
        customerFieldRules,
        'the customer is named by customerId, and only name, description, email, phone, birthday, birthdate, address and metadata change',
      ),
    ),
    metadataPlaces: { metadata: 'customer' },
  }),
  'customers.delete': operation<void, Record<string, never>>({
    method: 'DELETE',
    path: '/v1/customers/{customerId}',
    // Gone: 404 `not_found` of this customer (`resource_type` `customer`).
    gone: { resource: 'customer', param: 'customerId' },
  }),
  'customers.listRedeemables': operation<CustomerRedeemableList, ListCustomerRedeemablesParams>({
    method: 'GET',
    path: '/v1/customers/{customerId}/redeemables',
    rules: object<ListCustomerRedeemablesParams>({ ...cursorListRules, filters: object() }),
    paging: walks.idCursor,
  }),
});

/**
 * Where `client.customers` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const customerGuide: SubClientGuide<keyof typeof customerOperations> = {
  category: 'Customers',
  tasks: {
    'customers.listRedeemables': 'list what a customer can redeem',
    'customers.list': 'list customers, by email, city or time',
    'customers.create': 'create a customer, or update it by your own ID',
    'customers.get': 'read a customer, with what they did and hold',
    'customers.update': 'change a customer (an address, metadata)',
    'customers.delete': 'delete a customer',
  },
};

/**
 * The response fields each operation of `client.customers` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const customerRelies: Relies<keyof typeof customerOperations> = {
  'customers.list': ['customers.*.id'],
  'customers.create': ['id'],
  'customers.get': ['id'],
  'customers.update': ['id'],
  'customers.delete': [],
  'customers.listRedeemables': ['has_more', 'data.*.id'],
};

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

/**
 * The fields of a customer that {@link Customers.update} changes, and {@link Customers.create}
 * sets: all optional. Sent as the JSON body.
 * @category Customers
 */
export interface UpdateCustomerParams {
  name?: string | undefined;
  description?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  /** Date of birth, `YYYY-MM-DD` (older field; prefer `birthdate`). */
  birthday?: string | undefined;
  /** Date of birth, `YYYY-MM-DD`. */
  birthdate?: string | undefined;
  /** The postal address; `null` removes it. */
  address?: AddressInput | null | undefined;
  /** Custom key/value pairs, checked against the customer metadata schema. */
  metadata?: Metadata<'customer'> | undefined;
}

/**
 * Params of {@link Customers.create}: the customer, and the key the service upserts it by.
 * Sent as the JSON body.
 * @category Customers
 */
export interface CreateCustomerParams extends UpdateCustomerParams {
  /**
   * Your own ID of the customer: the service creates the customer once and updates it when sent
   * again, so the call is safe to repeat.
   */
  source_id?: string | undefined;
  /** The service's ID (`cust_…`) of an existing customer to update. */
  id?: string | undefined;
  /**
   * `false`: no marker. Otherwise, without `source_id` or `id`, promokit adds
   * `metadata.promokit_marker`, a fresh value of 130 random bits (unless your metadata has one), by
   * which `client.reconcile` finds this customer after an unknown outcome; `marker` itself is not
   * sent. Define `promokit_marker` (a string) in your customer metadata schema if it allows only
   * defined keys.
   */
  marker?: boolean | undefined;
}

/**
 * Params of {@link Customers.list}: filters, order, page size, and a page number or the time
 * cursor. Sent in the query string (`created_at: { after }` as `created_at[after]=…`).
 * @category Customers
 */
export interface ListCustomersParams extends Page99ListParams {
  /** Customers with this email address. */
  email?: string | undefined;
  /** Customers whose address is in this city. */
  city?: string | undefined;
  /** Customers of this name. */
  name?: string | undefined;
  /** Customers of this segment (`seg_…`); other filters that conflict with the segment's own may give unexpected results. */
  segment_id?: string | undefined;
  /** Customers created within this window. */
  created_at?: TimeRangeInput | undefined;
  /** Customers updated within this window. */
  updated_at?: TimeRangeInput | undefined;
  /** Sort order; by default newest first. */
  order?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | 'source_id' | '-source_id' | undefined;
  /**
   * The time cursor: customers created after this moment in the listing's order (older ones by
   * default, newer ones with `order: 'created_at'`). Set by the SDK when it fetches the next page.
   */
  starting_after?: string | Date | undefined;
}
