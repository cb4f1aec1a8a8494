/**
 * The fleet's schedule of starts, kept in Redis as one hash: `next`, the next free slot (a
 * "theoretical arrival time", as in GCRA) on Redis's clock; `until`, the end of a pause the
 * service asked for (a 429's `Retry-After`); and `limit` and `window`, the limit the schedule
 * spaces (`requests/perMs/marginMs`) and its `perMs + marginMs`. A reservation takes up to `want`
 * consecutive slots, `intervalMs` apart, from `max(next, now, until)`, and moves `next` past them.
 * Starts spaced evenly this way put at most `requests` in any span of `requests × intervalMs`,
 * which is `perMs + margin`: the margin absorbs the spread of the delay between a start and the
 * moment the service counts it, so no window of `perMs` at the service holds more than `requests`.
 *
 * What Redis holds is input too. A key of another type, a `next` that is not a finite number or is
 * further ahead than any reservation leaves it (a Redis clock stepped back, a value written by
 * something else) or an `until` further ahead than the longest pause is a schedule lost, repaired
 * the way an empty one is started. A schedule of another limit still in use is refused, naming
 * it; one idle for its window is taken over.
 *
 * {@link decide} is the script as plain TypeScript; {@link SCHEDULE_SCRIPT} is the same in Lua,
 * run by Redis in one step. The tests hold one against the other.
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

/** What the limiter tells the script about itself. */
export interface Limit extends Spacing {
  /** `requests/perMs/marginMs`: two processes share a schedule only if theirs are equal. */
  signature: string;
  /** `perMs + marginMs`: how long after its last slot the schedule stops counting at the service. */
  windowMs: number;
}

/** The schedule as Redis holds it: the hash's fields, `undefined` when absent (`'wrong type'`: not a hash). */
export type Stored = 'wrong type' | { next?: string | undefined; until?: string | undefined; limit?: string | undefined; window?: string | undefined };

/** What one run of the script decides. */
export type Decision =
  | { kind: 'ok'; start: number; count: number; write?: Written | undefined }
  | { kind: 'paused'; until: number; write: Written }
  | { kind: 'limit'; held: string };

/** What the script writes back (the whole hash), and for how long it keeps it. */
export interface Written {
  next?: number | undefined;
  until?: number | undefined;
  limit?: string | undefined;
  window?: string | undefined;
  ttlMs: number;
}

/** The most slots one round trip reserves: fewer round trips, yet few slots lost when callers give up. */
export const MAX_BATCH = 16;

/** How long the schedule stays in Redis past its last slot (or its pause): a day (see {@link decide}). */
export const KEEP_MS = 24 * 60 * 60 * 1_000;

/**
 * The longest pause one 429 puts on the fleet, in milliseconds: a `Retry-After` above it pauses
 * the fleet this long. It also bounds what an `until` read from Redis may be.
 */
export const MAX_PAUSE_MS = 60_000;

/** The furthest ahead a slot is reserved, whatever the limit. */
export const MAX_AHEAD_MS = 500;

/** What one reservation hands out. */
export interface Grant {
  /** The first slot, on Redis's clock (ms). */
  start: number;
  /** How many consecutive slots from `start`, `intervalMs` apart: 0 when none is free within `aheadMs`. */
  count: number;
  /** The next free slot after this reservation; `undefined` when nothing was stored. */
  next: number | undefined;
}

/**
 * The arithmetic of one reservation: `stored` is the next free slot (`undefined` when the schedule
 * is lost or new), `now` Redis's clock, `want` the slots asked for (1 to {@link MAX_BATCH}),
 * `until` the end of a pause, if any.
 */
export function grant(stored: number | undefined, now: number, want: number, { intervalMs, aheadMs }: Spacing, until?: number): Grant {
  let start = stored === undefined ? now + aheadMs : Math.max(stored, now);
  if (until !== undefined && until > start) start = until;
  const count = Math.max(0, Math.min(want, Math.floor((now + aheadMs - start) / intervalMs) + 1));
  return { start, count, next: count > 0 ? start + count * intervalMs : stored };
}

/** Lua's `tonumber` of a string, as Redis's Lua reads numbers: finite decimals only (`inf`, `nan` and hex are not schedules). */
function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * One run of the script: `op` `'reserve'` takes up to `amount` (1 to {@link MAX_BATCH}) slots;
 * `'pause'` holds every slot back until `amount` ms (1 to {@link MAX_PAUSE_MS}) from `now`.
 * `now` is Redis's clock.
 *
 * A missing schedule is either a limit never used (or idle for a day, when the key expires) or a
 * Redis that lost it; the two look the same, and in the second case processes may still hold
 * slots up to `aheadMs` ahead, so the first slot is put there. After that, slots follow on evenly.
 */
export function decide(stored: Stored, now: number, op: 'reserve' | 'pause', amount: number, limit: Limit): Decision {
  const { intervalMs, aheadMs } = limit;
  const fields = stored === 'wrong type' ? {} : stored;
  let repaired = stored === 'wrong type';
  let next = numberOf(fields.next);
  let until = numberOf(fields.until);
  const held = fields.limit;
  // Another limit's schedule, still counting at the service: not ours to move.
  if (op === 'reserve' && held !== undefined && held !== limit.signature) {
    const window = numberOf(fields.window);
    const inUse = next !== undefined && window !== undefined && window > 0 && window <= KEEP_MS && next <= now + MAX_AHEAD_MS + window && now < next + window;
    if (inUse) return { kind: 'limit', held };
    repaired = true;
  }
  if (fields.next !== undefined && !(next !== undefined && next <= now + aheadMs + intervalMs + 1)) {
    next = undefined;
    repaired = true;
  }
  if (fields.until !== undefined && !(until !== undefined && until <= now + MAX_PAUSE_MS + 1)) {
    until = undefined;
    repaired = true;
  }
  const ttl = (last: number | undefined) => Math.ceil(Math.max(last ?? now, until ?? now) - now + KEEP_MS);

  if (op === 'pause') {
    until = Math.max(until ?? now, now + amount);
    const keepNext = repaired ? undefined : next;
    return {
      kind: 'paused',
      until,
      write: { next: keepNext, until, limit: repaired ? undefined : held, window: repaired ? undefined : fields.window, ttlMs: ttl(keepNext) },
    };
  }
  const { start, count } = grant(next, now, amount, limit, until);
  if (count > 0) {
    next = start + count * intervalMs;
    return { kind: 'ok', start, count, write: { next, until, limit: limit.signature, window: String(limit.windowMs), ttlMs: ttl(next) } };
  }
  // Nothing free (a pause): a repaired schedule is still written, so the next run finds it sound.
  if (!repaired) return { kind: 'ok', start, count };
  return { kind: 'ok', start, count, write: { next: now + aheadMs, until, limit: limit.signature, window: String(limit.windowMs), ttlMs: ttl(now + aheadMs) } };
}

/**
 * {@link decide} in Lua, run atomically by Redis. `KEYS[1]` the schedule; `ARGV`: op (`reserve`
 * or `pause`), amount (slots, or the pause's milliseconds), intervalMs, aheadMs, keepMs, the
 * limit's signature, its window, the longest pause, the furthest ahead of any limit, and the
 * channel a pause is published on (its milliseconds left, so every process of the fleet drops the
 * slots it holds at once). Returns `{ 'ok', now, start, count }`, `{ 'paused', now, until }` or
 * `{ 'limit', now, heldSignature }`; times as strings with microseconds (a Lua number returned to
 * Redis would be cut to an integer).
 *
 * Redis's own `TIME` is the one clock every process's slots are counted on, so skew between the
 * hosts of a fleet does not matter. Redis before 5 replicates scripts by their text, which `TIME`
 * forbids; `redis.replicate_commands()` switches it to their effects (later versions always do).
 */
export const SCHEDULE_SCRIPT = `
if redis.replicate_commands then redis.replicate_commands() end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local op = ARGV[1]
local amount = tonumber(ARGV[2])
local interval = tonumber(ARGV[3])
local ahead = tonumber(ARGV[4])
local keep = tonumber(ARGV[5])
local limit = ARGV[6]
local maxPause = tonumber(ARGV[8])
local maxAhead = tonumber(ARGV[9])
local function fmt(x) return string.format('%.3f', x) end
local function num(text)
  if type(text) ~= 'string' then return nil end
  local mantissa = string.match(text, '^%-?%d+%.?%d*') or string.match(text, '^%-?%.%d+')
  if mantissa == nil then return nil end
  local rest = string.sub(text, #mantissa + 1)
  if rest ~= '' and not string.match(rest, '^[eE][%+%-]?%d+$') then return nil end
  local x = tonumber(text)
  if x == nil or x ~= x or x == math.huge or x == -math.huge then return nil end
  return x
end
local fields = redis.pcall('HMGET', KEYS[1], 'next', 'until', 'limit', 'window')
local repaired = false
if fields.err then
  redis.call('DEL', KEYS[1])
  repaired = true
  fields = { false, false, false, false }
end
local nxt = num(fields[1])
local pause = num(fields[2])
local held = fields[3]
if op == 'reserve' and held and held ~= limit then
  local window = num(fields[4])
  if nxt and window and window > 0 and window <= keep and nxt <= now + maxAhead + window and now < nxt + window then
    return { 'limit', fmt(now), held }
  end
  repaired = true
end
if fields[1] and not (nxt and nxt <= now + ahead + interval + 1) then nxt = nil; repaired = true end
if fields[2] and not (pause and pause <= now + maxPause + 1) then pause = nil; repaired = true end
local function save(n, u, l, w)
  local last = now
  local kv = {}
  if n then table.insert(kv, 'next'); table.insert(kv, fmt(n)); if n > last then last = n end end
  if u then table.insert(kv, 'until'); table.insert(kv, fmt(u)); if u > last then last = u end end
  if l then table.insert(kv, 'limit'); table.insert(kv, l) end
  if w then table.insert(kv, 'window'); table.insert(kv, w) end
  redis.call('DEL', KEYS[1])
  if #kv > 0 then
    redis.call('HSET', KEYS[1], unpack(kv))
    redis.call('PEXPIRE', KEYS[1], math.ceil(last - now + keep))
  end
end
if op == 'pause' then
  local u = now + amount
  if pause and pause > u then u = pause end
  if repaired then save(nil, u, nil, nil) else save(nxt, u, held or nil, fields[4] or nil) end
  redis.call('PUBLISH', ARGV[10], fmt(u - now))
  return { 'paused', fmt(now), fmt(u) }
end
local start
if nxt == nil then start = now + ahead else start = math.max(nxt, now) end
if pause and pause > start then start = pause end
local count = math.max(0, math.min(amount, math.floor((now + ahead - start) / interval) + 1))
if count > 0 then
  save(start + count * interval, pause, limit, ARGV[7])
elseif repaired then
  save(now + ahead, pause, limit, ARGV[7])
end
return { 'ok', fmt(now), fmt(start), count }
`;
