/**
 * Waiting for an async action to finish: polls with growing intervals until `DONE` or `FAILED`,
 * within a deadline, reporting progress on the way; a status it does not know (or none) is waited
 * through, and named when the deadline passes. Loaded on the first `waitFor`, so a program
 * that never waits does not load it.
 *
 * @module
 */
import {
  AbortError,
  ConfigurationError,
  describeValue,
  InvalidRequestError,
  ResponseValidationError,
  TimeoutError,
  type Issue,
  printable,
} from '../core/errors.js';
import { AsyncActionFailedError } from './async-action-failed.js';
import type { RequestOptions } from '../core/call.js';
import { sleep } from '../core/waiting.js';
import type { AsyncAction } from '../schemas/async-action.js';

/**
 * Options of {@link AsyncActions.waitFor}.
 * @category Async actions
 */
export interface WaitForOptions {
  /**
   * Milliseconds to wait after the first read before the second; each later wait is 1.5 times the
   * one before, up to 10 seconds (or up to `interval` when that is longer). Default 1,000.
   */
  interval?: number | undefined;
  /** Milliseconds the whole wait may take before it rejects with `TimeoutError`. Default 600,000 (10 minutes). */
  timeout?: number | undefined;
  /** Stops the wait: it rejects with `AbortError` at once, and a read in flight is aborted. */
  signal?: AbortSignal | undefined;
  /**
   * Called with the action as read whenever its `status` or `progress` changed since the last
   * read (and after the first read). If it throws, the wait stops and rejects with a
   * `ConfigurationError` naming `onProgress`, whose `cause` is what it threw.
   */
  onProgress?: ((action: AsyncAction) => void) | undefined;
}

const operation = 'asyncActions.waitFor';

/** The longest wait between two reads unless `interval` is longer: 10 seconds. */
const longestInterval = 10_000;

/** Polls `read(id)` until the action is `DONE` (resolves with it) or `FAILED` (rejects), within `timeout`. */
export function waitForAsyncAction(
  read: (asyncActionId: string, options: RequestOptions) => Promise<AsyncAction>,
  asyncActionId: string,
  options: WaitForOptions = {},
): Promise<AsyncAction> {
  const issues: Issue[] = [];
  let copy: WaitForOptions = {};
  try {
    // Each option read once, from a copy.
    copy = { ...options };
  } catch (error) {
    issues.push({ path: ['options'], message: `could not be read: ${describeValue(error)}` });
  }
  const { interval = 1_000, timeout = 600_000, signal, onProgress } = copy;
  if (typeof asyncActionId !== 'string' || asyncActionId.trim() === '')
    issues.push({ path: ['asyncActionId'], message: 'must be a non-empty string, not only spaces' });
  if (!(Number.isFinite(interval) && interval > 0)) issues.push({ path: ['interval'], message: 'must be a positive number of milliseconds' });
  if (!(Number.isFinite(timeout) && timeout > 0 && timeout <= 2_147_483_647))
    issues.push({ path: ['timeout'], message: 'must be a positive number of milliseconds, at most 2147483647' });
  if (onProgress !== undefined && typeof onProgress !== 'function') issues.push({ path: ['onProgress'], message: 'must be a function' });
  if (issues.length > 0) return Promise.reject(new InvalidRequestError(operation, issues));

  const stop = new AbortController();
  let last: AsyncAction | undefined;

  const poll = async (): Promise<AsyncAction> => {
    let wait = interval;
    for (;;) {
      const action = await read(asyncActionId, { signal: stop.signal }).catch((error: unknown) => {
        // A status promokit does not know (a new one, or none) is no answer yet: keep waiting.
        const body = (error as { body?: Partial<AsyncAction> } | undefined)?.body;
        if (error instanceof ResponseValidationError && body?.id === asyncActionId && error.issues.every((issue) => issue.path[0] === 'status'))
          return body as AsyncAction;
        throw error;
      });
      // Another record (or none, with validation off) is no answer about this action.
      if ((action as Partial<AsyncAction> | null)?.id !== asyncActionId) {
        throw new ResponseValidationError(operation, [{ path: ['id'], message: `must be ${asyncActionId}, the action waited for` }], action);
      }
      const changed = !last || last.status !== action.status || last.progress !== action.progress;
      last = action;
      if (changed) {
        try {
          onProgress?.(action);
        } catch (error) {
          throw new ConfigurationError('onProgress', `${operation}: the onProgress function threw, so the wait stopped: ${describeValue(error)}`, {
            cause: error,
          });
        }
      }
      if (action.status === 'DONE') return action;
      if (action.status === 'FAILED') throw new AsyncActionFailedError(action);
      await sleep(wait, stop.signal);
      wait = Math.min(wait * 1.5, Math.max(interval, longestInterval));
    }
  };

  return new Promise<AsyncAction>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      // Stops a read in flight or a wait between reads; their rejections are ignored from here on.
      stop.abort();
      outcome();
    };
    const aborted = () =>
      settle(() => reject(new AbortError(`${operation}: aborted by the caller's signal while waiting for async action ${asyncActionId}`, { operation })));
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new TimeoutError(`${operation}: async action ${asyncActionId} did not finish within ${timeout} ms; ${describeLast(last)}`, { operation })),
        ),
      timeout,
    );
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', aborted, { once: true });
    poll().then(
      (action) => settle(() => resolve(action)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/** The last status and progress read, for the timeout message. */
function describeLast(last: AsyncAction | undefined): string {
  if (!last) return 'no read of it completed';
  const status = typeof last.status === 'string' ? printable(last.status, 40) : 'none';
  const known = ['ENQUEUED', 'IN_PROGRESS'].includes(status) ? '' : ' (a status promokit does not know, waited through)';
  return `last read: status ${status}${known}, progress ${last.progress ?? 'unknown'}${typeof last.progress === 'number' ? '%' : ''}`;
}
