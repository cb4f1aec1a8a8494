/**
 * promokit/limiter-redis: one rate limit shared by every process of a fleet, kept in Redis through
 * your ioredis client (`ioredis` is an optional peer dependency of promokit: install it to use
 * this entry).
 *
 * ```ts
 * import { Redis } from 'ioredis';
 * import { Client } from 'promokit';
 * import { createRedisLimiter } from 'promokit/limiter-redis';
 *
 * const redis = new Redis(process.env.REDIS_URL!);
 * const limiter = createRedisLimiter({ redis, requests: 100, perMs: 1_000, key: 'acme-production' });
 * const client = new Client({ limiter, maxConcurrency: 16 });
 * ```
 *
 * The guarantee: at most `requests` calls start, fleet-wide, in any span of `perMs + marginMs`,
 * evenly spaced `(perMs + marginMs) / requests` apart, so a service counting a sliding window of
 * `perMs` sees at most `requests` as long as the spread of the delay between a start and its
 * arrival stays within the margin. A call that would start more than half the margin after its
 * slot (a busy event loop) gives that slot up and takes a later one.
 *
 * @module promokit/limiter-redis
 * @category Redis limiter entry
 */
import type { Cluster, Redis } from 'ioredis';
import { ConfigurationError, LimiterError } from './core/errors.js';
import type { Limiter, LimiterRequest } from './core/limit-options.js';
import { Line, type RedisLimiterStats, type Reserved } from './limiter-redis/line.js';
import { KEEP_MS, RESERVE_SCRIPT, type Spacing } from './limiter-redis/schedule.js';

export type { Limiter, LimiterRelease, LimiterRequest } from './core/limit-options.js';
export type { RedisLimiterStats } from './limiter-redis/line.js';

/** Options of {@link createRedisLimiter}. */
export interface RedisLimiterOptions {
  /**
   * An ioredis client (`new Redis(url)`) or cluster. The limiter opens its own connection with
   * the same settings (see {@link RedisLimiter.close}), so that an outage is handled its way
   * without changing yours; it closes that connection when your client ends (`quit()`).
   */
  redis: Redis | Cluster;
  /** At most this many calls start, fleet-wide, in any span of `perMs + marginMs`: a whole number, 1 or more. */
  requests: number;
  /** The service's window in milliseconds: more than 0. */
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
   * sent. 100 or more; default 3,000. Waiting for a slot while Redis answers is not bounded here
   * (the client's own limits are).
   */
  redisTimeout?: number | undefined;
  /**
   * Names the shared limit: every process using the same key shares one schedule, kept in Redis
   * under `promokit-limit:{<key>}` (after your client's `keyPrefix`, if any): one key, its name
   * hash-tagged so that anything kept beside it lands in the same Redis Cluster slot. Default
   * `default`.
   */
  key?: string | undefined;
}

/** A {@link Limiter} whose schedule lives in Redis, shared by every process that uses its key. */
export interface RedisLimiter extends Limiter {
  /** Milliseconds between two consecutive starts of the fleet: `(perMs + marginMs) / requests`. */
  readonly intervalMs: number;
  /** Counts of what this process's limiter has done. */
  stats(): RedisLimiterStats;
  /**
   * Closes the limiter's own Redis connection (your client stays open) and fails the calls still
   * waiting with a `LimiterError`. Done for you when your client ends.
   */
  close(): Promise<void>;
}

/** The command the limiter defines on its connection. */
interface Reserving {
  promokitReserve(key: string, want: number, intervalMs: number, aheadMs: number, keepMs: number): Promise<[string, string, number]>;
}

/** How often the limiter's connection tries to reconnect while Redis is away: calls flow again this soon after it returns. */
const RECONNECT_MS = 200;
/** The pause before a failed reservation is asked again. */
const RETRY_MS = 100;
/** The furthest ahead a slot is reserved: also how long a Redis that lost the schedule holds back its first slot. */
const MAX_AHEAD_MS = 500;

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
 * past any slot still held.
 *
 * @throws ConfigurationError when an option is out of range (`option` names it).
 */
export function createRedisLimiter(options: RedisLimiterOptions): RedisLimiter {
  const { redis, requests, perMs, marginMs = 50, redisTimeout = 3_000, key = 'default' } = options ?? ({} as RedisLimiterOptions);
  const check = (ok: boolean, option: string, rule: string) => {
    if (!ok) throw new ConfigurationError(option, `createRedisLimiter: the ${option} option must be ${rule}`);
  };
  check(typeof redis === 'object' && redis !== null && typeof redis.duplicate === 'function', 'redis', 'an ioredis client or cluster');
  check(Number.isInteger(requests) && requests >= 1, 'requests', 'a whole number, 1 or more');
  check(Number.isFinite(perMs) && perMs > 0, 'perMs', 'a number of milliseconds, more than 0');
  check(Number.isFinite(marginMs) && marginMs >= 0, 'marginMs', 'a number of milliseconds, 0 or more');
  check(Number.isFinite(redisTimeout) && redisTimeout >= 100, 'redisTimeout', 'a number of milliseconds, 100 or more');
  check(typeof key === 'string' && key !== '', 'key', 'a non-empty string');

  const spacing: Spacing = { intervalMs: (perMs + marginMs) / requests, aheadMs: Math.min(MAX_AHEAD_MS, perMs / 2) };
  // One attempt (connecting, or one reservation) is cut short after this, so that a frozen Redis
  // cannot hold a call past its bound and a dead connection is replaced.
  const attemptMs = Math.min(1_000, redisTimeout);
  const connection = ownConnection(redis, attemptMs);
  const redisKey = `promokit-limit:{${key}}`;
  const clock = new RedisClock();
  const now = () => performance.now();
  let connectionError: unknown;
  connection.on('error', (error: unknown) => (connectionError = error));

  const reserve = async (want: number): Promise<Reserved> => {
    await ready(connection, attemptMs, () => connectionError);
    const sent = now();
    const [redisNow, start, count] = await bounded(
      (connection as unknown as Reserving).promokitReserve(redisKey, want, spacing.intervalMs, spacing.aheadMs, KEEP_MS),
      attemptMs,
      // A reply this late means a frozen or unreachable server: start over on a new connection.
      () => connection.disconnect(true),
    );
    clock.sample(sent, now(), Number(redisNow));
    const first = clock.toLocal(Number(start));
    if (count === 0) return { slots: [], retryAt: first - spacing.aheadMs };
    return { slots: Array.from({ length: count }, (_, i) => first + i * spacing.intervalMs) };
  };

  const line = new Line({
    reserve,
    now,
    setTimer: (run, ms) => {
      const timer = setTimeout(run, ms);
      return { cancel: () => clearTimeout(timer), unref: () => timer.unref() };
    },
    // Half the margin for the lateness of timers, the other half for the way to the service; at
    // least 2 ms, as timers fire on whole milliseconds.
    lateMs: Math.max(2, marginMs / 2),
    leadMs: Math.max(2 * spacing.intervalMs, 10),
    outageMs: redisTimeout,
    retryMs: RETRY_MS,
  });
  // Slots reserved on a connection that dropped may belong to a schedule Redis has since lost.
  connection.on('close', () => line.drop());

  const close = async () => {
    line.close(new LimiterError('limiter-redis', 'the Redis limiter was closed, so the call was not admitted'));
    connection.disconnect();
  };
  redis.once('end', () => void close());

  return {
    intervalMs: spacing.intervalMs,
    acquire: (signal?: AbortSignal, request?: LimiterRequest) => line.acquire(signal, request?.retry === true),
    stats: () => ({ ...line.stats }),
    close,
  };
}

/**
 * The limiter's own connection, a copy of the user's client with what an outage needs: commands
 * fail at once while disconnected rather than queue (no call waits on an unbounded queue),
 * commands in flight when the connection drops fail rather than being sent again on reconnect (a
 * reservation sent twice spends slots nobody uses), and reconnection every {@link RECONNECT_MS}
 * rather than ioredis' growing back-off of up to several seconds.
 *
 * Why a Lua script through `defineCommand` rather than a library: the rate-limiting libraries for
 * Node answer "allowed now or not" (fixed or sliding windows, GCRA) and leave waiting to polling,
 * or count fixed windows that admit about half of a per-second limit; none reserves evenly spaced
 * future slots on Redis's clock, several per round trip. The reservation is a dozen lines of Lua.
 */
function ownConnection(redis: Redis | Cluster, attemptMs: number): Redis | Cluster {
  const common = { lazyConnect: true, enableOfflineQueue: false } as const;
  const perNode = { maxRetriesPerRequest: 0, autoResendUnfulfilledCommands: false, connectTimeout: attemptMs } as const;
  const connection = redis.isCluster
    ? (redis as Cluster).duplicate([], { ...common, clusterRetryStrategy: () => RECONNECT_MS, redisOptions: { ...(redis as Cluster).options.redisOptions, ...perNode } })
    : (redis as Redis).duplicate({ ...common, ...perNode, retryStrategy: () => RECONNECT_MS });
  connection.defineCommand('promokitReserve', { numberOfKeys: 1, lua: RESERVE_SCRIPT });
  return connection;
}

/** Resolves once `connection` is ready (connecting it the first time); rejects after `ms`. */
function ready(connection: Redis | Cluster, ms: number, lastError: () => unknown): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  // Failures surface as 'error' events and as the wait below running out.
  if (connection.status === 'wait') connection.connect().catch(() => undefined);
  let onReady: (() => void) | undefined;
  return bounded(
    new Promise<void>((resolve) => connection.once('ready', (onReady = resolve))),
    ms,
    () => connection.off('ready', onReady!),
    () => {
      const error = lastError();
      return `no connection to Redis within ${ms} ms (${error instanceof Error ? error.message : connection.status})`;
    },
  );
}

/** `promise`, or a rejection after `ms` (calling `onTimeout` then). */
function bounded<T>(promise: Promise<T>, ms: number, onTimeout: () => void, message: () => string = () => `Redis did not reply within ${ms} ms`): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(message()));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Maps Redis's clock to this process's: each reply gives Redis's time at some moment between the
 * request and the reply, so the estimate of the offset from the quickest recent round trip is the
 * closest (within half that round trip). Slots are decided on Redis's clock, the one every
 * process of the fleet shares, and waited for on the local one.
 */
class RedisClock {
  #samples: Array<{ offset: number; roundTrip: number }> = [];
  #offset = 0;

  sample(sent: number, received: number, redisNow: number): void {
    this.#samples.push({ offset: redisNow - (sent + received) / 2, roundTrip: received - sent });
    // Recent samples only: Redis's clock is the wall clock, which may be adjusted.
    if (this.#samples.length > 16) this.#samples.shift();
    this.#offset = this.#samples.reduce((best, s) => (s.roundTrip < best.roundTrip ? s : best)).offset;
  }

  toLocal(redisMs: number): number {
    return redisMs - this.#offset;
  }
}
