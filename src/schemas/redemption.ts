/**
 * Redemptions (service interface §2.8), and what a redemption and its rollback share: the
 * `result` both narrow on, the reason a refused one carries, the channel, and the fields of the
 * record they have alike.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import { giftSchema, loyaltyCardSchema, type Gift, type LoyaltyCard } from './balance.js';
import { simpleCustomerSchema, type SimpleCustomer } from './customer.js';
import { embeddedOrderSchema, type EmbeddedOrder } from './order.js';
import { embeddedPromotionTierSchema, type EmbeddedPromotionTier } from './promotion.js';
import { rewardSchema, type Reward } from './reward.js';
import { embeddedVoucherSchema, type EmbeddedVoucher } from './voucher.js';

/**
 * Whether a redemption or rollback went through: `SUCCESS` or `FAILURE` (then see `failure_code`
 * and `failure_message`). Closed: the protocol fixes these two, and {@link Redemption} and
 * {@link RedemptionRollback} narrow on it.
 * @category Redemptions
 */
export type RedemptionResult = 'SUCCESS' | 'FAILURE';

/**
 * The state of a {@link Redemption}: `SUCCEEDED`, `FAILED`, or `ROLLED_BACK` once a rollback
 * undid it. Open: any other string the service starts sending is accepted.
 * @category Redemptions
 */
export type RedemptionStatus = 'SUCCEEDED' | 'FAILED' | 'ROLLED_BACK' | (string & {});

/**
 * What a redemption or rollback is of: a `voucher`, a `promotion_tier`, or a `redemption` (the
 * parent of stacked redemptions). Open: any other string the service starts sending is accepted.
 * @category Redemptions
 */
export type RedemptionObjectType = 'voucher' | 'promotion_tier' | 'redemption' | (string & {});

/**
 * The channel through which a redemption or rollback was made.
 * @category Redemptions
 */
export interface RedemptionChannel {
  /** ID of the user or API key. */
  channel_id?: string | null;
  /** `USER`, `API` or `AUTO_REDEEM`. */
  channel_type?: 'USER' | 'API' | 'AUTO_REDEEM' | (string & {}) | null;
}

/** Schema of {@link RedemptionChannel}. */
export const redemptionChannelSchema: () => z.ZodMiniType<RedemptionChannel> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    channel_id: z.nullish(z.string()),
    channel_type: z.nullish(openEnum()),
  } satisfies ShapeOf<RedemptionChannel>),
);

/**
 * Why the service refused a redemption or a rollback: the fields the `FAILURE` side of
 * {@link Redemption} and of {@link RedemptionRollback} adds. Both refusals carry the same reason,
 * so it is declared once. The package does not export it: its fields are read on
 * {@link FailedRedemption} and {@link FailedRedemptionRollback}.
 */
export interface Refusal {
  /** A generic reason, e.g. `customer_rules_violated`. */
  failure_code?: string | null;
  /** The reason in words. */
  failure_message?: string | null;
}

/** The `SUCCESS` side of a redemption or a rollback: the service did it. */
export interface Succeeded {
  /** It went through. */
  result: 'SUCCESS';
}

/** The `FAILURE` side of a redemption or a rollback: the service refused it, and says why. */
export interface Refused extends Refusal {
  /** It was refused: see `failure_code` and `failure_message`. */
  result: 'FAILURE';
}

/**
 * The schema of a record that narrows on `result`, from the fields both sides have: one object
 * shape for `SUCCESS`, and one for `FAILURE` that adds the {@link Refusal} fields. Redemptions and
 * rollbacks are built with it, so they narrow alike.
 */
export function byResult<S extends z.core.$ZodLooseShape>(fields: S) {
  return z.discriminatedUnion('result', [
    z.looseObject({ ...fields, result: z.literal('SUCCESS') }),
    z.looseObject({
      ...fields,
      result: z.literal('FAILURE'),
      ...({ failure_code: z.nullish(z.string()), failure_message: z.nullish(z.string()) } satisfies ShapeOf<Refusal>),
    }),
  ]);
}

/**
 * The fields a redemption and its rollback have alike, with the same types: the record's
 * identity and date, its customer and metadata, the redemption it belongs to, the order, the
 * channel, what it is of, and the amount, card, reward and record it moved. {@link RedemptionBase}
 * and {@link RedemptionRollbackBase} add their own.
 * @category Redemptions
 */
export interface RedemptionRecord {
  /** `r_…` for a redemption, `rr_…` for a rollback. */
  id: string;
  /** `redemption` or `redemption_rollback`. */
  object?: string | null;
  /** When it was made, ISO 8601 date-time. */
  date?: string | null;
  /** `cust_…` of the customer. */
  customer_id?: string | null;
  /** Hashed source ID of the customer. */
  tracking_id?: string | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'redemption'> | null;
  /** `r_…`: of a redemption, its parent (stacked redemptions); of a rollback, the redemption rolled back. */
  redemption?: string | null;
  /** The order with its amounts (recalculated by a rollback), without customer data. */
  order?: EmbeddedOrder | null;
  /** The channel through which it was made. */
  channel?: RedemptionChannel | null;
  /** The customer. */
  customer?: SimpleCustomer | null;
  /** `voucher`, `promotion_tier` or `redemption`: what the redemption was of. */
  related_object_type?: RedemptionObjectType | null;
  /** ID of the voucher, tier or parent redemption. */
  related_object_id?: string | null;
  /** Gift cards: credit used (negative on a rollback: given back), in the smallest currency unit. Loyalty cards: points. */
  amount?: number | null;
  /** The voucher, with its holder. */
  voucher?: EmbeddedVoucher | null;
  /** The promotion tier, with its parent campaign. */
  promotion_tier?: EmbeddedPromotionTier | null;
  /** The reward given (or taken back). */
  reward?: Reward | null;
  /** Gift cards: `{ amount }` taken from the card, or given back. */
  gift?: Gift | null;
  /** Loyalty cards: `{ points }` taken from the card, or given back. */
  loyalty_card?: LoyaltyCard | null;
}

/**
 * The schema fields of {@link RedemptionRecord}, in its order. Each record's schema spreads them
 * first and adds its own after (a failed check reports its issues in that order).
 */
export const redemptionRecordFields = () =>
  ({
    id: z.string(),
    ...nullishStrings('object', 'date', 'customer_id', 'tracking_id'),
    metadata: z.nullish(metadata('redemption')),
    redemption: z.nullish(z.string()),
    order: z.nullish(embeddedOrderSchema()),
    channel: z.nullish(redemptionChannelSchema()),
    customer: z.nullish(simpleCustomerSchema()),
    related_object_type: z.nullish(openEnum()),
    related_object_id: z.nullish(z.string()),
    amount: z.nullish(z.number()),
    voucher: z.nullish(embeddedVoucherSchema()),
    promotion_tier: z.nullish(embeddedPromotionTierSchema()),
    reward: z.nullish(rewardSchema()),
    gift: z.nullish(giftSchema()),
    loyalty_card: z.nullish(loyaltyCardSchema()),
  }) satisfies ShapeOf<RedemptionRecord>;

/**
 * A rollback of a redemption, as the redemption lists it (`related_redemptions.rollbacks`).
 * @category Redemptions
 */
export interface RelatedRollback {
  /** `rr_…` of the rollback: `client.redemptions.get(id)` reads it. */
  id?: string | null;
  /** When it was made, ISO 8601 date-time. */
  date?: string | null;
  /** `WITH_ORDER` or `WITHOUT_ORDER`: whether it reverted the order's discounts. */
  rollback_order_mode?: 'WITH_ORDER' | 'WITHOUT_ORDER' | (string & {}) | null;
}

/**
 * The records a redemption links to: its rollbacks, and redemptions related to it.
 * @category Redemptions
 */
export interface RelatedRedemptions {
  /** Its rollbacks, oldest first. */
  rollbacks?: RelatedRollback[] | null;
  /** Redemptions related to it. */
  redemptions?: Array<{
    /** `r_…` */
    id?: string | null;
    /** When it was made. */
    date?: string | null;
  }> | null;
}

/** Schema of {@link RelatedRedemptions}. */
const relatedRedemptionsSchema: () => z.ZodMiniType<RelatedRedemptions> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    rollbacks: z.nullish(
      z.array(
        z.looseObject({
          ...nullishStrings('id', 'date'),
          rollback_order_mode: z.nullish(openEnum()),
        } satisfies ShapeOf<RelatedRollback>),
      ),
    ),
    redemptions: z.nullish(
      z.array(z.looseObject({ ...nullishStrings('id', 'date') } satisfies ShapeOf<NonNullable<RelatedRedemptions['redemptions']>[number]>)),
    ),
  } satisfies ShapeOf<RelatedRedemptions>),
);

/**
 * The fields every redemption has, whatever its `result`; see {@link Redemption}.
 * @category Redemptions
 */
export interface RedemptionBase extends RedemptionRecord {
  /** `SUCCEEDED`, `FAILED` or `ROLLED_BACK`. */
  status?: RedemptionStatus | null;
  /** The session lock; only for discount vouchers, promotions and gift cards. */
  session?: {
    /** The session key. */
    key?: string | null;
  } | null;
  /** Its rollbacks (`related_redemptions.rollbacks`) and related redemptions. */
  related_redemptions?: RelatedRedemptions | null;
}

/**
 * A redemption that went through (`result` `SUCCESS`).
 * @category Redemptions
 */
export interface SuccessfulRedemption extends RedemptionBase, Succeeded {}

/**
 * A redemption the service refused (`result` `FAILURE`, `status` `FAILED`), with the reason.
 * @category Redemptions
 */
export interface FailedRedemption extends RedemptionBase, Refused {}

/**
 * A redemption. A failed one is still a redemption: `result` `FAILURE` (`status` `FAILED`), with
 * `failure_code` and `failure_message`. `id` and `result` are always there; any other field may
 * be absent or null (older redemptions carry no `channel`, `status` or `related_object_*`).
 * Narrow it on `result`: `failure_code` and `failure_message` are on the `FAILURE` side only.
 *
 * ```ts
 * if (redemption.result === 'FAILURE') console.log(redemption.failure_code, redemption.failure_message);
 * ```
 * @category Loyalties
 * @category Redemptions
 */
export type Redemption = SuccessfulRedemption | FailedRedemption;

/** The schema fields of {@link RedemptionBase}. */
export const redemptionFields = () =>
  ({
    ...redemptionRecordFields(),
    status: z.nullish(openEnum()),
    session: z.nullish(z.looseObject({ key: z.nullish(z.string()) } satisfies ShapeOf<RedemptionBase['session']>)),
    related_redemptions: z.nullish(relatedRedemptionsSchema()),
  }) satisfies ShapeOf<RedemptionBase>;

/** Schema of {@link Redemption}: one object shape per `result`. */
export const redemptionSchema: () => z.ZodMiniType<Redemption> = /* @__PURE__ */ lazy(() => byResult(redemptionFields()));
