/**
 * What a card holds: the credit of a gift voucher and the points of a loyalty card. Redemptions
 * and rollbacks carry the same shapes for what they take from a card or give back to it.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, openEnum, type ShapeOf } from './base.js';

/**
 * The credit of a gift voucher (`voucher.gift`), in the smallest currency unit. In a redemption
 * or rollback only `amount` is present: the credit used or given back.
 * @category Shared responses
 */
export interface Gift {
  /** Initial credit, in the smallest currency unit. In a redemption or rollback: the credit used or given back. */
  amount?: number | null;
  /** Credit used so far, in the smallest currency unit. */
  subtracted_amount?: number | null;
  /** Credit left, in the smallest currency unit. */
  balance?: number | null;
  /** How the credit is applied; value seen: `APPLY_TO_ORDER`. */
  effect?: 'APPLY_TO_ORDER' | 'APPLY_TO_ITEMS' | (string & {}) | null;
}

/** Schema of {@link Gift}. */
export const giftSchema: () => z.ZodMiniType<Gift> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    amount: z.nullish(z.number()),
    subtracted_amount: z.nullish(z.number()),
    balance: z.nullish(z.number()),
    effect: z.nullish(openEnum()),
  } satisfies ShapeOf<Gift>),
);

/**
 * The points of a loyalty card (`voucher.loyalty_card`). In a redemption or rollback only
 * `points` is present: the points used or given back.
 * @category Shared responses
 */
export interface LoyaltyCard {
  /** Points earned in total. In a redemption or rollback: the points used or given back. */
  points?: number | null;
  /** Points available now. */
  balance?: number | null;
  /** Date (`YYYY-MM-DD`) the next points expire. */
  next_expiration_date?: string | null;
  /** Points expiring on `next_expiration_date`. */
  next_expiration_points?: number | null;
  /** Points earned but not yet active (see {@link PendingPoints}). */
  pending_points?: number | null;
  /** Points that have expired. */
  expired_points?: number | null;
  /** Points spent or removed. */
  subtracted_points?: number | null;
}

/** Schema of {@link LoyaltyCard}. */
export const loyaltyCardSchema: () => z.ZodMiniType<LoyaltyCard> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    points: z.nullish(z.number()),
    balance: z.nullish(z.number()),
    next_expiration_date: z.nullish(z.string()),
    next_expiration_points: z.nullish(z.number()),
    pending_points: z.nullish(z.number()),
    expired_points: z.nullish(z.number()),
    subtracted_points: z.nullish(z.number()),
  } satisfies ShapeOf<LoyaltyCard>),
);

/**
 * A card's balance after {@link Vouchers.updateBalance}: the increment applied and the balance
 * after it. It names no transaction and does not echo the `source_id` or `reason` sent: the card's
 * transactions ({@link Vouchers.listTransactions}) carry them.
 * @category Vouchers
 */
export interface VoucherBalance {
  /** The increment applied: positive added, negative removed. */
  amount?: number | null;
  /** The card's balance after the change: a gift card's credit, a loyalty card's points. */
  balance: number;
  /** Described as the card's income over its life, yet lowered by a removal too: read `balance`. */
  total?: number | null;
  /** `gift_voucher` or `loyalty_card`. */
  type?: 'gift_voucher' | 'loyalty_card' | (string & {}) | null;
  /** `MANUAL`. Required by the published spec, absent from its example. */
  operation_type?: 'MANUAL' | (string & {}) | null;
  /** Always `balance`. */
  object?: string | null;
  /** The card: its ID (`v_…`), not its code. */
  related_object?: {
    /** `v_…` */
    id?: string | null;
    /** Always `voucher`. */
    type?: string | null;
  } | null;
}

/** Schema of {@link VoucherBalance}. */
export const voucherBalanceSchema: () => z.ZodMiniType<VoucherBalance> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    amount: z.nullish(z.number()),
    balance: z.number(),
    total: z.nullish(z.number()),
    type: z.nullish(openEnum()),
    operation_type: z.nullish(openEnum()),
    object: z.nullish(z.string()),
    related_object: z.nullish(
      z.looseObject({
        id: z.nullish(z.string()),
        type: z.nullish(z.string()),
      } satisfies ShapeOf<VoucherBalance['related_object']>),
    ),
  } satisfies ShapeOf<VoucherBalance>),
);
