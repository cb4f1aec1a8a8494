/**
 * The options of the Redis entry's functions, read once and checked at run time: the same rules
 * and messages for `createRedisLimiter` and `redisTokenStore`.
 *
 * @module
 * @internal
 */
import { optionCheck, readOnce, type OptionCheck } from '../core/inputs.js';
import { clientKind, type ClientKind, type RedisClient } from './connection.js';

/** The rule of `redis`, as messages state it. */
const CLIENT_RULE = 'an ioredis client or cluster, or a node-redis client or cluster (version 5 or later)';

/**
 * `options` copied once (a getter or a Proxy is not asked twice), its `redis` told apart, and the
 * check of `owner`'s other options. Throws `ConfigurationError` naming `options`, `redis`, an
 * option that could not be read, or a name that is not one of `names` (a typo such as `lockms` is
 * refused, not ignored).
 */
export function readOptions<T extends { redis: RedisClient }>(
  owner: string,
  options: T,
  shape: string,
  names: ReadonlyArray<keyof T & string>,
): { given: T; kind: ClientKind; check: OptionCheck } {
  const check = optionCheck(owner);
  check(typeof options === 'object' && options !== null, 'options', `an object: ${shape}`);
  // Each option read once: a getter or a Proxy that throws is refused, naming it.
  const given = readOnce(owner, options) as T;
  const unknown = Object.keys(given).find((name) => !names.includes(name as keyof T & string));
  check(unknown === undefined, unknown!, `one of the options of ${owner} (${names.join(', ')}): it has no other`);
  const kind = clientKind(given.redis);
  check(kind !== undefined, 'redis', CLIENT_RULE);
  return { given, kind: kind!, check };
}

/** True for a number of milliseconds from `min` to `max`. */
export function isMs(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}
