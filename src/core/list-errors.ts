/**
 * The errors of walking a list: a walk that would never end, a page past the service's last, a
 * `toArray()` past its safety limit, a next page that does not exist. Each is thrown before a
 * request is sent.
 *
 * @module
 */
import { PromokitError } from './errors.js';

/**
 * A page-numbered list has more records than the service lets a client reach (page 100).
 * Thrown instead of silently stopping; narrow the query with filters to reach the rest.
 * @category Errors
 */
export class PaginationLimitError extends PromokitError {
  override name: string = 'PaginationLimitError';
  /** The list operation, e.g. `loyalties.listRewardAssignments`. */
  declare readonly operation: string;
  /** The last page the service allows. */
  declare readonly maxPage: number;

  constructor(operation: string, maxPage: number) {
    super(`${operation}: records remain past page ${maxPage}, the last page the service serves; narrow the query to reach them`, { operation, maxPage, outcome: 'not_sent' });
  }
}

/**
 * A list walk stopped because it made no progress: the service named a page already fetched as
 * the next one (a cursor that cycles), or kept answering empty pages that said more records
 * follow. Thrown instead of fetching for ever; the records yielded so far are all there were.
 * @category Errors
 */
export class PaginationStalledError extends PromokitError {
  override name: string = 'PaginationStalledError';
  /** The list operation, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;

  constructor(operation: string, why: string) {
    super(`${operation}: the list walk stopped: ${why}, so it would never end`, { operation, outcome: 'not_sent' });
  }
}

/**
 * `toArray()` without `max` reached its safety limit (10,000 records) and the list has more.
 * Thrown instead of returning a silently cut list: pass `toArray({ max })` with the number you
 * need, or walk the records with `for await` (one page in memory at a time).
 * @category Errors
 */
export class ToArrayLimitError extends PromokitError {
  override name: string = 'ToArrayLimitError';
  /** The list operation, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;
  /** The limit that was reached, in records. */
  declare readonly limit: number;

  constructor(operation: string, limit: number) {
    super(
      `${operation}: more than ${limit.toLocaleString('en-US')} records, the safety limit of toArray() without max; pass toArray({ max: n }) to collect up to n records, or iterate with for await to walk them all`,
      { operation, limit, outcome: 'not_sent' },
    );
  }
}

/**
 * `getNextPage()` was called on the last page. Check `hasNextPage()` first, or iterate with `for await`.
 * @category Errors
 */
export class NoNextPageError extends PromokitError {
  override name: string = 'NoNextPageError';
  /** The list operation, e.g. `loyalties.listTransactions`. */
  declare readonly operation: string;

  constructor(operation: string) {
    super(`${operation}: there is no next page; check hasNextPage() first`, { operation, outcome: 'not_sent' });
  }
}
