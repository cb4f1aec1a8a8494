/**
 * `client.vouchers`: listing, reading, changing, enabling, disabling and deleting vouchers;
 * creating a voucher with a chosen code, validating a voucher against a customer and an order, a
 * voucher's redemption history, releasing a session lock, and a card's balance: changed, and its
 * transactions listed.
 *
 * @module
 */
import { walks, type APIPromise, type PagePromise } from '../core/pagination.js';
import { all, array, boolean, closed, integer, object, oneOf, required, text, isRecord } from '../core/inputs.js';
import type { VoucherList } from '../schemas/voucher.js';
import {
  cursorListRules,
  page99ListRules,
  timeRangeRules,
  type CursorListParams,
  type ListFilters,
  type Page99ListParams,
  type TimeRangeInput,
} from './inputs/lists.js';
import type { VoucherTransaction, VoucherTransactionList } from '../schemas/loyalty-transaction.js';
import type { Metadata } from '../core/metadata.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { VoucherBalance } from '../schemas/balance.js';
import type { VoucherRedemptions } from '../schemas/redemption-entry.js';
import type { ValidationResult } from '../schemas/validation.js';
import type { Voucher } from '../schemas/voucher.js';
import { customerPlaces, customerRules, type CustomerInput } from './inputs/customer.js';
import { newMarker, withMarker } from './inputs/redeemables.js';
import { discountRules, type DiscountInput } from './inputs/discount.js';
import { orderPlaces, orderRules, type OrderInput } from './inputs/order.js';
import { sessionRules, type SessionInput } from './inputs/session.js';
import { validityRules, type ValidityInput } from './inputs/validity.js';
import type { SubClientGuide } from './guide.js';

/**
 * Vouchers: gift vouchers, discount vouchers and loyalty cards.
 * @category Vouchers
 */
export class Vouchers extends APIResource {
  /**
   * Lists vouchers, newest first unless `order` says otherwise, filtered by campaign, category,
   * holder, code, IDs and the times they were created and updated. A page-numbered list (pages 1
   * to 99) with `total`; a listed voucher carries its `categories`, not its validation rules.
   *
   * `GET /v1/vouchers`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @throws {InvalidRequestError} `limit` outside 1–100, `page` outside 1–99, an unknown `order`,
   *   a time that is not an ISO 8601 date-time; nothing is sent.
   * @throws {PaginationLimitError} While iterating, when vouchers remain past page 99, the last
   *   page the service serves (narrow the filters, or raise `limit`, to reach them).
   *
   * @example
   * ```ts
   * // GET /v1/vouchers
   * for await (const voucher of client.vouchers.list({ campaign: 'Summer sale', limit: 100 })) {
   *   console.log(voucher.code, voucher.active, voucher.redemption?.redeemed_quantity);
   * }
   * ```
   */
  list(params: ListVouchersParams = {}, options?: RequestOptions): PagePromise<Voucher, ListVouchersParams> {
    return this.core.list(voucherOperations['vouchers.list'], {}, params, options);
  }

  /**
   * Reads a voucher: its balance or discount, validity, counters, categories and validation rules
   * (which may be inherited from its campaign).
   *
   * `GET /v1/vouchers/{code}`. Read-only: retried on network errors, timeouts, 408, 429 and 5xx.
   *
   * @param code The voucher code, or its ID (`v_…`); any characters (sent URL-encoded).
   * @throws {NotFoundError} No such voucher, or one deleted (404).
   *
   * @example
   * ```ts
   * // GET /v1/vouchers/{code}
   * const voucher = await client.vouchers.get('SUMMER-10');
   * console.log(voucher.active, voucher.expiration_date, voucher.discount?.type);
   * ```
   */
  get(code: string, options?: RequestOptions): APIPromise<Voucher> {
    return this.core.request(voucherOperations['vouchers.get'], { code }, {}, options);
  }

  /**
   * Changes a voucher: only the fields sent change. Its category, validity, `active`,
   * `additional_info` and `metadata`, and a discount voucher's `discount` (not its type). A field
   * the service would ignore without a word (a gift card's balance, a loyalty card's points, the
   * code) is refused before sending.
   *
   * `PUT /v1/vouchers/{code}`. An idempotent write: retried on network errors, timeouts, 408, 429
   * and 5xx.
   *
   * @param code The voucher code (sent URL-encoded).
   * @throws {InvalidRequestError} A field the service does not change, a date that is not ISO
   *   8601, a day of the week outside 0 to 6; nothing is sent.
   * @throws {BadRequestError} (400 `invalid_voucher`) e.g. a change of the discount's type.
   * @throws {NotFoundError} No such voucher (404).
   *
   * @example
   * ```ts
   * // PUT /v1/vouchers/{code}
   * const voucher = await client.vouchers.update('SUMMER-10', {
   *   expiration_date: '2026-09-30T23:59:59Z',
   *   metadata: { channel: 'newsletter' },
   * });
   * console.log(voucher.expiration_date);
   * ```
   */
  update(code: string, params: UpdateVoucherParams, options?: RequestOptions): APIPromise<Voucher> {
    return this.core.request(voucherOperations['vouchers.update'], { code }, params, options);
  }

  /**
   * Deletes a voucher, with its redemptions: to the bin by default, or for good with
   * `force: true` (its code can then be used again). Resolves once the voucher is gone, also when
   * a retry after a lost answer finds it already deleted.
   *
   * `DELETE /v1/vouchers/{code}` (`force` in the query). An idempotent write: retried on network
   * errors, timeouts, 408, 429 and 5xx; a retry answered the service's 404 of this very voucher
   * (`resource_type` `voucher`, `resource_id` the code: the first attempt deleted it) resolves.
   *
   * @param code The voucher code (sent URL-encoded).
   * @throws {InvalidRequestError} `force` that is not `true` or `false`; nothing is sent.
   * @throws {NotFoundError} No such voucher, at the first attempt (404); any other 404 to a retry
   * (of another record, a proxy's page).
   *
   * @example
   * ```ts
   * // DELETE /v1/vouchers/{code}
   * await client.vouchers.delete('SUMMER-10', { force: true });
   * ```
   */
  delete(code: string, params: DeleteVoucherParams = {}, options?: RequestOptions): APIPromise<void> {
    return this.core.request(voucherOperations['vouchers.delete'], { code }, params, options);
  }

  /**
   * Enables a voucher (`active: true`): redeemable again inside its validity window. Returns the
   * voucher.
   *
   * `POST /v1/vouchers/{code}/enable`, without a body. An idempotent write: retried on network
   * errors, timeouts, 408, 429 and 5xx.
   *
   * @param code The voucher code, or its ID (`v_…`) (sent URL-encoded).
   * @throws {NotFoundError} No such voucher (404).
   *
   * @example
   * ```ts
   * // POST /v1/vouchers/{code}/enable
   * const voucher = await client.vouchers.enable('SUMMER-10');
   * console.log(voucher.active); // true
   * ```
   */
  enable(code: string, options?: RequestOptions): APIPromise<Voucher> {
    return this.core.request(voucherOperations['vouchers.enable'], { code }, {}, options);
  }

  /**
   * Disables a voucher (`active: false`): redeeming it fails with `voucher_disabled` until it is
   * enabled again. Returns the voucher.
   *
   * `POST /v1/vouchers/{code}/disable`, without a body. An idempotent write: retried on network
   * errors, timeouts, 408, 429 and 5xx.
   *
   * @param code The voucher code, or its ID (`v_…`) (sent URL-encoded).
   * @throws {NotFoundError} No such voucher (404).
   *
   * @example
   * ```ts
   * // POST /v1/vouchers/{code}/disable
   * const voucher = await client.vouchers.disable('SUMMER-10');
   * console.log(voucher.active); // false
   * ```
   */
  disable(code: string, options?: RequestOptions): APIPromise<Voucher> {
    return this.core.request(voucherOperations['vouchers.disable'], { code }, {}, options);
  }

  /**
   * Creates a voucher with the given code: a discount voucher, a gift voucher or a loyalty card,
   * by `type`. Returns the new voucher with its `validation_rules_assignments` and `categories`.
   *
   * `POST /v1/vouchers/{code}`. Not idempotent: retried only on 429 and on connection failures
   * where nothing was sent, never on 5xx or timeouts. After an unknown outcome,
   * `client.reconcile(error)` reads the code back and knows the voucher by its marker: promokit
   * adds `metadata.promokit_marker` (130 random bits) unless you send `marker: false`. A project
   * whose voucher metadata schema allows only defined keys must define `promokit_marker`.
   *
   * ```ts
   * await client.vouchers.create('SUMMER-10', { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 10 } });
   * ```
   *
   * @param code The voucher code; any characters (sent URL-encoded).
   * @throws InvalidRequestError when `type` is missing or unknown, a money amount or count is not
   * an integer, a date is not ISO 8601, or a day of the week is outside 0 to 6; nothing is sent.
   * @throws ConflictError (409 `duplicate_found`) when a voucher with this code exists.
   *
   * @example
   * ```ts
   * // POST /v1/vouchers/{code}
   * const voucher = await client.vouchers.create('GIFT-2026-0042', {
   *   type: 'GIFT_VOUCHER',
   *   gift: { amount: 5000, balance: 5000 },
   *   expiration_date: '2026-12-31T23:59:59Z',
   * });
   * console.log(voucher.code, voucher.gift?.balance);
   * ```
   */
  create(code: string, params: CreateVoucherParams, options?: RequestOptions): APIPromise<Voucher> {
    return this.core.request(voucherOperations['vouchers.create'], { code }, params, options);
  }

  /**
   * Checks whether a voucher can be redeemed by this customer for this order, and computes the
   * discount, gift credit or loyalty cost and the order amounts. Changes nothing.
   *
   * An invalid voucher is a result, not an error: the promise resolves with `valid: false`,
   * `reason` and, usually, `error` (e.g. `error.key` `voucher_expired`). Narrow on `valid`:
   *
   * ```ts
   * const result = await client.vouchers.validate('SUMMER-10', { order: { amount: 5000 } });
   * if (result.valid) console.log(result.discount); else console.log(result.error?.key ?? result.reason);
   * ```
   *
   * `POST /v1/vouchers/{code}/validate`. Without `session` it changes nothing, so it is retried
   * like a GET: on network errors, timeouts, 408, 429 and 5xx. With `session` it opens or joins a
   * session lock, so it is retried like a spend: only on 429 and on connection failures where
   * nothing was sent, never on 5xx or timeouts.
   *
   * @param code The voucher code (sent URL-encoded).
   * @param params The customer, order, session and metadata to validate against; `{}` when left out.
   * @throws InvalidRequestError when the order has more than 500 items or a non-integer quantity
   * or amount; nothing is sent.
   * @throws BadRequestError (400, e.g. `missing_reward`, `metadata_validation_failed`) and
   * NotFoundError (404) for requests the service refuses.
   *
   * @example
   * ```ts
   * // POST /v1/vouchers/{code}/validate
   * const result = await client.vouchers.validate('SUMMER-10', {
   *   customer: { source_id: 'cust-42' },
   *   order: { amount: 5000, items: [{ product_id: 'prod_flat_white', quantity: 2, price: 2500 }] },
   * });
   * if (result.valid) console.log('discount:', result.order?.total_discount_amount);
   * else console.log('not valid:', result.error?.key ?? result.error?.message, result.reason);
   * ```
   */
  validate(code: string, params: ValidateVoucherParams = {}, options?: RequestOptions): APIPromise<ValidationResult> {
    return this.core.request(voucherOperations['vouchers.validate'], { code }, params, options);
  }

  /**
   * A voucher's redemption history: its redemptions and rollbacks (narrow each on `object`), and
   * its counters `quantity` (`null`: unlimited) and `redeemed_quantity`. The service declares no
   * paging for it: when `total` is more than `redemption_entries.length`, the history is partial.
   *
   * `GET /v1/vouchers/{code}/redemption`. Read-only: retried on network errors, timeouts, 408,
   * 429 and 5xx.
   *
   * @param code The voucher code (sent URL-encoded).
   * @throws NotFoundError (404) when no voucher has this code.
   *
   * @example
   * ```ts
   * // GET /v1/vouchers/{code}/redemption
   * const history = await client.vouchers.getRedemptions('SPRING15');
   * console.log(history.redeemed_quantity, 'of', history.quantity ?? 'unlimited');
   * for (const entry of history.redemption_entries ?? []) console.log(entry.object, entry.id, entry.result);
   * ```
   */
  getRedemptions(code: string, options?: RequestOptions): APIPromise<VoucherRedemptions> {
    return this.core.request(voucherOperations['vouchers.getRedemptions'], { code }, {}, options);
  }

  /**
   * Releases the session lock a validation took on a voucher: its redemption, credits and points
   * are free for others again. Vouchers only: a promotion tier's lock has no release and expires
   * with its `ttl`.
   *
   * `DELETE /v1/vouchers/{code}/sessions/{sessionKey}`, answered 204. An idempotent write, retried
   * like a PUT. The service's 404 for this very session (key `not_found`, `resource_type`
   * `session`, `resource_id` the key: the lock is gone, released, consumed by a redemption or
   * expired; the service does not say which) resolves as released, to a retry or to a call of its
   * own: no lock is held under the key (then `.withResponse()` gives that 404's status and
   * headers). Any other 404 (of the voucher, of another key, a proxy's page) is a `NotFoundError`.
   *
   * @param code The voucher code or `v_…` id (sent URL-encoded).
   * @param sessionKey The lock's key (`session.key` of the validation).
   * @throws NotFoundError (404, `resource_type` `voucher`) when no voucher has this code, and on
   * any 404 that is not the service's own for this session.
   *
   * @example
   * ```ts
   * // DELETE /v1/vouchers/{code}/sessions/{sessionKey}
   * const validation = await client.validations.validate({ redeemables: [{ object: 'voucher', id: 'SPRING15' }], session: { key: 'checkout-web-1042' } });
   * // … the customer leaves the checkout: give the voucher back to the others.
   * await client.vouchers.releaseSession('SPRING15', validation.session?.key ?? 'checkout-web-1042');
   * ```
   */
  releaseSession(code: string, sessionKey: string, options?: RequestOptions): APIPromise<void> {
    return this.core.request(voucherOperations['vouchers.releaseSession'], { code, sessionKey }, {}, options);
  }

  /**
   * Lists one card's balance transactions: a gift card's credits added, removed, spent and given
   * back, a loyalty card's points, each with the balance after it and, for a change made through
   * the balance operation, the `source_id` and `reason` it was sent with. Page by page with the
   * `starting_after_id` cursor; `order: '-id'` newest first.
   *
   * `GET /v1/vouchers/{code}/transactions`. Read-only: retried on network errors, timeouts, 408,
   * 429 and 5xx.
   *
   * @param code The card's code, or its ID (`v_…`) (sent URL-encoded).
   * @throws {InvalidRequestError} `limit` outside 1–100, `order` other than `id` or `-id`, an empty
   *   `starting_after_id`; nothing is sent.
   * @throws {NotFoundError} No such card (404).
   *
   * @example
   * ```ts
   * // GET /v1/vouchers/{code}/transactions
   * for await (const tx of client.vouchers.listTransactions('GIFT-2026-0042', { order: '-id', limit: 100 })) {
   *   console.log(tx.created_at, tx.type, tx.source_id, tx.details?.balance?.amount, tx.details?.balance?.balance);
   * }
   * ```
   */
  listTransactions(
    code: string,
    params: ListVoucherTransactionsParams = {},
    options?: RequestOptions,
  ): PagePromise<VoucherTransaction, ListVoucherTransactionsParams> {
    return this.core.list(voucherOperations['vouchers.listTransactions'], { code }, params, options);
  }

  /**
   * Adds to or removes from a gift card's credit or a loyalty card's points: `amount` is an
   * increment, negative to remove. Returns the balance after it; the answer names no transaction.
   *
   * `POST /v1/vouchers/{code}/balance`. Moves value, so it is never sent twice blindly: retried
   * only on 429 and on connection failures where nothing was sent, never on 5xx or timeouts (a
   * second send would add the amount again: the service keeps no idempotency key). After an
   * unknown outcome, `client.reconcile(error)` walks the card's transactions for the change's
   * `source_id`: promokit sends a fresh one (`mk_` and 26 characters, 130 random bits) unless you
   * give your own, which must then be unique to this change (the service does not refuse a
   * `source_id` already used).
   *
   * A gift card's amount is in the smallest currency unit (`10000` = 100.00). For a loyalty card
   * the spec's ×100 reading conflicts with how points are counted elsewhere: check the unit
   * against your project before adjusting points.
   *
   * @param code The card's code, or its ID (`v_…`) (sent URL-encoded).
   * @throws {InvalidRequestError} `amount` missing or not an integer, an empty `source_id`, a
   *   `reason` that is not a string; nothing is sent.
   * @throws {NotFoundError} No such card (404).
   *
   * @example
   * ```ts
   * // POST /v1/vouchers/{code}/balance
   * const after = await client.vouchers.updateBalance('GIFT-2026-0042', { amount: 2500, reason: 'refund of order 1042' });
   * console.log(after.balance, after.related_object?.id);
   * ```
   */
  updateBalance(code: string, params: UpdateVoucherBalanceParams, options?: RequestOptions): APIPromise<VoucherBalance> {
    return this.core.request(voucherOperations['vouchers.updateBalance'], { code }, params, options);
  }
}

/** The object each voucher type requires. */
const objectOfType: Record<VoucherTypeInput, 'discount' | 'gift' | 'loyalty_card'> = {
  DISCOUNT_VOUCHER: 'discount',
  GIFT_VOUCHER: 'gift',
  LOYALTY_CARD: 'loyalty_card',
};

/** The rules of {@link CreateVoucherParams}: each field's own, and the object the `type` requires. */
const createRules = all<CreateVoucherParams>(
  object<CreateVoucherParams>({
    type: required(oneOf(['GIFT_VOUCHER', 'DISCOUNT_VOUCHER', 'LOYALTY_CARD'])),
    discount: discountRules,
    gift: object<GiftInput>({ amount: required(integer()), balance: required(integer()), effect: oneOf(['APPLY_TO_ORDER', 'APPLY_TO_ITEMS']) }),
    loyalty_card: object<LoyaltyCardInput>({ points: required(integer()), balance: integer() }),
    campaign: text(1),
    campaign_id: text(1),
    category: text(1),
    category_id: text(1),
    active: boolean(),
    additional_info: text(),
    metadata: object(),
    marker: boolean(),
    validation_rules: array(Infinity, text(1)),
    redemption: object<NonNullable<CreateVoucherBase['redemption']>>({ quantity: integer() }),
    ...validityRules,
  }),
  (value, path, issues) => {
    const type = isRecord(value) ? (value.type as VoucherTypeInput) : undefined;
    const field = type && objectOfType[type];
    if (field && (value as Record<string, unknown>)[field] === undefined) issues.push({ path: [...path, field], message: `is required when type is ${type}` });
  },
);

/** The orders `vouchers.list` takes. */
const voucherOrders = ['created_at', '-created_at', 'updated_at', '-updated_at', 'code', '-code'] as const;

/** The rules of {@link UpdateVoucherParams}: the fields the service changes, and no other. */
const updateRules = closed<UpdateVoucherParams>(
  {
    category: text(1),
    category_id: text(1),
    active: boolean(),
    additional_info: text(),
    metadata: object(),
    type: oneOf(['DISCOUNT_VOUCHER']),
    discount: discountRules,
    ...validityRules,
  },
  "the service changes a voucher's category, validity, active, additional_info, metadata and a discount voucher's discount, and ignores any other field (a balance or points change goes through the service's balance operation)",
);

/** The operations of {@link Vouchers}, as the registry lists them (resources/registry.ts). */
export const voucherOperations = operations(loadCheckoutResponses, {
  'vouchers.list': operation<VoucherList, ListVouchersParams>({
    method: 'GET',
    path: '/v1/vouchers',
    rules: object<ListVouchersParams>({
      ...page99ListRules,
      category: text(1),
      campaign_id: text(1),
      campaign: text(1),
      customer: text(1),
      created_at: timeRangeRules,
      updated_at: timeRangeRules,
      order: oneOf(voucherOrders),
      code: text(1),
      ids: array(100, text(1)),
      filters: object(),
    }),
    repeated: ['ids'],
    paging: walks.pageNumber99,
    records: 'vouchers',
  }),
  'vouchers.get': operation<Voucher>({ method: 'GET', path: '/v1/vouchers/{code}' }),
  'vouchers.update': operation<Voucher, UpdateVoucherParams>({
    method: 'PUT',
    path: '/v1/vouchers/{code}',
    rules: required(updateRules),
    metadataPlaces: { metadata: 'voucher' },
  }),
  'vouchers.delete': operation<void, DeleteVoucherParams>({
    method: 'DELETE',
    path: '/v1/vouchers/{code}',
    // Gone: 404 `not_found` of this voucher (`resource_type` `voucher`).
    gone: { resource: 'voucher', param: 'code' },
    rules: object<DeleteVoucherParams>({ force: boolean() }),
    query: ['force'],
  }),
  'vouchers.enable': operation<Voucher>({
    method: 'POST',
    path: '/v1/vouchers/{code}/enable',
    // Sets `active: true`: sent twice, the same voucher.
    effect: 'idempotent-write',
    encoding: 'none',
  }),
  'vouchers.disable': operation<Voucher>({
    method: 'POST',
    path: '/v1/vouchers/{code}/disable',
    // Sets `active: false`: sent twice, the same voucher.
    effect: 'idempotent-write',
    encoding: 'none',
  }),
  'vouchers.create': operation<Voucher, CreateVoucherParams>({
    method: 'POST',
    path: '/v1/vouchers/{code}',
    // Creates a voucher: sending it twice would answer the second with a 409 at best.
    effect: 'create',
    trace: 'voucher-by-code',
    rules: required(createRules),
    // The call's identity for `client.reconcile`: the marker in the voucher's metadata.
    prepare: (params) => withMarker(params) as CreateVoucherParams,
    metadataPlaces: { metadata: 'voucher' },
  }),
  'vouchers.validate': operation<ValidationResult, ValidateVoucherParams>({
    method: 'POST',
    path: '/v1/vouchers/{code}/validate',
    // A validation changes nothing on the service, so a retry cannot do harm; one that opens or
    // joins a session lock does change it, and is retried like a spend.
    effect: (params) => (params?.session == null ? 'read' : 'spend'),
    trace: 'no-session-read',
    rules: object<ValidateVoucherParams>({
      customer: customerRules,
      order: orderRules,
      session: sessionRules,
      tracking_id: text(1),
      metadata: object(),
      options: object<ValidationOptions>({ expand: array(Infinity, oneOf(['category'])) }),
      reward: object<NonNullable<ValidateVoucherParams['reward']>>({ id: required(text(1)), assignment_id: text(1), points: integer() }),
      gift: object<NonNullable<ValidateVoucherParams['gift']>>({ credits: required(integer()) }),
    }),
    metadataPlaces: { metadata: 'redemption', customer: customerPlaces, order: orderPlaces },
  }),
  'vouchers.getRedemptions': operation<VoucherRedemptions>({
    method: 'GET',
    path: '/v1/vouchers/{code}/redemption',
  }),
  'vouchers.releaseSession': operation<void>({
    method: 'DELETE',
    path: '/v1/vouchers/{code}/sessions/{sessionKey}',
    // Gone: 404 `not_found` of this session key (`resource_type` `session`), to any attempt; one of the voucher is not.
    gone: { resource: 'session', param: 'sessionKey', always: true },
  }),
  'vouchers.listTransactions': operation<VoucherTransactionList, ListVoucherTransactionsParams>({
    method: 'GET',
    path: '/v1/vouchers/{code}/transactions',
    rules: object<ListVoucherTransactionsParams>(cursorListRules),
    paging: walks.idCursor,
  }),
  'vouchers.updateBalance': operation<VoucherBalance, UpdateVoucherBalanceParams>({
    method: 'POST',
    path: '/v1/vouchers/{code}/balance',
    // Adds the amount to the balance: sending it twice would add it twice.
    effect: 'spend',
    trace: 'voucher-transactions',
    rules: required(
      object<UpdateVoucherBalanceParams>({
        amount: required(integer()),
        source_id: text(1),
        reason: text(),
      }),
    ),
    // The call's identity for `client.reconcile`: the source_id its transaction carries.
    prepare: (params) => ({ ...params, source_id: params.source_id ?? newMarker() }),
  }),
});

/**
 * Where `client.vouchers` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const voucherGuide: SubClientGuide<keyof typeof voucherOperations> = {
  category: 'Vouchers',
  tasks: {
    'vouchers.validate': 'check a coupon or voucher code against a cart',
    'vouchers.releaseSession': "release a checkout's lock on a voucher",
    'vouchers.getRedemptions': "read a voucher's redemption history",
    'vouchers.create': 'create a voucher, gift card or loyalty card',
    'vouchers.list': 'list vouchers, by campaign, holder or code',
    'vouchers.get': 'read a voucher',
    'vouchers.update': "change a voucher's validity, category or metadata",
    'vouchers.delete': 'delete a voucher, to the bin or for good',
    'vouchers.enable': 'enable a voucher',
    'vouchers.disable': 'disable a voucher',
    'vouchers.listTransactions': "walk a gift card's or loyalty card's balance transactions",
    'vouchers.updateBalance': "add to or take from a gift card's credit or a loyalty card's points",
  },
  vendor: {
    'vouchers.listTransactions': {
      sdk: '`vouchers.listTransactions(code, params?)` (and `loyalties.listCardTransactions(memberId, null, params)` for one card)',
      changes:
        "a `PagePromise` by the `starting_after_id` cursor; a gift card's or a loyalty card's transactions, each with the `source_id` a balance change was sent with",
    },
    'vouchers.updateBalance': {
      sdk: '`vouchers.balance.create(code, { amount, source_id?, reason? })`',
      changes:
        "a spend: never sent twice on its own; promokit sends a fresh `source_id` unless you give one, and `client.reconcile(error)` finds the change by it on the card's transactions",
    },
  },
};

/**
 * The response fields each operation of `client.vouchers` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const voucherRelies: Relies<keyof typeof voucherOperations> = {
  'vouchers.list': ['vouchers.*.id', 'vouchers.*.code'],
  'vouchers.get': ['id', 'code'],
  'vouchers.update': ['id', 'code'],
  'vouchers.delete': [],
  'vouchers.enable': ['id', 'code'],
  'vouchers.disable': ['id', 'code'],
  'vouchers.create': ['id', 'code'],
  'vouchers.validate': ['valid', 'code'],
  'vouchers.getRedemptions': ['redemption_entries.*.id', 'redemption_entries.*.object', 'redemption_entries.*.result'],
  'vouchers.releaseSession': [],
  'vouchers.listTransactions': ['has_more', 'data.*.id'],
  'vouchers.updateBalance': ['balance'],
};

/**
 * The kinds of voucher.
 * @category Vouchers
 */
export type VoucherTypeInput = 'GIFT_VOUCHER' | 'DISCOUNT_VOUCHER' | 'LOYALTY_CARD';

/**
 * The credit of a new gift voucher.
 * @category Vouchers
 */
export interface GiftInput {
  /** Initial credit, an integer in the smallest currency unit (cents). Required by the service. */
  amount: number;
  /** Credit available, an integer in the smallest currency unit; usually equal to `amount`. Required by the service. */
  balance: number;
  /** `APPLY_TO_ORDER` or `APPLY_TO_ITEMS`. */
  effect?: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' | undefined;
}

/**
 * The starting points of a new loyalty card.
 * @category Vouchers
 */
export interface LoyaltyCardInput {
  /** Points on the card, an integer. Required by the service. */
  points: number;
  /** Points available, an integer. */
  balance?: number | undefined;
}

/**
 * What every voucher created with {@link Vouchers.create} may carry, whatever its `type`:
 * campaign, category, validity and limits.
 * @category Vouchers
 */
export interface CreateVoucherBase extends ValidityInput {
  /** Name of the campaign the voucher joins. */
  campaign?: string | undefined;
  /** `camp_…` of the campaign the voucher joins. */
  campaign_id?: string | undefined;
  /** Category name. */
  category?: string | undefined;
  /** `cat_…` of the category. */
  category_id?: string | undefined;
  /** `false` disables the voucher even inside its validity window. */
  active?: boolean | undefined;
  /** Free text, e.g. instructions for the customer. */
  additional_info?: string | undefined;
  /** Custom key/value pairs, checked against the voucher metadata schema. */
  metadata?: Metadata<'voucher'> | undefined;
  /**
   * `false`: no marker. Otherwise promokit adds `metadata.promokit_marker`, a fresh value of 130
   * random bits (unless your metadata has one), by which `client.reconcile` knows this voucher
   * after an unknown outcome; `marker` itself is not sent. Define `promokit_marker` (a string) in
   * your voucher metadata schema if it allows only defined keys.
   */
  marker?: boolean | undefined;
  /** `val_…` IDs of validation rules to assign to the voucher. */
  validation_rules?: string[] | undefined;
  /** Redemption limit. */
  redemption?:
    | {
        /** Maximum number of redemptions, an integer; leave it out for unlimited. */
        quantity?: number | undefined;
      }
    | undefined;
}

/**
 * Params of {@link Vouchers.create} for a discount voucher: `discount` is required.
 * @category Vouchers
 */
export interface CreateDiscountVoucherParams extends CreateVoucherBase {
  /** A discount voucher. */
  type: 'DISCOUNT_VOUCHER';
  /** The discount. */
  discount: DiscountInput;
}

/**
 * Params of {@link Vouchers.create} for a gift voucher: `gift` (its `amount` and `balance`) is
 * required.
 * @category Vouchers
 */
export interface CreateGiftVoucherParams extends CreateVoucherBase {
  /** A gift voucher (a gift card). */
  type: 'GIFT_VOUCHER';
  /** The credit, with both `amount` and `balance`. */
  gift: GiftInput;
}

/**
 * Params of {@link Vouchers.create} for a loyalty card: `loyalty_card` (its starting `points`) is
 * required.
 * @category Vouchers
 */
export interface CreateLoyaltyCardParams extends CreateVoucherBase {
  /** A loyalty card. */
  type: 'LOYALTY_CARD';
  /** The starting points. */
  loyalty_card: LoyaltyCardInput;
}

/**
 * Params of {@link Vouchers.create}: a union on `type`, each kind with the object it requires
 * (`discount`, `gift` or `loyalty_card`), checked before anything is sent. Sent as the JSON body.
 * @category Vouchers
 */
export type CreateVoucherParams = CreateDiscountVoucherParams | CreateGiftVoucherParams | CreateLoyaltyCardParams;

/**
 * The items of a validation result to expand.
 * @category Vouchers
 */
export interface ValidationOptions {
  /** `['category']` adds the voucher's category to the result. */
  expand?: Array<'category'> | undefined;
}

/**
 * Params of {@link Vouchers.validate}: the context the voucher is checked in. All optional; sent
 * as the JSON body.
 * @category Vouchers
 */
export interface ValidateVoucherParams {
  /** The customer who would redeem the voucher. */
  customer?: CustomerInput | undefined;
  /** The order the voucher would apply to: items (at most 500) with integer `quantity` and `price`. */
  order?: OrderInput | undefined;
  /** A session lock to open or join; `{ type: 'LOCK' }` opens one for 7 days. */
  session?: SessionInput | undefined;
  /** Your ID of the customer for tracking, when no `customer` is given. */
  tracking_id?: string | undefined;
  /** Custom key/value pairs, checked against redemption metadata validation rules. */
  metadata?: Metadata<'redemption'> | undefined;
  /** Options of the validation. */
  options?: ValidationOptions | undefined;
  /**
   * Loyalty cards: the reward to validate. Not in the service interface; from the published spec,
   * whose `missing_reward` error shows loyalty cards need it.
   */
  reward?:
    | {
        /** `rew_…` of the reward. Required when `reward` is given. */
        id: string;
        /** `rewa_…` of the reward's assignment. */
        assignment_id?: string | undefined;
        /** Points to spend (pay-with-points rewards). */
        points?: number | undefined;
      }
    | undefined;
  /**
   * Gift vouchers: the credit to validate. Not in the service interface; from the published spec.
   */
  gift?:
    | {
        /** Credit to use, in the smallest currency unit. */
        credits: number;
      }
    | undefined;
}

/**
 * Params of {@link Vouchers.list}: filters, order, page size and page number (1 to 99). Sent in
 * the query string (`created_at: { after }` as `created_at[after]=…`, `ids` as `ids=a&ids=b`).
 * @category Vouchers
 */
export interface ListVouchersParams extends Page99ListParams {
  /** Vouchers of this category. */
  category?: string | undefined;
  /** Vouchers of this campaign, by ID (`camp_…`). */
  campaign_id?: string | undefined;
  /** Vouchers of this campaign, by name. */
  campaign?: string | undefined;
  /** Vouchers held by this customer: the service's ID (`cust_…`) or your source ID. */
  customer?: string | undefined;
  /** Vouchers created within this window. */
  created_at?: TimeRangeInput | undefined;
  /** Vouchers updated within this window. */
  updated_at?: TimeRangeInput | undefined;
  /** Sort order; by default newest first. */
  order?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | 'code' | '-code' | undefined;
  /** The voucher of this code. */
  code?: string | undefined;
  /** The vouchers of these IDs (`v_…`), at most 100. */
  ids?: string[] | undefined;
  /** Filters in the service's bracket notation, e.g. `{ expiration_date: { conditions: { $before: '2026-12-31' } } }`. */
  filters?: ListFilters | undefined;
}

/**
 * Params of {@link Vouchers.update}: the fields to change, all optional. Sent as the JSON body.
 * Balances and points are not changed here.
 * @category Vouchers
 */
export interface UpdateVoucherParams extends ValidityInput {
  /** Category name. */
  category?: string | undefined;
  /** `cat_…` of the category. */
  category_id?: string | undefined;
  /** `false` disables the voucher, `true` enables it (see also `enable` and `disable`). */
  active?: boolean | undefined;
  /** Free text, e.g. instructions for the customer. */
  additional_info?: string | undefined;
  /** Custom key/value pairs, checked against the voucher metadata schema. */
  metadata?: Metadata<'voucher'> | undefined;
  /** A discount voucher's type, sent with `discount`. */
  type?: 'DISCOUNT_VOUCHER' | undefined;
  /** A discount voucher's discount; its `type` cannot change. */
  discount?: DiscountInput | undefined;
}

/**
 * Params of {@link Vouchers.delete}.
 * @category Vouchers
 */
export interface DeleteVoucherParams {
  /** `true` deletes the voucher for good, so its code can be used again; by default it goes to the bin. */
  force?: boolean | undefined;
}

/**
 * Params of {@link Vouchers.listTransactions}: page size, order (`id` or `-id`) and the cursor.
 * Sent in the query string.
 * @category Vouchers
 */
export interface ListVoucherTransactionsParams extends CursorListParams {}

/**
 * Params of {@link Vouchers.updateBalance}: the change, and what its transaction records. Sent as
 * the JSON body.
 * @category Vouchers
 */
export interface UpdateVoucherBalanceParams {
  /**
   * The change, an integer: positive adds, negative removes. A gift card's in the smallest currency
   * unit (`10000` = 100.00). Required.
   */
  amount: number;
  /**
   * Your ID of this change, stored on its transaction, by which `client.reconcile` finds it after an
   * unknown outcome. Unique to the change: promokit sends a fresh one (`mk_` and 26 characters)
   * when you give none. The service does not refuse one already used.
   */
  source_id?: string | undefined;
  /** Why the balance changed, stored on its transaction. */
  reason?: string | undefined;
}
