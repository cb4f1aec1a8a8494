/**
 * Bounded waits: a wait of a call that is not a request (the access token function, a limiter)
 * ends at its bound or at the caller's signal, whichever comes first, so nothing outside the
 * request itself can hold a call for ever.
 *
 * @module
 */

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
