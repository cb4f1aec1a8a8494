/**
 * `client.asyncActions`: bulk operations running in the background.
 *
 * @module
 */
import { loadChunk } from '../core/lazy.js';
import { walks, type APIPromise } from '../core/pagination.js';
import { integer, isoDateTime, object } from '../core/inputs.js';
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import type { PagePromise } from '../core/pagination.js';
import { APIResource } from '../core/resource.js';
import type { AsyncAction, AsyncActionList } from '../schemas/async-action.js';
import type { WaitForOptions } from './async-action-wait.js';
import type { SubClientGuide } from './guide.js';

/**
 * Asynchronous actions: imports, bulk updates and purges the service runs in the background.
 * @category Async actions
 */
export class AsyncActions extends APIResource {
  /**
   * Reads one async action with its `status`, `progress` (0–100) and, once done, its `result`.
   *
   * `GET /v1/async-actions/{asyncActionId}`.
   *
   * @example
   * ```ts
   * // GET /v1/async-actions/{asyncActionId}
   * const action = await client.asyncActions.get('aa_0a1b2c3d4e5f');
   * if (action.status === 'DONE') console.log(action.result);
   * else console.log(action.status, `${action.progress ?? 0}%`);
   * ```
   */
  get(asyncActionId: string, options?: RequestOptions): APIPromise<AsyncAction> {
    return this.core.request(asyncActionOperations['asyncActions.get'], { asyncActionId }, {}, options);
  }

  /**
   * Waits until an async action is done and resolves with the full record, `result` included.
   * Reads it at once, then again after `interval` ms (default 1,000), each wait 1.5 times the one
   * before, up to 10 seconds. Every read is an ordinary {@link get} call, with the client's retry
   * policy and limits. `onProgress` hears each change of `status` or `progress`.
   *
   * Polls `GET /v1/async-actions/{asyncActionId}`.
   *
   * A progress bar, deadlines and testing against the mock: [Long and bulk work](../../docs/long-and-bulk-work.md).
   *
   * @throws AsyncActionFailedError when the action ends `FAILED`; the record is its `asyncAction`.
   * @throws TimeoutError when it is not done within `timeout` ms (default 10 minutes); the message
   * names the action and its last status and progress.
   * @throws AbortError at once when `signal` aborts.
   * @throws InvalidRequestError for a bad option, before anything is sent.
   *
   * @example
   * ```ts
   * // GET /v1/async-actions/{asyncActionId}, until the action is DONE
   * const action = await client.asyncActions.waitFor('aa_0b7a4f2c8e1d', {
   *   interval: 500,
   *   timeout: 5 * 60_000,
   *   onProgress: (a) => console.log(`${a.status} ${a.progress ?? 0}%`),
   * });
   * console.log(action.result?.done_count);
   * ```
   */
  waitFor(asyncActionId: string, options?: WaitForOptions): Promise<AsyncAction> {
    // The wait is loaded on first use: a program that never waits does not carry it.
    return loadChunk('async-action-wait', () => import('./async-action-wait.js')).then(({ waitForAsyncAction }) =>
      waitForAsyncAction((id, requestOptions) => this.get(id, requestOptions), asyncActionId, options),
    );
  }

  /**
   * Lists async actions, newest first, without their `result` (read it with {@link get}). The
   * service has no cursor here: the SDK asks for the next page with `end_date` a millisecond after
   * the last record's `created_at` (so that actions of that instant past the page are reached) and
   * skips records it already yielded; the list ends on `has_more: false` or an empty page. More
   * actions of one millisecond than a page holds stop the walk with `PaginationStalledError`
   * (raise `limit`).
   *
   * `GET /v1/async-actions`; records under `async_actions`.
   *
   * @example
   * ```ts
   * // GET /v1/async-actions
   * const recent = await client.asyncActions.list({ limit: 10 }).toArray({ max: 10 });
   * for (const action of recent) console.log(action.created_at, action.type, action.status);
   * ```
   */
  list(params: ListAsyncActionsParams = {}, options?: RequestOptions): PagePromise<AsyncAction, ListAsyncActionsParams> {
    return this.core.list(asyncActionOperations['asyncActions.list'], {}, params, options);
  }
}

/** The operations of {@link AsyncActions}, as the registry lists them (resources/registry.ts). */
export const asyncActionOperations = operations(loadManagementResponses, {
  'asyncActions.get': operation<AsyncAction>({ method: 'GET', path: '/v1/async-actions/{asyncActionId}' }),
  'asyncActions.list': operation<AsyncActionList, ListAsyncActionsParams>({
    method: 'GET',
    path: '/v1/async-actions',
    rules: object<ListAsyncActionsParams>({ limit: integer(1, 100), end_date: isoDateTime() }),
    paging: walks.endDateCursor,
    records: 'async_actions',
  }),
});

/**
 * Where `client.asyncActions` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const asyncActionGuide: SubClientGuide<keyof typeof asyncActionOperations> = {
  category: 'Async actions',
  tasks: {
    'asyncActions.get': 'read an import or export in progress',
    'asyncActions.waitFor': { task: 'wait for an import or export to finish', polls: 'asyncActions.get' },
    'asyncActions.list': 'list imports and exports',
  },
};

/**
 * The response fields each operation of `client.asyncActions` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const asyncActionRelies: Relies<keyof typeof asyncActionOperations> = {
  'asyncActions.get': ['id', 'status'],
  'asyncActions.list': ['async_actions.*.id', 'async_actions.*.created_at', 'async_actions.*.status'],
};

/**
 * Params of {@link AsyncActions.list}.
 * @category Async actions
 */
export interface ListAsyncActionsParams {
  /** Records per page, 1 to 100. */
  limit?: number | undefined;
  /**
   * Only actions scheduled before this moment: an ISO 8601 date-time string or a `Date`. The SDK
   * moves it back page by page while iterating.
   */
  end_date?: string | Date | undefined;
}
