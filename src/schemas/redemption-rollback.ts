/**
 * Redemption rollbacks: undoing a redemption, and undoing a stacked redemption with all the
 * redemptions it holds (service interface §2.9).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, type ShapeOf } from './base.js';
import { giftSchema, loyaltyCardSchema, type Gift, type LoyaltyCard } from './balance.js';
import type { SimpleCustomer } from './customer.js';
import type { EmbeddedOrder } from './order.js';
import { embeddedPromotionTierSchema, type EmbeddedPromotionTier } from './promotion.js';
import {
  byResult,
  redemptionRecordFields,
  type RedemptionChannel,
  type RedemptionObjectType,
  type Refusal,
} from './redemption.js';
import { rewardSchema, type Reward } from './reward.js';
import { embeddedVoucherSchema, type EmbeddedVoucher } from './voucher.js';

/**
 * The fields every rollback has, whatever its `result`; see {@link RedemptionRollback}.
 * @category Redemptions
 */
export interface RedemptionRollbackBase {
  /** `rr_…` */
  id: string;
  /** Always `redemption_rollback`. */
  object?: string | null;
  /** When the rollback was made, ISO 8601 date-time. */
  date?: string | null;
  /** `cust_…` of the customer. */
  customer_id?: string | null;
  /** Hashed source ID of the customer. */
  tracking_id?: string | null;
  /** Custom key/value pairs. */
  metadata?: Record<string, unknown> | null;
  /** `r_…` of the redemption rolled back. */
  redemption?: string | null;
  /** `SUCCEEDED` or `FAILED`. */
  status?: 'SUCCEEDED' | 'FAILED' | (string & {}) | null;
  /** The order with recalculated amounts, without customer data. */
  order?: EmbeddedOrder | null;
  /** The channel through which the rollback was made. */
  channel?: RedemptionChannel | null;
  /** The customer. */
  customer?: SimpleCustomer | null;
  /** `voucher`, `promotion_tier` or `redemption`: what the rolled-back redemption was of. */
  related_object_type?: RedemptionObjectType | null;
  /** ID of the voucher, tier or parent redemption. */
  related_object_id?: string | null;
  /** Credit or points given back (negative: the reverse of the redemption). */
  amount?: number | null;
  /** Why the redemption was rolled back. */
  reason?: string | null;
  /** The voucher whose redemption was rolled back. */
  voucher?: EmbeddedVoucher | null;
  /** The tier whose redemption was rolled back. */
  promotion_tier?: EmbeddedPromotionTier | null;
  /** The reward of the redemption rolled back. */
  reward?: Reward | null;
  /** Gift cards: `{ amount }` given back, in the smallest currency unit. */
  gift?: Gift | null;
  /** Loyalty cards: `{ points }` given back. */
  loyalty_card?: LoyaltyCard | null;
}

/**
 * A rollback that went through (`result` `SUCCESS`).
 * @category Redemptions
 */
export interface SuccessfulRedemptionRollback extends RedemptionRollbackBase {
  /** The rollback went through. */
  result: 'SUCCESS';
}

/**
 * A rollback the service refused (`result` `FAILURE`), with the reason.
 * @category Redemptions
 */
export interface FailedRedemptionRollback extends RedemptionRollbackBase, Refusal {
  /** The rollback was refused: see `failure_code` and `failure_message`. */
  result: 'FAILURE';
}

/**
 * The rollback of one redemption. `id` and `result` are always there; any other field may be
 * absent or null (real responses leave out `object`, of the rollback and of its voucher).
 * Narrow it on `result`: `failure_code` and `failure_message` are on the `FAILURE` side only.
 * @category Redemptions
 */
export type RedemptionRollback = SuccessfulRedemptionRollback | FailedRedemptionRollback;

/** Schema of {@link RedemptionRollback}: one object shape per `result`. */
export const redemptionRollbackSchema: () => z.ZodMiniType<RedemptionRollback> = /* @__PURE__ */ lazy(() =>
  byResult({
    ...redemptionRecordFields(),
    amount: z.nullish(z.number()),
    reason: z.nullish(z.string()),
    voucher: z.nullish(embeddedVoucherSchema()),
    promotion_tier: z.nullish(embeddedPromotionTierSchema()),
    reward: z.nullish(rewardSchema()),
    gift: z.nullish(giftSchema()),
    loyalty_card: z.nullish(loyaltyCardSchema()),
  } satisfies ShapeOf<RedemptionRollbackBase>),
);

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
