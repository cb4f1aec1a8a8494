// Types of bench/rate-limited-server.mjs, for the test suite.

/** What the server saw so far. */
export interface RateLimitedServerStats {
  /** Requests received, 429s included. */
  received: number;
  /** Requests answered 200. */
  admitted: number;
  /** Requests answered 429. */
  rejected: number;
  /** The most requests in flight at once. */
  maxInFlight: number;
  /** The most requests that arrived within any window of `perMs`. */
  maxInWindow: number;
  /** Milliseconds from the first request to the last. */
  spanMs: number;
}

/** A running server. */
export interface RateLimitedServer {
  url: string;
  port: number;
  stats(): RateLimitedServerStats;
  close(): Promise<void>;
}

/** Starts a server that answers 429 over `requests` per `perMs` (sliding window) on 127.0.0.1. */
export declare function startRateLimitedServer(options: { requests: number; perMs: number; delayMs?: number; retryAfter?: number }): Promise<RateLimitedServer>;
