/**
 * The options of a server `Client` for bulk work and the shape of a shared `limiter` (what users
 * write), and the pause after a 429: a `Retry-After` seen by a call holds the start of the new
 * calls of the same tenant (the credentials it was earned with: another tenant's quota is
 * another's) until it passes, or, longer than `maxRetryDelay`, refuses them at once, honest about
 * the wait. Always on, whatever the limit options. How the client applies the options is in
 * limits.ts and admission.ts.
 *
 * @module
 */
import { retryAfterMs } from './api-errors.js';
import { pauseRefusal } from './outcome.js';
import { sleep } from './waiting.js';

/**
 * Gives back the slot a {@link Limiter} granted; the client calls it once, when the call settles.
 * @category Client
 */
export type LimiterRelease = () => void;

/**
 * A limit shared beyond one client, e.g. by every process of a fleet through Redis (see
 * `promokit/limiter-redis`). The client calls {@link Limiter.acquire} just before a call starts
 * (after its own `maxConcurrency` and `rateLimit`), and again, with `{ retry: true }`, before each
 * time it sends the call again (a retry after a 429, a 5xx or a timeout, or the resend with a
 * fresh token after a 401), having given back the earlier place first: every request the service
 * counts is admitted. The release it returns, if any, is called once that place is done with.
 *
 * ```ts
 * const limiter: Limiter = { acquire: (signal) => myLimit.wait(signal) };
 * ```
 * @category Client
 */
export interface Limiter {
  /**
   * Resolves when one more request may start, optionally with a function that gives the slot back
   * (for limits of calls in flight; a rate limit returns nothing). Must reject promptly, taking no
   * slot, when `signal` aborts while waiting. Any other rejection (its store is unreachable)
   * fails the call with a `PromokitError` that names it; nothing is sent.
   *
   * `request.retry` is `true` when the request is a call sent again (most often after a 429): a
   * limiter should admit it ahead of first attempts that wait in the same process, so a refused
   * call does not go to the back of a long line.
   */
  acquire(signal?: AbortSignal, request?: LimiterRequest): Promise<LimiterRelease | void>;
  /**
   * Optional. Called when the service answers 429 with a `Retry-After` of `ms` milliseconds
   * (more than 0): a limiter shared by a fleet should admit no call, in any process, until that
   * time has passed (`promokit/redis` moves the fleet's schedule). The client does not wait for
   * it; a throw or a rejection is ignored.
   */
  pause?(ms: number): void | Promise<void>;
}

/**
 * What a {@link Limiter} is told about the request it admits.
 * @category Client
 */
export interface LimiterRequest {
  /** `true` for a call sent again (a retry, or the resend after a 401): admit it first in line. */
  retry?: boolean | undefined;
}

/**
 * A rate: at most `requests` calls started in any window of `perMs` milliseconds.
 * @category Client
 */
export interface RateLimit {
  /** Calls per window: a whole number, 1 or more. */
  requests: number;
  /** The window in milliseconds, more than 0. */
  perMs: number;
}

/**
 * Options of the server `Client` for bulk work. They apply to every call of the client (each
 * counted once, however many attempts its retries take), and a call aborted while it waits leaves
 * the queue at once without being sent. Waiting does not count against the per-attempt `timeout`.
 *
 * Sizing the limits, sharing one across a fleet and testing bulk code: [Long and bulk work](../../docs/long-and-bulk-work.md).
 *
 * @category Client
 */
export interface LimitOptions {
  /** At most this many calls in flight: a whole number, 1 or more. The rest wait in order. Default: unlimited. */
  maxConcurrency?: number | undefined;
  /**
   * At most `requests` calls started in any window of `perMs` milliseconds: a sliding window, so
   * never twice the rate across a window boundary. Calls are spread through the window in about
   * 20 slices rather than sent in one burst, with 2 % to spare for network jitter; the rest wait
   * in order. Every attempt counts: a call's retry (after a 429's pause too) and its resend after
   * a 401 take a start in the window as well, ahead of the calls waiting for their first.
   * Default: none.
   */
  rateLimit?: RateLimit | undefined;
  /** A limit shared with other clients or processes, asked after `maxConcurrency` and `rateLimit`. */
  limiter?: Limiter | undefined;
  /**
   * The longest a call waits for the `limiter` to admit it, in milliseconds, its turn in a long
   * batch included; past it, or when the limiter fails, the call rejects with `LimiterError`,
   * nothing sent (never admitted unlimited). The limiter's `signal` aborts then too, so it can
   * leave its line. Default 60,000: raise it for batches that queue longer.
   */
  limiterTimeout?: number | undefined;
}

/** The most tenants whose pauses a client keeps at once; past it the oldest is forgotten. */
const TENANTS_LIMIT = 1_000;

/**
 * The pauses after a 429, by tenant: until the moment its `Retry-After` names, the tenant's new
 * calls wait before they start (a pause of at most `cap` ms) or are refused at once (a longer one).
 */
export class Pause {
  /** When each tenant's pause ends, in epoch milliseconds; the latest set last. */
  readonly #until = new Map<string, number>();
  readonly #cap: number;

  constructor(cap: number) {
    this.#cap = cap;
  }

  /** Starts or lengthens `tenant`'s pause for a 429's `Retry-After`; without a readable one, nothing. */
  saw(headers: Headers, tenant: string): void {
    const ms = retryAfterMs((name) => headers.get(name)) ?? 0;
    // Absent, unreadable (NaN) or already past: no pause.
    if (!(ms > 0)) return;
    const until = Date.now() + ms;
    if (until <= this.left(tenant) + Date.now()) return;
    this.#until.delete(tenant);
    this.#until.set(tenant, until);
    if (this.#until.size > TENANTS_LIMIT) this.#until.delete(this.#until.keys().next().value!);
  }

  /** Milliseconds left of `tenant`'s pause; 0 when none is on. */
  left(tenant: string): number {
    const until = this.#until.get(tenant);
    if (until === undefined) return 0;
    const left = until - Date.now();
    if (left <= 0) this.#until.delete(tenant);
    return Math.max(0, left);
  }

  /**
   * Resolves when `tenant` has no pause on (at once when none is); rejects when `signal` aborts
   * first, and at once, with a `RateLimitError` whose `retryAfter` is the time left, while a pause
   * longer than `cap` lasts: waiting it out silently would hold every call past its own timeout.
   */
  async over(operation: string, tenant: string, signal: AbortSignal | undefined): Promise<void> {
    for (let left = this.left(tenant); left > 0; left = this.left(tenant)) {
      if (left > this.#cap) throw await pauseRefusal(operation, left, this.#cap);
      await sleep(left, signal);
    }
  }
}
