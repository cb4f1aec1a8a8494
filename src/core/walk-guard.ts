/**
 * The bound on a list walk: a service whose cursor cycles (A, B, A, …), or that keeps answering
 * empty pages that say more records follow, would otherwise keep `for await` and `toArray()`
 * fetching for ever. Each walk remembers the params of the pages it has fetched and counts its
 * empty pages in a row; a repeat, or too many empty pages, stops it with a typed error.
 *
 * @module
 */
import { PaginationStalledError } from './list-errors.js';

/** Empty pages in a row that claim more records, past which a walk stops. */
export const EMPTY_PAGES_LIMIT = 10;

/** How many of the latest pages' params a walk remembers to see a cursor come back. */
const REMEMBERED_PAGES = 1_000;

/** The state of one walk through a list, from its first page on. */
export class WalkGuard {
  readonly #seen = new Set<string>();
  #empty = 0;

  /** A walk that starts at the page of `first` params. */
  constructor(first: unknown) {
    this.#seen.add(JSON.stringify(first));
  }

  /**
   * Checks the step from a page of `records` records to the page of `next` params; throws
   * {@link PaginationStalledError} when `next` was fetched before or the walk makes no progress.
   */
  step(operation: string, records: number, next: unknown): void {
    this.#empty = records === 0 ? this.#empty + 1 : 0;
    if (this.#empty >= EMPTY_PAGES_LIMIT) throw new PaginationStalledError(operation, `${EMPTY_PAGES_LIMIT} empty pages in a row said more records follow`);
    const key = JSON.stringify(next);
    if (this.#seen.has(key)) throw new PaginationStalledError(operation, 'the service named a page already fetched as the next one (its cursor came back)');
    this.#seen.add(key);
    if (this.#seen.size > REMEMBERED_PAGES) this.#seen.delete(this.#seen.values().next().value!);
  }
}
