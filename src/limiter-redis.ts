/**
 * promokit/limiter-redis: one rate limit shared by every process of a fleet, counted in Redis by
 * rate-limiter-flexible (`RateLimiterRedis`) through your ioredis client. Both libraries are
 * optional peer dependencies of promokit: install them to use this entry.
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
 * The guarantee: at most `requests` calls start, fleet-wide, in any window of `perMs` ms.
 * rate-limiter-flexible counts in fixed windows of whole seconds, and two fixed windows can both
 * spend their count around their boundary; so the limiter admits at most `requests / (k + 1)`
 * calls per fixed window, where `k` is the number of fixed windows a `perMs` span can overlap
 * besides one. For a per-second limit that is half the limit (100/s gives 50 per second); for a
 * per-minute limit counted in 1-second windows it is 60/61 of it.
 *
 * @module promokit/limiter-redis
 * @category Redis limiter entry
 */
import PQueue from 'p-queue';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Cluster, Redis } from 'ioredis';
import { ConfigurationError } from './core/errors.js';
import type { Limiter } from './core/limit-options.js';
import { sleep } from './core/sleep.js';

export type { Limiter, LimiterRelease } from './core/limit-options.js';

/** Options of {@link createRedisLimiter}. */
export interface RedisLimiterOptions {
  /** A connected ioredis client (`new Redis(url)`) or cluster. The limiter never closes it. */
  redis: Redis | Cluster;
  /** At most this many calls start, fleet-wide, in any window of `perMs` ms: a whole number, 2 or more. */
  requests: number;
  /** The window in milliseconds, 1,000 or more (the store counts whole seconds). */
  perMs: number;
  /**
   * Names the shared limit: every process using the same key shares one count, kept in Redis
   * under `promokit-limit:<key>`. Default `default`.
   */
  key?: string | undefined;
}

/** A {@link Limiter} whose count lives in Redis, shared by every process that uses its key. */
export interface RedisLimiter extends Limiter {
  /** Calls admitted per fixed window, fleet-wide. */
  readonly points: number;
  /** The length of a fixed window in milliseconds (whole seconds). */
  readonly windowMs: number;
}

/**
 * Creates a limiter for the `limiter` option of `Client`, sharing one rate limit through Redis.
 * Calls of one process wait in order (one of them at a time asks Redis, then waits until the
 * count's window ends); a call whose signal aborts leaves the line at once. A Redis failure fails
 * the call waiting for it, with nothing sent.
 *
 * @throws ConfigurationError when `requests` or `perMs` is out of range (`option` names it).
 */
export function createRedisLimiter(options: RedisLimiterOptions): RedisLimiter {
  const { redis, requests, perMs, key = 'default' } = options ?? ({} as RedisLimiterOptions);
  const fail = (option: string, rule: string) => new ConfigurationError(option, `createRedisLimiter: the ${option} option must be ${rule}`);
  if (typeof redis !== 'object' || redis === null) throw fail('redis', 'an ioredis client');
  if (!(Number.isInteger(requests) && requests >= 2)) throw fail('requests', 'a whole number, 2 or more');
  if (!(Number.isFinite(perMs) && perMs >= 1_000)) throw fail('perMs', '1000 milliseconds or more');
  if (typeof key !== 'string' || key === '') throw fail('key', 'a non-empty string');

  const { points, seconds } = fixedWindowFor(requests, perMs);
  const counter = new RateLimiterRedis({ storeClient: redis, keyPrefix: 'promokit-limit', points, duration: seconds });
  // p-queue keeps this process's callers in order and lets an aborted one leave at once.
  const line = new PQueue({ concurrency: 1 });

  return {
    points,
    windowMs: seconds * 1_000,
    async acquire(signal?: AbortSignal): Promise<void> {
      await line.add(
        async () => {
          for (;;) {
            try {
              await counter.consume(key);
              return;
            } catch (outcome) {
              // A full window rejects with the library's result, saying when the window ends.
              if (!(outcome instanceof RateLimiterRes)) throw outcome;
              await sleep(outcome.msBeforeNext, signal);
            }
          }
        },
        { signal },
      );
    },
  };
}

/**
 * The fixed window (whole seconds) and its count that keep every span of `perMs` within
 * `requests` at the highest rate: a span of `perMs` overlaps at most `ceil(perMs / window) + 1`
 * consecutive windows, so each may admit `requests` divided by that.
 */
function fixedWindowFor(requests: number, perMs: number): { points: number; seconds: number } {
  let best = { points: 0, seconds: 1 };
  for (let seconds = 1; seconds <= Math.ceil(perMs / 1_000); seconds++) {
    const points = Math.floor(requests / (Math.ceil(perMs / (seconds * 1_000)) + 1));
    if (points / seconds > best.points / best.seconds) best = { points, seconds };
  }
  return best;
}
