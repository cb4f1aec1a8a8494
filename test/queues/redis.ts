/**
 * What the queue tests share: a real redis-server started on 127.0.0.1 before the file's tests and
 * stopped after them, and no unhandled rejection while they run.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startRedis, type RedisServer } from '../../bench/fleet-redis.mjs';

/** Starts redis-server for this file's tests (stopped after them); the port to connect to, once started. */
export function useRedis(): { readonly port: number } {
  let redis: RedisServer | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    redis = await startRedis();
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await redis?.stop();
    expect(unhandled).toEqual([]);
  });
  return {
    get port() {
      if (!redis) throw new Error('redis-server is not started yet: read the port inside a test');
      return redis.port;
    },
  };
}
