/**
 * Redemption rollbacks: undoing a redemption, and undoing a stacked redemption with all the
 * redemptions it holds (service interface §2.9).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, openEnum, type ShapeOf } from './base.js';
import { byResult, redemptionRecordFields, type RedemptionRecord, type Refused, type Succeeded } from './redemption.js';

/**
 * The fields every rollback has, whatever its `result`; see {@link RedemptionRollback}.
 * @category Redemptions
 */
export interface RedemptionRollbackBase extends RedemptionRecord {
  /** `SUCCEEDED` or `FAILED`. */
  status?: 'SUCCEEDED' | 'FAILED' | (string & {}) | null;
  /** Why the redemption was rolled back. */
  reason?: string | null;
}

/**
 * A rollback that went through (`result` `SUCCESS`).
 * @category Redemptions
 */
export interface SuccessfulRedemptionRollback extends RedemptionRollbackBase, Succeeded {}

/**
 * A rollback the service refused (`result` `FAILURE`), with the reason.
 * @category Redemptions
 */
export interface FailedRedemptionRollback extends RedemptionRollbackBase, Refused {}

/**
 * The rollback of one redemption. `id` and `result` are always there; any other field may be
 * absent or null (real responses leave out `object`, of the rollback and of its voucher).
 * Narrow it on `result`: `failure_code` and `failure_message` are on the `FAILURE` side only.
 * @category Redemptions
 */
export type RedemptionRollback = SuccessfulRedemptionRollback | FailedRedemptionRollback;

/** The schema fields of {@link RedemptionRollbackBase}. */
export const redemptionRollbackFields = () =>
  ({
    ...redemptionRecordFields(),
    status: z.nullish(openEnum()),
    reason: z.nullish(z.string()),
  }) satisfies ShapeOf<RedemptionRollbackBase>;

/** Schema of {@link RedemptionRollback}: one object shape per `result`. */
export const redemptionRollbackSchema: () => z.ZodMiniType<RedemptionRollback> = /* @__PURE__ */ lazy(() => byResult(redemptionRollbackFields()));

/**
 * What rolling back a stacked redemption returns: a rollback per stacked redemption and one of
 * the parent. `parent_rollback` is always there.
 * @category Redemptions
 */
export interface RedemptionRollbackResult {
  /** Rollbacks of the stacked redemptions. */
  rollbacks?: RedemptionRollback[] | null;
  /** Rollback of the parent redemption. */
  parent_rollback: RedemptionRollback;
}

/** Schema of {@link RedemptionRollbackResult}. */
export const redemptionRollbackResultSchema: () => z.ZodMiniType<RedemptionRollbackResult> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    rollbacks: z.nullish(z.array(redemptionRollbackSchema())),
    parent_rollback: redemptionRollbackSchema(),
  } satisfies ShapeOf<RedemptionRollbackResult>),
);
