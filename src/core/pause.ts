/**
 * The pause of a server `Client` after a 429: a `Retry-After` seen by any call holds the start of
 * the client's new calls until it passes, or, longer than `maxRetryDelay`, refuses them at once,
 * honest about the wait. Always on, whatever the limit options.
 *
 * @module
 */
import type PQueue from 'p-queue';
import { RateLimitError } from './api-errors.js';
import { retryAfterMs } from './retry-after.js';
import { sleep } from './sleep.js';

/**
 * The pause after a 429: until the moment its `Retry-After` names, new calls wait before they
 * start (a pause of at most `cap` ms) or are refused at once (a longer one), and the queue starts
 * none.
 */
export class Pause {
  /** When the pause ends, in epoch milliseconds; in the past when there is none. */
  #until = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #queue: PQueue | undefined;
  readonly #cap: number;

  constructor(cap: number) {
    this.#cap = cap;
  }

  /**
   * Starts or lengthens the pause for a 429's `Retry-After` (read as the retries read it); without
   * a readable one, nothing. A pause of at most `cap` holds the queue; a longer one does not, its
   * calls being refused as they come (see {@link Pause.over}).
   */
  saw(headers: Headers): void {
    const ms = retryAfterMs((name) => headers.get(name)) ?? 0;
    // Absent, unreadable (NaN) or already past: no pause.
    if (!(ms > 0)) return;
    const until = Date.now() + ms;
    if (until <= this.#until) return;
    this.#until = until;
    clearTimeout(this.#timer);
    if (ms > this.#cap) {
      this.#queue?.start();
      return;
    }
    this.#queue?.pause();
    this.#timer = setTimeout(() => this.#queue?.start(), ms);
    // Keep the process alive for the pause only while calls wait in the queue; calls that arrive
    // during the pause wait in `over`, on a timer of their own.
    if (!this.#queue?.size) (this.#timer as { unref?(): void }).unref?.();
  }

  /**
   * Resolves when no pause is on (at once when none is); rejects when `signal` aborts first, and
   * at once, with a `RateLimitError` whose `retryAfter` is the time left, while a pause longer
   * than `cap` lasts: waiting it out silently would hold every call past its own timeout.
   */
  async over(operation: string, signal: AbortSignal | undefined): Promise<void> {
    for (let left = this.#until - Date.now(); left > 0; left = this.#until - Date.now()) {
      if (left > this.#cap) throw pausedFor(operation, left, this.#cap);
      await sleep(left, signal);
    }
  }

  /** Pauses and resumes `queue` with the pause from now on. */
  attach(queue: PQueue): void {
    this.#queue = queue;
    const left = this.#until - Date.now();
    if (left > 0 && left <= this.#cap) queue.pause();
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
