/**
 * One caller's `AbortSignal` shared by many calls: each call listens to a signal of its own, and
 * the caller's signal gets one listener however many calls share it (Node warns past ten).
 *
 * @module
 */

/** The calls listening to each caller's signal, through its one listener. */
const listening = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * A signal for one call that aborts, with the same reason, when `signal` does; `done()` stops
 * listening once the call settles.
 */
export function callSignal(signal: AbortSignal): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  let calls = listening.get(signal);
  if (signal.aborted) controller.abort(signal.reason);
  else if (!calls) {
    listening.set(signal, (calls = new Set()));
    const all = calls;
    signal.addEventListener('abort', () => {
      for (const call of all) call.abort(signal.reason);
      all.clear();
    }, { once: true });
  }
  calls?.add(controller);
  return { signal: controller.signal, done: () => calls?.delete(controller) };
}
