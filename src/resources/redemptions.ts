/**
 * `client.redemptions`: the stacked redemption of a checkout, the redemption records (read and
 * listed), and rolling back a redemption or a stacked one.
 *
 * @module
 */
import type { BadRequestError } from '../core/api-errors.js';
import { isA, PromokitError } from '../core/errors.js';
import { apiPromise, type APIPromise, type PagePromise, walks } from '../core/pagination.js';
import { boolean, integer, isoDateTime, object, oneOf, text } from '../core/inputs.js';
import type { Metadata } from '../core/metadata.js';
import { loadChunk } from '../core/lazy.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { StackedRedemption } from '../schemas/checkout.js';
import type { RedemptionEntry, RedemptionList } from '../schemas/redemption-entry.js';
import type { RedemptionRollback, RedemptionRollbackResult } from '../schemas/redemption-rollback.js';
import { customerPlaces, customerRules, type CustomerInput } from './inputs/customer.js';
import type { ListFilters } from './inputs/lists.js';
import { orderPlaces, orderRules, type OrderInput } from './inputs/order.js';
import { stackedRequestPlaces, stackedRequestRules, withMarker, withSessionKey, type StackedRequestParams } from './inputs/redeemables.js';
import type { SubClientGuide } from './guide.js';

/**
 * Redemptions and their rollback.
 * @category Redemptions
 */
export class Redemptions extends APIResource {
  /**
   * Rolls back every redemption stacked under a parent redemption, and the parent itself: points,
   * credit and redemption counters are given back. Returns `{ rollbacks, parent_rollback }`.
   *
   * `POST /v1/redemptions/{parentRedemptionId}/rollbacks`. The published spec takes `reason` and
   * `tracking_id` both as query parameters and as body fields; the SDK sends them once, in the
   * query string (where the operation declares them as parameters), and `customer`, `order` and
   * `metadata` in the JSON body (`{}` when none is given, as the body is required).
   *
   * Not idempotent: never retried on 5xx or timeouts (the service may have acted); retried only
   * on 429 and on connection failures where nothing was sent. A rollback refused per redemption
   * comes back with `result: 'FAILURE'` and `failure_code` in the records, not as an error.
   *
   * @param parentRedemptionId `r_…` of the parent redemption.
   * @throws InvalidRequestError when `reason` or `tracking_id` is empty, or the order has more
   * than 500 items or a non-integer quantity or amount; nothing is sent.
   * @throws BadRequestError (400 `invalid_redemption_parent`, `already_rolled_back`) and
   * NotFoundError (404) when the service refuses the request.
   *
   * @example
   * ```ts
   * // POST /v1/redemptions/{parentRedemptionId}/rollbacks
   * const { rollbacks, parent_rollback } = await client.redemptions.rollbackStackable('r_0d1c9f2a7b3e', {
   *   reason: 'Order cancelled by the customer',
   * });
   * for (const rollback of rollbacks ?? []) {
   *   if (rollback.result === 'FAILURE') console.log(rollback.id, 'not rolled back:', rollback.failure_code);
   * }
   * console.log('parent:', parent_rollback?.status);
   * ```
   */
  rollbackStackable(parentRedemptionId: string, params: RollbackStackableParams = {}, options?: RequestOptions): APIPromise<RedemptionRollbackResult> {
    return this.core.request(redemptionOperations['redemptions.rollbackStackable'], { parentRedemptionId }, params, options);
  }

  /**
   * Redeems up to 30 redeemables together on an order, under the project's stacking rules: the
   * checkout's spend. Several redeemables make a parent redemption (`parent_redemption`) with a
   * child per applied redeemable (`redemptions`); what could not be used is in
   * `inapplicable_redeemables` and `skipped_redeemables`, not an error. Under a session (the
   * `session.key` a validation returned), the redemption uses the lock and releases it.
   *
   * `POST /v1/redemptions`. A spend: never sent again after the service may have acted (a 5xx, a
   * timeout, a connection dropped after sending); retried only on 429 and on connection failures
   * where nothing was sent. After an unknown outcome, `client.reconcile(error)` finds the
   * redemption by its marker: promokit adds `metadata.promokit_marker` (a fresh value of 130
   * random bits, unless your metadata has one) unless you send `marker: false`, or by the order's
   * `source_id`. A project whose redemption metadata schema allows only defined keys must define
   * `promokit_marker` (a string) first.
   *
   * @param params The redeemables (1 to 30, none twice, one promotion stack never mixed with
   * others), the order, the customer, the session and the redemption's metadata.
   * @throws InvalidRequestError when `redeemables` is empty, holds more than 30, a duplicate, a
   * stack with anything else, or an `id` that is blank or starts or ends with spaces; the order has more than 500 items or an amount that is not an
   * integer; the session is malformed; nothing is sent.
   * @throws BadRequestError (400) when the service refuses the request.
   *
   * @example
   * ```ts
   * // POST /v1/redemptions
   * const redeemables = [{ object: 'voucher' as const, id: 'SPRING15' }];
   * const order = { source_id: 'web-1042', items: [{ product_id: 'prod_beans', quantity: 2, price: 1200 }] };
   * const validation = await client.validations.validate({ redeemables, order, session: { type: 'LOCK' } });
   * const redeemed = await client.redemptions.redeem({ redeemables, order, session: { key: validation.session?.key ?? undefined } });
   * for (const r of redeemed.redemptions ?? []) console.log(r.id, r.result);
   * console.log('total:', redeemed.order?.total_amount, 'not used:', redeemed.inapplicable_redeemables?.length ?? 0);
   * ```
   */
  redeem(params: RedeemStackedParams, options?: RequestOptions): APIPromise<StackedRedemption> {
    return this.core.request(redemptionOperations['redemptions.redeem'], {}, params, options);
  }

  /**
   * Lists redemptions and their rollbacks, newest first unless `order` says otherwise; narrow
   * each record on `object` (`redemption` or `redemption_rollback`), then on `result`. Paged by
   * number: pages 1 to 99 of up to 100 records; past page 99 the walk stops with
   * `PaginationLimitError` (narrow it with `created_at`).
   *
   * `GET /v1/redemptions`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @throws InvalidRequestError when `limit` is outside 1–100, `page` outside 1–99, `result` or
   * `order` unknown, or a `created_at` bound not ISO 8601; nothing is sent.
   *
   * @example
   * ```ts
   * // GET /v1/redemptions
   * const since = new Date(Date.now() - 3_600_000);
   * for await (const entry of client.redemptions.list({ customer: 'shop-user-1001', created_at: { after: since }, limit: 100 })) {
   *   if (entry.object === 'redemption' && entry.result === 'SUCCESS') console.log(entry.id, entry.order?.source_id);
   * }
   * ```
   */
  list(params: ListRedemptionsParams = {}, options?: RequestOptions): PagePromise<RedemptionEntry, ListRedemptionsParams> {
    return this.core.list(redemptionOperations['redemptions.list'], {}, params, options);
  }

  /**
   * Reads a redemption or a rollback by id; narrow it on `object`. A redemption's
   * `related_redemptions.rollbacks` lists its rollbacks.
   *
   * `GET /v1/redemptions/{redemptionId}`. Read-only: retried on network errors, timeouts, 408,
   * 429 and 5xx.
   *
   * @param redemptionId `r_…` of a redemption, `rf_…` of a failed one, or `rr_…` of a rollback.
   * @throws NotFoundError (404) when there is none with this id.
   *
   * @example
   * ```ts
   * // GET /v1/redemptions/{redemptionId}
   * const entry = await client.redemptions.get('r_0d1c9f2a7b3e');
   * if (entry.object === 'redemption') console.log(entry.status, entry.related_redemptions?.rollbacks?.map((r) => r.id));
   * ```
   */
  get(redemptionId: string, options?: RequestOptions): APIPromise<RedemptionEntry> {
    return this.core.request(redemptionOperations['redemptions.get'], { redemptionId }, {}, options);
  }

  /**
   * Rolls back one redemption that is not part of a stacked one: its voucher's redemption, gift
   * credits and loyalty points are given back, and the order's discount reverted (by the
   * project's `redeemables_rollback_order_mode`). Roll back a stacked redemption, parent and
   * children, with `rollbackStackable`; a child alone cannot be rolled back.
   *
   * `POST /v1/redemptions/{redemptionId}/rollback`. An idempotent write the service guards: a
   * second rollback of the same redemption is refused with 400 `already_rolled_back`, so it is
   * retried like a PUT (network errors, timeouts, 408, 429, 5xx), and an answer
   * `already_rolled_back`, to a retry or to a call of its own, resolves with the rollback that
   * exists (read with `redemptions.get`; compare its `date` to tell an older one).
   *
   * @param redemptionId `r_…` of the redemption.
   * @param params `reason` and `tracking_id` (sent in the query string); the `customer`, `order`
   * and `metadata` of the redemption (the JSON body).
   * @throws InvalidRequestError when `reason` or `tracking_id` is empty, or the order has more
   * than 500 items or an amount that is not an integer; nothing is sent.
   * @throws BadRequestError (400 `invalid_redemption_parent` for a child of a stacked redemption,
   * `invalid_redemption` for a parent, `invalid_order`, `invalid_customer`) and NotFoundError (404).
   *
   * @example
   * ```ts
   * // POST /v1/redemptions/{redemptionId}/rollback
   * const rollback = await client.redemptions.rollback('r_0d1c9f2a7b3e', { reason: 'order returned' });
   * console.log(rollback.id, rollback.result, rollback.amount);
   * ```
   */
  rollback(redemptionId: string, params: RollbackRedemptionParams = {}, options?: RequestOptions): APIPromise<RedemptionRollback> {
    const call = this.core.request(redemptionOperations['redemptions.rollback'], { redemptionId }, params, options);
    return apiPromise(
      call.withResponse().catch((error: unknown) => {
        // The service's 400 `already_rolled_back` (a `BadRequestError`), told by its fields: a check of
        // its class would bring the service's error classes into every bundle of the `Client`.
        if (!(isA(error, PromokitError) && (error as { status?: unknown }).status === 400 && (error as { key?: unknown }).key === 'already_rolled_back'))
          throw error;
        // The read-back, loaded on first use: one that cannot load is a typed error naming it.
        return loadChunk(
          'rollback-read',
          () => import('./rollback-read.js'),
          'the service answered 400 already_rolled_back and the rollback was not read back',
          'rejected',
        ).then(({ existingRollback }) => existingRollback(this, redemptionId, error as BadRequestError, options));
      }),
    );
  }
}

/** The last page the redemptions list serves (CHECKOUT.md §5 D20). */
const LAST_PAGE = 99;

/** The operations of {@link Redemptions}, as the registry lists them (resources/registry.ts). */
export const redemptionOperations = operations(loadCheckoutResponses, {
  'redemptions.rollbackStackable': operation<RedemptionRollbackResult, RollbackStackableParams>({
    method: 'POST',
    path: '/v1/redemptions/{parentRedemptionId}/rollbacks',
    // Gives points and credit back: sending it twice could roll back twice.
    effect: 'spend',
    trace: 'no-rollback-read',
    query: ['reason', 'tracking_id'],
    rules: object<RollbackStackableParams>({ reason: text(1), tracking_id: text(1), customer: customerRules, order: orderRules, metadata: object() }),
    metadataPlaces: { metadata: 'redemption', customer: customerPlaces, order: orderPlaces },
  }),
  'redemptions.redeem': operation<StackedRedemption, RedeemStackedParams>({
    method: 'POST',
    path: '/v1/redemptions',
    // Spends a redemption of each voucher, credits and points: never sent twice blindly.
    effect: 'spend',
    trace: 'redemptions-since',
    rules: object<RedeemStackedParams>({ ...stackedRequestRules, marker: boolean() }),
    prepare: (params) => withMarker(withSessionKey(params)) as RedeemStackedParams,
    metadataPlaces: stackedRequestPlaces,
  }),
  'redemptions.list': operation<RedemptionList, ListRedemptionsParams>({
    method: 'GET',
    path: '/v1/redemptions',
    paging: walks.pageNumber99,
    records: 'redemptions',
    rules: object<ListRedemptionsParams>({
      limit: integer(1, 100),
      page: integer(1, LAST_PAGE),
      result: oneOf(['SUCCESS', 'FAILURE']),
      campaign: text(1),
      customer: text(1),
      order: oneOf(['created_at', 'id', 'voucher_code', 'tracking_id', 'customer_id'].flatMap((by) => [by, `-${by}`]) as RedemptionListOrder[]),
      created_at: object<NonNullable<ListRedemptionsParams['created_at']>>({ before: isoDateTime(), after: isoDateTime() }),
      filters: object(),
    }),
  }),
  'redemptions.get': operation<RedemptionEntry>({
    method: 'GET',
    path: '/v1/redemptions/{redemptionId}',
  }),
  'redemptions.rollback': operation<RedemptionRollback, RollbackRedemptionParams>({
    method: 'POST',
    path: '/v1/redemptions/{redemptionId}/rollback',
    // Gives value back, once: a second rollback is refused (already_rolled_back), which resolves
    // with the rollback that exists. Sent twice, the end state is the same.
    effect: 'idempotent-write',
    trace: 'redemption-rollbacks',
    query: ['reason', 'tracking_id'],
    rules: object<RollbackRedemptionParams>({ reason: text(1), tracking_id: text(1), customer: customerRules, order: orderRules, metadata: object() }),
    metadataPlaces: { metadata: 'redemption', customer: customerPlaces, order: orderPlaces },
  }),
});

/**
 * Where `client.redemptions` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const redemptionGuide: SubClientGuide<keyof typeof redemptionOperations> = {
  category: 'Redemptions',
  tasks: {
    'redemptions.redeem': "redeem a cart's codes and promotions (the checkout)",
    'redemptions.list': 'list redemptions and rollbacks',
    'redemptions.get': 'read a redemption or a rollback',
    'redemptions.rollback': 'undo a redemption (a return, a cancelled order)',
    'redemptions.rollbackStackable': 'undo a stacked redemption, parent and children',
  },
};

/**
 * The response fields each operation of `client.redemptions` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const redemptionRelies: Relies<keyof typeof redemptionOperations> = {
  'redemptions.rollbackStackable': ['parent_rollback', 'parent_rollback.id', 'parent_rollback.result', 'rollbacks.*.id', 'rollbacks.*.result'],
  'redemptions.redeem': [
    'redemptions.*.id',
    'redemptions.*.result',
    'parent_redemption.id',
    'parent_redemption.result',
    'inapplicable_redeemables.*.id',
    'inapplicable_redeemables.*.status',
    'skipped_redeemables.*.id',
    'skipped_redeemables.*.status',
  ],
  'redemptions.list': ['redemptions.*.id', 'redemptions.*.object', 'redemptions.*.result'],
  'redemptions.get': ['id', 'object', 'result'],
  'redemptions.rollback': ['id', 'result'],
};

/**
 * Params of {@link Redemptions.redeem}, sent as the JSON body but for `marker`.
 * @category Checkout
 */
export interface RedeemStackedParams extends StackedRequestParams {
  /**
   * `false`: no marker. Otherwise promokit adds `metadata.promokit_marker`, a fresh value of 130
   * random bits (unless your metadata has one), by which `client.reconcile` finds this redemption
   * after an unknown outcome; `marker` itself is not sent. A project whose redemption metadata
   * schema allows only defined keys must define `promokit_marker` (a string), or send
   * `marker: false` (then the order's `source_id` is the call's identity, when it has one).
   */
  marker?: boolean | undefined;
}

/**
 * Sort orders of the redemptions list: by date, id, voucher code, tracking id or customer;
 * `-` descending.
 * @category Redemptions
 */
export type RedemptionListOrder =
  | 'created_at'
  | '-created_at'
  | 'id'
  | '-id'
  | 'voucher_code'
  | '-voucher_code'
  | 'tracking_id'
  | '-tracking_id'
  | 'customer_id'
  | '-customer_id';

/**
 * Params of {@link Redemptions.list}, sent in the query string.
 * @category Redemptions
 */
export interface ListRedemptionsParams {
  /** Records per page, 1 to 100 (the service's default is 10). */
  limit?: number | undefined;
  /** Page number, 1 to 99. */
  page?: number | undefined;
  /** `SUCCESS` or `FAILURE`. */
  result?: 'SUCCESS' | 'FAILURE' | undefined;
  /** The campaign's name. */
  campaign?: string | undefined;
  /** The customer's `id` or `source_id` (an unknown one lists nothing). */
  customer?: string | undefined;
  /** Sort order; newest first when left out. */
  order?: RedemptionListOrder | undefined;
  /** Made before or after these moments: ISO 8601 strings or `Date`s. */
  created_at?:
    | {
        /** Made before this moment. */
        before?: string | Date | undefined;
        /** Made after this moment. */
        after?: string | Date | undefined;
      }
    | undefined;
  /**
   * Filters, e.g. `{ parent_redemption_id: { conditions: { $is: 'r_…' } } }`: on `voucher_code`,
   * `related_object_id`, `related_object_parent_id`, `parent_redemption_id`, `failure_code`,
   * `result`, `object`, `customer_id`, `campaign_name`, `user_login`.
   */
  filters?: ListFilters | undefined;
}

/**
 * Params of {@link Redemptions.rollback}. `reason` and `tracking_id` are sent in the query
 * string; `customer`, `order` and `metadata` in the JSON body (`{}` when none is given).
 * @category Redemptions
 */
export interface RollbackRedemptionParams {
  /** Why the redemption is rolled back. Sent in the query string. */
  reason?: string | undefined;
  /** Your ID of the customer. Sent in the query string. */
  tracking_id?: string | undefined;
  /** The redemption's customer; the fields sent update the customer record. */
  customer?: CustomerInput | undefined;
  /** The redemption's order, e.g. `{ source_id }`. */
  order?: OrderInput | undefined;
  /** Updates the redemption's metadata. */
  metadata?: Metadata<'redemption'> | undefined;
}

/**
 * Params of {@link Redemptions.rollbackStackable}. `reason` and `tracking_id` are sent in the
 * query string; `customer`, `order` and `metadata` in the JSON body.
 * @category Redemptions
 */
export interface RollbackStackableParams {
  /** Why the redemptions are rolled back; recorded on each rollback. Sent in the query string. */
  reason?: string | undefined;
  /** Your ID of the customer for tracking. Sent in the query string. */
  tracking_id?: string | undefined;
  /** The customer, to update the customer record along with the rollback. */
  customer?: CustomerInput | undefined;
  /** The order, e.g. `{ source_id }`, to update along with the rollback. Amounts are integers in the smallest currency unit. */
  order?: OrderInput | undefined;
  /** Custom key/value pairs stored on the rollbacks. */
  metadata?: Metadata<'redemption'> | undefined;
}
