/**
 * Params types and input rules shared by several sub-clients.
 *
 * @module
 */
import { array, boolean, integer, isoDateTime, object, oneOf, required, text, type Check } from '../core/validate.js';

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
export const cursorListRules: Record<string, Check> = {
  limit: integer(1, 100),
  order: oneOf(['id', '-id']),
  starting_after_id: text(1),
};

/** Rules of `limit` and `page`. */
export const pageListRules: Record<string, Check> = {
  limit: integer(1, 100),
  page: integer(1, 100),
};

/** Days of the week: integers 0 (Sunday) to 6 (Saturday). */
const daysOfWeek = (): Check => array(Infinity, integer(0, 6));

/** Rules of the validity fields (`ValidityInput`): date-times, days 0 to 6. */
export const validityRules: Record<string, Check> = {
  start_date: isoDateTime({ time: 'required' }),
  expiration_date: isoDateTime({ time: 'required' }),
  validity_timeframe: object({ duration: text(1), interval: text(1) }),
  validity_day_of_week: daysOfWeek(),
  validity_hours: object({
    daily: array(Infinity, object({ start_time: text(1), days_of_week: daysOfWeek(), expiration_time: text(1) })),
  }),
};

/** Rules of the promotion tier fields (`PromotionTierInput`); `name` is required. */
export const promotionTierRules: Record<string, Check> = {
  name: required(text(1)),
  banner: text(),
  metadata: object({}),
  hierarchy: integer(),
  active: boolean(),
  category: text(1),
  category_id: text(1),
  ...validityRules,
};

/** The service's limit on the items of one order. */
export const MAX_ORDER_ITEMS = 500;

/** Rules of one order item: integer quantities and amounts (numbers, never strings). */
const orderItemRules: Check = object({
  related_object: oneOf(['product', 'sku']),
  quantity: integer(),
  discount_quantity: integer(),
  initial_quantity: integer(),
  amount: integer(),
  discount_amount: integer(),
  initial_amount: integer(),
  price: integer(),
  product: object({ price: integer(), metadata: object({}) }),
  sku: object({ price: integer(), metadata: object({}) }),
  metadata: object({}),
});

/**
 * Rules of an order in a request body (`OrderInput`): at most 500 items, integer quantities and
 * amounts in the smallest currency unit, a known `status`, an ISO 8601 `created_at`.
 */
export const orderRules: Check = object({
  status: oneOf(['CREATED', 'PAID', 'CANCELED', 'FULFILLED']),
  amount: integer(),
  initial_amount: integer(),
  discount_amount: integer(),
  items: array(MAX_ORDER_ITEMS, orderItemRules),
  metadata: object({}),
  created_at: isoDateTime({ time: 'required' }),
  customer: object({}),
  referrer: object({}),
});

/** Rules of a discount in a request (`DiscountInput`): integer money amounts and unit counts. */
export const discountRules: Check = object({
  type: required(text(1)),
  amount_off: integer(),
  amount_limit: integer(),
  aggregated_amount_limit: integer(),
  fixed_amount: integer(),
  unit_off: integer(),
  units: array(Infinity, object({ unit_off: integer() })),
});
