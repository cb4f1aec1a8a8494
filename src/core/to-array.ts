/**
 * `toArray()` (pagination.ts): a list's records collected into an array, never cut silently.
 * Loaded on first use: a program that never calls it does not carry it.
 *
 * @module
 */
import { ToArrayLimitError } from './errors.js';

/**
 * `toArray()`'s records: those of `pages`, at most `limit`; past it, when the
 * limit was not the caller's `max` (`given`), a {@link ToArrayLimitError}: a list is never cut
 * silently.
 */
export async function collect<T>(pages: AsyncIterable<{ data: T[] }>, operation: string, limit: number, given: boolean): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) {
    for (const record of page.data) {
      // A record past the safety limit: the list is longer than toArray() collects unasked.
      if (out.length === limit) throw new ToArrayLimitError(operation, limit);
      out.push(record);
      if (out.length === limit && given) return out;
    }
  }
  return out;
}
