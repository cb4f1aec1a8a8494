/**
 * An abortable wait, for the waits that are not requests: polling intervals and limits.
 *
 * Bounded waits: a wait of a call that is not a request (the access token function, a limiter) ends
 * at its bound or at the caller's signal, whichever comes first, so nothing outside the request
 * itself can hold a call for ever.
 *
 * @module
 */

/** How long the access token function may take, and the caller's signal: the call's own bounds. */
export interface TokenWait {
  /** Milliseconds: the call's timeout. */
  timeout: number;
  /** The caller's signal. */
  signal?: AbortSignal | undefined;
  /** The token is asked for again after a 401 to the call: its failure says the call was answered. */
  again?: boolean | undefined;
}

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
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', abort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Settles as `promise` does, unless `ms` milliseconds pass first (rejects with `timedOut()`) or
 * `signal` aborts first (rejects with its reason). Its timer and listener go when it settles.
 */
export function bounded<T>(promise: PromiseLike<T>, ms: number, signal: AbortSignal | undefined, timedOut: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      finish();
    };
    const aborted = () => settle(() => reject(signal!.reason));
    const timer = setTimeout(() => settle(() => reject(timedOut())), ms);
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', aborted);
    promise.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/**
 * The method a managed `accessToken` function (`cachedAccessToken`) has for a caller that gave
 * up waiting on it at its bound: given the promise the function returned to that caller, it
 * abandons the refresh behind it, if that refresh is still the one under way, so the next call
 * asks again instead of waiting on a refresh that may never settle. Told by the promise, not by
 * the time: a clock that moved on between the caller's wait and the refresh's start changes
 * nothing.
 */
export const abandonRefresh: unique symbol = Symbol('promokit.abandonRefresh') as never;
