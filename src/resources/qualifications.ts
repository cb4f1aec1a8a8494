/**
 * `client.qualifications`: the redeemables a customer and an order qualify for.
 *
 * @module
 */
import { array, closed, integer, isoDateTime, object, oneOf, text } from '../core/inputs.js';
import type { Metadata } from '../core/metadata.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { walks, type PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { Qualification, QualifiedRedeemable } from '../schemas/qualification.js';
import { customerPlaces, customerRules, type CustomerInput } from './inputs/customer.js';
import type { ListFilters } from './inputs/lists.js';
import { orderPlaces, orderRules, type OrderInput } from './inputs/order.js';
import type { SubClientGuide } from './guide.js';

/**
 * Eligibility: the vouchers, promotion tiers and stacks a customer and an order qualify for.
 * @category Checkout
 */
export class Qualifications extends APIResource {
  /**
   * The redeemables a customer and an order qualify for, under a scenario (`ALL` by default: the
   * customer's vouchers, the promotions, the stacks). Awaited, it gives the first page; `for
   * await` goes over every redeemable, a page of at most 50 at a time (`options.limit`, 5 unless
   * set), each next page asked with the time cursor `options.starting_after`: newest first (the
   * default), a millisecond after the page's oldest `created_at`, so that redeemables of that
   * instant past the page are reached too (each yielded once); sorted by deal, the service's
   * `more_starting_after`. Newest first, the cursor must move back in time from page to page: a
   * page newer than its cursor, a cursor that cannot move, or more redeemables of one instant
   * than a page holds (raise `options.limit`) stop the walk with `PaginationStalledError`. Each
   * page's `body` is the whole answer: `body.order`, `body.stacking_rules`,
   * `body.redeemables.has_more`.
   *
   * Qualifying does not promise redeeming: qualification ignores budgets and per-customer limits
   * and is cached by the service for 5 minutes; validate what the customer picks before redeeming.
   *
   * `POST /v1/qualifications`. Reads (it takes no lock: its `session` only makes gift cards report
   * `locked_credits`): retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @param params The customer, the order, the scenario and the options.
   * @throws InvalidRequestError when `options.limit` is outside 1–50, `scenario` or
   * `options.sorting_rule` is unknown, `options.starting_after` is not an ISO 8601 date-time, the
   * `session` holds more than its `type` (a `key`, a `ttl`: a qualification takes no lock), or the
   * order has more than 500 items or an amount that is not an integer; nothing is sent.
   *
   * @example
   * ```ts
   * // POST /v1/qualifications
   * const page = await client.qualifications.check({
   *   customer: { source_id: 'shop-user-1001' },
   *   order: { items: [{ product_id: 'prod_beans', quantity: 2, price: 1200 }] },
   *   options: { limit: 10, sorting_rule: 'BEST_DEAL' },
   * });
   * for (const r of page.data) console.log(r.object, r.id, r.result?.discount?.type);
   * for await (const r of client.qualifications.check({ customer: { source_id: 'shop-user-1001' } })) console.log(r.id);
   * ```
   */
  check(params: CheckEligibilityParams = {}, options?: RequestOptions): PagePromise<QualifiedRedeemable, CheckEligibilityParams, Qualification> {
    return this.core.list(qualificationOperations['qualifications.check'], {}, params, options);
  }
}

/** The operations of {@link Qualifications}, as the registry lists them (resources/registry.ts). */
export const qualificationOperations = operations(loadCheckoutResponses, {
  'qualifications.check': operation<Qualification, CheckEligibilityParams>({
    method: 'POST',
    path: '/v1/qualifications',
    // Reads: it takes no lock (its `session` only reports locked credits).
    effect: 'read',
    paging: walks.startingAfterCursor,
    records: 'redeemables',
    rules: object<CheckEligibilityParams>({
      customer: customerRules,
      order: orderRules,
      tracking_id: text(1),
      scenario: oneOf([
        'ALL',
        'CUSTOMER_WALLET',
        'AUDIENCE_ONLY',
        'PRODUCTS',
        'PRODUCTS_DISCOUNT',
        'PROMOTION_STACKS',
        'PRODUCTS_BY_CUSTOMER',
        'PRODUCTS_DISCOUNT_BY_CUSTOMER',
      ]),
      options: object<QualificationOptions>({
        limit: integer(1, 50),
        starting_after: isoDateTime({ time: 'required' }),
        filters: object(),
        expand: array(Infinity, oneOf(['redeemable', 'category', 'validation_rules'])),
        sorting_rule: oneOf(['DEFAULT', 'BEST_DEAL', 'LEAST_DEAL']),
      }),
      // Its own session, not a validation's: `{ type }` alone (it takes no lock, so it has no key or ttl).
      session: closed<NonNullable<CheckEligibilityParams['session']>>(
        { type: oneOf(['LOCK']) },
        "a qualification's session is { type: 'LOCK' } alone: it takes no lock, so it has no key, ttl or ttl_unit",
      ),
      metadata: object(),
    }),
    metadataPlaces: { metadata: 'redemption', customer: customerPlaces, order: orderPlaces },
  }),
});

/**
 * Where `client.qualifications` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const qualificationGuide: SubClientGuide<keyof typeof qualificationOperations> = {
  category: 'Checkout',
  tasks: {
    'qualifications.check': 'see what a cart qualifies for',
  },
};

/**
 * The response fields each operation of `client.qualifications` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const qualificationRelies: Relies<keyof typeof qualificationOperations> = {
  'qualifications.check': ['redeemables', 'redeemables.has_more', 'redeemables.data.*.id', 'redeemables.data.*.redeemables.*.id'],
};

/**
 * Which redeemables a qualification looks at.
 * @category Checkout
 */
export type QualificationScenario =
  | 'ALL'
  | 'CUSTOMER_WALLET'
  | 'AUDIENCE_ONLY'
  | 'PRODUCTS'
  | 'PRODUCTS_DISCOUNT'
  | 'PROMOTION_STACKS'
  | 'PRODUCTS_BY_CUSTOMER'
  | 'PRODUCTS_DISCOUNT_BY_CUSTOMER';

/**
 * Options of a qualification: page size and cursor, filters, expansions, order.
 * @category Checkout
 */
export interface QualificationOptions {
  /** Redeemables per page, 1 to 50 (the service's default is 5). */
  limit?: number | undefined;
  /** The time cursor: redeemables after this `created_at`; set by the SDK when it fetches the next page. */
  starting_after?: string | Date | undefined;
  /**
   * Filters, e.g. `{ resource_type: { conditions: { $in: ['voucher'] } } }`; the conditions of
   * qualifications take arrays, even `$is`.
   */
  filters?: ListFilters | undefined;
  /** What to add: `redeemable` (metadata and campaign), `category`, `validation_rules`. */
  expand?: Array<'redeemable' | 'category' | 'validation_rules'> | undefined;
  /** `DEFAULT` (newest first), `BEST_DEAL` (largest discount first) or `LEAST_DEAL`. */
  sorting_rule?: 'DEFAULT' | 'BEST_DEAL' | 'LEAST_DEAL' | undefined;
}

/**
 * Params of {@link Qualifications.check}, sent as the JSON body. All optional.
 * @category Checkout
 */
export interface CheckEligibilityParams {
  /** The customer. */
  customer?: CustomerInput | undefined;
  /** The order: items (at most 500) and amounts, integers in the smallest currency unit. */
  order?: OrderInput | undefined;
  /** Your ID of the customer, when no `customer` is given. */
  tracking_id?: string | undefined;
  /** Which redeemables to look at; `ALL` when left out. */
  scenario?: QualificationScenario | undefined;
  /** Page size, cursor, filters, expansions, order. */
  options?: QualificationOptions | undefined;
  /** `{ type: 'LOCK' }`: gift cards report the credits held by session locks. It takes no lock. */
  session?:
    | {
        /** `LOCK`. */
        type?: 'LOCK' | undefined;
      }
    | undefined;
  /** Metadata checked against the redemption metadata's validation rules. */
  metadata?: Metadata<'redemption'> | undefined;
}
