/**
 * Lists: {@link Page} (one page of records) and {@link PagePromise} (awaitable for the first page,
 * async-iterable over every record), with the service's ways of reaching the next page
 * (page-strategies.ts).
 *
 * The bounds on a list walk, which no answer of the service can lift: a page whose records
 * cannot be read is a `ResponseValidationError` naming the page, never the end of the list; a
 * page that serves the records of the page before it, a cursor that comes back after any number
 * of pages, or too many empty pages in a row that say more records follow stop the walk with
 * `PaginationStalledError`; and no walk fetches more than {@link WALK_PAGES_LIMIT} pages. Where a
 * list ends is read from what the service says (`has_more`, `total`, an empty page), never from a
 * page shorter than the `limit` asked.
 *
 * @module
 */
import {
  describeValue,
  InvalidRequestError,
  NoNextPageError,
  PaginationLimitError,
  PaginationStalledError,
  type PromokitError,
  ResponseValidationError,
  ToArrayLimitError,
} from './errors.js';
import { isRecord } from './inputs.js';

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

/** How a list reaches its next page; one per pagination style of the service. */
export interface Strategy<P> {
  /**
   * Params of the page after `page`, `undefined` when `page` is the last, or a {@link Stop} when
   * records may remain that the walk cannot reach.
   */
  next(page: Page<unknown, P>, walked: Walked): P | undefined | Stop;
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

/** A page's place in its walk, as the page keeps it. */
interface Place extends Walked {
  readonly walk: WalkGuard;
}

type Fetcher<T, P, B extends object> = (params: P, previous?: Place) => Promise<Page<T, P, B>>;

/**
 * One page of a list: its records, the raw envelope, and the way to the next page.
 *
 * The three paging styles and how to walk them: [Lists and pagination](../../docs/lists-and-pagination.md).
 *
 * @category Lists and pagination
 */
export class Page<T, P = unknown, B extends object = ListEnvelope> {
  /** This page's records, read from the attribute that `data_ref` names. */
  readonly data: T[];
  /**
   * The response body as received: the list envelope (`has_more`, `total`, `more_starting_after`,
   * …), or the whole answer of a list whose envelope is one of its fields (`qualifications.check`).
   */
  readonly body: B;
  /** The params this page was requested with. */
  readonly params: P;
  /** The HTTP response this page came in: status and headers (its body already read). */
  readonly response: Response;
  readonly #strategy: Strategy<P>;
  readonly #fetch: Fetcher<T, P, B>;
  readonly #operation: string;
  readonly #place: Place;
  readonly #secure: (error: PromokitError) => Promise<PromokitError>;

  /** @internal Built by the SDK's list methods. */
  constructor(init: {
    data: T[];
    body: B;
    params: P;
    response: Response;
    strategy: Strategy<P>;
    fetch: Fetcher<T, P, B>;
    operation: string;
    place: Place;
    secure: (error: PromokitError) => Promise<PromokitError>;
  }) {
    this.data = init.data;
    this.body = init.body;
    this.params = init.params;
    this.response = init.response;
    this.#strategy = init.strategy;
    this.#fetch = init.fetch;
    this.#operation = init.operation;
    this.#place = init.place;
    this.#secure = init.secure;
  }

  /** Count of all matching records, on lists whose response carries `total`. */
  get total(): number | undefined {
    const { total } = this.body as ListEnvelope;
    return typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? total : undefined;
  }

  /**
   * True when records may exist past this page: the service said so (`has_more`, `total`), or the
   * page was not empty on a list that says neither; true too when they lie past what the walk can
   * reach (the last page the service serves), where `getNextPage()` throws.
   */
  hasNextPage(): boolean {
    return this.#strategy.next(this as Page<unknown, P>, this.#place) !== undefined;
  }

  /**
   * Fetches the next page. Throws {@link NoNextPageError} when this is the last page,
   * {@link PaginationLimitError} when records remain past the last page the service serves (or
   * past the 100,000 pages of one walk), {@link PaginationStalledError} when the
   * walk makes no progress (a cursor that comes back or moves the wrong way, a page that serves the
   * records of the page before it, 10 empty pages in a row that say more follow), and
   * `ResponseValidationError` naming the page when its records cannot be read.
   */
  async getNextPage(): Promise<Page<T, P, B>> {
    const next = this.#strategy.next(this as Page<unknown, P>, this.#place);
    if (next === undefined) throw new NoNextPageError(this.#operation);
    if (next instanceof Stop) throw await this.#secure(next.error(this.#operation));
    this.#place.walk.step(this.#operation, this.data.length, next);
    return this.#fetch(next, this.#place);
  }
}
/** Records `toArray()` collects at most when no `max` is given. */
export const TO_ARRAY_LIMIT = 10_000;

/**
 * What a list method returns. `await` it for the first page; `for await` over it for every record
 * (fetched lazily, one page in memory at a time); `.pages()` for page by page; `.toArray({ max })`
 * for an array; `.withResponse()` for the first page and its HTTP response. Nothing is sent until
 * it is awaited or iterated.
 *
 * Walking, capping and resuming lists: [Lists and pagination](../../docs/lists-and-pagination.md).
 *
 * @category Lists and pagination
 */
export class PagePromise<T, P = unknown, B extends object = ListEnvelope> implements PromiseLike<Page<T, P, B>>, AsyncIterable<T> {
  readonly #load: () => Promise<Page<T, P, B>>;
  readonly #operation: string;
  #first: Promise<Page<T, P, B>> | undefined;

  /** @internal Built by the SDK's list methods. */
  constructor(load: () => Promise<Page<T, P, B>>, operation = 'list') {
    this.#load = load;
    this.#operation = operation;
  }

  #firstPage(): Promise<Page<T, P, B>> {
    return (this.#first ??= this.#load());
  }

  /** Resolves with the first page. */
  then<R1 = Page<T, P, B>, R2 = never>(
    onfulfilled?: ((page: Page<T, P, B>) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#firstPage().then(onfulfilled, onrejected);
  }

  /** Handles a failure to fetch the first page. */
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<T, P, B> | R> {
    return this.#firstPage().catch(onrejected);
  }

  /** Runs `onfinally` once the first page settles. */
  finally(onfinally?: (() => void) | null): Promise<Page<T, P, B>> {
    return this.#firstPage().finally(onfinally);
  }

  /**
   * The first page and the HTTP response it came in (status, headers). Every later page has its
   * own in {@link Page.response}.
   */
  async withResponse(): Promise<WithResponse<Page<T, P, B>>> {
    const page = await this.#firstPage();
    return { data: page, response: page.response };
  }

  /** Every page in turn, starting with the first. */
  pages(): AsyncGenerator<Page<T, P, B>, void, undefined> {
    // The walk lets go of this PagePromise (which caches the first page) once it has the first
    // page, so it holds the page being read and nothing behind it.
    return walkPages({ load: () => this.#firstPage() });
  }

  /**
   * Every record of every page, fetching each page only when the previous one is used up. A
   * plain iterator rather than an async generator: records of a page already in memory are handed
   * out without a generator's per-record queueing, which made iteration slower than the network.
   */
  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    // Refers to this PagePromise only until the first page is in: see `pages()`.
    let source: PagePromise<T, P, B> | undefined = this;
    let page: Page<T, P, B> | undefined;
    let index = 0;
    let finished = false;
    const end: IteratorResult<T, undefined> = { done: true, value: undefined };
    const advance = async (): Promise<IteratorResult<T, undefined>> => {
      while (!finished) {
        if (page && index < page.data.length) return { done: false, value: page.data[index++]! };
        if (page && !page.hasNextPage()) break;
        page = page ? await page.getNextPage() : await source!.#firstPage();
        source = undefined;
        index = 0;
      }
      finished = true;
      page = source = undefined;
      return end;
    };
    return {
      next: () => (page && index < page.data.length ? Promise.resolve({ done: false, value: page.data[index++]! }) : advance()),
      return: () => {
        finished = true;
        page = source = undefined;
        return Promise.resolve(end);
      },
    };
  }

  /**
   * Collects records into an array; never cuts a list silently. With `max`, returns at most `max`
   * records (fetching no page past them). Without, collects every record up to a safety limit of
   * 10,000 and rejects with {@link ToArrayLimitError} when the list has more: pass a `max`, or
   * walk the records with `for await` (one page in memory at a time).
   *
   * @throws InvalidRequestError when `max` is not a number of 0 or more (`Infinity` collects all).
   */
  async toArray(options: { max?: number | undefined } = {}): Promise<T[]> {
    const { max } = options;
    if (max !== undefined && !(max >= 0)) throw new InvalidRequestError(this.#operation, [{ path: ['max'], message: 'must be a number, 0 or more' }]);
    const limit = max ?? TO_ARRAY_LIMIT;
    const out: T[] = [];
    if (limit === 0) return out;
    for await (const page of this.pages()) {
      for (const record of page.data) {
        // A record past the safety limit: the list is longer than toArray() collects unasked.
        if (out.length === limit) throw new ToArrayLimitError(this.#operation, limit);
        out.push(record);
        if (out.length === limit && max !== undefined) return out;
      }
    }
    return out;
  }

  /** @internal */
  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}

/** The pages of a list, from `start.load()`'s first page on; drops `start.load` once called. */
async function* walkPages<T, P, B extends object>(start: {
  load?: (() => Promise<Page<T, P, B>>) | undefined;
}): AsyncGenerator<Page<T, P, B>, void, undefined> {
  let load = start.load;
  start.load = undefined;
  let page: Page<T, P, B> = await load!();
  load = undefined;
  yield page;
  while (page.hasNextPage()) {
    page = await page.getNextPage();
    yield page;
  }
}

/**
 * Reads the records from the attribute `data_ref` names, falling back to `fallback`, then `data`;
 * when that attribute is itself a list envelope (a qualification's `redeemables`), from its own.
 * `undefined` when the body holds no array of records there: the page cannot be read.
 */
export function readRecords(body: unknown, fallback = 'data'): unknown[] | undefined {
  return recordsAt(body, fallback, 1);
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

/** {@link readRecords}, going down at most `depth` envelopes held in an envelope. */
function recordsAt(body: unknown, fallback: string, depth: number): unknown[] | undefined {
  if (!isRecord(body)) return undefined;
  const key = recordsKeyOf(body, fallback);
  const records = Object.hasOwn(body, key) ? body[key] : undefined;
  if (Array.isArray(records)) return records;
  return depth > 0 && isRecord(records) ? recordsAt(records, 'data', depth - 1) : undefined;
}

/** Where the records of `body` were looked for, as a field path: what an unreadable page names. */
function recordsPath(body: unknown, fallback: string, depth = 1): string[] {
  if (!isRecord(body)) return [];
  const key = recordsKeyOf(body, fallback);
  const inner = Object.hasOwn(body, key) ? body[key] : undefined;
  return depth > 0 && isRecord(inner) && !Array.isArray(inner) ? [key, ...recordsPath(inner, 'data', depth - 1)] : [key];
}

/** What a value is, in a word or two, never its content. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The error for a page whose records cannot be read: a `ResponseValidationError` naming the page
 * (its number in the walk and the params it was asked with) and where its records should be.
 */
function unreadablePage(operation: string, body: unknown, fallback: string, number: number, params: unknown): ResponseValidationError {
  const path = recordsPath(body, fallback);
  let found: unknown = body;
  for (const key of path) found = isRecord(found) && Object.hasOwn(found, key) ? found[key] : undefined;
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
 * Builds the {@link PagePromise} of a list method: `load` fetches one page's envelope for the given
 * params; records are read from the attribute `data_ref` names (`recordsKey` when it is absent).
 * `secure` makes an error of the walk's own fit to show (the client's secrets scrubbed from the
 * body it carries).
 */
export function paginate<T, P, B extends object = ListEnvelope>(
  operation: string,
  params: P,
  strategy: Strategy<P>,
  load: (params: P) => APIPromise<unknown>,
  recordsKey = 'data',
  secure: (error: PromokitError) => Promise<PromokitError> = async (error) => error,
): PagePromise<T, P, B> {
  const fetchPage: Fetcher<T, P, B> = async (pageParams, previous) => {
    const { data, response } = await load(pageParams).withResponse();
    const body = data as B;
    const number = (previous?.number ?? 0) + 1;
    const raw = readRecords(body, recordsKey);
    if (raw === undefined) throw await secure(unreadablePage(operation, body, recordsKey, number, pageParams));
    const refused = strategy.check?.(pageParams, raw, body);
    if (refused) throw await secure(refused.error(operation));
    if (previous && !strategy.overlaps?.(pageParams) && samePage(raw, previous.records))
      throw await secure(new PaginationStalledError(operation, `page ${number} served the same ${raw.length} records as page ${number - 1}, so it would never end`));
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
  return new PagePromise<T, P, B>(() => fetchPage(params), operation);
}

/**
 * What `.withResponse()` resolves with.
 * @category Client
 */
export interface WithResponse<T> {
  /** The parsed, checked response body: what awaiting the call gives. */
  data: T;
  /** The final HTTP response: status and headers (its body already read). */
  response: Response;
}

/**
 * A `Promise` of the parsed response body, plus {@link APIPromise.withResponse}:
 *
 * ```ts
 * const member = await client.loyalties.getMember('LOYAL-1');
 * const { data, response } = await client.loyalties.getMember('LOYAL-1').withResponse();
 * console.log(response.status, response.headers.get('x-request-id'), data.loyalty_card?.points);
 * ```
 *
 * Reading status, headers and request ids: [Observability](../../docs/observability.md).
 *
 * @category Client
 */
export interface APIPromise<T> extends Promise<T> {
  /**
   * The parsed body and the final HTTP response (status, headers; its body already read). Rejects
   * with the same error as the call.
   */
  withResponse(): Promise<WithResponse<T>>;
}

/** @internal Builds the {@link APIPromise} of a call from what the pipeline resolves with. */
export function apiPromise<T>(call: Promise<WithResponse<T>>): APIPromise<T> {
  const promise = call.then((result) => result.data) as APIPromise<T>;
  // The caller who takes the response handles the call's rejection there: the body promise's
  // own rejection is then no "unhandled rejection".
  promise.withResponse = () => (promise.catch(() => {}), call);
  return promise;
}
