/**
 * The error `asyncActions.waitFor` rejects with when the action it waits for fails. Declared
 * apart from the wait itself (async-action-wait.ts), which is loaded only on the first `waitFor`:
 * the class is there for every `instanceof` check.
 *
 * @module
 */
import { ownErrorClasses, PromokitError } from '../core/errors.js';
import type { AsyncAction } from '../schemas/async-action.js';

/**
 * An async action the SDK waited for (`asyncActions.waitFor`) ended with status `FAILED`.
 * `asyncAction` holds the record as last read, with its `result` (what failed, and why).
 * @category Errors
 */
export class AsyncActionFailedError extends PromokitError {
  override name: string = 'AsyncActionFailedError';
  /** The failed action as last read, with `status: 'FAILED'` and its `result`. */
  declare readonly asyncAction: AsyncAction;

  constructor(asyncAction: AsyncAction) {
    // An error built by hand may be given anything: it builds all the same.
    const reason = asyncAction?.result?.message;
    super(`asyncActions.waitFor: async action ${asyncAction?.id}${asyncAction?.type ? ` (${asyncAction.type})` : ''} failed${reason ? `: ${reason}` : ''}`);
    this.asyncAction = asyncAction;
  }
}

ownErrorClasses(AsyncActionFailedError);
