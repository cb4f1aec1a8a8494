/**
 * promokit/redis: a fleet of processes that acts as one client, through Redis. One rate limit
 * shared by every process (`createRedisLimiter`), one pause when the service answers 429 (the
 * same limiter), and one access token (`redisTokenStore`, the `store` of `cachedAccessToken`).
 * Give either an ioredis client (`ioredis`) or a node-redis client (`redis`); both are optional
 * peer dependencies of promokit: install the one you use.
 *
 * ```ts
 * import { createClient } from 'redis';
 * import { Client, cachedAccessToken } from 'promokit';
 * import { createRedisLimiter, redisTokenStore } from 'promokit/redis';
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const client = new Client({
 *   limiter: createRedisLimiter({ redis, requests: 100, perMs: 1_000, key: 'acme-production' }),
 *   accessToken: cachedAccessToken(fetchToken, { store: redisTokenStore({ redis, key: 'acme-production' }) }),
 *   maxConcurrency: 16,
 * });
 * ```
 *
 * The limiter's guarantee: at most `requests` calls start, fleet-wide, in any span of
 * `perMs + marginMs`, evenly spaced `(perMs + marginMs) / requests` apart, so a service counting a
 * sliding window of `perMs` sees at most `requests` as long as the spread of the delay between a
 * start and its arrival stays within the margin. A call that would start more than half the
 * margin after its slot (a busy event loop) gives that slot up and takes a later one.
 *
 * @module promokit/redis
 * @category Redis entry
 */
export { createRedisLimiter, type RedisLimiter, type RedisLimiterOptions } from './redis/limiter.js';
export { redisTokenStore, type RedisTokenStore, type RedisTokenStoreOptions } from './redis/token-store.js';
export type { RedisLimiterStats } from './redis/line.js';
export type { RedisClient } from './redis/connection.js';
