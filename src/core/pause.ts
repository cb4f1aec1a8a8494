/**
 * The pause of a server `Client` after a 429: a `Retry-After` seen by a call holds the start of
 * the new calls of the same tenant (the credentials it was earned with: another tenant's quota is
 * another's) until it passes, or, longer than `maxRetryDelay`, refuses them at once, honest about
 * the wait. Always on, whatever the limit options.
 *
 * @module
 */
import { RateLimitError } from './api-errors.js';
import { retryAfterMs } from './retry-after.js';
import { sleep } from './sleep.js';

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
      if (left > this.#cap) throw pausedFor(operation, left, this.#cap);
      await sleep(left, signal);
    }
  }
}

/** The `RateLimitError` of a call refused during a pause longer than `maxRetryDelay`: nothing sent. */
function pausedFor(operation: string, left: number, cap: number): RateLimitError {
  const seconds = Math.ceil(left / 1000);
  return new RateLimitError({
    status: 429,
    operation,
    attempts: 0,
    outcome: 'not_sent',
    headers: { 'retry-after': String(seconds) },
    body: { message: `the service asked for a pause longer than maxRetryDelay (${cap} ms); ${seconds} s remain, so the call was not sent` },
  });
}
