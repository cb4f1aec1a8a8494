/**
 * An abortable wait, for the waits that are not requests: polling intervals and limits.
 *
 * @module
 */

/**
 * Resolves after `ms` milliseconds; rejects with `signal.reason` as soon as `signal` aborts (at
 * once when it already has), clearing the timer, so an aborted wait keeps nothing alive.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, Math.max(0, ms));
    signal?.addEventListener('abort', abort, { once: true });
  });
}
