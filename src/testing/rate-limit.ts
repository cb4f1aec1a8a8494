/**
 * The mock's optional rate limit: over `requests` requests in the last `perMs` milliseconds (a
 * sliding window), it answers 429 with `Retry-After`, as a rate-limited service does.
 *
 * @module
 */

/** The `rateLimit` option of `createMockService()`. */
export interface MockRateLimit {
  /** Requests answered per window: a whole number, 1 or more. */
  requests: number;
  /** The window in milliseconds, more than 0. */
  perMs: number;
}

/**
 * Returns the check for one request: `undefined` when the request is admitted (and counted),
 * otherwise the whole seconds (at least 1) until the window has room, for `Retry-After`.
 * Requests answered 429 are not counted.
 */
export function rateLimitCheck({ requests, perMs }: MockRateLimit): () => number | undefined {
  if (!(Number.isInteger(requests) && requests >= 1) || !(Number.isFinite(perMs) && perMs > 0)) {
    throw new TypeError(
      `createMockService: rateLimit must be { requests: a whole number, 1 or more, perMs: more than 0 }; got ${JSON.stringify({ requests, perMs })}`,
    );
  }
  const admitted: number[] = [];
  return () => {
    const now = Date.now();
    while (admitted.length > 0 && admitted[0]! <= now - perMs) admitted.shift();
    if (admitted.length < requests) {
      admitted.push(now);
      return undefined;
    }
    return Math.max(1, Math.ceil((admitted[0]! + perMs - now) / 1000));
  };
}
