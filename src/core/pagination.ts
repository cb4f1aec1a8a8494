/**
 * The bound on a list walk: a service whose cursor cycles (A, B, A, …), or that keeps answering
 * empty pages that say more records follow, would otherwise keep `for await` and `toArray()`
 * fetching for ever. Each walk watches the params of the pages it fetches for a repeat, whatever
 * the cycle's length, and counts its empty pages in a row; a repeat, or too many empty pages, stops
 * it with a typed error.
 *
 * Lists: {@link Page} (one page of records) and {@link PagePromise} (awaitable for the first page,
 * async-iterable over every record), with the service's three ways of reaching the next page.
 *
 * @module
 */
import { PaginationStalledError, InvalidRequestError, NoNextPageError, PaginationLimitError, ToArrayLimitError } from './errors.js';
import { isRecord } from './inputs.js';

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

/** The last page a page-numbered list serves, unless its strategy names another ({@link Strategy.maxPage}). */
export const MAX_PAGE = 100;

/** How a list reaches its next page; one per pagination style of the service. */
export interface Strategy<P> {
  /**
   * Params of the page after `page`, `undefined` when `page` is the last, or `'limit'` when
   * records remain that the service will not serve.
   */
  next(page: Page<unknown, P>): P | undefined | 'limit';
  /** The last page a page-numbered list serves (most serve 100, some 99): what `'limit'` stops at. */
  readonly maxPage?: number | undefined;
  /** Drops records the previous page already yielded (time-cursor lists overlap at the boundary). */
  dedupe?(records: unknown[], previous: Page<unknown, P> | undefined): unknown[];
}

type Fetcher<T, P, B extends object> = (params: P, previous?: Page<T, P, B>, walk?: WalkGuard) => Promise<Page<T, P, B>>;

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
  readonly #walk: WalkGuard;

  /** @internal Built by the SDK's list methods. */
  constructor(init: {
    data: T[];
    body: B;
    params: P;
    response: Response;
    strategy: Strategy<P>;
    fetch: Fetcher<T, P, B>;
    operation: string;
    walk: WalkGuard;
  }) {
    this.data = init.data;
    this.body = init.body;
    this.params = init.params;
    this.response = init.response;
    this.#strategy = init.strategy;
    this.#fetch = init.fetch;
    this.#operation = init.operation;
    this.#walk = init.walk;
  }

  /** Count of all matching records, on lists whose response carries `total`. */
  get total(): number | undefined {
    const { total } = this.body as ListEnvelope;
    return typeof total === 'number' ? total : undefined;
  }

  /** True when records exist past this page (even past the last page the service serves). */
  hasNextPage(): boolean {
    return this.#strategy.next(this as Page<unknown, P>) !== undefined;
  }

  /**
   * Fetches the next page. Throws {@link PaginationLimitError} when records remain past the last
   * page the service serves, {@link NoNextPageError} when this is the last page, and
   * {@link PaginationStalledError} when the walk makes no progress (a cursor that comes back, or
   * 10 empty pages in a row that say more follow).
   */
  async getNextPage(): Promise<Page<T, P, B>> {
    const next = this.#strategy.next(this as Page<unknown, P>);
    if (next === 'limit') throw new PaginationLimitError(this.#operation, this.#strategy.maxPage ?? MAX_PAGE);
    if (next === undefined) throw new NoNextPageError(this.#operation);
    this.#walk.step(this.#operation, this.data.length, next);
    return this.#fetch(next, this, this.#walk);
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
 */
export function readRecords(body: unknown, fallback = 'data'): unknown[] {
  if (!isRecord(body)) return [];
  const key = typeof body.data_ref === 'string' ? body.data_ref : fallback;
  const records = body[key] ?? body[fallback] ?? body.data;
  if (isRecord(records)) return readRecords(records);
  return Array.isArray(records) ? records : [];
}

/**
 * Builds the {@link PagePromise} of a list method: `load` fetches one page's envelope for the given
 * params; records are read from the attribute `data_ref` names (`recordsKey` when it is absent).
 */
export function paginate<T, P, B extends object = ListEnvelope>(
  operation: string,
  params: P,
  strategy: Strategy<P>,
  load: (params: P) => APIPromise<unknown>,
  recordsKey = 'data',
): PagePromise<T, P, B> {
  const fetchPage: Fetcher<T, P, B> = async (pageParams, previous, walk = new WalkGuard(pageParams)) => {
    const { data, response } = await load(pageParams).withResponse();
    const body = data as B;
    let records = readRecords(body, recordsKey);
    if (strategy.dedupe) records = strategy.dedupe(records, previous as Page<unknown, P> | undefined);
    return new Page<T, P, B>({ data: records as T[], body, params: pageParams, response, strategy, fetch: fetchPage, operation, walk });
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
