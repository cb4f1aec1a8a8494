/**
 * When a voucher or promotion tier is active, as sent in a request, and its rules.
 *
 * @module
 */
import { array, integer, isoDateTime, object, text, type Rule, type Rules } from '../../core/inputs.js';

/**
 * A day of the week as the service numbers them: 0 (Sunday), 1 (Monday), … 6 (Saturday).
 * @category Shared inputs
 */
export type DayOfWeek = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * A recurring validity window: active for `duration` every `interval`, counted from `start_date`.
 * @category Shared inputs
 */
export interface ValidityTimeframeInput {
  /** How long each active period lasts: an ISO 8601 duration, e.g. `PT1H` (one hour). */
  duration?: string | undefined;
  /** How often an active period starts: an ISO 8601 duration, e.g. `P2D` (every two days). */
  interval?: string | undefined;
}

/**
 * One daily window of {@link ValidityHoursInput}.
 * @category Shared inputs
 */
export interface ValidityHoursWindowInput {
  /** Start of the window, `HH:MM` (24-hour clock). */
  start_time?: string | undefined;
  /** Days the window applies to: 0 (Sunday) to 6 (Saturday). */
  days_of_week?: DayOfWeek[] | undefined;
  /** End of the window, `HH:MM` (24-hour clock). */
  expiration_time?: string | undefined;
}

/**
 * Hours of the day in which a voucher or tier is valid.
 * @category Shared inputs
 */
export interface ValidityHoursInput {
  /** Daily windows, each on the days it lists. */
  daily?: ValidityHoursWindowInput[] | undefined;
}

/**
 * When a voucher or promotion tier is active: a date window, narrowed by recurring periods, days and hours.
 * @category Shared inputs
 */
export interface ValidityInput {
  /** Inactive before this moment: an ISO 8601 date-time (`2026-11-22T10:00:00Z`) or a `Date`. Required by the service with `validity_timeframe`. */
  start_date?: string | Date | undefined;
  /** Inactive after this moment: an ISO 8601 date-time or a `Date`. */
  expiration_date?: string | Date | undefined;
  /** Recurring active periods, counted from `start_date`. */
  validity_timeframe?: ValidityTimeframeInput | undefined;
  /** Days of the week it is valid on: integers 0 (Sunday) to 6 (Saturday). */
  validity_day_of_week?: DayOfWeek[] | undefined;
  /** Hours of the day it is valid in. */
  validity_hours?: ValidityHoursInput | undefined;
}

/** Days of the week: integers 0 (Sunday) to 6 (Saturday). */
const daysOfWeek = (): Rule<DayOfWeek[]> => array(Infinity, integer<DayOfWeek>(0, 6));

/** Rules of the validity fields: date-times, days 0 to 6. */
export const validityRules: Rules<ValidityInput> = {
  start_date: isoDateTime({ time: 'required' }),
  expiration_date: isoDateTime({ time: 'required' }),
  validity_timeframe: object<ValidityTimeframeInput>({ duration: text(1), interval: text(1) }),
  validity_day_of_week: daysOfWeek(),
  validity_hours: object<ValidityHoursInput>({
    daily: array(Infinity, object<ValidityHoursWindowInput>({ start_time: text(1), days_of_week: daysOfWeek(), expiration_time: text(1) })),
  }),
};
