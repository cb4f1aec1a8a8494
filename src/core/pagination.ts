/**
 * Lists: {@link Page} (one page of records) and {@link PagePromise} (awaitable for the first page,
 * async-iterable over every record), with the service's ways of reaching the next page
 * (page-strategies.ts), walked by list-walk.ts, a chunk loaded with a list's first page.
 *
 * The bounds on a list walk, which no answer of the service can lift: a page whose records
 * cannot be read is a `ResponseValidationError` naming the page, never the end of the list; a
 * page that serves the records of the page before it, a cursor that comes back after any number
 * of pages, or too many empty pages in a row that say more records follow stop the walk with
 * `PaginationStalledError`; and no walk fetches more than 100,000 pages (list-walk.ts). Where a
 * list ends is read from what the service says (`has_more`, `total`, an empty page), never from a
 * page shorter than the `limit` asked.
 *
 * @module
 */
import { InvalidRequestError } from './errors.js';
import { loadChunk } from './lazy.js';
import { Page } from './page.js';
import { stalled, Stop, walks, type ListEnvelope, type Paging, type Strategy } from './paging.js';

export { Page, stalled, Stop, walks };
export type { Fetcher } from './page.js';
export type { ListEnvelope, Paging, Strategy };

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
    if (max === 0) return [];
    return (await loadChunk('to-array', () => import('./to-array.js'))).collect(this.pages(), this.#operation, max ?? TO_ARRAY_LIMIT, max !== undefined);
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

/** Where an {@link APIPromise} keeps the promise of its call's body and response. */
const answered: unique symbol = Symbol();

/** An {@link APIPromise} as {@link apiPromise} makes it. */
type Answered<T> = APIPromise<T> & { [answered]: Promise<WithResponse<T>> };

/**
 * `withResponse()` of every {@link APIPromise}: one function, not a closure made for each call.
 * A closure per call stored on its promise made V8 keep the bodies of a list walk's pages alive
 * through its young-generation collections (the pages promoted to the old generation and
 * collected there): a walk cost about a tenth more CPU.
 */
function withResponse<T>(this: Answered<T>): Promise<WithResponse<T>> {
  // The caller who takes the response handles the call's rejection there: the body promise's
  // own rejection is then no "unhandled rejection".
  this.catch(() => {});
  return this[answered];
}

/** @internal Builds the {@link APIPromise} of a call from what the pipeline resolves with. */
export function apiPromise<T>(call: Promise<WithResponse<T>>): APIPromise<T> {
  const promise = call.then((result) => result.data) as Answered<T>;
  promise[answered] = call;
  promise.withResponse = withResponse;
  return promise;
}
