/**
 * The words of a list walk that the list's page (pagination.ts), its walk (list-walk.ts, a chunk
 * loaded with a list's first page) and the service's ways of reaching a next page
 * (page-strategies.ts) share: the envelope, a page as a strategy reads it, where a page stands in
 * its walk, a {@link Stop}, and each list operation's {@link Paging} by name.
 *
 * @module
 */
import { PaginationStalledError, type PromokitError } from './errors.js';

/**
 * The list envelope every list response shares. The records sit under the attribute `data_ref` names.
 * @category Lists and pagination
 */
export interface ListEnvelope {
  object?: string | null;
  /** Name of the attribute holding the records, usually `data`. */
  data_ref?: string | null;
  /** Count of all records matching the query, on lists that report it. */
  total?: number | null;
  /** True when more records exist past this page. */
  has_more?: boolean | null;
  /** ID to pass as `starting_after_id` for the next page. */
  more_starting_after?: string | null;
}

/** The last page a page-numbered list serves, unless its strategy names another. */
export const MAX_PAGE = 100;

/**
 * Why a walk cannot go on from a page although records may remain: `getNextPage()` throws the
 * error it makes (`hasNextPage()` is true).
 */
export class Stop {
  /** Makes the error, for the list operation named. */
  readonly error: (operation: string) => PromokitError;
  constructor(error: (operation: string) => PromokitError) {
    this.error = error;
  }
}

/** A {@link Stop} with {@link PaginationStalledError}: `why` the walk would not end, or could not go on. */
export function stalled(why: string): Stop {
  return new Stop((operation) => new PaginationStalledError(operation, why));
}

/** Where a page stands in its walk: what its strategy reads beside the page. */
export interface Walked {
  /** The page's number in its walk, from 1. */
  readonly number: number;
  /** The records the page served, as served (before those a time cursor serves again were dropped). */
  readonly records: readonly unknown[];
  /** Records the walk's pages served, through this one. */
  readonly served: number;
  /** The walk's first page: the params it was asked with and the count of records it served. */
  readonly first: { readonly params: unknown; readonly count: number };
}

/** A page as a {@link Strategy} reads it: its envelope, the params it was asked with, its `total`. */
export interface PageView<P> {
  readonly body: ListEnvelope;
  readonly params: P;
  readonly total: number | undefined;
}

/** What keeps a walk's bounds from page to page (list-walk.ts `WalkGuard`). */
export interface WalkStep {
  /** Checks the step from a page of `records` records to the page of `next` params; throws when the walk must stop. */
  step(operation: string, records: number, next: unknown): void;
}

/** @internal A page's place in its walk, as the page keeps it. */
export interface Place extends Walked {
  readonly walk: WalkStep;
}

/** How a list reaches its next page; one per pagination style of the service. */
export interface Strategy<P> {
  /**
   * Params of the page after `page`, `undefined` when `page` is the last, or a {@link Stop} when
   * records may remain that the walk cannot reach.
   */
  next(page: PageView<P>, walked: Walked): P | undefined | Stop;
  /** The last page a page-numbered list serves (most serve 100, some 99). */
  readonly maxPage?: number | undefined;
  /**
   * Checks the records a page of `params` served before any is yielded: a {@link Stop} when the
   * walk cannot take them (a record past the page's time cursor, one without the time the walk
   * goes on from).
   */
  check?(params: P, records: readonly unknown[], body: unknown): Stop | undefined;
  /** Drops records the pages before already yielded (time-cursor lists overlap at the boundary). */
  dedupe?(records: unknown[], previous: Walked | undefined, params: P): unknown[];
  /**
   * True when the page of `params` may serve the records of the page before it again (a time
   * cursor a millisecond back into the last page): the strategy bounds that walk itself. On any
   * other page, the records of the page before it are a stalled walk.
   */
  overlaps?(params: P): boolean;
}

/**
 * A list's way of reaching its next page, by name: what a list operation's `paging` says. The
 * walk itself (its {@link Strategy}, page-strategies.ts, and list-walk.ts) is a chunk loaded with
 * a list's first page: a program that makes no list call never loads it. `maxPage` is the last
 * page a page-numbered list serves.
 */
export interface Paging<P> {
  readonly style: 'idCursor' | 'pageNumber' | 'pageNumber99' | 'endDateCursor' | 'customerPaging' | 'startingAfterCursor';
  readonly maxPage?: number | undefined;
  /** The params of the list's pages, for the types only. */
  readonly params?: P | undefined;
}

/** The service's ways of paging a list, each a {@link Paging} a list operation names. */
export const walks = {
  /** Cursor lists: `starting_after_id` ← `more_starting_after` while `has_more`. */
  idCursor: { style: 'idCursor' } as Paging<{ starting_after_id?: string }>,
  /** Page-numbered lists: `page`/`limit`/`total`; the service serves pages 1 to 100. */
  pageNumber: { style: 'pageNumber', maxPage: MAX_PAGE } as Paging<{ page?: number; limit?: number }>,
  /** Page-numbered lists the service serves to page 99 (vouchers, customers, redemptions). */
  pageNumber99: { style: 'pageNumber99', maxPage: 99 } as Paging<{ page?: number; limit?: number }>,
  /** Async actions: the `end_date` time cursor. */
  endDateCursor: { style: 'endDateCursor' } as Paging<{ end_date?: string | Date; limit?: number }>,
  /** Customers: the `starting_after` time cursor, or page numbers to page 99. */
  customerPaging: { style: 'customerPaging', maxPage: 99 } as Paging<Record<string, unknown>>,
  /** Qualifications: the `options.starting_after` time cursor. */
  startingAfterCursor: { style: 'startingAfterCursor' } as Paging<Record<string, unknown>>,
} as const;
