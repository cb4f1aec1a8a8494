/**
 * Loyalty records: pending points, point transactions, reward assignments and the reward of a
 * redemption (service interface §2.4 to §2.7).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { cursorListOf, lazy, listOf, metadata, openEnum, type ShapeOf } from './base.js';
import type { CampaignType } from './campaign.js';
import { simpleCustomerSchema, type SimpleCustomer } from './customer.js';
import { productSchema, skuSchema, type Product, type Sku } from './order.js';
import { embeddedVoucherSchema, type EmbeddedVoucher } from './voucher.js';

/**
 * What happened to a loyalty card's points in a {@link LoyaltyTransaction}: `POINTS_ACCRUAL`
 * (earned), `POINTS_REDEMPTION` (spent on a reward), `POINTS_REFUND` (given back),
 * `POINTS_ADDITION` and `POINTS_REMOVAL` (changed by hand), `POINTS_EXPIRATION`,
 * `PENDING_POINTS_ACTIVATION` (pending points became active), `POINTS_TRANSFER_IN` and
 * `POINTS_TRANSFER_OUT` (moved between cards). Open: any other string the service starts sending
 * is accepted.
 * @category Loyalties
 */
export type TransactionType =
  | 'PENDING_POINTS_ACTIVATION'
  | 'POINTS_ACCRUAL'
  | 'POINTS_REDEMPTION'
  | 'POINTS_REFUND'
  | 'POINTS_ADDITION'
  | 'POINTS_REMOVAL'
  | 'POINTS_EXPIRATION'
  | 'POINTS_TRANSFER_IN'
  | 'POINTS_TRANSFER_OUT'
  | (string & {});

/**
 * An `{ id, name }` reference to a loyalty tier, segment, reward or event schema.
 * @category Loyalties
 */
export interface NamedReference {
  /** ID of the record. */
  id?: string | null;
  /** Name of the record. */
  name?: string | null;
}

/**
 * A reference to the order that earned or spent points.
 * @category Loyalties
 */
export interface OrderReference {
  /** `ord_…` */
  id?: string | null;
  /** The merchant's own ID of the order. */
  source_id?: string | null;
}

/**
 * A reference to the earning rule that granted points.
 * @category Loyalties
 */
export interface EarningRuleReference {
  /** `ern_…` */
  id?: string | null;
  /** How the rule is presented. */
  source?: {
    /** Display name of the earning rule. */
    banner?: string | null;
  } | null;
}

/**
 * A reference to an event: its ID and name.
 * @category Loyalties
 */
export interface EventReference {
  /** ID of the event. */
  id?: string | null;
  /** Event name, e.g. `customer.order.paid`. */
  type?: string | null;
}

/**
 * Who or what caused a loyalty event (`event_source` of a {@link PendingPointsEvent}).
 * @category Loyalties
 */
export interface LoyaltyEventSource {
  /** `USER_PORTAL` (a user in the dashboard), `API`, `CLIENT_API` or `INTERNAL`. */
  channel?: 'USER_PORTAL' | 'API' | 'CLIENT_API' | 'INTERNAL' | (string & {}) | null;
  /** Channel `USER_PORTAL`: the user. */
  user?: {
    /** `user_…` */
    id?: string | null;
  } | null;
  /** Channel `API`: the API key. */
  api_key?: {
    /** Name of the API key. */
    name?: string | null;
    app_id?: string | null;
  } | null;
}

/**
 * The event that earned pending points (`details.event` of {@link PendingPoints}).
 * @category Loyalties
 */
export interface PendingPointsEvent {
  /** `evcus_…` */
  id?: string | null;
  /** Event name, e.g. `customer.order.paid`. */
  type?: 'customer.order.paid' | (string & {}) | null;
  group_id?: string | null;
  entity_id?: string | null;
  /** When the event happened, ISO 8601 date-time. */
  created_at?: string | null;
  /** `ACTION` or `EFFECT`. */
  category?: 'ACTION' | 'EFFECT' | (string & {}) | null;
  /** Who caused the event: `user` for channel `USER_PORTAL`, `api_key` for channel `API`. */
  event_source?: LoyaltyEventSource | null;
}

/**
 * What earned a member's pending points (`details` of {@link PendingPoints}).
 * @category Loyalties
 */
export interface PendingPointsDetails {
  /** The loyalty tier of the card holder. */
  holder_loyalty_tier?: NamedReference | null;
  /** The loyalty tier involved. */
  loyalty_tier?: NamedReference | null;
  /** The event that earned the points. */
  event?: PendingPointsEvent | null;
  /** The earning rule that granted the points. */
  earning_rule?: EarningRuleReference | null;
  /** The order that earned the points. */
  order?: OrderReference | null;
}

const namedReference: () => z.ZodMiniType<NamedReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: z.nullish(z.string()), name: z.nullish(z.string()) } satisfies ShapeOf<NamedReference>),
);

const idReference = /* @__PURE__ */ lazy(() => z.looseObject({ id: z.nullish(z.string()) }));

const earningRuleReference: () => z.ZodMiniType<EarningRuleReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    source: z.nullish(
      z.looseObject({ banner: z.nullish(z.string()) } satisfies ShapeOf<EarningRuleReference['source']>),
    ),
  } satisfies ShapeOf<EarningRuleReference>),
);

const orderReference: () => z.ZodMiniType<OrderReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: z.nullish(z.string()), source_id: z.nullish(z.string()) } satisfies ShapeOf<OrderReference>),
);

const eventReference: () => z.ZodMiniType<EventReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: z.nullish(z.string()), type: z.nullish(z.string()) } satisfies ShapeOf<EventReference>),
);

/**
 * Points a loyalty member has earned that become active on `activates_at`.
 * @category Loyalties
 */
export interface PendingPoints {
  /** `lopp_…` */
  id: string;
  /** `v_…`: the loyalty card. */
  voucher_id?: string | null;
  /** `camp_…`: the loyalty campaign. */
  campaign_id?: string | null;
  /** `cust_…`: the card holder. */
  customer_id?: string | null;
  /** `ord_…`: the order that earned the points. */
  order_id?: string | null;
  /** Points that become active on `activates_at`. */
  points?: number | null;
  /** Date (`YYYY-MM-DD`) the points become active. */
  activates_at?: string | null;
  /** What earned the points. */
  details?: PendingPointsDetails | null;
  /** When the points were earned, ISO 8601 date-time. */
  created_at?: string | null;
}

/** Schema of {@link PendingPoints}. */
export const pendingPointsSchema: () => z.ZodMiniType<PendingPoints> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    voucher_id: z.nullish(z.string()),
    campaign_id: z.nullish(z.string()),
    customer_id: z.nullish(z.string()),
    order_id: z.nullish(z.string()),
    points: z.nullish(z.number()),
    activates_at: z.nullish(z.string()),
    details: z.nullish(
      z.looseObject({
        holder_loyalty_tier: z.nullish(namedReference()),
        loyalty_tier: z.nullish(namedReference()),
        event: z.nullish(
          z.looseObject({
            id: z.nullish(z.string()),
            type: z.nullish(openEnum()),
            group_id: z.nullish(z.string()),
            entity_id: z.nullish(z.string()),
            created_at: z.nullish(z.string()),
            category: z.nullish(openEnum()),
            event_source: z.nullish(
              z.looseObject({
                channel: z.nullish(openEnum()),
                user: z.nullish(idReference()),
                api_key: z.nullish(
                  z.looseObject({
                    name: z.nullish(z.string()),
                    app_id: z.nullish(z.string()),
                  } satisfies ShapeOf<LoyaltyEventSource['api_key']>),
                ),
              } satisfies ShapeOf<LoyaltyEventSource>),
            ),
          } satisfies ShapeOf<PendingPointsEvent>),
        ),
        earning_rule: z.nullish(earningRuleReference()),
        order: z.nullish(orderReference()),
      } satisfies ShapeOf<PendingPointsDetails>),
    ),
    created_at: z.nullish(z.string()),
  } satisfies ShapeOf<PendingPoints>),
);

/**
 * A page of a member's pending points.
 * @category Loyalties
 */
export interface PendingPointsList extends ListEnvelope {
  /** The pending point entries. */
  data?: PendingPoints[] | null;
  /** True when more records exist past this page; the cursor reads it. */
  has_more: boolean;
}

/** Schema of {@link PendingPointsList}. */
export const pendingPointsListSchema: () => z.ZodMiniType<PendingPointsList> = /* @__PURE__ */ lazy(() =>
  cursorListOf(pendingPointsSchema()),
);

/**
 * A loyalty card's (or gift card's) balance after a {@link LoyaltyTransaction}, and the change.
 * @category Loyalties
 */
export interface LoyaltyTransactionBalance {
  /** `loyalty_card` or `gift_voucher`. */
  type?: 'loyalty_card' | 'gift_voucher' | (string & {}) | null;
  /** Total points (or credit) of the card. */
  total?: number | null;
  /** Always `balance`. */
  object?: string | null;
  /** Gift vouchers: credit added (positive) or taken (negative), in the smallest currency unit. */
  amount?: number | null;
  /** Points added (positive) or taken (negative). */
  points?: number | null;
  /** Points (or credit) available after the transaction. */
  balance?: number | null;
  /** `MANUAL` (changed by hand) or `AUTOMATIC`. */
  operation_type?: 'MANUAL' | 'AUTOMATIC' | (string & {}) | null;
  /** The card: `{ id, type: 'voucher' }`. */
  related_object?: {
    /** `v_…` */
    id?: string | null;
    /** Always `voucher`. */
    type?: string | null;
  } | null;
}

/**
 * The balance change of a {@link LoyaltyTransaction} and what caused it.
 * @category Loyalties
 */
export interface LoyaltyTransactionDetails {
  /** The card balance after the transaction. */
  balance?: LoyaltyTransactionBalance | null;
  /** The order that earned or spent the points. */
  order?: OrderReference | null;
  /** The event that earned the points. */
  event?: EventReference | null;
  /** The earning rule that granted the points. */
  earning_rule?: EarningRuleReference | null;
  /** The customer segment involved. */
  segment?: NamedReference | null;
  /** The loyalty tier involved. */
  loyalty_tier?: NamedReference | null;
  /** The loyalty tier of the card holder. */
  holder_loyalty_tier?: NamedReference | null;
  /** The redemption that spent the points. */
  redemption?: {
    /** `r_…` */
    id?: string | null;
  } | null;
  /** The redemption rollback that gave the points back. */
  rollback?: {
    /** `rr_…` */
    id?: string | null;
  } | null;
  /** The custom event that earned the points. */
  custom_event?: EventReference | null;
  /** The event schema of the custom event. */
  event_schema?: NamedReference | null;
  /** Pending points that became active. */
  pending_points?: Record<string, unknown> | null;
  /** The reward the points paid for. */
  reward?: NamedReference | null;
  /** Points transfers: the card the points came from. */
  source_voucher?: Record<string, unknown> | null;
  /** Points transfers: the card the points went to. */
  destination_voucher?: Record<string, unknown> | null;
}

/**
 * A change to a loyalty card's points, with the resulting balance in `details.balance`.
 * @category Loyalties
 */
export interface LoyaltyTransaction {
  /** `vtx_…` */
  id: string;
  /** The merchant's own ID of the transaction. */
  source_id?: string | null;
  /** `v_…`: the loyalty card. */
  voucher_id?: string | null;
  /** `camp_…`: the loyalty campaign. */
  campaign_id?: string | null;
  /** Where the transaction was made, e.g. the dashboard. */
  source?: string | null;
  /** Reason given for a manual change. */
  reason?: string | null;
  /** What happened to the points, e.g. `POINTS_ACCRUAL`, `POINTS_REDEMPTION`. */
  type?: TransactionType | null;
  /** The balance change and what caused it. */
  details?: LoyaltyTransactionDetails | null;
  /** ID of the paired transaction (points transfers, refunds). */
  related_transaction_id?: string | null;
  /** When the transaction was made, ISO 8601 date-time. */
  created_at?: string | null;
}

/** Schema of {@link LoyaltyTransaction}. */
export const loyaltyTransactionSchema: () => z.ZodMiniType<LoyaltyTransaction> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    source_id: z.nullish(z.string()),
    voucher_id: z.nullish(z.string()),
    campaign_id: z.nullish(z.string()),
    source: z.nullish(z.string()),
    reason: z.nullish(z.string()),
    type: z.nullish(openEnum()),
    details: z.nullish(
      z.looseObject({
        balance: z.nullish(
          z.looseObject({
            type: z.nullish(openEnum()),
            total: z.nullish(z.number()),
            object: z.nullish(z.string()),
            amount: z.nullish(z.number()),
            points: z.nullish(z.number()),
            balance: z.nullish(z.number()),
            operation_type: z.nullish(openEnum()),
            related_object: z.nullish(
              z.looseObject({
                id: z.nullish(z.string()),
                type: z.nullish(z.string()),
              } satisfies ShapeOf<LoyaltyTransactionBalance['related_object']>),
            ),
          } satisfies ShapeOf<LoyaltyTransactionBalance>),
        ),
        order: z.nullish(orderReference()),
        event: z.nullish(eventReference()),
        earning_rule: z.nullish(earningRuleReference()),
        segment: z.nullish(namedReference()),
        loyalty_tier: z.nullish(namedReference()),
        holder_loyalty_tier: z.nullish(namedReference()),
        redemption: z.nullish(idReference()),
        rollback: z.nullish(idReference()),
        custom_event: z.nullish(eventReference()),
        event_schema: z.nullish(namedReference()),
        pending_points: z.nullish(z.looseObject({})),
        reward: z.nullish(namedReference()),
        source_voucher: z.nullish(z.looseObject({})),
        destination_voucher: z.nullish(z.looseObject({})),
      } satisfies ShapeOf<LoyaltyTransactionDetails>),
    ),
    related_transaction_id: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
  } satisfies ShapeOf<LoyaltyTransaction>),
);

/**
 * A page of loyalty transactions.
 * @category Loyalties
 */
export interface LoyaltyTransactionList extends ListEnvelope {
  /** The transactions. */
  data?: LoyaltyTransaction[] | null;
  /** True when more records exist past this page; the cursor reads it. */
  has_more: boolean;
}

/** Schema of {@link LoyaltyTransactionList}. */
export const loyaltyTransactionListSchema: () => z.ZodMiniType<LoyaltyTransactionList> = /* @__PURE__ */ lazy(() =>
  cursorListOf(loyaltyTransactionSchema()),
);

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
    reward_id: z.nullish(z.string()),
    related_object_id: z.nullish(z.string()),
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
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    object: z.nullish(z.string()),
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
export const rewardAssignmentListSchema: () => z.ZodMiniType<RewardAssignmentList> = /* @__PURE__ */ lazy(() =>
  listOf(rewardAssignmentSchema()),
);

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
  metadata?: Record<string, unknown> | null;
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
    id: z.nullish(z.string()),
    name: z.nullish(z.string()),
    object: z.nullish(z.string()),
    created_at: z.nullish(z.string()),
    updated_at: z.nullish(z.string()),
    type: z.nullish(openEnum()),
    metadata: z.nullish(metadata()),
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
            id: z.nullish(z.string()),
            sku_id: z.nullish(z.string()),
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
