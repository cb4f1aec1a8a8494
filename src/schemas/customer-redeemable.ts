/**
 * Redeemables held by a customer (service interface §2.18).
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { cursorListOf, lazy, nullishStrings, openEnum, type ShapeOf } from './base.js';
import type { CampaignType } from './campaign.js';
import { embeddedVoucherSchema, type EmbeddedVoucher, type VoucherType } from './voucher.js';

/**
 * The record a customer holds and its state (`redeemable` of {@link CustomerRedeemable}).
 * @category Customers
 */
export interface HeldRedeemable {
  /** Kind of record, e.g. `voucher`. */
  type?: string | null;
  /** The held voucher. */
  voucher?: EmbeddedVoucher | null;
  /** `ACTIVE`, `USED`, `DISABLED`, `NOT_ACTIVE_YET`, `EXPIRED` or `NO_BALANCE`. */
  status?: 'ACTIVE' | 'USED' | 'DISABLED' | 'NOT_ACTIVE_YET' | 'EXPIRED' | 'NO_BALANCE' | (string & {}) | null;
}

/**
 * A voucher a customer holds, as owner, referrer or referee.
 * @category Customers
 */
export interface CustomerRedeemable {
  /** `rh_…` */
  id: string;
  /** When the customer started holding it, ISO 8601 date-time. */
  created_at?: string | null;
  /** `v_…`: the held voucher. */
  redeemable_id?: string | null;
  /** Kind of record held; value seen `voucher`. */
  redeemable_object?: 'voucher' | (string & {}) | null;
  /** `cust_…` */
  customer_id?: string | null;
  /** How the customer holds it: `OWNER`, `REFERRER` or `REFEREE`. */
  holder_role?: 'OWNER' | 'REFERRER' | 'REFEREE' | (string & {}) | null;
  /** `camp_…`: the voucher's campaign. */
  campaign_id?: string | null;
  /** Type of the voucher's campaign, e.g. `DISCOUNT_COUPONS`, `LOYALTY_PROGRAM`, `REFERRAL_PROGRAM`. */
  campaign_type?: CampaignType | null;
  /** `GIFT_VOUCHER`, `DISCOUNT_VOUCHER` or `LOYALTY_CARD`. */
  voucher_type?: VoucherType | null;
  /** The held record and its state. */
  redeemable?: HeldRedeemable | null;
}

/** Schema of {@link CustomerRedeemable}. */
export const customerRedeemableSchema: () => z.ZodMiniType<CustomerRedeemable> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.string(),
    ...nullishStrings('created_at', 'redeemable_id'),
    redeemable_object: z.nullish(openEnum()),
    customer_id: z.nullish(z.string()),
    holder_role: z.nullish(openEnum()),
    campaign_id: z.nullish(z.string()),
    campaign_type: z.nullish(openEnum()),
    voucher_type: z.nullish(openEnum()),
    redeemable: z.nullish(
      z.looseObject({
        type: z.nullish(z.string()),
        voucher: z.nullish(embeddedVoucherSchema()),
        status: z.nullish(openEnum()),
      } satisfies ShapeOf<HeldRedeemable>),
    ),
  } satisfies ShapeOf<CustomerRedeemable>),
);

/**
 * A page of a customer's redeemables, with `total`.
 * @category Customers
 */
export interface CustomerRedeemableList extends ListEnvelope {
  /** The redeemables. */
  data?: CustomerRedeemable[] | null;
  /** True when more records exist past this page; the cursor reads it. */
  has_more: boolean;
}

/** Schema of {@link CustomerRedeemableList}. */
export const customerRedeemableListSchema: () => z.ZodMiniType<CustomerRedeemableList> = /* @__PURE__ */ lazy(() => cursorListOf(customerRedeemableSchema()));
