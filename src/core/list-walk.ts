/**
 * A list's walk, from its first page on: each page's records read where its envelope says
 * (never taken as the end of the list when they cannot be read), checked by the list's
 * {@link Strategy} (page-strategies.ts) before any is yielded, a page that serves the records of
 * the page before it refused, and the walk's own bounds kept by {@link WalkGuard}.
 *
 * A chunk loaded with a list's first page (pagination.ts `paginate`): a program that makes no
 * list call never loads it.
 *
 * @module
 */
import { describeValue, PaginationLimitError, PaginationStalledError, type PromokitError, ResponseValidationError } from './errors.js';
import { isRecord, kindOf } from './inputs.js';
import type { ListEnvelope, Paging, Place, Strategy } from './paging.js';
import { strategyOf } from './page-strategies.js';
import { Page } from './page.js';

/** Empty pages in a row that claim more records, past which a walk stops. */
export const EMPTY_PAGES_LIMIT = 10;

/**
 * Pages one walk fetches at most (10,000,000 records at a `limit` of 100): past it the walk stops
 * with `PaginationLimitError`, whatever the service says, so that a service that never lets a list
 * end cannot keep a `for await` fetching for ever.
 */
export const WALK_PAGES_LIMIT = 100_000;

/**
 * The state of one walk through a list, from its first page on: its pages counted against
 * {@link WALK_PAGES_LIMIT}, its empty pages in a row, and the params of its pages watched for a
 * repeat. A cursor that comes back after any number of pages is found by Brent's cycle detection
 * over the pages' params: the walk keeps one earlier page's params, moved forward at each power of
 * two, and stops when a page names it again, within about three times the cycle's length (a cycle
 * of 1,000 pages is found within 3,000), in constant memory.
 */
export class WalkGuard {
  /** The params the walk compares each next page with. */
  #mark: string;
  /** Pages since the mark moved, and the count at which it moves next. */
  #since = 0;
  #power = 1;
  #empty = 0;
  /** Pages fetched, the first included. */
  #pages = 1;

  /** A walk that starts at the page of `first` params. */
  constructor(first: unknown) {
    this.#mark = JSON.stringify(first);
  }

  /**
   * Checks the step from a page of `records` records to the page of `next` params; throws
   * {@link PaginationStalledError} when the walk has come back to a page it fetched before or
   * makes no progress, and {@link PaginationLimitError} when it has fetched its last page.
   */
  step(operation: string, records: number, next: unknown): void {
    if (this.#pages >= WALK_PAGES_LIMIT)
      throw new PaginationLimitError(
        operation,
        WALK_PAGES_LIMIT,
        `${operation}: the list walk stopped after ${WALK_PAGES_LIMIT.toLocaleString('en-US')} pages, the most one walk fetches; records may remain: narrow the query (a filter, a date window), or walk with .pages() and start a new walk from the params the last page's next one would take`,
      );
    this.#empty = records === 0 ? this.#empty + 1 : 0;
    if (this.#empty >= EMPTY_PAGES_LIMIT)
      throw new PaginationStalledError(operation, `${EMPTY_PAGES_LIMIT} empty pages in a row said more records follow, so it would never end`);
    const key = JSON.stringify(next);
    if (key === this.#mark)
      throw new PaginationStalledError(operation, 'the service named a page already fetched as the next one (its cursor came back), so it would never end');
    this.#pages += 1;
    if (++this.#since === this.#power) {
      this.#mark = key;
      this.#power *= 2;
      this.#since = 0;
    }
  }
}

/**
 * Reads the records from the attribute `data_ref` names, falling back to `fallback`, then `data`;
 * when that attribute is itself a list envelope (a qualification's `redeemables`), from its own.
 * `undefined` when the body holds no array of records there: the page cannot be read.
 */
export function readRecords(body: unknown, fallback = 'data'): unknown[] | undefined {
  const [path, found] = recordsIn(body, fallback);
  return path.length > 0 && Array.isArray(found) ? found : undefined;
}

/**
 * The attribute of `body` that holds its records: the one `data_ref` names, else `fallback`, else
 * `data`, the first the body has; the one it should have been when it has none.
 */
function recordsKeyOf(body: Record<string, unknown>, fallback: string): string {
  const named = typeof body.data_ref === 'string' ? body.data_ref : undefined;
  for (const key of [named, fallback, 'data']) if (key !== undefined && Object.hasOwn(body, key)) return key;
  return named ?? fallback;
}

/**
 * Where the records of `body` are, or should be, as a field path (what an unreadable page names),
 * and what is there: the attribute {@link recordsKeyOf} finds, going down at most `depth` envelopes
 * held in an envelope. A body that is no object has no path, and is itself what is there.
 */
function recordsIn(body: unknown, fallback: string, depth = 1): [path: string[], found: unknown] {
  if (!isRecord(body)) return [[], body];
  const key = recordsKeyOf(body, fallback);
  const found = Object.hasOwn(body, key) ? body[key] : undefined;
  const [path, inner] = depth > 0 && isRecord(found) ? recordsIn(found, 'data', depth - 1) : [[], found];
  return [[key, ...path], inner];
}

/**
 * The error for a page whose records cannot be read: a `ResponseValidationError` naming the page
 * (its number in the walk and the params it was asked with) and where its records should be.
 */
function unreadablePage(operation: string, body: unknown, fallback: string, number: number, params: unknown): ResponseValidationError {
  const [path, found] = recordsIn(body, fallback);
  const asked = describeValue(safeJson(params), 200);
  const message = `must be the array of the page's records; got ${kindOf(found)} (page ${number} of the walk, asked with ${asked}): the list cannot be walked past it`;
  return new ResponseValidationError(operation, [{ path, message }], body);
}

/** JSON text of plain params, or a word when they are none. */
function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'no params';
  } catch {
    return 'params that cannot be shown';
  }
}

/** True when two pages hold the same records, in the same order: by `id` where records have one. */
function samePage(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length === 0 || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const [x, y] = [a[i], b[i]];
    if (x === y) continue;
    const [idX, idY] = [isRecord(x) ? x.id : undefined, isRecord(y) ? y.id : undefined];
    if (typeof idX === 'string' || typeof idY === 'string') {
      if (idX !== idY) return false;
    } else if (safeJson(x) !== safeJson(y)) return false;
  }
  return true;
}

/**
 * The first page of a list, and with it the way to every next one: `load` fetches one page's
 * envelope for the given params; records are read from the attribute `data_ref` names
 * (`recordsKey` when it is absent); `secure` makes an error of the walk's own fit to show. Each
 * page is a `Page` (pagination.ts), made here: a program whose one call is no list carries none.
 */
export function firstPage<T, P, B extends object = ListEnvelope>(init: {
  operation: string;
  params: P;
  strategy: Paging<P> | Strategy<P>;
  load: (params: P) => { withResponse(): Promise<{ data: unknown; response: Response }> };
  recordsKey: string;
  secure: (error: PromokitError) => Promise<PromokitError>;
}): Promise<Page<T, P, B>> {
  const { operation, load, recordsKey, secure } = init;
  const strategy: Strategy<P> = 'next' in init.strategy ? init.strategy : (strategyOf[init.strategy.style] as Strategy<P>);
  const fetchPage = async (pageParams: P, previous?: Place): Promise<Page<T, P, B>> => {
    const { data, response } = await load(pageParams).withResponse();
    const body = data as B;
    const number = (previous?.number ?? 0) + 1;
    const raw = readRecords(body, recordsKey);
    if (raw === undefined) throw await secure(unreadablePage(operation, body, recordsKey, number, pageParams));
    const refused = strategy.check?.(pageParams, raw, body);
    if (refused) throw await secure(refused.error(operation));
    if (previous && !strategy.overlaps?.(pageParams) && samePage(raw, previous.records))
      throw await secure(
        new PaginationStalledError(operation, `page ${number} served the same ${raw.length} records as page ${number - 1}, so it would never end`),
      );
    const place: Place = {
      walk: previous?.walk ?? new WalkGuard(pageParams),
      number,
      records: raw,
      served: (previous?.served ?? 0) + raw.length,
      first: previous?.first ?? { params: pageParams, count: raw.length },
    };
    const records = strategy.dedupe ? strategy.dedupe(raw, previous, pageParams) : raw;
    return new Page<T, P, B>({ data: records as T[], body, params: pageParams, response, strategy, fetch: fetchPage, operation, place, secure });
  };
  return fetchPage(init.params);
}
