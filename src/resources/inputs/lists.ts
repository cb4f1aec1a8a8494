/**
 * The params every list shares, and their rules.
 *
 * @module
 */
import { integer, isoDateTime, object, oneOf, text, type Rule, type Rules } from '../../core/inputs.js';

/**
 * Sort order of a cursor list: `id` ascending, `-id` descending.
 * @category Lists and pagination
 */
export type ListOrder = 'id' | '-id';

/**
 * Params of every cursor list: page size, order and the cursor.
 * @category Lists and pagination
 */
export interface CursorListParams {
  /** Records per page, 1 to 100 (the service's default is 10). */
  limit?: number | undefined;
  /** `id` sorts by record ID ascending, `-id` descending. */
  order?: ListOrder | undefined;
  /** Start after this record ID; set by the SDK when it fetches the next page. */
  starting_after_id?: string | undefined;
}

/**
 * Params of every page-numbered list.
 * @category Lists and pagination
 */
export interface PageListParams {
  /** Records per page, 1 to 100 (the service's default is 10). */
  limit?: number | undefined;
  /** Page number, 1 to 100. The SDK throws `PaginationLimitError` rather than stop silently past 100. */
  page?: number | undefined;
}

/**
 * Filters of a list, sent in the service's bracket notation, e.g.
 * `{ id: { conditions: { $in: ['vtx_1'] } } }` → `filters[id][conditions][$in][0]=vtx_1`.
 * @category Lists and pagination
 */
export type ListFilters = Record<string, unknown>;

/** Rules of `limit`, `order` and `starting_after_id`. */
export const cursorListRules: Rules<CursorListParams> = {
  limit: integer(1, 100),
  order: oneOf(['id', '-id']),
  starting_after_id: text(1),
};

/** Rules of `limit` and `page`. */
export const pageListRules: Rules<PageListParams> = {
  limit: integer(1, 100),
  page: integer(1, 100),
};

/**
 * Params of the page-numbered lists the service serves to page 99 (vouchers, customers).
 * @category Lists and pagination
 */
export interface Page99ListParams {
  /** Records per page, 1 to 100 (the service's default is 10). */
  limit?: number | undefined;
  /** Page number, 1 to 99. The SDK throws `PaginationLimitError` rather than stop silently past 99. */
  page?: number | undefined;
}

/** Rules of `limit` and `page` of a list served to page 99. */
export const page99ListRules: Rules<Page99ListParams> = {
  limit: integer(1, 100),
  page: integer(1, 99),
};

/**
 * A window of time a list is filtered by, e.g. `created_at: { after: '2026-01-01T00:00:00Z' }`,
 * sent as `created_at[after]=…`. Each bound an ISO 8601 date-time or a `Date`.
 * @category Lists and pagination
 */
export interface TimeRangeInput {
  /** Records before this moment. */
  before?: string | Date | undefined;
  /** Records after this moment. */
  after?: string | Date | undefined;
}

/** Rules of a {@link TimeRangeInput}: an object of two date-times. */
export const timeRangeRules: Rule<TimeRangeInput> = object<TimeRangeInput>({
  before: isoDateTime({ time: 'required' }),
  after: isoDateTime({ time: 'required' }),
});
