/**
 * promokit/limiter-redis: the Redis limiter under its first name, kept for the code that imports
 * it from here. It is `createRedisLimiter` of `promokit/redis`, which takes an ioredis or a
 * node-redis client and also shares the fleet's access token; new code imports it from there.
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
 * @module promokit/limiter-redis
 * @category Redis entry
 */
export { createRedisLimiter, type RedisLimiter, type RedisLimiterOptions } from './redis/limiter.js';
export type { RedisLimiterStats } from './redis/line.js';
export type { RedisClient } from './redis/connection.js';
export type { Limiter, LimiterRelease, LimiterRequest } from './core/limit-options.js';
