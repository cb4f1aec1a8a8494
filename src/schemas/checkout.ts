/**
 * The answers of the checkout: a stacked validation (`client.validations.validate`) and a stacked
 * redemption (`client.redemptions.redeem`), each with a result per redeemable (stacking.ts).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, nullishStrings, type ShapeOf } from './base.js';
import { embeddedOrderSchema, type EmbeddedOrder } from './order.js';
import { redemptionSchema, type Redemption } from './redemption.js';
import { sessionSchema, type Session } from './session.js';
import {
  inapplicableRedeemableSchema,
  skippedRedeemableSchema,
  stackingRulesSchema,
  validatedRedeemableSchema,
  type InapplicableRedeemable,
  type SkippedRedeemable,
  type StackingRules,
  type ValidatedRedeemable,
} from './stacking.js';

/**
 * What `client.validations.validate` answers: whether the redeemables can be used together on
 * this order, each one's result, the order they would make and, with a session, the lock taken.
 *
 * A failed validation is an answer, not an error: `valid` is `false` when a redeemable is
 * inapplicable. Read each redeemable's `status`: in `PARTIAL` mode the service's own example
 * lists inapplicable and skipped ones in `redeemables` too (CHECKOUT.md §5 D25).
 * @category Checkout
 */
export interface StackedValidation {
  /** `valid_…` of the validation; absent from some answers. */
  id?: string | null;
  /** `false` when a redeemable is inapplicable. */
  valid: boolean;
  /** Every redeemable with its result; narrow each on `status`. */
  redeemables: ValidatedRedeemable[];
  /** The skipped ones, split out. */
  skipped_redeemables?: SkippedRedeemable[] | null;
  /** The inapplicable ones, split out. */
  inapplicable_redeemables?: InapplicableRedeemable[] | null;
  /** The order with every applicable discount. */
  order?: EmbeddedOrder | null;
  /** Hashed source ID of the customer. */
  tracking_id?: string | null;
  /** The lock taken, with its key (promokit always sends one: see the guide "The checkout"). */
  session?: Session | null;
  /** The project's stacking rules in force. */
  stacking_rules?: StackingRules | null;
}

/** Schema of {@link StackedValidation}. */
export const stackedValidationSchema: () => z.ZodMiniType<StackedValidation> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    valid: z.boolean(),
    redeemables: z.array(validatedRedeemableSchema()),
    skipped_redeemables: z.nullish(z.array(skippedRedeemableSchema())),
    inapplicable_redeemables: z.nullish(z.array(inapplicableRedeemableSchema())),
    order: z.nullish(embeddedOrderSchema()),
    ...nullishStrings('tracking_id'),
    session: z.nullish(sessionSchema()),
    stacking_rules: z.nullish(stackingRulesSchema()),
  } satisfies ShapeOf<StackedValidation>),
);

/**
 * What `client.redemptions.redeem` answers: the redemptions made and what was not redeemed.
 *
 * Several redeemables make a parent (`parent_redemption`, `related_object_type: 'redemption'`)
 * with one child per applied redeemable in `redemptions` (each child's `redemption` is the
 * parent's id). Whether one redeemable makes a parent too the spec does not say: read
 * `parent_redemption` before choosing how to roll back (`redemptions.rollbackStackable` for a
 * parent, `redemptions.rollback` for a redemption of its own). A refusal of a redeemable is no
 * HTTP error: it is in `inapplicable_redeemables`, or a record with `result: 'FAILURE'`. The spec
 * gives this answer no required field and no example (CHECKOUT.md §5 D18): every field is
 * optional.
 * @category Checkout
 */
export interface StackedRedemption {
  /** One redemption per applied redeemable (the children of `parent_redemption`). */
  redemptions?: Redemption[] | null;
  /** The parent of a stacked redemption. */
  parent_redemption?: Redemption | null;
  /** The order after every applied discount. */
  order?: EmbeddedOrder | null;
  /** Redeemables that could not be used. */
  inapplicable_redeemables?: InapplicableRedeemable[] | null;
  /** Redeemables the stacking rules left out. */
  skipped_redeemables?: SkippedRedeemable[] | null;
}

/** Schema of {@link StackedRedemption}. */
export const stackedRedemptionSchema: () => z.ZodMiniType<StackedRedemption> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    redemptions: z.nullish(z.array(redemptionSchema())),
    parent_redemption: z.nullish(redemptionSchema()),
    order: z.nullish(embeddedOrderSchema()),
    inapplicable_redeemables: z.nullish(z.array(inapplicableRedeemableSchema())),
    skipped_redeemables: z.nullish(z.array(skippedRedeemableSchema())),
  } satisfies ShapeOf<StackedRedemption>),
);
