/**
 * What loyalty records point at: a loyalty tier, segment, reward or event schema (by ID and
 * name), the order, the earning rule and the event that earned or spent points.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, type ShapeOf } from './base.js';

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

/** Schema of {@link NamedReference}. */
export const namedReferenceSchema: () => z.ZodMiniType<NamedReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: z.nullish(z.string()), name: z.nullish(z.string()) } satisfies ShapeOf<NamedReference>),
);

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

/** Schema of {@link OrderReference}. */
export const orderReferenceSchema: () => z.ZodMiniType<OrderReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: z.nullish(z.string()), source_id: z.nullish(z.string()) } satisfies ShapeOf<OrderReference>),
);

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

/** Schema of {@link EarningRuleReference}. */
export const earningRuleReferenceSchema: () => z.ZodMiniType<EarningRuleReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: z.nullish(z.string()),
    source: z.nullish(z.looseObject({ banner: z.nullish(z.string()) } satisfies ShapeOf<EarningRuleReference['source']>)),
  } satisfies ShapeOf<EarningRuleReference>),
);

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

/** Schema of {@link EventReference}. */
export const eventReferenceSchema: () => z.ZodMiniType<EventReference> = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: z.nullish(z.string()), type: z.nullish(z.string()) } satisfies ShapeOf<EventReference>),
);

/** Schema of an `{ id }` reference: the user of a loyalty event, the redemption or rollback of a transaction. */
export const idReferenceSchema = /* @__PURE__ */ lazy(() => z.looseObject({ id: z.nullish(z.string()) }));
