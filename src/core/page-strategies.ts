/**
 * The service's ways of reaching a list's next page, one {@link Strategy} each: an id cursor
 * (`starting_after_id`), page numbers (pages 1 to 100, or to 99 on the lists that stop there),
 * and time cursors (`end_date`, async actions; `starting_after`, customers; the qualifications'
 * `options.starting_after`). A list operation names its strategy in its `paging` fact.
 *
 * Each decides where its list ends from what the service says: `has_more`, a `total` against the
 * records the walk was served, an empty page; never from a page shorter than the `limit` asked (a
 * service may serve fewer). A time cursor must move strictly in its listing's direction from page
 * to page, or the walk stops with `PaginationStalledError`.
 *
 * @module
 */
import { PaginationLimitError, ResponseValidationError } from './errors.js';
import { isRecord } from './inputs.js';
import { stalled, Stop, walks, type PageView, type Paging, type Strategy, type Walked } from './paging.js';

function lastId(records: readonly unknown[]): string | undefined {
  const last = records[records.length - 1];
  return isRecord(last) && typeof last.id === 'string' && last.id !== '' ? last.id : undefined;
}

/** Cursor lists: `starting_after_id` ← `more_starting_after` while `has_more`. */
export const idCursor: Strategy<{ starting_after_id?: string }> = {
  next(page, walked) {
    if (page.body.has_more !== true) return undefined;
    const given = page.body.more_starting_after;
    const cursor = typeof given === 'string' && given !== '' ? given : lastId(walked.records);
    // A cursor that does not move, or comes back, is the walk's to refuse (pagination.ts).
    if (cursor === undefined)
      return stalled('the service said more records follow (has_more) but named no cursor (more_starting_after), and the page has no record to go on after');
    return { ...page.params, starting_after_id: cursor };
  },
};

/**
 * Page-numbered lists that serve pages 1 to `maxPage`: `page`/`limit`, and `total` when the list
 * reports it. Records remain while the records served so far (counted from the walk's first page,
 * whatever their number a page) are fewer than `total`, or, on a list without `total`, while the
 * last page was not empty. Past the last page with records left, the walk stops with
 * `PaginationLimitError` naming it.
 */
export function pageNumbers(maxPage: number): Strategy<{ page?: number; limit?: number }> {
  return {
    maxPage,
    next(page, walked) {
      const total = page.total;
      const current = page.params.page ?? 1;
      // The records before the walk's first page: that many pages of the size it was served.
      const start = (((walked.first.params as { page?: number }).page ?? 1) - 1) * walked.first.count;
      const remain = total !== undefined ? start + walked.served < total : walked.records.length > 0;
      if (!remain) return undefined;
      if (current >= maxPage) return new Stop((operation) => new PaginationLimitError(operation, maxPage));
      return { ...page.params, page: current + 1 };
    },
  };
}

/** Page-numbered lists: `page`/`limit`/`total`; the service serves pages 1 to 100. */
export const pageNumber: Strategy<{ page?: number; limit?: number }> = /* @__PURE__ */ pageNumbers(walks.pageNumber.maxPage!);

/** Page-numbered lists the service serves to page 99 (vouchers, customers, redemptions). */
export const pageNumber99: Strategy<{ page?: number; limit?: number }> = /* @__PURE__ */ pageNumbers(walks.pageNumber99.maxPage!);

function createdAt(record: unknown): string | undefined {
  return isRecord(record) && typeof record.created_at === 'string' ? record.created_at : undefined;
}

/** A record's `created_at` as a time (milliseconds), `NaN` when it has none. */
function timeOf(record: unknown): number {
  const text = createdAt(record);
  return text === undefined ? Number.NaN : Date.parse(text);
}

/** A cursor of the params (an ISO 8601 string, or a `Date`) as a time; `undefined` when there is none. */
function cursorTime(value: unknown): number | undefined {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

const iso = (time: number): string => new Date(time).toISOString();

/** The ids of records, those that have one. */
function idsOf(records: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const r of records) if (isRecord(r) && typeof r.id === 'string') ids.add(r.id);
  return ids;
}

/**
 * A time cursor's records without those the previous page served, which the next page serves again
 * where the two meet (the instant the cursor goes on from, a millisecond back into the page).
 */
function afterPage(records: unknown[], previous: Walked | undefined): unknown[] {
  const seen = idsOf(previous?.records ?? []);
  return seen.size === 0 ? records : unseen(records, seen);
}

/** `records` without those whose `id` is in `seen`. */
function unseen(records: unknown[], seen: ReadonlySet<string>): unknown[] {
  return records.filter((r) => !(isRecord(r) && typeof r.id === 'string' && seen.has(r.id)));
}

/**
 * The records of a page of a time-cursor list checked before any is yielded: each has a
 * `created_at`, and each lies strictly past the cursor `current` the page was asked from (before
 * it, newest first; after it, oldest first) and within `window` when the page was asked for one.
 * A {@link Stop} naming the first record that does not: a service that ignores the cursor would
 * otherwise serve the same records again and again.
 */
function timeCheck(
  body: unknown,
  records: readonly unknown[],
  path: Array<string | number>,
  current: number | undefined,
  descending: boolean,
  window?: { instant: number },
): Stop | undefined {
  for (let i = 0; i < records.length; i++) {
    const time = timeOf(records[i]);
    if (Number.isNaN(time))
      return new Stop(
        (operation) =>
          new ResponseValidationError(
            operation,
            [{ path: [...path, i, 'created_at'], message: 'must be an ISO 8601 date-time: the walk goes on from it' }],
            body,
          ),
      );
    if (window && Math.abs(time - window.instant) >= 1)
      return new Stop(
        (operation) =>
          new ResponseValidationError(
            operation,
            [{ path: [...path, i, 'created_at'], message: `must be ${iso(window.instant)}: the page was asked for the records created at that instant` }],
            body,
          ),
      );
    if (current !== undefined && (descending ? time >= current : time <= current))
      return stalled(
        `a record created at ${iso(time)} was served on a page asked for those created ${descending ? 'before' : 'after'} ${iso(current)}: the time cursor would not move ${descending ? 'back' : 'on'}, and the same records would come again`,
      );
  }
  return undefined;
}

/**
 * The step of a time cursor past a page of records (checked by {@link timeCheck}, in the
 * listing's order, newest first when `descending`) asked from the cursor `current`: `{ after }`,
 * a cursor a millisecond back into the page's last instant, so that records of that instant past
 * the page are served again (and those already yielded dropped); `{ full }`, that instant, when
 * the cursor would not move (every record of the page is of that one instant: the cursor cannot
 * get past it by itself).
 */
function timeStep(records: readonly unknown[], current: number | undefined, descending: boolean): { after: number } | { full: number } {
  const instant = timeOf(records[records.length - 1]);
  const after = descending ? instant + 1 : instant - 1;
  return after === current ? { full: instant } : { after };
}

/**
 * Time-cursor lists (async actions): the next page asks for records before the last record's
 * `created_at` and a millisecond (`end_date`), so that actions of that instant past the page are
 * not skipped; those already yielded are dropped. When a page holds nothing but that one instant,
 * the walk goes on before it if the page held every action of it (fewer than `limit`); more
 * actions of one instant than a page holds stop the walk with `PaginationStalledError` naming the
 * way out (a larger `limit`), since this list has no other way past them.
 */
export const endDateCursor: Strategy<{ end_date?: string | Date; limit?: number }> = {
  next(page, walked) {
    if (page.body.has_more === false) return undefined;
    const raw = walked.records;
    if (raw.length === 0)
      return page.body.has_more === true ? stalled('an empty page said more records follow (has_more), with no created_at to go on from') : undefined;
    const step = timeStep(raw, cursorTime(page.params.end_date), true);
    if ('full' in step) {
      const limit = page.params.limit ?? 10;
      if (raw.length >= limit)
        return stalled(
          `more than ${limit} records share the created_at ${iso(step.full)}, more than a page holds, and this list has no way past them: raise limit (at most 100)`,
        );
      return { ...page.params, end_date: iso(step.full) };
    }
    return { ...page.params, end_date: iso(step.after) };
  },
  check: (params, records, body) => timeCheck(body, records, [recordsAttribute(body, 'async_actions')], cursorTime(params.end_date), true),
  overlaps: () => true,
  dedupe: afterPage,
};

/** The attribute of a list's answer that holds its records, for a message. */
function recordsAttribute(body: unknown, fallback: string): string {
  return isRecord(body) && typeof body.data_ref === 'string' ? body.data_ref : fallback;
}

/** The params of the customers' list that its paging reads. */
interface CustomerPaging {
  page?: number;
  limit?: number;
  order?: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' | 'source_id' | '-source_id';
  starting_after?: string | Date;
  created_at?: { before?: string | Date; after?: string | Date };
}

/**
 * A walk through one instant of the customers' list: page by page over the `created_at` window
 * around it, then on with the time cursor past it.
 */
interface InstantWalk {
  /** The instant, in milliseconds. */
  readonly instant: number;
  /** The params of the time walk to go on with past the instant (its `starting_after` replaced). */
  readonly resume: CustomerPaging;
  /** Ids of the instant's customers yielded before its window was walked. */
  readonly seen: ReadonlySet<string>;
  /** Records the window's pages before this one served. */
  readonly served: number;
}

/** Customers a page of an instant's window holds: the most the service serves, to reach 9,900 of one instant. */
const INSTANT_PAGE = 100;

/** The instant walks, by the params of their pages (the params a page keeps). */
const instantWalks = new WeakMap<object, InstantWalk>();

/** The params of page `page` of the window around an instant, with the walk it belongs to. */
function instantPage(walk: Omit<InstantWalk, 'served'>, page: number, served: number): CustomerPaging {
  const { starting_after: _cursor, page: _page, created_at: _window, ...rest } = walk.resume;
  const params: CustomerPaging = { ...rest, limit: INSTANT_PAGE, created_at: { after: iso(walk.instant - 1), before: iso(walk.instant + 1) }, page };
  instantWalks.set(params, { ...walk, served });
  return params;
}

/** True when the params walk the customers by page number (a `page`, or an order the time cursor does not follow). */
function byPageNumber(params: CustomerPaging): boolean {
  return params.page !== undefined || (params.order !== undefined && params.order !== 'created_at');
}

/**
 * The next page of a walk through one instant (see {@link customerPaging}): the window's next
 * page while `total` says more (or, without `total`, until an empty page), then the time cursor
 * past the instant.
 */
function nextInInstant(page: PageView<CustomerPaging>, walked: Walked, walk: InstantWalk): CustomerPaging | Stop {
  const served = walk.served + walked.records.length;
  const total = page.total;
  const remain = total !== undefined ? served < total : walked.records.length > 0;
  if (!remain) return { ...walk.resume, starting_after: iso(walk.instant) };
  const current = page.params.page ?? 1;
  if (current >= 99)
    return new Stop(
      (operation) =>
        new PaginationLimitError(
          operation,
          99,
          `${operation}: more than ${(99 * INSTANT_PAGE).toLocaleString('en-US')} customers share the created_at ${iso(walk.instant)}, more than the 99 pages the service serves; narrow the query (email, name, segment_id) to reach them`,
        ),
    );
  return instantPage(walk, current + 1, served);
}

/**
 * Customers (`GET /v1/customers`), which the service pages two ways. Params that name a `page`,
 * or an `order` other than `created_at`, walk by page number, 1 to 99. Otherwise (newest first,
 * the default, or `order: 'created_at'`) the walk follows the time cursor, with no page limit:
 * each next page starts a millisecond back into the last customer's `created_at`
 * (`starting_after`), so that customers of that instant past the page are not skipped (those
 * already yielded are dropped), and a customer created during the walk shifts no page. When a
 * page holds nothing but one instant (a bulk import: more customers of one millisecond than a
 * page), the walk goes through that instant by page number over a `created_at` window around it
 * (`created_at[after]` and `created_at[before]` a millisecond either side), to its `total`, then
 * on with the time cursor from that instant. The service leaves `has_more` out: the walk ends on
 * an empty page.
 */
export const customerPaging: Strategy<CustomerPaging> = {
  next(page, walked) {
    const { params } = page;
    const instant = instantWalks.get(params);
    if (instant) return nextInInstant(page, walked, instant);
    if (byPageNumber(params)) return pageNumber99.next(page, walked);
    if (page.body.has_more === false) return undefined;
    const raw = walked.records;
    if (raw.length === 0)
      return page.body.has_more === true ? stalled('an empty page said more customers follow (has_more), with no created_at to go on from') : undefined;
    const step = timeStep(raw, cursorTime(params.starting_after), params.order !== 'created_at');
    // A page of one instant, as full as asked (or where the cursor would not move): the instant
    // may hold more customers than a page, which no time cursor gets past.
    const last = timeOf(raw[raw.length - 1]);
    if ('full' in step || (raw.length >= (params.limit ?? 10) && raw.every((r) => timeOf(r) === last)))
      return instantPage({ instant: last, resume: params, seen: idsOf(raw) }, 1, 0);
    return { ...params, starting_after: iso(step.after) };
  },
  // A time cursor's page, and the first page of an instant's window, serve the records of the
  // page before again (its last instant); the window's later pages do not.
  check(params, records, body) {
    const instant = instantWalks.get(params);
    if (!instant && byPageNumber(params)) return undefined;
    return timeCheck(body, records, [recordsAttribute(body, 'customers')], cursorTime(params.starting_after), params.order !== 'created_at', instant);
  },
  overlaps: (params) => (instantWalks.has(params) ? params.page === 1 : !byPageNumber(params)),
  dedupe(records, previous, params) {
    const instant = instantWalks.get(params);
    if (instant) return unseen(records, instant.seen);
    return byPageNumber(params) ? records : afterPage(records, previous);
  },
};

/** The params a qualification's time cursor moves: `options.starting_after`. */
export interface StartingAfterParams {
  options?:
    | { starting_after?: string | Date | undefined; limit?: number | undefined; sorting_rule?: 'DEFAULT' | 'BEST_DEAL' | 'LEAST_DEAL' | undefined }
    | undefined;
}

/** The list envelope a qualification's answer holds under `redeemables`. */
function envelopeOf(body: unknown): Record<string, unknown> {
  const inner = isRecord(body) ? body.redeemables : undefined;
  return isRecord(inner) ? inner : {};
}

/** True when a qualification lists newest first, the order of its time cursor (`sorting_rule` `DEFAULT`, the default). */
function newestFirst(params: StartingAfterParams): boolean {
  const sorting = params.options?.sorting_rule;
  return sorting === undefined || sorting === 'DEFAULT';
}

/**
 * The time cursor of qualifications (`options.starting_after`), while the envelope under
 * `redeemables` says `has_more`.
 *
 * Newest first (the default order), the walk moves the cursor itself, as the customers' walk
 * does: each next page asks for the redeemables before the page's oldest `created_at` and a
 * millisecond, so that redeemables of that instant past the page are not skipped (the service's
 * `more_starting_after`, that instant itself, would skip them); those already yielded are dropped.
 * The cursor must move back in time from page to page: a page newer than its cursor, or a cursor
 * that cannot move, stops the walk with `PaginationStalledError`, which names the way out (a
 * larger `options.limit`) when more redeemables share one instant than a page holds. Sorted by
 * deal (`BEST_DEAL`, `LEAST_DEAL`), where the time cursor has no direction, the next page asks
 * after the service's `more_starting_after` (else the last one's `created_at`), and the walk's
 * own bounds hold.
 */
export const startingAfterCursor: Strategy<StartingAfterParams> = {
  next(page, walked) {
    const envelope = envelopeOf(page.body);
    if (envelope.has_more !== true) return undefined;
    const raw = walked.records;
    const times = raw.map(timeOf).filter((time) => !Number.isNaN(time));
    const given = typeof envelope.more_starting_after === 'string' && envelope.more_starting_after !== '' ? envelope.more_starting_after : undefined;
    const at = (params: StartingAfterParams['options'], cursor: string) => ({ ...page.params, options: { ...params, starting_after: cursor } });
    const current = cursorTime(page.params.options?.starting_after);
    if (!newestFirst(page.params) || times.length === 0) {
      const cursor = given ?? createdAt(raw[raw.length - 1]);
      if (cursor === undefined)
        return stalled(
          'the service said more redeemables follow (has_more) but named no cursor (more_starting_after), and the page has no created_at to go on from',
        );
      const time = Date.parse(cursor);
      if (Number.isNaN(time))
        return new Stop(
          (operation) =>
            new ResponseValidationError(
              operation,
              [{ path: ['redeemables', 'more_starting_after'], message: 'must be an ISO 8601 date-time: the walk goes on from it' }],
              page.body,
            ),
        );
      if (newestFirst(page.params) && current !== undefined && !(time < current))
        return stalled(
          `an empty page said more redeemables follow (has_more) and named as the next cursor ${iso(time)}, not before the one it was asked with, ${iso(current)}`,
        );
      return at(page.params.options, cursor);
    }
    const oldest = Math.min(...times);
    const after = oldest + 1;
    if (current === undefined || after < current) return at(page.params.options, iso(after));
    // Nothing older than the instant just before the cursor: a page of that one instant.
    const limit = page.params.options?.limit ?? 5;
    if (raw.length >= limit)
      return stalled(`more than ${limit} redeemables share the created_at ${iso(oldest)}, more than a page holds; raise options.limit (at most 50)`);
    if (!(oldest < current)) return stalled(`the time cursor did not move from ${iso(current)}: the page held nothing before it`);
    return at(page.params.options, iso(oldest));
  },
  check(params, records) {
    const current = cursorTime(params.options?.starting_after);
    if (!newestFirst(params) || current === undefined) return undefined;
    // Newest first: a redeemable newer than the cursor was served before it (the cursor's own
    // instant may come again, and is not yielded twice).
    const newer = records.map(timeOf).find((time) => time > current);
    return newer === undefined
      ? undefined
      : stalled(
          `a redeemable created at ${iso(newer)} was served on a page asked for those created before ${iso(current)}: the time cursor would not move back, and the same redeemables would come again`,
        );
  },
  // Newest first, a page serves the instant the page before ended on again.
  overlaps: newestFirst,
  dedupe: afterPage,
};

/** The strategy of each way of paging a list (pagination.ts `walks`), by its name. */
export const strategyOf: Record<Paging<unknown>['style'], unknown> = {
  idCursor,
  pageNumber,
  pageNumber99,
  endDateCursor,
  customerPaging,
  startingAfterCursor,
};
