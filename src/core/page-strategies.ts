/**
 * The service's ways of reaching a list's next page, one {@link Strategy} each: an id cursor
 * (`starting_after_id`), page numbers (pages 1 to 100, or to 99 on the lists that stop there),
 * and time cursors (`end_date`, async actions; `starting_after`, customers; the qualifications'
 * `options.starting_after`). A list operation names its strategy in its `paging` fact.
 *
 * @module
 */
import { isRecord } from './inputs.js';
import { MAX_PAGE, readRecords, type Page, type Strategy } from './pagination.js';

function lastId(records: unknown[]): string | undefined {
  const last = records[records.length - 1];
  return isRecord(last) && typeof last.id === 'string' ? last.id : undefined;
}

/** Cursor lists: `starting_after_id` ← `more_starting_after` while `has_more`. */
export const idCursor: Strategy<{ starting_after_id?: string }> = {
  next(page) {
    if (page.body.has_more !== true) return undefined;
    const cursor = typeof page.body.more_starting_after === 'string' ? page.body.more_starting_after : lastId(page.data);
    // A cursor that does not move, or comes back, is the walk's to refuse (pagination.ts).
    if (cursor === undefined) return undefined;
    return { ...page.params, starting_after_id: cursor };
  },
};

/**
 * Page-numbered lists that serve pages 1 to `maxPage`: `page`/`limit`, and `total` when the list
 * reports it. Past the last page with records left, the walk stops with `PaginationLimitError`
 * naming it.
 */
export function pageNumbers(maxPage: number): Strategy<{ page?: number; limit?: number }> {
  return {
    maxPage,
    next(page) {
      const current = page.params.page ?? 1;
      const limit = page.params.limit ?? 10;
      const total = page.total;
      const remain = total !== undefined ? current * limit < total : page.data.length > 0 && page.data.length >= limit;
      if (!remain) return undefined;
      if (current >= maxPage) return 'limit';
      return { ...page.params, page: current + 1 };
    },
  };
}

/** Page-numbered lists: `page`/`limit`/`total`; the service serves pages 1 to 100. */
export const pageNumber: Strategy<{ page?: number; limit?: number }> = /* @__PURE__ */ pageNumbers(MAX_PAGE);

/** Page-numbered lists the service serves to page 99 (vouchers, customers, redemptions). */
export const pageNumber99: Strategy<{ page?: number; limit?: number }> = /* @__PURE__ */ pageNumbers(99);

function createdAt(record: unknown): string | undefined {
  return isRecord(record) && typeof record.created_at === 'string' ? record.created_at : undefined;
}

/**
 * A time cursor's records without those the previous page yielded at its boundary (its last
 * record's `created_at`), which the next page may serve again.
 */
function afterBoundary<P>(records: unknown[], previous: Page<unknown, P> | undefined): unknown[] {
  const boundary = previous?.data.length ? createdAt(previous.data[previous.data.length - 1]) : undefined;
  const seen = new Set<string>();
  for (const r of previous?.data ?? []) if (createdAt(r) === boundary && isRecord(r) && typeof r.id === 'string') seen.add(r.id);
  return seen.size === 0 ? records : records.filter((r) => !(isRecord(r) && typeof r.id === 'string' && seen.has(r.id)));
}

/**
 * Time-cursor lists (async actions): the next page asks for records before the last record's
 * `created_at`; records at that boundary that were already yielded are skipped.
 */
export const endDateCursor: Strategy<{ end_date?: string | Date; limit?: number }> = {
  next(page) {
    if (page.data.length === 0 || page.body.has_more === false) return undefined;
    const raw = readRecords(page.body, 'async_actions');
    if (page.body.has_more == null && page.params.limit !== undefined && raw.length < page.params.limit) return undefined;
    const boundary = createdAt(page.data[page.data.length - 1]);
    if (boundary === undefined || boundary === String(page.params.end_date ?? '')) return undefined;
    return { ...page.params, end_date: boundary };
  },
  dedupe: afterBoundary,
};

/** The params of the customers' list that its paging reads. */
interface CustomerPaging {
  page?: number;
  limit?: number;
  order?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | 'source_id' | '-source_id';
  starting_after?: string | Date;
}

/**
 * Customers (`GET /v1/customers`), which the service pages two ways. Params that name a `page`,
 * or an `order` other than `created_at`, walk by page number, 1 to 99. Otherwise (newest first,
 * the default, or `order: 'created_at'`) the walk follows the time cursor: each next page starts
 * at the last customer's `created_at` (`starting_after`, a millisecond back so that customers of
 * the same millisecond are not skipped; those already yielded are dropped), with no page limit,
 * and a customer created during the walk shifts no page. More customers of one millisecond than
 * a page holds would bring the cursor back: the walk stops with `PaginationStalledError` rather
 * than skip them. The service leaves `has_more` out; a page shorter than `limit` is the last.
 */
export const customerPaging: Strategy<CustomerPaging> = {
  maxPage: 99,
  next(page) {
    const { params } = page;
    if (params.page !== undefined || (params.order !== undefined && params.order !== 'created_at')) return pageNumber99.next(page);
    if (page.body.has_more === false) return undefined;
    const raw = readRecords(page.body, 'customers');
    if (page.body.has_more !== true && raw.length < (params.limit ?? 10)) return undefined;
    const boundary = Date.parse(createdAt(raw[raw.length - 1]) ?? '');
    // No time to go on from: the walk cannot go further (a boundary that does not move is the walk's to refuse).
    if (Number.isNaN(boundary)) return undefined;
    // A millisecond back into the page, so that customers created in the same millisecond as the
    // last one, past the page, are not skipped; those already yielded are dropped (`dedupe`).
    const after = new Date(params.order === 'created_at' ? boundary - 1 : boundary + 1).toISOString();
    return { ...params, starting_after: after };
  },
  dedupe: afterBoundary,
};

/** The params a qualification's time cursor moves: `options.starting_after`. */
export interface StartingAfterParams {
  options?: { starting_after?: string | Date | undefined; limit?: number | undefined } | undefined;
}

/** The list envelope a qualification's answer holds under `redeemables`. */
function envelopeOf(body: unknown): Record<string, unknown> {
  const inner = isRecord(body) ? body.redeemables : undefined;
  return isRecord(inner) ? inner : {};
}

/**
 * The time cursor of qualifications: while the envelope under `redeemables` says `has_more`, the
 * next page asks for the redeemables after `more_starting_after` (else the last one's
 * `created_at`) in `options.starting_after`; a redeemable the previous page yielded at that
 * boundary is not yielded again.
 */
export const startingAfterCursor: Strategy<StartingAfterParams> = {
  next(page) {
    const envelope = envelopeOf(page.body);
    if (envelope.has_more !== true) return undefined;
    const cursor = typeof envelope.more_starting_after === 'string' ? envelope.more_starting_after : createdAt(page.data[page.data.length - 1]);
    // A cursor that does not move, or comes back, is the walk's to refuse (pagination.ts).
    if (cursor === undefined) return undefined;
    return { ...page.params, options: { ...page.params.options, starting_after: cursor } };
  },
  dedupe: afterBoundary,
};

/** The strategy of each way of paging a list names (`client.requestList()`'s `paging`). */
export const strategies = { cursor: idCursor, page: pageNumber, end_date: endDateCursor } as const;
