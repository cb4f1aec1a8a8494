/**
 * Pending points: points a loyalty member has earned that become active later, with the event
 * and the rule that earned them.
 *
 * @module
 */
import * as z from 'zod/mini';
import type { ListEnvelope } from '../core/pagination.js';
import { cursorListOf, lazy, nullishStrings, openEnum, type ShapeOf } from './base.js';
import {
  earningRuleReferenceSchema,
  idReferenceSchema,
  namedReferenceSchema,
  orderReferenceSchema,
  type EarningRuleReference,
  type NamedReference,
  type OrderReference,
} from './loyalty-reference.js';

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
    ...nullishStrings('voucher_id', 'campaign_id', 'customer_id', 'order_id'),
    points: z.nullish(z.number()),
    activates_at: z.nullish(z.string()),
    details: z.nullish(
      z.looseObject({
        holder_loyalty_tier: z.nullish(namedReferenceSchema()),
        loyalty_tier: z.nullish(namedReferenceSchema()),
        event: z.nullish(
          z.looseObject({
            id: z.nullish(z.string()),
            type: z.nullish(openEnum()),
            ...nullishStrings('group_id', 'entity_id', 'created_at'),
            category: z.nullish(openEnum()),
            event_source: z.nullish(
              z.looseObject({
                channel: z.nullish(openEnum()),
                user: z.nullish(idReferenceSchema()),
                api_key: z.nullish(
                  z.looseObject({
                    ...nullishStrings('name', 'app_id'),
                  } satisfies ShapeOf<LoyaltyEventSource['api_key']>),
                ),
              } satisfies ShapeOf<LoyaltyEventSource>),
            ),
          } satisfies ShapeOf<PendingPointsEvent>),
        ),
        earning_rule: z.nullish(earningRuleReferenceSchema()),
        order: z.nullish(orderReferenceSchema()),
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
export const pendingPointsListSchema: () => z.ZodMiniType<PendingPointsList> = /* @__PURE__ */ lazy(() => cursorListOf(pendingPointsSchema()));
