/**
 * `client.redemptions`: rolling back stacked redemptions.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { object, text } from '../core/inputs.js';
import type { Metadata } from '../core/metadata.js';
import { operation, operations, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import { redemptionRollbackResultSchema, type RedemptionRollbackResult } from '../schemas/redemption-rollback.js';
import { customerPlaces, customerRules, type CustomerInput } from './inputs/customer.js';
import { orderPlaces, orderRules, type OrderInput } from './inputs/order.js';

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
}

/** The operations of {@link Redemptions}, as the registry lists them (resources/registry.ts). */
export const redemptionOperations = operations({
  'redemptions.rollbackStackable': operation<RedemptionRollbackResult, RollbackStackableParams>({
    method: 'POST',
    path: '/v1/redemptions/{parentRedemptionId}/rollbacks',
    // Gives points and credit back: sending it twice could roll back twice.
    effect: 'spend',
    trace: 'no-rollback-read',
    query: ['reason', 'tracking_id'],
    schema: redemptionRollbackResultSchema,
    relies: ['parent_rollback', 'parent_rollback.id', 'parent_rollback.result', 'rollbacks.*.id', 'rollbacks.*.result'],
    rules: object<RollbackStackableParams>({ reason: text(1), tracking_id: text(1), customer: customerRules, order: orderRules, metadata: object() }),
    metadataPlaces: { metadata: 'redemption', customer: customerPlaces, order: orderPlaces },
  }),
});

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
