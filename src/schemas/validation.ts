/**
 * The result of validating a voucher (service interface §2.21). An invalid voucher is not an HTTP
 * error: it comes back in a 200 response with `valid` false, a `reason` and an `error`.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { Metadata } from '../core/metadata.js';
import { lazy, metadata, nullishStrings, type ShapeOf } from './base.js';
import { applicableItemListSchema, type ApplicableItemList } from './applicable-item.js';
import { giftSchema, type Gift } from './balance.js';
import { discountSchema, type Discount } from './discount.js';
import { embeddedOrderSchema, type EmbeddedOrder } from './order.js';
import { sessionSchema, type Session } from './session.js';

/**
 * Why a voucher is invalid (`error` of an {@link InvalidValidationResult}). A failed custom
 * validation rule may send only `message`: read `key` with a fallback.
 * @category Vouchers
 */
export interface ValidationError {
  /** HTTP-like status code of the failure, e.g. `400`. */
  code?: number | null;
  /** Machine-readable reason, e.g. `voucher_expired`, `redemption_rules_violated`. */
  key?: string | null;
  /** Short description. */
  message?: string | null;
  /** Longer description. */
  details?: string | null;
  /** ID of the request, for support. */
  request_id?: string | null;
}

/** Schema of {@link ValidationError}. */
export const validationErrorSchema: () => z.ZodMiniType<ValidationError> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    code: z.nullish(z.number()),
    ...nullishStrings('key', 'message', 'details', 'request_id'),
  } satisfies ShapeOf<ValidationError>),
);

/**
 * The fields of both outcomes of a {@link ValidationResult}. Narrow the result on `valid` to get
 * a {@link ValidValidationResult} or an {@link InvalidValidationResult}.
 * @category Vouchers
 */
export interface ValidationResultBase {
  /** The voucher code. */
  code: string;
  /** Items the discount applies to. */
  applicable_to?: ApplicableItemList | null;
  /** Items excluded from the discount. */
  inapplicable_to?: ApplicableItemList | null;
  /** The voucher's metadata. */
  metadata?: Metadata<'voucher'> | null;
  /** Hashed source ID of the customer. */
  tracking_id?: string | null;
  /** `cust_…` of the customer, when known. */
  customer_id?: string | null;
  /** Name of the voucher's campaign. */
  campaign?: string | null;
  /** `camp_…` of the voucher's campaign. */
  campaign_id?: string | null;
  /** Discount vouchers: the discount. */
  discount?: Discount | null;
  /** Gift vouchers: the credit, in the smallest currency unit. */
  gift?: Gift | null;
  /** Loyalty cards: what the reward costs. */
  loyalty?: {
    /** Cost of the reward, in points. */
    points_cost?: number | null;
  } | null;
  /** Loyalty cards: the reward being validated. */
  reward?: {
    /** `rew_…` */
    id?: string | null;
    /** `rewa_…` */
    assignment_id?: string | null;
    /** Points the reward costs. */
    points?: number | null;
  } | null;
  /** The order with calculated amounts, without customer data; may lack `object`. */
  order?: EmbeddedOrder | null;
  /** The session lock taken. */
  session?: Session | null;
  /** Date-time (ISO 8601) from which the voucher is valid. */
  start_date?: string | null;
  /** Date-time (ISO 8601) after which the voucher is invalid. */
  expiration_date?: string | null;
}

/** The fields of {@link ValidationResultBase}, shared by both outcomes. */
const validationResultFields = () =>
  ({
    code: z.string(),
    applicable_to: z.nullish(applicableItemListSchema()),
    inapplicable_to: z.nullish(applicableItemListSchema()),
    metadata: z.nullish(metadata('voucher')),
    ...nullishStrings('tracking_id', 'customer_id', 'campaign', 'campaign_id'),
    discount: z.nullish(discountSchema()),
    gift: z.nullish(giftSchema()),
    loyalty: z.nullish(z.looseObject({ points_cost: z.nullish(z.number()) } satisfies ShapeOf<ValidationResultBase['loyalty']>)),
    reward: z.nullish(
      z.looseObject({
        ...nullishStrings('id', 'assignment_id'),
        points: z.nullish(z.number()),
      } satisfies ShapeOf<ValidationResultBase['reward']>),
    ),
    order: z.nullish(embeddedOrderSchema()),
    session: z.nullish(sessionSchema()),
    ...nullishStrings('start_date', 'expiration_date'),
  }) satisfies ShapeOf<ValidationResultBase>;

/**
 * A voucher that can be redeemed: its discount, gift or loyalty cost, and the calculated order.
 * @category Vouchers
 */
export interface ValidValidationResult extends ValidationResultBase {
  /** The voucher can be redeemed in the given context. */
  valid: true;
}

/**
 * A voucher that cannot be redeemed, with the `reason` and, usually, the `error` (see `error.key`).
 * @category Vouchers
 */
export interface InvalidValidationResult extends ValidationResultBase {
  /** The voucher cannot be redeemed in the given context. */
  valid: false;
  /** Why, in words. */
  reason?: string | null;
  /**
   * The failure, usually there with a machine-readable `key`; but some answers carry only
   * `reason` and a code and no `error` at all, and a custom validation rule's failure may carry
   * only `message`. Read `result.error?.key ?? result.reason`.
   */
  error?: ValidationError | null;
}

/**
 * The result of validating a voucher; narrow it on `valid`. An invalid voucher comes back in a
 * 200 response, not as an error.
 * @category Vouchers
 */
export type ValidationResult = ValidValidationResult | InvalidValidationResult;

/** Schema of {@link ValidationResult}: one object shape per value of `valid`. */
export const validationResultSchema: () => z.ZodMiniType<ValidationResult> = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('valid', [
    z.looseObject({ ...validationResultFields(), valid: z.literal(true) } satisfies ShapeOf<ValidValidationResult>),
    z.looseObject({
      ...validationResultFields(),
      valid: z.literal(false),
      reason: z.nullish(z.string()),
      error: z.nullish(validationErrorSchema()),
    } satisfies ShapeOf<InvalidValidationResult>),
  ]),
);
