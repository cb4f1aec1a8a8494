/**
 * Loyalty records: pending points, point transactions, reward assignments and the reward of a
 * redemption (service interface §2.4 to §2.7).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, listOf, metadata, openEnum } from './base.js';
import { simpleCustomerSchema } from './common.js';
import { productSchema, skuSchema } from './order.js';
import { voucherSchema } from './voucher.js';

/** An `{ id, name }` pair (loyalty tier, segment, reward …). */
const named = () => z.looseObject({ id: z.nullish(z.string()), name: z.nullish(z.string()) });

/** An `{ id }` reference. */
const identified = () => z.looseObject({ id: z.nullish(z.string()) });

/** The earning rule that granted points. */
const earningRule = () =>
  z.looseObject({
    /** `ern_…` */
    id: z.nullish(z.string()),
    source: z.nullish(z.looseObject({ banner: z.nullish(z.string()) })),
  });

/** An order reference: `{ id, source_id }`. */
const orderReference = () => z.looseObject({ id: z.nullish(z.string()), source_id: z.nullish(z.string()) });

/** Schema of {@link PendingPoints}. */
export const pendingPointsSchema = lazy(() =>
  z.looseObject({
    /** `lopp_…` */
    id: z.string(),
    /** `v_…`: the loyalty card. */
    voucher_id: z.nullish(z.string()),
    campaign_id: z.nullish(z.string()),
    customer_id: z.nullish(z.string()),
    order_id: z.nullish(z.string()),
    /** Points that become active on `activates_at`. */
    points: z.nullish(z.number()),
    /** Date (`YYYY-MM-DD`) the points become active. */
    activates_at: z.nullish(z.string()),
    /** What earned the points. */
    details: z.nullish(
      z.looseObject({
        holder_loyalty_tier: z.nullish(named()),
        loyalty_tier: z.nullish(named()),
        /** The event that earned the points. */
        event: z.nullish(
          z.looseObject({
            id: z.nullish(z.string()),
            /** Event name, e.g. `customer.order.paid`. */
            type: z.nullish(openEnum(['customer.order.paid'])),
            group_id: z.nullish(z.string()),
            entity_id: z.nullish(z.string()),
            created_at: z.nullish(z.string()),
            /** `ACTION` or `EFFECT`. */
            category: z.nullish(openEnum(['ACTION', 'EFFECT'])),
            /** Who caused the event: `user` for `USER_PORTAL`, `api_key` for `API`. */
            event_source: z.nullish(
              z.looseObject({
                /** `USER_PORTAL`, `API`, `CLIENT_API` or `INTERNAL`. */
                channel: z.nullish(openEnum(['USER_PORTAL', 'API', 'CLIENT_API', 'INTERNAL'])),
                user: z.nullish(identified()),
                api_key: z.nullish(z.looseObject({ name: z.nullish(z.string()), app_id: z.nullish(z.string()) })),
              }),
            ),
          }),
        ),
        earning_rule: z.nullish(earningRule()),
        order: z.nullish(orderReference()),
      }),
    ),
    created_at: z.nullish(z.string()),
  }),
);

/** Points a loyalty member has earned that become active on `activates_at`. */
export interface PendingPoints extends z.infer<ReturnType<typeof pendingPointsSchema>> {}

/** Schema of {@link PendingPointsList}. */
export const pendingPointsListSchema = lazy(() => listOf(pendingPointsSchema()));

/** A page of a member's pending points. */
export interface PendingPointsList extends z.infer<ReturnType<typeof pendingPointsListSchema>> {}

/** Schema of {@link LoyaltyTransaction}. */
export const loyaltyTransactionSchema = lazy(() =>
  z.looseObject({
    /** `vtx_…` */
    id: z.string(),
    /** The merchant's own ID of the transaction. */
    source_id: z.nullish(z.string()),
    /** `v_…`: the loyalty card. */
    voucher_id: z.nullish(z.string()),
    campaign_id: z.nullish(z.string()),
    /** Where the transaction was made, e.g. the dashboard. */
    source: z.nullish(z.string()),
    /** Reason given for a manual change. */
    reason: z.nullish(z.string()),
    /** What happened to the points, e.g. `POINTS_ACCRUAL`, `POINTS_REDEMPTION`. */
    type: z.nullish(
      openEnum([
        'PENDING_POINTS_ACTIVATION',
        'POINTS_ACCRUAL',
        'POINTS_REDEMPTION',
        'POINTS_REFUND',
        'POINTS_ADDITION',
        'POINTS_REMOVAL',
        'POINTS_EXPIRATION',
        'POINTS_TRANSFER_IN',
        'POINTS_TRANSFER_OUT',
      ]),
    ),
    /** The balance change and what caused it. */
    details: z.nullish(
      z.looseObject({
        /** The card balance after the transaction. */
        balance: z.nullish(
          z.looseObject({
            /** `loyalty_card` or `gift_voucher`. */
            type: z.nullish(openEnum(['loyalty_card', 'gift_voucher'])),
            /** Total points (or credit) of the card. */
            total: z.nullish(z.number()),
            /** Always `balance`. */
            object: z.nullish(z.string()),
            /** Gift vouchers: credit added (positive) or taken (negative). */
            amount: z.nullish(z.number()),
            /** Points added (positive) or taken (negative). */
            points: z.nullish(z.number()),
            /** Points (or credit) available after the transaction. */
            balance: z.nullish(z.number()),
            /** `MANUAL` or `AUTOMATIC`. */
            operation_type: z.nullish(openEnum(['MANUAL', 'AUTOMATIC'])),
            /** The card: `{ id, type: 'voucher' }`. */
            related_object: z.nullish(z.looseObject({ id: z.nullish(z.string()), type: z.nullish(z.string()) })),
          }),
        ),
        order: z.nullish(orderReference()),
        event: z.nullish(z.looseObject({ id: z.nullish(z.string()), type: z.nullish(z.string()) })),
        earning_rule: z.nullish(earningRule()),
        segment: z.nullish(named()),
        loyalty_tier: z.nullish(named()),
        holder_loyalty_tier: z.nullish(named()),
        /** The redemption that spent the points. */
        redemption: z.nullish(identified()),
        rollback: z.nullish(identified()),
        custom_event: z.nullish(z.looseObject({ id: z.nullish(z.string()), type: z.nullish(z.string()) })),
        event_schema: z.nullish(named()),
        pending_points: z.nullish(z.looseObject({})),
        /** The reward the points paid for. */
        reward: z.nullish(named()),
        source_voucher: z.nullish(z.looseObject({})),
        destination_voucher: z.nullish(z.looseObject({})),
      }),
    ),
    /** ID of the paired transaction (points transfers, refunds). */
    related_transaction_id: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
  }),
);

/** A change to a loyalty card's points, with the resulting balance in `details.balance`. */
export interface LoyaltyTransaction extends z.infer<ReturnType<typeof loyaltyTransactionSchema>> {}

/** Schema of {@link LoyaltyTransactionList}. */
export const loyaltyTransactionListSchema = lazy(() => listOf(loyaltyTransactionSchema()));

/** A page of loyalty transactions. */
export interface LoyaltyTransactionList extends z.infer<ReturnType<typeof loyaltyTransactionListSchema>> {}

/** Schema of {@link RewardAssignment}. */
export const rewardAssignmentSchema = lazy(() =>
  z.looseObject({
    /** `rewa_…` */
    id: z.string(),
    /** `rew_…`: the reward. */
    reward_id: z.nullish(z.string()),
    /** `camp_…`: the campaign the reward is assigned to. */
    related_object_id: z.nullish(z.string()),
    /** Always `campaign`. */
    related_object_type: z.nullish(openEnum(['campaign'])),
    /** Present for rewards bought with loyalty points. */
    parameters: z.nullish(
      z.looseObject({
        loyalty: z.nullish(
          z.looseObject({
            /** Cost of the reward, in points. */
            points: z.nullish(z.number()),
            /** True when the reward is redeemed automatically once the card holds enough points. */
            auto_redeem: z.nullish(z.boolean()),
          }),
        ),
      }),
    ),
    created_at: z.nullish(z.string()),
    /** Null until the assignment is first updated. */
    updated_at: z.nullish(z.string()),
    /** Always `reward_assignment`. */
    object: z.string(),
  }),
);

/** The assignment of a reward to a loyalty campaign, with its cost in points. */
export interface RewardAssignment extends z.infer<ReturnType<typeof rewardAssignmentSchema>> {}

/** Schema of {@link RewardAssignmentList}. */
export const rewardAssignmentListSchema = lazy(() => listOf(rewardAssignmentSchema()));

/** A page of reward assignments (of a campaign, or of a reward), with `total`. */
export interface RewardAssignmentList extends z.infer<ReturnType<typeof rewardAssignmentListSchema>> {}

/** Schema of {@link Reward}. */
export const rewardSchema = lazy(() =>
  z.looseObject({
    /** `rew_…` */
    id: z.string(),
    name: z.nullish(z.string()),
    /** Always `reward`. */
    object: z.string(),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    /** `CAMPAIGN` (credits or points to a card, or a coupon), `COIN` (pay with points) or `MATERIAL` (product). */
    type: z.nullish(openEnum(['CAMPAIGN', 'COIN', 'MATERIAL'])),
    metadata: z.nullish(metadata()),
    /** The customer who received the reward. */
    customer: z.nullish(simpleCustomerSchema()),
    /** `rewa_…`: the assignment redeemed. */
    assignment_id: z.nullish(z.string()),
    /** The voucher given (`CAMPAIGN` rewards). */
    voucher: z.nullish(voucherSchema()),
    /** The product given (`MATERIAL` rewards). */
    product: z.nullish(productSchema()),
    /** The SKU given (`MATERIAL` rewards). */
    sku: z.nullish(skuSchema()),
    /** `ltr_…` */
    loyalty_tier_id: z.nullish(z.string()),
    /** What the reward gives, by type. */
    parameters: z.nullish(
      z.looseObject({
        /** `CAMPAIGN` rewards. */
        campaign: z.nullish(
          z.looseObject({
            /** `camp_…` */
            id: z.nullish(z.string()),
            /** Points or credit added, in points or the smallest currency unit. */
            balance: z.nullish(z.number()),
            /** Campaign type, e.g. `LOYALTY_PROGRAM`. */
            type: z.nullish(
              openEnum(['LOYALTY_PROGRAM', 'GIFT_VOUCHERS', 'DISCOUNT_COUPONS', 'PROMOTION', 'REFERRAL_PROGRAM']),
            ),
          }),
        ),
        /** `MATERIAL` rewards. */
        product: z.nullish(z.looseObject({ id: z.nullish(z.string()), sku_id: z.nullish(z.string()) })),
        /** `COIN` rewards: how points convert to money. */
        coin: z.nullish(
          z.looseObject({
            /** Money per point. */
            exchange_ratio: z.nullish(z.number()),
            /** Points per unit of money. */
            points_ratio: z.nullish(z.number()),
          }),
        ),
      }),
    ),
  }),
);

/** The reward given by a redemption: a voucher, a product or points paying for an order. */
export interface Reward extends z.infer<ReturnType<typeof rewardSchema>> {}
