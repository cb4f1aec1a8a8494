/**
 * The fleet limiter's reservation logic in isolation: `grant` (the arithmetic Redis runs) and
 * `Line` (one process's callers and slots), on a simulated clock, several lines sharing one
 * schedule, with timers that fire late, callers that give up, retries and failing reservations.
 * The same `grant` is held against the Lua script in Redis in redis.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LimiterError } from '../../src/core/errors.js';
import { Line, type Reserved, type Timer } from '../../src/redis/line.js';
import { ReplyError } from '../../src/redis/replies.js';
import { grant, MAX_BATCH, type Spacing } from '../../src/redis/schedule.js';

/** Lets every promise callback that is ready run (a macrotask runs after the microtask queue). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A simulated clock with timers. Each timer fires `lateBy(moment)` ms after its moment, as timers
 * of a busy event loop do; `run` advances time from one timer to the next.
 */
class Clock {
  now = 0;
  #timers: Array<{ at: number; seq: number; run: () => void; cancelled: boolean }> = [];
  #seq = 0;
  constructor(readonly lateBy: (at: number) => number = () => 0) {}

  setTimer = (run: () => void, ms: number, late = true): Timer => {
    const at = this.now + ms;
    const timer = { at: at + (late ? this.lateBy(at) : 0), seq: this.#seq++, run, cancelled: false };
    this.#timers.push(timer);
    return { cancel: () => (timer.cancelled = true), unref: () => undefined };
  };

  /** Runs the timers due up to `until`, in order, letting promises settle after each. */
  async run(until: number): Promise<void> {
    await settle();
    for (;;) {
      this.#timers = this.#timers.filter((t) => !t.cancelled);
      this.#timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.#timers[0];
      if (!next || next.at > until) break;
      this.#timers.shift();
      this.now = Math.max(this.now, next.at);
      next.run();
      await settle();
    }
    this.now = Math.max(this.now, until);
  }
}

/** One schedule, as Redis keeps it, reached with a round trip of `roundTripMs`; `down` makes it fail. */
class Store {
  next: number | undefined;
  granted: number[][] = [];
  down: 'no' | 'refuse' | 'hang' = 'no';
  constructor(
    readonly clock: Clock,
    readonly spacing: Spacing,
    readonly roundTripMs = 0.4,
  ) {}

  /**
   * A line's `reserve`: the slots are on the simulated clock, which plays Redis's too. While Redis
   * is down it refuses at once, or does not answer and the reservation fails after 1,000 ms, as
   * the limiter's connection cuts an attempt short.
   */
  reserveFor(line: number) {
    this.granted[line] = [];
    return (want: number): Promise<Reserved> =>
      new Promise((resolve, reject) => {
        if (this.down === 'refuse') return void this.clock.setTimer(() => reject(new Error('connect ECONNREFUSED')), 0, false);
        if (this.down === 'hang') return void this.clock.setTimer(() => reject(new Error('Redis did not reply within 1000 ms')), 1_000, false);
        this.clock.setTimer(
          () => {
            const { start, count, next } = grant(this.next, this.clock.now, want, this.spacing);
            this.next = next;
            const slots = Array.from({ length: count }, (_, i) => start + i * this.spacing.intervalMs);
            this.granted[line]!.push(...slots);
            this.clock.setTimer(() => resolve(count === 0 ? { slots, retryAt: start - this.spacing.aheadMs } : { slots }), this.roundTripMs / 2, false);
          },
          this.roundTripMs / 2,
          false,
        );
      });
  }
}

const REQUESTS = 10;
const PER_MS = 1_000;
const MARGIN_MS = 50;
const LATE_MS = 10;
const spacing: Spacing = { intervalMs: (PER_MS + MARGIN_MS) / REQUESTS, aheadMs: 500 };

function lineFor(store: Store, index: number, outageMs = 3_000, lateMs = LATE_MS): Line {
  return new Line({
    reserve: store.reserveFor(index),
    now: () => store.clock.now,
    setTimer: store.clock.setTimer,
    lateMs,
    gapMs: store.spacing.intervalMs / 2,
    leadMs: 2 * store.spacing.intervalMs,
    outageMs,
    retryMs: 100,
    name: 'test limiter',
  });
}

/** A small seeded random number generator (fast-check picks the seed, so a failure replays). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The most of the ascending `times` in any half-open span of `span` ms. */
function mostInSpan(times: number[], span: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[first]! <= times[last]! - span) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe('grant (the reservation Redis runs)', () => {
  it('hands out consecutive slots from the next free one, at most `want`, none beyond `aheadMs`', () => {
    expect(grant(1_000, 900, 3, spacing)).toEqual({ start: 1_000, count: 3, next: 1_315 });
    // An idle schedule starts now.
    expect(grant(1_000, 5_000, 1, spacing)).toEqual({ start: 5_000, count: 1, next: 5_105 });
    // Only the slots within 500 ms: 1,000, 1,105, 1,210, 1,315, 1,420.
    expect(grant(1_000, 920, 16, spacing)).toMatchObject({ start: 1_000, count: 5 });
    // None free within 500 ms: nothing taken, nothing stored.
    expect(grant(2_000, 1_000, 4, spacing)).toEqual({ start: 2_000, count: 0, next: 2_000 });
  });

  it('holds back the first slot of a schedule Redis does not have (new, or lost) by `aheadMs`', () => {
    expect(grant(undefined, 10_000, 16, spacing)).toEqual({ start: 10_500, count: 1, next: 10_605 });
  });

  it('property: however reservations interleave, no span of perMs + margin holds more than `requests` slots', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.double({ min: 0, max: 400, noNaN: true }), want: fc.integer({ min: 1, max: MAX_BATCH }) }), { maxLength: 200 }),
        (steps) => {
          let stored: number | undefined;
          let now = 1_000_000;
          const slots: number[] = [];
          for (const { gap, want } of steps) {
            now += gap;
            const { start, count, next } = grant(stored, now, want, spacing);
            for (let i = 0; i < count; i++) slots.push(start + i * spacing.intervalMs);
            // Never in the past, never beyond the horizon.
            if (count > 0) expect(start).toBeGreaterThanOrEqual(now);
            if (count > 0) expect(start + (count - 1) * spacing.intervalMs).toBeLessThanOrEqual(now + spacing.aheadMs + 1e-9);
            stored = next;
          }
          for (let i = 1; i < slots.length; i++) expect(slots[i]! - slots[i - 1]!).toBeGreaterThanOrEqual(spacing.intervalMs - 1e-9);
          expect(mostInSpan(slots, PER_MS + MARGIN_MS - 1e-6)).toBeLessThanOrEqual(REQUESTS);
        },
      ),
    );
  });
});

describe('Line (one process)', () => {
  it('admits callers in order at their slots, and a retry ahead of first attempts that wait', async () => {
    const clock = new Clock();
    const store = new Store(clock, spacing);
    store.next = 0;
    const line = lineFor(store, 0);
    const order: string[] = [];
    const call = (name: string, retry = false) => line.acquire(undefined, retry).then(() => order.push(`${name}@${Math.round(clock.now)}`));
    const waits = [call('a'), call('b'), call('c')];
    await clock.run(50);
    waits.push(call('retry', true));
    await clock.run(1_000);
    await Promise.all(waits);
    // a takes the slot at 0.2 ms (the round trip); b, c had slots at 105 and 210, but the retry
    // that came at 50 goes first, so b and c move one slot along.
    expect(order).toEqual(['a@0', 'retry@105', 'b@210', 'c@315']);
  });

  it('a caller that gives up leaves at once, and its slot goes to the next caller at the same moment', async () => {
    const clock = new Clock();
    const store = new Store(clock, spacing);
    store.next = 0;
    const line = lineFor(store, 0);
    const controller = new AbortController();
    const times: Record<string, number> = {};
    const a = line.acquire(undefined, false).then(() => (times.a = clock.now));
    const b = line.acquire(controller.signal, false).then(
      () => (times.b = clock.now),
      (error: unknown) => ((times.bLeft = clock.now), error),
    );
    const c = line.acquire(undefined, false).then(() => (times.c = clock.now));
    await clock.run(60);
    controller.abort(new Error('gave up'));
    await settle();
    expect(await b).toEqual(new Error('gave up'));
    expect(times.bLeft).toBe(60);
    await clock.run(1_000);
    await Promise.all([a, c]);
    // c takes the slot b gave up (the second of the schedule), within the timer's millisecond.
    expect(times.c! - store.granted[0]![1]!).toBeGreaterThanOrEqual(0);
    expect(times.c! - store.granted[0]![1]!).toBeLessThanOrEqual(1);
    expect(store.granted[0]).toHaveLength(3);
    expect(line.stats).toMatchObject({ admitted: 2, unused: 1 });
  });

  it('skips a slot whose timer fires more than lateMs late, and takes a later one', async () => {
    // Timers due between 1,000 and 1,050 fire 25 ms late.
    const clock = new Clock((at) => (at >= 1_000 && at < 1_050 ? 25 : 0));
    const store = new Store(clock, spacing);
    store.next = 1_000;
    const line = lineFor(store, 0);
    let admitted = 0;
    const first = line.acquire(undefined, false).then(() => (admitted = clock.now));
    await clock.run(3_000);
    await first;
    // The slot at 1,000 came due at 1,025: skipped; the caller took the next slot, on time.
    expect(line.stats).toMatchObject({ late: 1, admitted: 1 });
    expect(store.granted[0]!.slice(0, 2)).toEqual([1_000, 1_105]);
    expect(admitted - 1_105).toBeGreaterThanOrEqual(0);
    expect(admitted - 1_105).toBeLessThanOrEqual(1);
  });

  it('a pause drops the slots held, admits nobody before it ends, and filters slots of a reservation answered before it', async () => {
    const clock = new Clock();
    const store = new Store(clock, spacing);
    store.next = 0;
    const line = lineFor(store, 0);
    const admitted: number[] = [];
    const calls = Array.from({ length: 6 }, () => line.acquire(undefined, false).then(() => admitted.push(clock.now)));
    await clock.run(150);
    // Two admitted (0 and 105); the line holds slots up to 420 (reserved 500 ms ahead).
    expect(admitted).toHaveLength(2);
    line.pause(1_200);
    // The schedule itself moves too (the script does that in Redis): later slots start at 1,200.
    store.next = 1_200;
    await clock.run(5_000);
    await Promise.all(calls);
    expect(admitted.slice(2).every((t) => t >= 1_200)).toBe(true);
    expect(line.stats.paused).toBeGreaterThanOrEqual(3);
    expect(line.stats.admitted).toBe(6);
  });

  it('a reply that cannot be right refuses every caller waiting at once with it, and the line asks again only after retryMs', async () => {
    const clock = new Clock();
    let calls = 0;
    let sane = false;
    const bad = new ReplyError('test limiter', 'Redis gave a reply that cannot be right');
    const line = new Line({
      reserve: async () => {
        calls += 1;
        if (!sane) throw bad;
        return { slots: [clock.now + 1] };
      },
      now: () => clock.now,
      setTimer: clock.setTimer,
      lateMs: LATE_MS,
      gapMs: spacing.intervalMs / 2,
      leadMs: 10,
      outageMs: 3_000,
      retryMs: 100,
      name: 'test limiter',
    });
    const outcomes = await Promise.allSettled([line.acquire(undefined, false), line.acquire(undefined, true), line.acquire(undefined, false)]);
    expect(outcomes.map((o) => o.status === 'rejected' && o.reason)).toEqual([bad, bad, bad]);
    expect(line.stats).toMatchObject({ invalid: 1, refused: 0 });
    // Callers that keep coming meet at most one round trip per retryMs.
    const refused: unknown[] = [];
    for (let t = 0; t < 1_000; t += 10) {
      line.acquire(undefined, false).catch((error: unknown) => refused.push(error));
      await clock.run(clock.now + 10);
    }
    expect(calls).toBeLessThanOrEqual(12);
    expect(refused.every((e) => e === bad)).toBe(true);
    sane = true;
    await clock.run(clock.now + 200);
    const admitted = line.acquire(undefined, false);
    await clock.run(clock.now + 200);
    await expect(admitted).resolves.toBeUndefined();
  });

  it('a reserve that throws at once, or resolves something broken, is a failed reservation, never an unhandled rejection', async () => {
    const clock = new Clock();
    let step = 0;
    const line = new Line({
      reserve: (() => {
        step += 1;
        if (step === 1) throw new Error('thrown at once');
        if (step === 2) return Promise.resolve(null);
        return Promise.resolve({ slots: [clock.now + 1] });
      }) as unknown as (want: number) => Promise<Reserved>,
      now: () => clock.now,
      setTimer: clock.setTimer,
      lateMs: LATE_MS,
      gapMs: spacing.intervalMs / 2,
      leadMs: 10,
      outageMs: 500,
      retryMs: 100,
      name: 'test limiter',
    });
    const waiting = line.acquire(undefined, false);
    await clock.run(1_000);
    await expect(waiting).resolves.toBeUndefined();
    expect(step).toBe(3);
  });

  it('refuses callers with a LimiterError once Redis has not answered for outageMs, and flows again when it does', async () => {
    const clock = new Clock();
    const store = new Store(clock, spacing);
    store.next = 0;
    const line = lineFor(store, 0, 1_000);
    store.down = 'hang';
    const outcomes: Array<[string, number]> = [];
    const call = (name: string) =>
      line.acquire(undefined, false).then(
        () => outcomes.push([`${name} admitted`, clock.now]),
        (error: unknown) => outcomes.push([`${name} ${error instanceof LimiterError ? 'LimiterError' : String(error)}`, clock.now]),
      );
    const early = call('early');
    await clock.run(600);
    const later = call('later');
    await clock.run(1_200);
    await early;
    expect(outcomes).toEqual([['early LimiterError', 1_000]]);
    expect(line.stats.refused).toBe(1);
    // Redis answers again: the hung reservation is still in flight; a new one flows.
    store.down = 'refuse';
    await clock.run(1_700);
    await later;
    expect(outcomes[1]).toEqual(['later LimiterError', 1_600]);
    store.down = 'no';
    const resumed = call('resumed');
    await clock.run(2_500);
    await resumed;
    expect(outcomes[2]![0]).toBe('resumed admitted');
  });

  it('drops the slots held when the connection drops', async () => {
    const clock = new Clock();
    const store = new Store(clock, spacing);
    store.next = 0;
    const line = lineFor(store, 0);
    const calls = [0, 1, 2, 3].map(() => line.acquire(undefined, false));
    await clock.run(150);
    line.drop();
    store.next = undefined; // Redis came back empty
    await clock.run(3_000);
    await Promise.all(calls);
    expect(line.stats.dropped).toBe(2);
    // The last two calls were admitted from slots of the new schedule, held back by 500 ms.
    expect(store.granted[0]!.filter((s) => s >= 650)).toHaveLength(2);
  });
});

/**
 * The two densities of the property: slots further apart than `lateMs`, and the default limiter's
 * (100 per 1,000 ms, margin 50 ms: a slot every 10.5 ms, `lateMs` 25), where a late timer finds
 * several slots due at once.
 */
const densities = [
  { name: 'sparse', requests: REQUESTS, lateMs: LATE_MS },
  { name: 'dense', requests: 100, lateMs: MARGIN_MS / 2 },
];

describe.each(densities)('property ($name slots): lines sharing one schedule, with late timers, aborts, retries and batches', ({ requests, lateMs }) => {
  const spacing: Spacing = { intervalMs: (PER_MS + MARGIN_MS) / requests, aheadMs: 500 };
  const event = fc.record({
    at: fc.double({ min: 0, max: 3_000, noNaN: true }),
    line: fc.integer({ min: 0, max: 3 }),
    retry: fc.boolean(),
    abortAfter: fc.option(fc.double({ min: 0, max: 1_500, noNaN: true }), { nil: undefined }),
  });

  it('every admission has its own slot, used between its moment and lateMs after; never two of a line at once; no span of perMs + margin holds more than `requests` slots used; each line admits in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 60 }), fc.integer(), async (events, seed) => {
        // Most timers fire on time or a little late; one in four more than lateMs late (the sparse density).
        const random = mulberry32(seed);
        const clock = new Clock(() => [0, 0, 0, 1, 3, 8, 12, 30][Math.floor(random() * 8)]!);
        const store = new Store(clock, spacing);
        const lines = [0, 1, 2, 3].map((i) => lineFor(store, i, 3_000, lateMs));
        const admissions: number[][] = [[], [], [], []];
        const order: Array<Array<{ id: number; retry: boolean; arrived: number; admitted?: number }>> = [[], [], [], []];
        const pending: Promise<unknown>[] = [];
        events.sort((a, b) => a.at - b.at);
        for (const [id, e] of events.entries()) {
          await clock.run(e.at);
          const controller = new AbortController();
          const record = { id, retry: e.retry, arrived: clock.now } as (typeof order)[number][number];
          order[e.line]!.push(record);
          if (e.abortAfter !== undefined) clock.setTimer(() => controller.abort(new Error('gave up')), e.abortAfter, false);
          pending.push(
            lines[e.line]!.acquire(controller.signal, e.retry).then(
              () => {
                // An admission after the abort would be a call the caller gave up on.
                expect(controller.signal.aborted).toBe(false);
                record.admitted = clock.now;
                admissions[e.line]!.push(clock.now);
              },
              (error: unknown) => expect(error).toEqual(new Error('gave up')),
            ),
          );
        }
        await clock.run(60_000);
        await Promise.all(pending);

        const used: number[] = [];
        for (const [i, times] of admissions.entries()) {
          // Greedy matching of admissions to the line's slots (both in order): each admission
          // takes a slot of its own no later than it and at most lateMs before it.
          const slots = [...store.granted[i]!].sort((a, b) => a - b);
          let s = 0;
          for (const at of times) {
            while (s < slots.length && slots[s]! < at - lateMs - 1e-9) s += 1;
            expect(s).toBeLessThan(slots.length);
            expect(slots[s]!).toBeLessThanOrEqual(at + 1e-9);
            used.push(slots[s]!);
            s += 1;
          }
          // Never two starts of a line at once: however late its timers fire, half a slot's interval apart.
          for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(spacing.intervalMs / 2 - 1e-9);
          // First attempts in order of arrival; a retry ahead of every first attempt waiting when it came.
          const admitted = order[i]!.filter((r) => r.admitted !== undefined);
          const firsts = admitted.filter((r) => !r.retry);
          for (let k = 1; k < firsts.length; k++) expect(firsts[k]!.admitted!).toBeGreaterThanOrEqual(firsts[k - 1]!.admitted!);
          for (const retry of admitted.filter((r) => r.retry)) {
            for (const first of firsts)
              if (first.arrived < retry.arrived && first.admitted! > retry.arrived) expect(retry.admitted!).toBeLessThanOrEqual(first.admitted!);
          }
        }
        used.sort((a, b) => a - b);
        expect(mostInSpan(used, PER_MS + MARGIN_MS - 1e-6)).toBeLessThanOrEqual(requests);
        // Every caller settled: nobody is left waiting once the schedule has room.
        expect(lines.reduce((n, l) => n + l.stats.admitted, 0)).toBe(admissions.flat().length);
      }),
      { numRuns: 60 },
    );
  }, 60_000);
});
