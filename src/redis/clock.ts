/**
 * Maps Redis's clock to this process's: each reply gives Redis's time at some moment between the
 * request and the reply, so the estimate of the offset from the quickest recent round trip is the
 * closest (within half that round trip). Slots are decided on Redis's clock, the one every
 * process of the fleet shares, and waited for on the local one.
 *
 * Redis's clock is the wall clock of its host, which may be stepped (NTP, a failover to a host
 * whose clock differs). A sample that disagrees with the estimate by more than its own round trip
 * allows, and {@link STEP_MS} more, is a step: the samples taken before it are dropped.
 *
 * @module
 * @internal
 */

/** A disagreement between Redis's clock and the estimate past which Redis's clock has jumped. */
export const STEP_MS = 50;

/** Redis's clock, as seen from this process. */
export class RedisClock {
  #samples: Array<{ offset: number; roundTrip: number }> = [];
  #offset = 0;
  /** Steps seen. */
  steps = 0;

  /** A reply that left at `sent` and came back at `received` (local clock) said Redis's time was `redisNow`. */
  sample(sent: number, received: number, redisNow: number): void {
    const roundTrip = Math.max(0, received - sent);
    const offset = redisNow - (sent + received) / 2;
    if (this.#samples.length > 0 && Math.abs(offset - this.#offset) > roundTrip / 2 + this.#best() / 2 + STEP_MS) {
      this.#samples = [];
      this.steps += 1;
    }
    this.#samples.push({ offset, roundTrip });
    // Recent samples only: Redis's clock may be adjusted.
    if (this.#samples.length > 16) this.#samples.shift();
    this.#offset = this.#samples.reduce((best, s) => (s.roundTrip < best.roundTrip ? s : best)).offset;
  }

  /** A moment of Redis's clock on the local one. */
  toLocal(redisMs: number): number {
    return redisMs - this.#offset;
  }

  /** The quickest round trip among the samples. */
  #best(): number {
    return this.#samples.reduce((best, s) => Math.min(best, s.roundTrip), Number.POSITIVE_INFINITY);
  }
}
