/**
 * When a voucher, a promotion tier or a campaign is active: its validity window, its recurring
 * periods, and the days and hours it is valid.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, nullishStrings, type ShapeOf } from './base.js';

/**
 * A recurring validity window: valid for `duration` every `interval`, counted from `start_date`.
 * @category Shared responses
 */
export interface ValidityTimeframe {
  /** How long each active period lasts, an ISO 8601 duration such as `PT1H`. */
  duration?: string | null;
  /** How often an active period starts, an ISO 8601 duration such as `P1D`. */
  interval?: string | null;
}

/** Schema of {@link ValidityTimeframe}. */
export const validityTimeframeSchema: () => z.ZodMiniType<ValidityTimeframe> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    ...nullishStrings('duration', 'interval'),
  } satisfies ShapeOf<ValidityTimeframe>),
);

/**
 * One daily window of {@link ValidityHours}: from `start_time` to `expiration_time` on `days_of_week`.
 * @category Shared responses
 */
export interface ValidityHoursWindow {
  /** Start of the window, `HH:MM`. */
  start_time?: string | null;
  /** Days the window applies to: 0 (Sunday) to 6 (Saturday). */
  days_of_week?: number[] | null;
  /** End of the window, `HH:MM`. */
  expiration_time?: string | null;
}

/**
 * Hours of the day in which a voucher or tier is valid.
 * @category Shared responses
 */
export interface ValidityHours {
  /** The daily windows. */
  daily?: ValidityHoursWindow[] | null;
}

/**
 * When a voucher, a promotion tier or a campaign is active: its window, its recurring periods,
 * days and hours, and the switch that disables it inside them.
 * @category Shared responses
 */
export interface ValidityWindow {
  /** Date-time (ISO 8601) before which it is inactive. */
  start_date?: string | null;
  /** Date-time (ISO 8601) after which it is inactive. */
  expiration_date?: string | null;
  /** Recurring periods in which it is valid, counted from `start_date`. */
  validity_timeframe?: ValidityTimeframe | null;
  /** Days of the week it is valid: 0 (Sunday) to 6 (Saturday). */
  validity_day_of_week?: number[] | null;
  /** Hours of the day it is valid. */
  validity_hours?: ValidityHours | null;
  /** False disables it even inside its validity window. */
  active?: boolean | null;
}

/** Schema of {@link ValidityHours}. */
export const validityHoursSchema: () => z.ZodMiniType<ValidityHours> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    daily: z.nullish(
      z.array(
        z.looseObject({
          start_time: z.nullish(z.string()),
          days_of_week: z.nullish(z.array(z.number())),
          expiration_time: z.nullish(z.string()),
        } satisfies ShapeOf<ValidityHoursWindow>),
      ),
    ),
  } satisfies ShapeOf<ValidityHours>),
);

/**
 * The fields of {@link ValidityWindow}, each nullish: spread into the shapes of the records that
 * extend it (vouchers, promotion tiers and their campaigns).
 */
export const validityWindowFields = () => ({
  ...nullishStrings('start_date', 'expiration_date'),
  validity_timeframe: z.nullish(validityTimeframeSchema()),
  validity_day_of_week: z.nullish(z.array(z.number())),
  validity_hours: z.nullish(validityHoursSchema()),
  active: z.nullish(z.boolean()),
});
