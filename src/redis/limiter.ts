/**
 * `createRedisLimiter`: one rate limit shared by every process of a fleet, its schedule in Redis
 * (schedule.ts), each process's callers in line (line.ts), on a connection of its own
 * (connection.ts), every reply checked (replies.ts), and a pause published to the fleet.
 *
 * @module
 * @internal
 */
import { LimiterError, printable } from '../core/errors.js';
import type { Limiter, LimiterRequest } from '../core/limit-options.js';
import { RedisClock } from './clock.js';
import { keyPrefixOf, onEnd, ownConnection, script, subscribe, type RedisClient } from './connection.js';
import { isKey, redisKey as keyOf } from './keys.js';
import { Line, type RedisLimiterStats, type Reserved } from './line.js';
import { isMs, readOptions } from './options.js';
import { LIMITER, readPause, readPauseMessage, readReservation, ReplyError } from './replies.js';
import { KEEP_MS, MAX_AHEAD_MS, MAX_PAUSE_MS, SCHEDULE_SCRIPT, type Limit } from './schedule.js';

/**
 * Options of {@link createRedisLimiter}.
 * @category Redis entry
 */
export interface RedisLimiterOptions {
  /**
   * An ioredis client (`new Redis(url)`) or cluster, or a node-redis client (`createClient()`,
   * version 5 or later) or cluster. The limiter opens its own connections with the same settings
   * (see {@link RedisLimiter.close}), so that an outage is handled its way without changing yours:
   * one for its reservations, one to hear of the fleet's pauses. It closes them when your client
   * ends (`quit()`, `close()`, `destroy()`).
   */
  redis: RedisClient;
  /** At most this many calls start, fleet-wide, in any span of `perMs + marginMs`: a whole number, 1 or more. */
  requests: number;
  /** The service's window in milliseconds: more than 0, at most a day. */
  perMs: number;
  /**
   * Milliseconds added to the window for the spread of the delay between a start and the moment
   * the service counts it (scheduling, the network): the fleet reaches `perMs / (perMs + marginMs)`
   * of the limit. 0 or more; default 50, measured on loaded 2-core machines for a 1-second window
   * (docs/PERFORMANCE.md).
   */
  marginMs?: number | undefined;
  /**
   * The longest a call waits for Redis while Redis does not answer (down, unreachable, frozen),
   * in milliseconds: the call then fails with a `LimiterError` naming the outage, and nothing is
   * sent. 100 to 600,000; default 3,000. Waiting for a slot while Redis answers is not bounded here
   * (the client's own limits are).
   */
  redisTimeout?: number | undefined;
  /**
   * Names the shared limit: every process using the same key shares one schedule, kept in Redis
   * under `promokit-limit:{<key>}` (after your client's `keyPrefix`, if any): one key, its name
   * hash-tagged so that anything kept beside it lands in the same Redis Cluster slot. The limit
   * is stored with it: a process whose `requests`, `perMs` or `marginMs` differ from those of the
   * processes using the key gets a `LimiterError` naming it. Printable text, 1 to 200 characters;
   * default `default`.
   */
  key?: string | undefined;
}

/**
 * A {@link Limiter} whose schedule lives in Redis, shared by every process that uses its key.
 * @category Redis entry
 */
export interface RedisLimiter extends Limiter {
  /** Milliseconds between two consecutive starts of the fleet: `(perMs + marginMs) / requests`. */
  readonly intervalMs: number;
  /** Counts of what this process's limiter has done. */
  stats(): RedisLimiterStats;
  /**
   * Pauses every process of the key for `ms` milliseconds (at most 60,000), on Redis's clock: no
   * slot is handed out before it ends, and the processes drop the slots they hold at once. The
   * client calls it when the service answers 429 with a `Retry-After`. Rejects with a
   * `LimiterError` when Redis does not take it (this process still pauses).
   */
  pause(ms: number): Promise<void>;
  /**
   * Closes the limiter's own Redis connections (your client stays open) and fails the calls still
   * waiting with a `LimiterError`. Done for you when your client ends.
   */
  close(): Promise<void>;
}

/** The pause before a failed reservation is asked again. */
const RETRY_MS = 100;
const SCHEDULE = script(SCHEDULE_SCRIPT);

/**
 * Creates a limiter for the `limiter` option of `Client`, sharing one rate limit through Redis.
 *
 * Each call of a process waits in line (a retry after a 429 ahead of first attempts, then in
 * order of arrival). The process reserves slots for its line in Redis, up to 16 per round trip,
 * on Redis's clock, and admits the first call in line at each slot's moment. A call whose signal
 * aborts leaves at once; its slot goes to the next call at the same moment, or to nobody.
 *
 * When Redis does not answer, calls that have waited `redisTimeout` for it fail with a
 * `LimiterError` and are not sent: no call is ever admitted without a slot. Calls flow again
 * within a second of Redis returning; a Redis that returns empty first holds back half a second,
 * past any slot still held. A reply that cannot be right fails the calls waiting then with a
 * `LimiterError`, and the limiter asks again a moment later.
 *
 * A 429 with a `Retry-After`, seen by any process of the key, pauses them all (see
 * {@link RedisLimiter.pause}).
 *
 * @throws ConfigurationError when an option is out of range or `redis` is not a client promokit knows (`option` names it).
 * @category Redis entry
 */
export function createRedisLimiter(options: RedisLimiterOptions): RedisLimiter {
  const { given, kind, check } = readOptions('createRedisLimiter', options, '{ redis, requests, perMs }', [
    'redis',
    'requests',
    'perMs',
    'marginMs',
    'redisTimeout',
    'key',
  ]);
  const { redis, requests, perMs, marginMs = 50, redisTimeout = 3_000, key = 'default' } = given;
  check(Number.isInteger(requests) && requests >= 1 && requests <= 1_000_000, 'requests', 'a whole number, 1 to 1000000');
  check(isMs(perMs, Number.MIN_VALUE, KEEP_MS), 'perMs', 'a number of milliseconds, more than 0, at most a day (86400000)');
  check(isMs(marginMs, 0, 60_000), 'marginMs', 'a number of milliseconds, 0 to 60000');
  check(isMs(redisTimeout, 100, 600_000), 'redisTimeout', 'a number of milliseconds, 100 to 600000');
  check(isKey(key), 'key', 'printable text, 1 to 200 characters');

  const limit: Limit = {
    intervalMs: (perMs + marginMs) / requests,
    aheadMs: Math.min(MAX_AHEAD_MS, perMs / 2),
    signature: `${requests}/${perMs}/${marginMs}`,
    windowMs: perMs + marginMs,
  };
  // One attempt (connecting, or one reservation) is cut short after this, so that a frozen Redis
  // cannot hold a call past its bound and a dead connection is replaced.
  const attemptMs = Math.min(1_000, redisTimeout);
  const connection = ownConnection(redis, kind, attemptMs);
  const redisKey = keyOf('limit', key);
  // Channels are not prefixed by the clients: the prefix is put in by hand, so that two
  // applications sharing a Redis under different prefixes do not pause each other.
  const channel = `${keyPrefixOf(redis, kind)}${redisKey}`;
  const clock = new RedisClock();
  const now = () => performance.now();
  const run = (op: 'reserve' | 'pause', amount: number) =>
    connection.run(
      SCHEDULE,
      [redisKey],
      [op, amount, limit.intervalMs, limit.aheadMs, KEEP_MS, limit.signature, limit.windowMs, MAX_PAUSE_MS, MAX_AHEAD_MS, channel],
      attemptMs,
    );

  const reserve = async (want: number): Promise<Reserved> => {
    await connection.ready(attemptMs);
    const sent = now();
    const reply = await run('reserve', want);
    const received = now();
    const got = readReservation(reply, want, limit, redisKey);
    clock.sample(sent, received, got.redisNow);
    if ('held' in got) {
      throw new ReplyError(
        LIMITER,
        `the Redis key ${printable(redisKey, 200)} holds the schedule of another limit (${describeLimit(got.held)}), in use; this process's is ${describeLimit(limit.signature)}: give each limit its own key`,
      );
    }
    const first = clock.toLocal(got.start);
    if (got.count === 0) return { slots: [], retryAt: first - limit.aheadMs };
    return { slots: Array.from({ length: got.count }, (_, i) => first + i * limit.intervalMs) };
  };

  const line = new Line({
    reserve,
    now,
    setTimer: (task, ms) => {
      const timer = setTimeout(task, ms);
      return { cancel: () => clearTimeout(timer), unref: () => (timer as { unref?(): void }).unref?.() };
    },
    // Half the margin for the lateness of timers, the other half for the way to the service; at
    // least 2 ms, as timers fire on whole milliseconds.
    lateMs: Math.max(2, marginMs / 2),
    // Half a slot's interval between two starts of this process: a timer that fired late never
    // starts the slots due meanwhile at once.
    gapMs: limit.intervalMs / 2,
    leadMs: Math.max(2 * limit.intervalMs, 10),
    outageMs: redisTimeout,
    retryMs: RETRY_MS,
    name: LIMITER,
  });
  // Slots reserved on a connection that dropped may belong to a schedule Redis has since lost.
  connection.onDrop(() => line.drop());

  // A pause seen by another process reaches this one at once, on a connection of its own, opened
  // now: its setting up costs the first calls nothing, and no pause is missed before them.
  let unsubscribe: (() => void) | undefined;
  let closed = false;
  const listen = () => {
    if (unsubscribe || closed) return;
    unsubscribe = subscribe(redis, kind, channel, (message) => {
      const left = readPauseMessage(message);
      if (left !== undefined) line.pause(now() + left);
    });
  };

  let forget = () => {};
  const close = async () => {
    closed = true;
    forget();
    line.close(new LimiterError(LIMITER, 'the Redis limiter was closed, so the call was not admitted'));
    connection.close();
    unsubscribe?.();
  };
  forget = onEnd(redis, kind, () => void close());
  listen();

  return {
    intervalMs: limit.intervalMs,
    acquire: (signal?: AbortSignal, request?: LimiterRequest) => {
      listen();
      return line.acquire(signal, request?.retry === true);
    },
    async pause(ms: number) {
      if (typeof ms !== 'number' || !(ms > 0))
        throw new LimiterError(LIMITER, `pause takes a number of milliseconds, more than 0; got ${typeof ms === 'number' ? ms : typeof ms}`);
      const span = Math.ceil(Math.min(ms, MAX_PAUSE_MS));
      line.pause(now() + span);
      if (closed) return;
      listen();
      try {
        await connection.ready(attemptMs);
        readPause(await run('pause', span), span, redisKey);
      } catch (error) {
        if (error instanceof LimiterError) throw error;
        throw new LimiterError(
          LIMITER,
          `Redis did not take the pause of ${printable(redisKey, 200)} (${error instanceof Error ? printable(error.message) : 'failed'}); this process pauses alone`,
          { cause: error },
        );
      }
    },
    stats: () => ({ ...line.stats }),
    close,
  };
}

/** `requests/perMs/marginMs` as words. */
function describeLimit(signature: string): string {
  const [requests, perMs, marginMs] = signature.split('/');
  return marginMs === undefined ? printable(signature, 100) : `${requests} per ${perMs} ms, margin ${marginMs} ms`;
}
