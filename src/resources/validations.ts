/**
 * `client.validations`: the stacked validation of a checkout, up to 30 redeemables against one
 * order and customer, with a session lock when asked.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { object } from '../core/inputs.js';
import { loadCheckoutResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { StackedValidation } from '../schemas/checkout.js';
import { stackedRequestPlaces, stackedRequestRules, withSessionKey, type StackedRequestParams } from './inputs/redeemables.js';
import type { SubClientGuide } from './guide.js';

/**
 * Stacked validation: whether vouchers, promotion tiers or a promotion stack can be used together
 * on an order, and the discounts they give.
 * @category Checkout
 */
export class Validations extends APIResource {
  /**
   * Validates up to 30 redeemables together against an order and a customer, under the project's
   * stacking rules, and computes the order they would make. Each redeemable comes back
   * `APPLICABLE`, `INAPPLICABLE` (with the service's error) or `SKIPPED` (with the stacking rule
   * that skipped it); narrow on `status`. An inapplicable redeemable is an answer, not an error:
   * `valid` is then `false`.
   *
   * With `session`, the validation takes a session lock: each voucher's redemption, the gift
   * credits and the points it uses are held for this checkout until a redemption under the key
   * consumes them, `vouchers.releaseSession` releases them, or the lock expires (7 days unless
   * `ttl` says otherwise). promokit always sends a `session.key`: yours, or one of its own
   * (`ssn_pk_` and 26 random characters), returned in `session.key`. Pass it to
   * `redemptions.redeem`.
   *
   * `POST /v1/validations`. Without `session` it changes nothing and is retried like a GET: on
   * network errors, timeouts, 408, 429 and 5xx. With `session` it takes a lock, a spend: retried
   * only on 429 and on connection failures where nothing was sent; after an unknown outcome,
   * `client.reconcile(error)` releases the lock under its key, and sending it again (the same
   * key) re-targets the same lock.
   *
   * @param params The redeemables (1 to 30, none twice, one promotion stack never mixed with
   * others), the order, the customer, the session and the redemption's metadata.
   * @throws InvalidRequestError when `redeemables` is empty, holds more than 30, a duplicate, a
   * stack with anything else, or an `id` that is blank or starts or ends with spaces; the order has more than 500 items or an amount that is not an
   * integer; the session is malformed; nothing is sent.
   * @throws BadRequestError (400 `invalid_payload`, `duplicated_redeemables`,
   * `invalid_redeemables`) when the service refuses the request.
   *
   * @example
   * ```ts
   * // POST /v1/validations
   * const validation = await client.validations.validate({
   *   redeemables: [{ object: 'voucher', id: 'SPRING15' }, { object: 'voucher', id: 'GIFT-ADA-5000', gift: { credits: 1000 } }],
   *   order: { source_id: 'web-1042', items: [{ product_id: 'prod_beans', quantity: 2, price: 1200 }] },
   *   customer: { source_id: 'shop-user-1001' },
   *   session: { type: 'LOCK' },
   * });
   * for (const r of validation.redeemables) if (r.status !== 'APPLICABLE') console.log(r.id, r.status);
   * console.log(validation.valid, validation.order?.total_amount, 'lock:', validation.session?.key);
   * ```
   */
  validate(params: ValidateStackedParams, options?: RequestOptions): APIPromise<StackedValidation> {
    return this.core.request(validationOperations['validations.validate'], {}, params, options);
  }
}

/** The operations of {@link Validations}, as the registry lists them (resources/registry.ts). */
export const validationOperations = operations(loadCheckoutResponses, {
  'validations.validate': operation<StackedValidation, ValidateStackedParams>({
    method: 'POST',
    path: '/v1/validations',
    // A validation changes nothing; with a session it takes a lock (a redemption, credits, points
    // held), a spend. Its key is always sent, so a lock it took can be released by it.
    effect: (params) => (params?.session == null ? 'read' : 'spend'),
    trace: 'session-release',
    rules: object<ValidateStackedParams>(stackedRequestRules),
    prepare: withSessionKey,
    metadataPlaces: stackedRequestPlaces,
  }),
});

/**
 * Where `client.validations` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const validationGuide: SubClientGuide<keyof typeof validationOperations> = {
  category: 'Checkout',
  tasks: {
    'validations.validate': "validate a cart's codes and promotions together, and lock them",
  },
};

/**
 * The response fields each operation of `client.validations` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const validationRelies: Relies<keyof typeof validationOperations> = {
  'validations.validate': [
    'valid',
    'redeemables',
    'redeemables.*.id',
    'redeemables.*.status',
    'skipped_redeemables.*.id',
    'skipped_redeemables.*.status',
    'inapplicable_redeemables.*.id',
    'inapplicable_redeemables.*.status',
  ],
};

/**
 * Params of {@link Validations.validate}, sent as the JSON body.
 * @category Checkout
 */
export type ValidateStackedParams = StackedRequestParams;
