/**
 * Redemptions and their rollbacks (service interface §2.8, §2.9).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, metadata, openEnum } from './base.js';
import { giftSchema, loyaltyCardSchema, simpleCustomerSchema } from './common.js';
import { rewardSchema } from './loyalty.js';
import { orderSchema } from './order.js';
import { promotionTierSchema } from './promotion.js';
import { voucherSchema } from './voucher.js';

/** Channel through which a redemption or rollback was made. */
const channel = () =>
  z.looseObject({
    /** ID of the user or API key. */
    channel_id: z.nullish(z.string()),
    /** `USER`, `API` or `AUTO_REDEEM`. */
    channel_type: z.nullish(openEnum(['USER', 'API', 'AUTO_REDEEM'])),
  });

/** Schema of {@link Redemption}. */
export const redemptionSchema = lazy(() =>
  z.looseObject({
    /** `r_…` */
    id: z.string(),
    /** Always `redemption`. */
    object: z.string(),
    /** Date-time of the redemption. */
    date: z.string(),
    /** `cust_…` of the redeeming customer. */
    customer_id: z.nullish(z.string()),
    /** Hashed source ID of the customer. */
    tracking_id: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    /** ID of the parent redemption (stacked redemptions). */
    redemption: z.nullish(z.string()),
    /** `SUCCESS` or `FAILURE`. */
    result: z.nullish(openEnum(['SUCCESS', 'FAILURE'])),
    /** `SUCCEEDED`, `FAILED` or `ROLLED_BACK`. */
    status: z.nullish(openEnum(['SUCCEEDED', 'FAILED', 'ROLLED_BACK'])),
    /** The order with calculated amounts, without customer data. */
    order: z.nullish(orderSchema()),
    channel: z.nullish(channel()),
    customer: z.nullish(simpleCustomerSchema()),
    /** `voucher`, `promotion_tier` or `redemption`. */
    related_object_type: z.nullish(openEnum(['voucher', 'promotion_tier', 'redemption'])),
    /** ID of the redeemed voucher, tier or parent redemption. */
    related_object_id: z.nullish(z.string()),
    /** The reward given. */
    reward: z.nullish(rewardSchema()),
    /** Gift cards: credit used, in the smallest currency unit. Loyalty cards: points used. */
    amount: z.nullish(z.number()),
    /** Session lock; only for discount vouchers, promotions and gift cards. */
    session: z.nullish(z.looseObject({ key: z.nullish(z.string()) })),
    /** When `result` is `FAILURE`: a generic reason, e.g. `customer_rules_violated`. */
    failure_code: z.nullish(z.string()),
    /** When `result` is `FAILURE`: the reason in words. */
    failure_message: z.nullish(z.string()),
    /** The redeemed tier with its parent campaign. */
    promotion_tier: z.nullish(promotionTierSchema()),
    /** Gift cards: `{ amount }` taken from the card, in the smallest currency unit. */
    gift: z.nullish(giftSchema()),
    /** Loyalty cards: `{ points }` taken from the card. */
    loyalty_card: z.nullish(loyaltyCardSchema()),
    /** The redeemed voucher, with its holder. */
    voucher: z.nullish(voucherSchema()),
  }),
);

/**
 * A redemption. A failed one is still a redemption: `result` `FAILURE`, `status` `FAILED`, with
 * `failure_code` and `failure_message`.
 */
export interface Redemption extends z.infer<ReturnType<typeof redemptionSchema>> {}

/** Schema of {@link RedemptionRollback}. */
export const redemptionRollbackSchema = lazy(() =>
  z.looseObject({
    /** `rr_…` */
    id: z.string(),
    /** Always `redemption_rollback`. */
    object: z.string(),
    /** Date-time of the rollback. */
    date: z.nullish(z.string()),
    customer_id: z.nullish(z.string()),
    tracking_id: z.nullish(z.string()),
    metadata: z.nullish(metadata()),
    /** `r_…` of the redemption rolled back. */
    redemption: z.nullish(z.string()),
    /** `SUCCESS` or `FAILURE`. */
    result: z.nullish(openEnum(['SUCCESS', 'FAILURE'])),
    /** `SUCCEEDED` or `FAILED`. */
    status: z.nullish(openEnum(['SUCCEEDED', 'FAILED'])),
    order: z.nullish(orderSchema()),
    channel: z.nullish(channel()),
    customer: z.nullish(simpleCustomerSchema()),
    related_object_type: z.nullish(openEnum(['voucher', 'promotion_tier', 'redemption'])),
    related_object_id: z.nullish(z.string()),
    /** Credit or points given back (negative: the reverse of the redemption). */
    amount: z.nullish(z.number()),
    /** Why the redemption was rolled back. */
    reason: z.nullish(z.string()),
    /** When `result` is `FAILURE`: a generic reason. */
    failure_code: z.nullish(z.string()),
    /** When `result` is `FAILURE`: the reason in words. */
    failure_message: z.nullish(z.string()),
    voucher: z.nullish(voucherSchema()),
    promotion_tier: z.nullish(promotionTierSchema()),
    reward: z.nullish(rewardSchema()),
    /** Gift cards: `{ amount }` given back, in the smallest currency unit. */
    gift: z.nullish(giftSchema()),
    /** Loyalty cards: `{ points }` given back. */
    loyalty_card: z.nullish(loyaltyCardSchema()),
  }),
);

/** The rollback of one redemption. */
export interface RedemptionRollback extends z.infer<ReturnType<typeof redemptionRollbackSchema>> {}

/** Schema of {@link RedemptionRollbackResult}. */
export const redemptionRollbackResultSchema = lazy(() =>
  z.looseObject({
    /** Rollbacks of the stacked redemptions. */
    rollbacks: z.nullish(z.array(redemptionRollbackSchema())),
    /** Rollback of the parent redemption. */
    parent_rollback: z.nullish(redemptionRollbackSchema()),
  }),
);

/** What rolling back a stacked redemption returns: a rollback per stacked redemption and one of the parent. */
export interface RedemptionRollbackResult extends z.infer<ReturnType<typeof redemptionRollbackResultSchema>> {}
