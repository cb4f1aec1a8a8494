/**
 * The params every list shares, and their rules.
 *
 * @module
 */
import { integer, oneOf, text, type Rules } from '../../core/inputs.js';

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
