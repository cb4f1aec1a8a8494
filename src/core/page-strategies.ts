/**
 * The service's ways of reaching a list's next page, one {@link Strategy} each: an id cursor
 * (`starting_after_id`), page numbers (pages 1 to 100, or to 99 on the lists that stop there),
 * a time cursor (`end_date`, async actions) and the qualifications' time cursor
 * (`options.starting_after`). A list operation names its strategy in its `paging` fact.
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
 * Page-numbered lists that serve pages 1 to `lastPage`: `page`/`limit`/`total`. Past the last
 * page with records left, the walk stops with `PaginationLimitError` naming it.
 */
export function pageNumbers(lastPage: number): Strategy<{ page?: number; limit?: number }> {
  return {
    lastPage,
    next(page) {
      const current = page.params.page ?? 1;
      const limit = page.params.limit ?? 10;
      const total = page.total;
      const remain = total !== undefined ? current * limit < total : page.data.length > 0 && page.data.length >= limit;
      if (!remain) return undefined;
      if (current >= lastPage) return 'limit';
      return { ...page.params, page: current + 1 };
    },
  };
}

/** Page-numbered lists: `page`/`limit`/`total`; the service serves pages 1 to 100. */
export const pageNumber: Strategy<{ page?: number; limit?: number }> = pageNumbers(MAX_PAGE);

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
