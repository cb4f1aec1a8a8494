/**
 * Redis's replies are input: a server speaking RESP may be a proxy, a fake, a broken build, or a
 * Redis whose clock jumps. Each reply of the schedule script is checked against what the script
 * can answer: the right shape, finite numbers, a count within what was asked, moments within a
 * bound of Redis's own `now`. Anything else is a {@link ReplyError}: the limiter fails the calls
 * that reservation was for with a `LimiterError` and asks again later, so it recovers as soon as
 * replies are sane again. Messages describe a bad reply by its kind and size, never by quoting
 * it at length.
 *
 * @module
 * @internal
 */
import { LimiterError, printable } from '../core/errors.js';
import { MAX_PAUSE_MS, type Spacing } from './schedule.js';

/** The name the limiter's own errors carry where a call's operation goes. */
export const LIMITER = 'createRedisLimiter';

/**
 * A reply that fails the reservation without being an outage: one that cannot be the script's, or
 * another limit holding the key. The calls waiting fail at once; the limiter does not wait for an
 * outage to pass.
 */
export class ReplyError extends LimiterError {}

/** A number as the script sends it (a decimal string) or as a client may give it (a number); `undefined` for anything else. */
export function numberIn(value: unknown): number | undefined {
  value = textOf(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.length > 32 || !/^-?\d+(\.\d+)?$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A bulk string given as bytes (a client set to return Buffers) as text; anything else as it is. */
export function textOf(value: unknown): unknown {
  return value instanceof Uint8Array && value.length <= 256 ? new TextDecoder().decode(value) : value;
}

/** A reply, by its kind and size only. */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return value.length <= 24 ? `"${printable(value, 24)}"` : `a string of ${value.length} characters`;
  if (typeof value === 'number') return String(value);
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  return `a ${typeof value}`;
}

/** What a reservation gives, on Redis's clock. */
export interface Reservation {
  redisNow: number;
  start: number;
  count: number;
}

/** What the script answers when another limit holds the key. */
export interface OtherLimit {
  redisNow: number;
  held: string;
}

/** Slack for the script's rounding to microseconds. */
const ROUNDING_MS = 0.01;

/**
 * The script's answer to a reservation of `want` slots, checked; throws {@link ReplyError} naming
 * `key` when it cannot be right.
 */
export function readReservation(reply: unknown, want: number, spacing: Spacing, key: string): Reservation | OtherLimit {
  const bad = (what: string) =>
    new ReplyError(LIMITER, `Redis gave a reply to the reservation for ${printable(key, 200)} that cannot be right (${what}), so the call was not admitted`);
  if (!Array.isArray(reply)) throw bad(`${describe(reply)} where an array belongs`);
  const status = textOf(reply[0]);
  const redisNow = numberIn(reply[1]);
  if (redisNow === undefined || redisNow <= 0) throw bad(`Redis's clock is ${describe(reply[1])}`);
  if (status === 'limit' && reply.length === 3) {
    const held = textOf(reply[2]);
    if (typeof held !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(held)) throw bad(`another limit holds the key, named by ${describe(held)}`);
    return { redisNow, held };
  }
  if (status !== 'ok' || reply.length !== 4) throw bad(`${describe(reply)} starting ${describe(status)}`);
  const start = numberIn(reply[2]);
  const count = reply[3];
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > want) throw bad(`${describe(count)} slots, for ${want} asked`);
  if (start === undefined) throw bad(`a first slot of ${describe(reply[2])}, not a number of milliseconds`);
  if (start < redisNow - ROUNDING_MS) throw bad(`a first slot ${Math.round(redisNow - start)} ms before Redis's now`);
  // A slot is handed out at most aheadMs ahead; when none is, the next is at most one interval
  // further, or the end of a pause.
  const furthest = count > 0 ? spacing.aheadMs : Math.max(spacing.aheadMs + spacing.intervalMs, MAX_PAUSE_MS);
  if (start > redisNow + furthest + ROUNDING_MS)
    throw bad(`a first slot ${Math.round(start - redisNow)} ms ahead of Redis's now, further than ${Math.round(furthest)} ms`);
  return { redisNow, start, count };
}

/** The script's answer to a pause, checked: the pause's end, on Redis's clock. */
export function readPause(reply: unknown, ms: number, key: string): { redisNow: number; until: number } {
  const bad = (what: string) => new ReplyError(LIMITER, `Redis gave a reply to the pause of ${printable(key, 200)} that cannot be right (${what})`);
  if (!Array.isArray(reply) || reply.length !== 3 || textOf(reply[0]) !== 'paused') throw bad(`${describe(reply)} where ['paused', now, until] belongs`);
  const redisNow = numberIn(reply[1]);
  const until = numberIn(reply[2]);
  if (redisNow === undefined || redisNow <= 0 || until === undefined) throw bad('its moments are not numbers');
  if (until < redisNow + ms - ROUNDING_MS || until > redisNow + MAX_PAUSE_MS + ROUNDING_MS)
    throw bad(`a pause ${Math.round(until - redisNow)} ms long, for ${ms} ms asked`);
  return { redisNow, until };
}

/** A pause published to the fleet: its milliseconds left, when sane (more than 0, at most the longest pause). */
export function readPauseMessage(message: string): number | undefined {
  const left = numberIn(message);
  return left !== undefined && left > 0 && left <= MAX_PAUSE_MS + ROUNDING_MS ? left : undefined;
}
