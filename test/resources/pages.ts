/** Answers of the mock API for the resource tests that walk a list paged by cursor. */
import { json, respond } from '../helpers/mock-api.js';

/**
 * Answers `GET path` with two pages of records under `dataRef`: `first`, naming its last record as
 * `more_starting_after`, then `second` with `has_more: false`; `extra` fields go on both pages.
 */
export function respondCursorPages(
  path: string,
  first: Array<{ id: string }>,
  second: unknown[],
  { dataRef = 'data', ...extra }: { dataRef?: string; total?: number } = {},
): void {
  const page = (records: unknown[]) => ({ object: 'list', data_ref: dataRef, [dataRef]: records, ...extra });
  respond('get', path, json({ ...page(first), has_more: true, more_starting_after: first.at(-1)!.id }), json({ ...page(second), has_more: false }));
}
