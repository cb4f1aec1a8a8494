/**
 * One page of a list ({@link Page}): its records, its envelope, and the way to the next page. Made
 * by list-walk.ts, the chunk loaded with a list's first page; pagination.ts exports it.
 *
 * @module
 */
import { NoNextPageError, type PromokitError } from './errors.js';
import { Stop, type ListEnvelope, type Place, type Strategy } from './paging.js';

/** @internal How a walk fetches the page of `params` after `previous` (list-walk.ts). */
export type Fetcher<T, P, B extends object> = (params: P, previous?: Place) => Promise<Page<T, P, B>>;

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
