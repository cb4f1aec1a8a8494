/**
 * The result of validating a voucher (service interface §2.21). An invalid voucher is not an HTTP
 * error: it comes back in a 200 response with `valid` false, a `reason` and an `error`.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, metadata } from './base.js';
import { applicableItemListSchema, discountSchema, giftSchema, sessionSchema } from './common.js';
import { orderSchema } from './order.js';

/** Schema of {@link ValidationError}. */
export const validationErrorSchema = lazy(() =>
  z.looseObject({
    /** HTTP-like status code of the failure, e.g. `400`. */
    code: z.nullish(z.number()),
    /** Machine-readable reason, e.g. `voucher_expired`, `redemption_rules_violated`. */
    key: z.nullish(z.string()),
    /** Short description. */
    message: z.nullish(z.string()),
    /** Longer description. */
    details: z.nullish(z.string()),
    /** ID of the request, for support. */
    request_id: z.nullish(z.string()),
  }),
);

/** Why a voucher is invalid (`error` of an invalid {@link ValidationResult}). */
export interface ValidationError extends z.infer<ReturnType<typeof validationErrorSchema>> {}

/** The schema of both outcomes, before narrowing on `valid`. */
const validationResultBodySchema = lazy(() =>
  z.looseObject({
    /** True when the voucher can be redeemed in the given context. */
    valid: z.boolean(),
    /** The voucher code. */
    code: z.string(),
    /** Invalid only: why, in words. */
    reason: z.nullish(z.string()),
    /** Invalid only: the failure, with a machine-readable `key`. */
    error: z.nullish(validationErrorSchema()),
    /** Items the discount applies to. */
    applicable_to: z.nullish(applicableItemListSchema()),
    /** Items excluded from the discount. */
    inapplicable_to: z.nullish(applicableItemListSchema()),
    /** The voucher's metadata. */
    metadata: z.nullish(metadata()),
    /** Hashed source ID of the customer. */
    tracking_id: z.nullish(z.string()),
    /** `cust_…` of the customer, when known. */
    customer_id: z.nullish(z.string()),
    /** Name of the voucher's campaign. */
    campaign: z.nullish(z.string()),
    /** `camp_…` of the voucher's campaign. */
    campaign_id: z.nullish(z.string()),
    /** Discount vouchers: the discount. */
    discount: z.nullish(discountSchema()),
    /** Gift vouchers: the credit, in the smallest currency unit. */
    gift: z.nullish(giftSchema()),
    /** Loyalty cards: what the reward costs. */
    loyalty: z.nullish(
      z.looseObject({
        /** Cost of the reward, in points. */
        points_cost: z.nullish(z.number()),
      }),
    ),
    /** Loyalty cards: the reward being validated. */
    reward: z.nullish(
      z.looseObject({
        /** `rew_…` */
        id: z.nullish(z.string()),
        /** `rewa_…` */
        assignment_id: z.nullish(z.string()),
        /** Points the reward costs. */
        points: z.nullish(z.number()),
      }),
    ),
    /** The order with calculated amounts, without customer data. */
    order: z.nullish(orderSchema()),
    /** The session lock taken. */
    session: z.nullish(sessionSchema()),
    /** Date-time from which the voucher is valid. */
    start_date: z.nullish(z.string()),
    /** Date-time after which the voucher is invalid. */
    expiration_date: z.nullish(z.string()),
  }),
);

type ValidationResultBody = z.infer<ReturnType<typeof validationResultBodySchema>>;

/** A voucher that can be redeemed: its discount, gift or loyalty cost, and the calculated order. */
export interface ValidValidationResult extends ValidationResultBody {
  valid: true;
}

/** A voucher that cannot be redeemed, with the `reason` and the `error` (see `error.key`). */
export interface InvalidValidationResult extends ValidationResultBody {
  valid: false;
}

/**
 * The result of validating a voucher; narrow it on `valid`. An invalid voucher comes back in a
 * 200 response, not as an error.
 */
export type ValidationResult = ValidValidationResult | InvalidValidationResult;

/**
 * Schema of {@link ValidationResult}: one object checked for `valid` (boolean) and `code`, typed
 * as the union narrowed on `valid`.
 */
export const validationResultSchema = lazy(() => validationResultBodySchema() as z.ZodMiniType<ValidationResult>);
