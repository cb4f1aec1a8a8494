/**
 * Rewards: what a redemption gives (a voucher, a product or points paying for an order), and the
 * assignment of a reward to a loyalty campaign with its cost in points.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import type { ListEnvelope } from '../core/pagination.js';
import { lazy, listOf, metadata, nullishStrings, openEnum, type ShapeOf } from './base.js';
import type { CampaignType } from './campaign.js';
import { simpleCustomerSchema, type SimpleCustomer } from './customer.js';
import { productSchema, skuSchema, type Product, type Sku } from './product.js';
import { embeddedVoucherSchema, type EmbeddedVoucher } from './voucher.js';

/**
 * What a reward assignment sets (`parameters` of {@link RewardAssignment}).
 * @category Loyalties
 * @category Rewards
 */
export interface RewardAssignmentParameters {
  /** Rewards bought with loyalty points. */
  loyalty?: {
    /** Cost of the reward, in points. */
    points?: number | null;
    /** True when the reward is redeemed automatically once the card holds enough points. */
    auto_redeem?: boolean | null;
  } | null;
}

/**
 * The assignment of a reward to a loyalty campaign, with its cost in points.
 * @category Loyalties
 * @category Rewards
 */
export interface RewardAssignment {
  /** `rewa_…` */
  id: string;
  /** `rew_…`: the reward. */
  reward_id?: string | null;
  /** `camp_…`: the campaign the reward is assigned to. */
  related_object_id?: string | null;
  /** Always `campaign`. */
  related_object_type?: 'campaign' | (string & {}) | null;
  /** Present for rewards bought with loyalty points. */
  parameters?: RewardAssignmentParameters | null;
  /** When the reward was assigned, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the assignment was last updated, ISO 8601 date-time; null until the first update. */
  updated_at?: string | null;
  /** Always `reward_assignment`. */
  object?: string | null;
}

/** Schema of {@link RewardAssignment}. */
export const rewardAssignmentSchema: () => z.ZodMiniType<RewardAssignment> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    ...nullishStrings('reward_id', 'related_object_id'),
    related_object_type: z.nullish(openEnum()),
    parameters: z.nullish(
      z.looseObject({
        loyalty: z.nullish(
          z.looseObject({
            points: z.nullish(z.number()),
            auto_redeem: z.nullish(z.boolean()),
          } satisfies ShapeOf<RewardAssignmentParameters['loyalty']>),
        ),
      } satisfies ShapeOf<RewardAssignmentParameters>),
    ),
    ...nullishStrings('created_at', 'updated_at', 'object'),
  } satisfies ShapeOf<RewardAssignment>),
);

/**
 * A page of reward assignments (of a campaign, or of a reward), with `total`.
 * @category Loyalties
 * @category Rewards
 */
export interface RewardAssignmentList extends ListEnvelope {
  /** The reward assignments. */
  data?: RewardAssignment[] | null;
}

/** Schema of {@link RewardAssignmentList}. */
export const rewardAssignmentListSchema: () => z.ZodMiniType<RewardAssignmentList> = /* @__PURE__ */ lazy(() => listOf(rewardAssignmentSchema()));

/**
 * What a reward gives, by reward type (`parameters` of {@link Reward}).
 * @category Rewards
 */
export interface RewardParameters {
  /** `CAMPAIGN` rewards: credits or points added to a card, or a coupon of a campaign. */
  campaign?: {
    /** `camp_…` */
    id?: string | null;
    /** Points or credit added, in points or the smallest currency unit. */
    balance?: number | null;
    /** Type of the campaign, e.g. `LOYALTY_PROGRAM`. */
    type?: CampaignType | null;
  } | null;
  /** `MATERIAL` rewards: the product given. */
  product?: {
    /** `prod_…` */
    id?: string | null;
    /** `sku_…`, when the reward is a SKU. */
    sku_id?: string | null;
  } | null;
  /** `COIN` rewards: how points convert to money. */
  coin?: {
    /** Money per point. */
    exchange_ratio?: number | null;
    /** Points per unit of money. */
    points_ratio?: number | null;
  } | null;
  /** Rewards redeemed by an automation: its ID (older responses). */
  automation_id?: string | null;
}

/**
 * The reward given by a redemption: a voucher, a product or points paying for an order. It is
 * embedded in redemptions and rollbacks, so no field is guaranteed (real responses leave out
 * `object`, of the reward and of its voucher, and send `updated_at: null`).
 * @category Rewards
 */
export interface Reward {
  /** `rew_…` */
  id?: string | null;
  /** Reward name. */
  name?: string | null;
  /** Always `reward`. */
  object?: string | null;
  /** When the reward was created, ISO 8601 date-time. */
  created_at?: string | null;
  /** When the reward was last updated, ISO 8601 date-time. */
  updated_at?: string | null;
  /** `CAMPAIGN` (credits or points to a card, or a coupon), `COIN` (pay with points) or `MATERIAL` (a product). */
  type?: 'CAMPAIGN' | 'COIN' | 'MATERIAL' | (string & {}) | null;
  /** Custom key/value pairs. */
  metadata?: Metadata<'reward'> | null;
  /** The customer who received the reward. */
  customer?: SimpleCustomer | null;
  /** `rewa_…`: the assignment redeemed. */
  assignment_id?: string | null;
  /** The voucher given (`CAMPAIGN` rewards). */
  voucher?: EmbeddedVoucher | null;
  /** The product given (`MATERIAL` rewards). */
  product?: Product | null;
  /** The SKU given (`MATERIAL` rewards). */
  sku?: Sku | null;
  /** `ltr_…`: a loyalty tier. */
  loyalty_tier_id?: string | null;
  /** What the reward gives, by type. */
  parameters?: RewardParameters | null;
}

/** Schema of {@link Reward}. */
export const rewardSchema: () => z.ZodMiniType<Reward> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('id', 'name', 'object', 'created_at', 'updated_at'),
    type: z.nullish(openEnum()),
    metadata: z.nullish(metadata('reward')),
    customer: z.nullish(simpleCustomerSchema()),
    assignment_id: z.nullish(z.string()),
    voucher: z.nullish(embeddedVoucherSchema()),
    product: z.nullish(productSchema()),
    sku: z.nullish(skuSchema()),
    loyalty_tier_id: z.nullish(z.string()),
    parameters: z.nullish(
      z.looseObject({
        campaign: z.nullish(
          z.looseObject({
            id: z.nullish(z.string()),
            balance: z.nullish(z.number()),
            type: z.nullish(openEnum()),
          } satisfies ShapeOf<RewardParameters['campaign']>),
        ),
        product: z.nullish(
          z.looseObject({
            ...nullishStrings('id', 'sku_id'),
          } satisfies ShapeOf<RewardParameters['product']>),
        ),
        coin: z.nullish(
          z.looseObject({
            exchange_ratio: z.nullish(z.number()),
            points_ratio: z.nullish(z.number()),
          } satisfies ShapeOf<RewardParameters['coin']>),
        ),
        automation_id: z.nullish(z.string()),
      } satisfies ShapeOf<RewardParameters>),
    ),
  } satisfies ShapeOf<Reward>),
);
