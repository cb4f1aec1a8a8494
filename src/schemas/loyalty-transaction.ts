/**
 * Loyalty transactions: each change to a loyalty card's points, with the resulting balance and
 * what caused it.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { cursorListOf, lazy, nullishStrings, openEnum, type ShapeOf } from './base.js';
import {
  earningRuleReferenceSchema,
  eventReferenceSchema,
  idReferenceSchema,
  namedReferenceSchema,
  orderReferenceSchema,
  type EarningRuleReference,
  type EventReference,
  type NamedReference,
  type OrderReference,
} from './loyalty-reference.js';

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
    ...nullishStrings('source_id', 'voucher_id', 'campaign_id', 'source', 'reason'),
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
                ...nullishStrings('id', 'type'),
              } satisfies ShapeOf<LoyaltyTransactionBalance['related_object']>),
            ),
          } satisfies ShapeOf<LoyaltyTransactionBalance>),
        ),
        order: z.nullish(orderReferenceSchema()),
        event: z.nullish(eventReferenceSchema()),
        earning_rule: z.nullish(earningRuleReferenceSchema()),
        segment: z.nullish(namedReferenceSchema()),
        loyalty_tier: z.nullish(namedReferenceSchema()),
        holder_loyalty_tier: z.nullish(namedReferenceSchema()),
        redemption: z.nullish(idReferenceSchema()),
        rollback: z.nullish(idReferenceSchema()),
        custom_event: z.nullish(eventReferenceSchema()),
        event_schema: z.nullish(namedReferenceSchema()),
        pending_points: z.nullish(z.looseObject({})),
        reward: z.nullish(namedReferenceSchema()),
        source_voucher: z.nullish(z.looseObject({})),
        destination_voucher: z.nullish(z.looseObject({})),
      } satisfies ShapeOf<LoyaltyTransactionDetails>),
    ),
    ...nullishStrings('related_transaction_id', 'created_at'),
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
export const loyaltyTransactionListSchema: () => z.ZodMiniType<LoyaltyTransactionList> = /* @__PURE__ */ lazy(() => cursorListOf(loyaltyTransactionSchema()));

/**
 * What happened to a card's balance in a {@link VoucherTransaction}: a gift card's
 * `CREDITS_ADDITION` and `CREDITS_REMOVAL` (changed through the balance operation),
 * `CREDITS_REDEMPTION` (spent) and `CREDITS_REFUND` (given back), or any of a loyalty card's
 * {@link TransactionType}. Open: any other string the service starts sending is accepted.
 * @category Vouchers
 */
export type VoucherTransactionType = 'CREDITS_ADDITION' | 'CREDITS_REMOVAL' | 'CREDITS_REDEMPTION' | 'CREDITS_REFUND' | TransactionType;

/**
 * A change to one card's balance (a gift card's credit or a loyalty card's points), with the
 * balance after it in `details.balance` and, for a change made through
 * `client.vouchers.updateBalance`, the `source_id` and `reason` it was sent with.
 * @category Vouchers
 */
export interface VoucherTransaction extends Omit<LoyaltyTransaction, 'type'> {
  /** What happened to the balance, e.g. `CREDITS_ADDITION`, `CREDITS_REDEMPTION`, `POINTS_ADDITION`. */
  type?: VoucherTransactionType | null;
}

/**
 * A page of one card's transactions.
 * @category Vouchers
 */
export interface VoucherTransactionList extends ListEnvelope {
  /** The transactions. */
  data?: VoucherTransaction[] | null;
  /** True when more records exist past this page; the cursor reads it. */
  has_more: boolean;
}

/** Schema of {@link VoucherTransactionList}: the same records as a loyalty campaign's list, of one card. */
export const voucherTransactionListSchema: () => z.ZodMiniType<VoucherTransactionList> = /* @__PURE__ */ lazy(() =>
  cursorListOf(loyaltyTransactionSchema() as z.ZodMiniType<VoucherTransaction>),
);
