/**
 * The names promokit gives what it keeps in Redis: the user's `key`, checked, inside a hash tag,
 * so that whatever one feature keeps lands in one Redis Cluster slot.
 *
 * @module
 * @internal
 */

/** True for a `key` option: printable text, 1 to 200 characters. */
export function isKey(key: unknown): key is string {
  return typeof key === 'string' && key.length >= 1 && key.length <= 200 && !/[\u0000-\u001f\u007f-\u009f]/.test(key);
}

/** The Redis key of `what` (`limit`, `token`, `token-lock`) for the user's `key`, hash-tagged. */
export function redisKey(what: string, key: string): string {
  return `promokit-${what}:{${key}}`;
}
