/**
 * One process's side of the fleet limiter: its callers wait in line (retries after a 429 first,
 * then first attempts, each in order of arrival), and slots reserved in Redis are handed to the
 * head of the line at their moment. Nothing here touches Redis or the real clock: `reserve`,
 * `now` and the timers are given, so that the logic can be tested in isolation with a simulated
 * clock as well as through Redis.
 *
 * The rules that keep the fleet within its limit:
 * - a slot is used at its moment, by whoever is first in line then, or not at all: a caller that
 *   gives up leaves at once, and its slot goes to the next caller at the same moment;
 * - a slot whose moment passed more than `lateMs` ago (the timer fired late: a busy event loop,
 *   a slow reply) is skipped, never used late, since a late start would crowd the next slot,
 *   perhaps another process's;
 * - never two starts at once: the slots a late timer finds due together are used `gapMs` apart
 *   (each still within `lateMs` of its moment, else skipped);
 * - slots held when the connection to Redis drops are dropped too: a Redis that comes back may
 *   have lost the schedule they belong to;
 * - slots held when the fleet pauses (a 429's `Retry-After`) are dropped, and none is used before
 *   the pause ends.
 *
 * A reservation whose reply cannot be right (a `ReplyError`) fails every caller waiting then, at
 * once, and the next reservation is asked for only after `retryMs`: a server that answers nonsense
 * quickly cannot spin the line.
 *
 * @module
 * @internal
 */
import { LimiterError, printable } from '../core/errors.js';
import { ReplyError } from './replies.js';
import { MAX_BATCH } from './schedule.js';

/** What a reservation gives the line. */
export interface Reserved {
  /** The slots, as moments of the local clock, ascending. */
  slots: number[];
  /** When none was free: the local moment at which one will be. */
  retryAt?: number | undefined;
}

/** A timer as `setTimeout` gives it. */
export interface Timer {
  cancel(): void;
  /** Lets the process exit while only this timer is pending (no caller waits). */
  unref(): void;
}

/** What a {@link Line} is given. */
export interface LineOptions {
  /** Reserves up to `want` slots. Rejects when Redis cannot be reached; may also hang. */
  reserve(want: number): Promise<Reserved>;
  /** The local clock, in milliseconds. */
  now(): number;
  /** Calls `run` after `ms` milliseconds. */
  setTimer(run: () => void, ms: number): Timer;
  /** A slot this late is skipped rather than used. */
  lateMs: number;
  /** Two starts of this process are at least this far apart: never two at once, however late a timer fires. */
  gapMs: number;
  /** The next reservation is asked for when the slots held run out within this many milliseconds. */
  leadMs: number;
  /** The longest a caller waits for Redis while it does not answer, before it is refused. */
  outageMs: number;
  /** The pause before asking again after a failed reservation. */
  retryMs: number;
  /** Names the limiter in its errors. */
  name: string;
}

/** A caller waiting in line. */
interface Waiter {
  since: number;
  done: boolean;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * What a `RedisLimiter` of this process has done since it was created (`limiter.stats()`).
 * @category Redis entry
 */
export interface RedisLimiterStats {
  /** Calls admitted. */
  admitted: number;
  /** Reservations sent to Redis: the limiter's round trips (each reserves up to 16 slots). */
  reservations: number;
  /** Slots Redis reserved for this process. */
  slots: number;
  /** Slots given up because they came due more than half the margin late (a busy event loop). */
  late: number;
  /** Slots no call took (calls that gave up, or none came). */
  unused: number;
  /** Slots dropped because the connection to Redis dropped. */
  dropped: number;
  /** Calls refused with a `LimiterError` because Redis did not answer within `redisTimeout`. */
  refused: number;
  /** Slots given up because the fleet paused (a 429's `Retry-After`, seen by any of its processes). */
  paused: number;
  /** Replies of Redis that could not be right, each failing the calls waiting then with a `LimiterError`. */
  invalid: number;
}

/** The longest a timer is set for: past it, Node fires at once (and warns). */
const LONGEST_TIMER_MS = 2_147_483_647;
/** Slots of a pause published by another process may come a little earlier than its end as this process computes it. */
const PAUSE_SLACK_MS = 10;

/** The callers of one process, and the slots reserved for them. */
export class Line {
  readonly #options: LineOptions;
  /** Retries after a 429, then first attempts: each in order of arrival. */
  readonly #retries: Waiter[] = [];
  readonly #firsts: Waiter[] = [];
  #waiting = 0;
  /** Local moments of the slots held, ascending. */
  #slots: number[] = [];
  #inFlight = false;
  /** When the reservation in flight was sent. */
  #sentAt = 0;
  /** When Redis stopped answering (the first failure since the last success), if it has. */
  #failingSince: number | undefined;
  #lastError: unknown;
  /** No reservation before this moment (after a failure, or when none was free). */
  #notBefore = 0;
  #timer: Timer | undefined;
  #timerAt = Number.POSITIVE_INFINITY;
  #timerHolds = false;
  #closed: Error | undefined;
  #pumpQueued = false;
  /** No slot before this moment: the fleet is paused. */
  #pausedUntil = Number.NEGATIVE_INFINITY;
  /** When this process last started a call (admitted one to its slot). */
  #lastStart = Number.NEGATIVE_INFINITY;
  readonly stats: RedisLimiterStats = { admitted: 0, reservations: 0, slots: 0, late: 0, unused: 0, dropped: 0, refused: 0, paused: 0, invalid: 0 };

  constructor(options: LineOptions) {
    this.#options = options;
  }

  /** Waits for a slot; `retry` puts the caller ahead of first attempts. Rejects with the signal's reason when it aborts. */
  acquire(signal: AbortSignal | undefined, retry: boolean): Promise<void> {
    if (this.#closed) return Promise.reject(this.#closed);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        if (waiter.done) return;
        this.#leave(waiter);
        reject(signal!.reason);
        this.#soon();
      };
      const waiter: Waiter = {
        since: this.#options.now(),
        done: false,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      (retry ? this.#retries : this.#firsts).push(waiter);
      this.#waiting += 1;
      this.#soon();
    });
  }

  /** Pumps once the current tick is over: callers that arrive in one tick share one reservation. */
  #soon(): void {
    if (this.#pumpQueued) return;
    this.#pumpQueued = true;
    queueMicrotask(() => {
      this.#pumpQueued = false;
      this.#pump();
    });
  }

  /** Drops the slots held: the connection they were reserved on has dropped. */
  drop(): void {
    this.stats.dropped += this.#slots.length;
    this.#slots = [];
    this.#pump();
  }

  /**
   * The fleet is paused until `until` (local clock): the slots held before it are dropped, and no
   * reservation is asked for until shortly before it.
   */
  pause(until: number): void {
    if (this.#closed || !(until > this.#pausedUntil)) return;
    this.#pausedUntil = until;
    const kept = this.#slots.filter((slot) => slot >= until - PAUSE_SLACK_MS);
    this.stats.paused += this.#slots.length - kept.length;
    this.#slots = kept;
    this.#notBefore = Math.max(this.#notBefore, until - this.#options.leadMs);
    this.#pump();
  }

  /** Refuses every caller waiting and any later one with `error`. */
  close(error: Error): void {
    this.#closed = error;
    for (const waiter of [...this.#retries, ...this.#firsts]) if (!waiter.done) this.#refuse(waiter, error);
    this.#slots = [];
    this.#timer?.cancel();
    this.#timer = undefined;
  }

  #leave(waiter: Waiter): void {
    waiter.done = true;
    this.#waiting -= 1;
  }

  #refuse(waiter: Waiter, error: unknown): void {
    this.#leave(waiter);
    waiter.reject(error);
  }

  /** The first caller of `queue` still waiting; those ahead who left are cleared away. */
  #first(queue: Waiter[]): Waiter | undefined {
    while (queue.length > 0 && queue[0]!.done) queue.shift();
    return queue[0];
  }

  /** The first caller in line: retries first. */
  #head(): Waiter | undefined {
    return this.#first(this.#retries) ?? this.#first(this.#firsts);
  }

  /** Since when Redis has not answered: its first failure since the last success, else the reservation in flight. */
  #failing(): number | undefined {
    return this.#failingSince ?? (this.#inFlight ? this.#sentAt : undefined);
  }

  /** Does what is due now: hands out slots, refuses callers Redis has failed too long, asks for slots. */
  #pump(): void {
    if (this.#closed) return;
    const { now: clock, lateMs, leadMs, outageMs, gapMs } = this.#options;
    const now = clock();
    while (this.#slots.length > 0 && this.#slots[0]! <= now) {
      const slot = this.#slots[0]!;
      const head = this.#head();
      // Comparisons against the same sums the timer is set for: a timer due at `slot + lateMs`
      // must find that moment reached.
      if (now > slot + lateMs || (!head && now >= slot + lateMs)) {
        this.#slots.shift();
        if (head) this.stats.late += 1;
        else this.stats.unused += 1;
        continue;
      }
      // Nobody waits: the slot stays usable until it is `lateMs` old, for a caller who comes now.
      if (!head) break;
      // Never two starts at once: after a late timer, the slots due together are used `gapMs` apart.
      if (now < this.#lastStart + gapMs) break;
      this.#slots.shift();
      this.#leave(head);
      this.#lastStart = now;
      this.stats.admitted += 1;
      head.resolve();
    }

    const failing = this.#failing();
    if (failing !== undefined && now >= failing + outageMs) {
      const error = new LimiterError(
        this.#options.name,
        // What Redis (or whatever answers in its place) said is quoted printable and short.
        `Redis did not answer within ${outageMs} ms, so the call was not admitted${this.#lastError instanceof Error ? ` (${printable(this.#lastError.message, 200)})` : ''}`,
        { cause: this.#lastError },
      );
      // Each queue is in order of arrival: past the first caller still within its bound, all are.
      for (const queue of [this.#retries, this.#firsts]) {
        for (const waiter of queue) {
          if (waiter.done) continue;
          if (now < Math.max(waiter.since, failing) + outageMs) break;
          this.stats.refused += 1;
          this.#refuse(waiter, error);
        }
      }
    }

    // With callers waiting, every slot left is still ahead: each will serve one of them.
    const unserved = this.#waiting - this.#slots.length;
    const last = this.#slots[this.#slots.length - 1];
    if (unserved > 0 && !this.#inFlight && now >= this.#notBefore && (last === undefined || now >= last - leadMs)) {
      this.#ask(Math.min(MAX_BATCH, unserved), now);
    }
    this.#schedule();
  }

  #ask(want: number, now: number): void {
    this.#inFlight = true;
    this.#sentAt = now;
    this.stats.reservations += 1;
    Promise.resolve()
      .then(() => this.#options.reserve(want))
      .then(
        (reserved) => this.#granted(reserved),
        (error: unknown) => this.#failed(error),
      )
      // Nothing above should throw; if it does, the line goes on as after a failed reservation.
      .catch((error: unknown) => this.#failed(error));
  }

  #granted({ slots, retryAt }: Reserved): void {
    this.#inFlight = false;
    this.#failingSince = undefined;
    this.#lastError = undefined;
    this.stats.slots += slots.length;
    if (this.#closed) return;
    const now = this.#options.now();
    let kept = 0;
    for (const slot of slots) {
      if (slot < this.#pausedUntil - PAUSE_SLACK_MS) continue;
      this.#slots.push(slot);
      kept += 1;
    }
    this.stats.paused += slots.length - kept;
    this.#slots.sort((a, b) => a - b);
    this.#notBefore = slots.length === 0 && retryAt !== undefined ? retryAt : 0;
    if (this.#pausedUntil > now) this.#notBefore = Math.max(this.#notBefore, this.#pausedUntil - this.#options.leadMs);
    this.#pump();
  }

  #failed(error: unknown): void {
    this.#inFlight = false;
    this.#notBefore = this.#options.now() + this.#options.retryMs;
    if (this.#closed) return;
    if (error instanceof ReplyError) {
      // Redis answered, with nonsense: not an outage to wait out. Every caller waiting is told.
      this.stats.invalid += 1;
      for (const waiter of [...this.#retries, ...this.#firsts]) if (!waiter.done) this.#refuse(waiter, error);
    } else {
      this.#failingSince ??= this.#sentAt;
      this.#lastError = error;
    }
    this.#pump();
  }

  /** Sets the one timer for the next moment something is due. */
  #schedule(): void {
    if (this.#closed) return;
    const { now: clock, lateMs, leadMs, outageMs } = this.#options;
    const now = clock();
    let at = Number.POSITIVE_INFINITY;
    const first = this.#slots[0];
    // A slot is due at its moment (and `gapMs` after the last start) when someone waits, else it
    // only expires.
    if (first !== undefined) at = this.#waiting > 0 ? Math.max(first, this.#lastStart + this.#options.gapMs) : first + lateMs;
    if (this.#waiting > 0) {
      const last = this.#slots[this.#slots.length - 1];
      if (!this.#inFlight && this.#waiting > this.#slots.length) {
        // The moment a reservation may be asked for: after a pause, and once the slots held run low.
        at = Math.min(at, Math.max(this.#notBefore, last === undefined ? now : last - leadMs));
      }
      const failing = this.#failing();
      if (failing !== undefined) {
        const oldest = Math.min(this.#first(this.#retries)?.since ?? Number.POSITIVE_INFINITY, this.#first(this.#firsts)?.since ?? Number.POSITIVE_INFINITY);
        at = Math.min(at, Math.max(oldest, failing) + outageMs);
      }
    }
    if (at === Number.POSITIVE_INFINITY) {
      this.#timer?.cancel();
      this.#timer = undefined;
      this.#timerAt = at;
      return;
    }
    // The timer keeps the process alive only while someone waits.
    const hold = this.#waiting > 0;
    if (this.#timer && this.#timerAt === at && this.#timerHolds === hold) return;
    this.#timer?.cancel();
    this.#timerAt = at;
    this.#timerHolds = hold;
    // Timers fire on whole milliseconds, sometimes a little early: round up, and check again when run.
    // Never past what a timer can hold: the moments here are bounded, but a timer must not spin.
    this.#timer = this.#options.setTimer(
      () => {
        this.#timer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#pump();
      },
      Math.min(LONGEST_TIMER_MS, Math.max(0, Math.ceil(at - now))),
    );
    if (!hold) this.#timer.unref();
  }
}
