/**
 * Redeemables held by a customer (service interface §2.18).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, listOf, openEnum } from './base.js';
import { voucherSchema } from './voucher.js';

/** Schema of {@link CustomerRedeemable}. */
export const customerRedeemableSchema = lazy(() =>
  z.looseObject({
    /** `rh_…` */
    id: z.string(),
    created_at: z.nullish(z.string()),
    /** ID of the held voucher. */
    redeemable_id: z.nullish(z.string()),
    /** Kind of record held; value seen `voucher`. */
    redeemable_object: z.nullish(openEnum(['voucher'])),
    /** `cust_…` */
    customer_id: z.nullish(z.string()),
    /** How the customer holds it: `OWNER`, `REFERRER` or `REFEREE`. */
    holder_role: z.nullish(openEnum(['OWNER', 'REFERRER', 'REFEREE'])),
    campaign_id: z.nullish(z.string()),
    /** E.g. `DISCOUNT_COUPONS`, `LOYALTY_PROGRAM`, `REFERRAL_PROGRAM`. */
    campaign_type: z.nullish(
      openEnum(['LOYALTY_PROGRAM', 'GIFT_VOUCHERS', 'DISCOUNT_COUPONS', 'PROMOTION', 'REFERRAL_PROGRAM']),
    ),
    /** `GIFT_VOUCHER`, `DISCOUNT_VOUCHER` or `LOYALTY_CARD`. */
    voucher_type: z.nullish(openEnum(['GIFT_VOUCHER', 'DISCOUNT_VOUCHER', 'LOYALTY_CARD'])),
    /** The held record and its state. */
    redeemable: z.nullish(
      z.looseObject({
        /** Kind of record, e.g. `voucher`. */
        type: z.nullish(z.string()),
        voucher: z.nullish(voucherSchema()),
        /** `ACTIVE`, `USED`, `DISABLED`, `NOT_ACTIVE_YET`, `EXPIRED` or `NO_BALANCE`. */
        status: z.nullish(openEnum(['ACTIVE', 'USED', 'DISABLED', 'NOT_ACTIVE_YET', 'EXPIRED', 'NO_BALANCE'])),
      }),
    ),
  }),
);

/** A voucher a customer holds, as owner, referrer or referee. */
export interface CustomerRedeemable extends z.infer<ReturnType<typeof customerRedeemableSchema>> {}

/** Schema of {@link CustomerRedeemableList}. */
export const customerRedeemableListSchema = lazy(() => listOf(customerRedeemableSchema()));

/** A page of a customer's redeemables, with `total`. */
export interface CustomerRedeemableList extends z.infer<ReturnType<typeof customerRedeemableListSchema>> {}
