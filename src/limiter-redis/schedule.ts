/**
 * The fleet's schedule of starts, kept in Redis as one number: the next free slot (a "theoretical
 * arrival time", as in GCRA), on Redis's clock. A reservation takes up to `want` consecutive
 * slots, `intervalMs` apart, from `max(next, now)`, and moves `next` past them. Starts spaced
 * evenly this way put at most `requests` in any span of `requests × intervalMs`, which is
 * `perMs + margin`: the margin absorbs the spread of the delay between a start and the moment the
 * service counts it, so no window of `perMs` at the service holds more than `requests`.
 *
 * {@link grant} is the reservation as plain TypeScript; {@link RESERVE_SCRIPT} is the same
 * arithmetic in Lua, run by Redis in one step. The tests hold one against the other.
 *
 * @module
 * @internal
 */

/** How a limit's slots are laid out. */
export interface Spacing {
  /** Milliseconds between two consecutive starts of the fleet: `(perMs + margin) / requests`. */
  intervalMs: number;
  /**
   * The furthest ahead of Redis's clock a slot is handed out. It bounds how long a slot held by a
   * process can stay unused, and so what a Redis that lost the schedule (restarted empty, failed
   * over) must hold back: its first slot goes this far ahead, past any slot still held.
   */
  aheadMs: number;
}

/** What one reservation hands out. */
export interface Grant {
  /** The first slot, on Redis's clock (ms). */
  start: number;
  /** How many consecutive slots from `start`, `intervalMs` apart: 0 when none is free within `aheadMs`. */
  count: number;
  /** The next free slot after this reservation; `undefined` when nothing was stored. */
  next: number | undefined;
}

/** The most slots one round trip reserves: fewer round trips, yet few slots lost when callers give up. */
export const MAX_BATCH = 16;

/**
 * One reservation: `stored` is the next free slot Redis holds (`undefined` when it holds none),
 * `now` Redis's clock, `want` the slots asked for (1 to {@link MAX_BATCH}).
 *
 * A missing schedule is either a limit never used (or idle for a day, when the key expires) or a
 * Redis that lost it; the two look the same, and in the second case processes may still hold
 * slots up to `aheadMs` ahead, so the first slot is put there. After that, slots follow on evenly.
 */
export function grant(stored: number | undefined, now: number, want: number, { intervalMs, aheadMs }: Spacing): Grant {
  const start = stored === undefined ? now + aheadMs : Math.max(stored, now);
  const count = Math.max(0, Math.min(want, Math.floor((now + aheadMs - start) / intervalMs) + 1));
  return { start, count, next: count > 0 ? start + count * intervalMs : stored };
}

/** How long the schedule stays in Redis past its last slot: a day (see {@link grant}). */
export const KEEP_MS = 24 * 60 * 60 * 1_000;

/**
 * {@link grant} in Lua, run atomically by Redis: `KEYS[1]` the schedule; `ARGV` want, intervalMs,
 * aheadMs, keepMs. Returns `{ now, start, count }`, the times as strings with microseconds (a Lua
 * number returned to Redis would be cut to an integer).
 *
 * Redis's own `TIME` is the one clock every process's slots are counted on, so skew between the
 * hosts of a fleet does not matter. Redis before 5 replicates scripts by their text, which `TIME`
 * forbids; `redis.replicate_commands()` switches it to their effects (later versions always do).
 */
export const RESERVE_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local want = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local ahead = tonumber(ARGV[3])
local stored = tonumber(redis.call('GET', KEYS[1]) or '')
local start
if stored == nil then start = now + ahead else start = math.max(stored, now) end
local count = math.max(0, math.min(want, math.floor((now + ahead - start) / interval) + 1))
if count > 0 then
  local next = start + count * interval
  redis.call('SET', KEYS[1], string.format('%.3f', next), 'PX', math.ceil(next - now + tonumber(ARGV[4])))
end
return { string.format('%.3f', now), string.format('%.3f', start), count }
`;
