/**
 * The bound on a list walk: a service whose cursor cycles (A, B, A, …), or that keeps answering
 * empty pages that say more records follow, would otherwise keep `for await` and `toArray()`
 * fetching for ever. Each walk watches the params of the pages it fetches for a repeat, whatever
 * the cycle's length, and counts its empty pages in a row; a repeat, or too many empty pages,
 * stops it with a typed error.
 *
 * @module
 */
import { PaginationStalledError } from './list-errors.js';

/** Empty pages in a row that claim more records, past which a walk stops. */
export const EMPTY_PAGES_LIMIT = 10;

/**
 * The state of one walk through a list, from its first page on. A cursor that comes back after
 * any number of pages is found by Brent's cycle detection over the pages' params: the walk keeps
 * one earlier page's params, moved forward at each power of two, and stops when a page names it
 * again, within about three times the cycle's length (a cycle of 1,000 pages is found within
 * 3,000), in constant memory.
 */
export class WalkGuard {
  /** The params the walk compares each next page with. */
  #mark: string;
  /** Pages since the mark moved, and the count at which it moves next. */
  #since = 0;
  #power = 1;
  #empty = 0;

  /** A walk that starts at the page of `first` params. */
  constructor(first: unknown) {
    this.#mark = JSON.stringify(first);
  }

  /**
   * Checks the step from a page of `records` records to the page of `next` params; throws
   * {@link PaginationStalledError} when the walk has come back to a page it fetched before or
   * makes no progress.
   */
  step(operation: string, records: number, next: unknown): void {
    this.#empty = records === 0 ? this.#empty + 1 : 0;
    if (this.#empty >= EMPTY_PAGES_LIMIT) throw new PaginationStalledError(operation, `${EMPTY_PAGES_LIMIT} empty pages in a row said more records follow`);
    const key = JSON.stringify(next);
    if (key === this.#mark) throw new PaginationStalledError(operation, 'the service named a page already fetched as the next one (its cursor came back)');
    if (++this.#since === this.#power) {
      this.#mark = key;
      this.#power *= 2;
      this.#since = 0;
    }
  }
}
