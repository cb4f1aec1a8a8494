/**
 * The real redis-server of a test file: started before its tests on 127.0.0.1 (bench/fleet-redis.mjs),
 * stopped after them, with a plain ioredis client for looking at what Redis holds and keys no other
 * test uses.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect } from 'vitest';
import { connectRedis, startRedis, type RedisClientName, type RedisServer } from '../../bench/fleet-redis.mjs';
import { ConfigurationError } from '../../src/index.js';
import type { RedisClient } from '../../src/redis.js';

export interface RealRedis {
  /** The server (its `port`, and `kill`, `freeze`… for outages). */
  readonly server: RedisServer;
  /** A plain ioredis client of the server. */
  readonly probe: Redis;
  /** A key no other test uses, starting with `name`. */
  freshKey(name: string): string;
  /** Redis's clock, in milliseconds. */
  now(): Promise<number>;
}

/** Starts a redis-server for the file's tests (in `beforeAll`) and stops it after them. */
export function useRealRedis(): RealRedis {
  let server: RedisServer | undefined;
  let probe: Redis | undefined;
  let keys = 0;
  beforeAll(async () => {
    server = await startRedis();
    // The reply mapping named, not inferred from the options: an inferred one is another
    // instantiation of ioredis's `Redis`, which the compiler compares with `Redis` command by
    // command (some 86,000 types, a sixth of the test program's check).
    probe = new Redis<'legacy'>({ host: '127.0.0.1', port: server.port });
  }, 30_000);
  afterAll(async () => {
    await probe?.quit();
    await server?.stop();
  });
  return {
    get server() {
      return server!;
    },
    get probe() {
      return probe!;
    },
    freshKey: (name) => `${name}-${process.pid}-${Date.now()}-${keys++}`,
    async now() {
      const [seconds, micros] = (await probe!.time()).map(Number) as [number, number];
      return seconds * 1_000 + micros / 1_000;
    },
  };
}

/**
 * Calls `make` with `given` over a connected client of `which` as `{ redis, ...given }` (`null`
 * when `given` is: no options at all; the client is ended after), and checks that it throws a
 * `ConfigurationError` naming `option` in `owner: the <option> option must be …`.
 */
export async function expectRefusal(
  which: RedisClientName,
  port: number,
  given: object | null,
  make: (options: { redis: RedisClient } | null) => unknown,
  owner: string,
  option: string,
): Promise<void> {
  const { redis, quit } = await connectRedis(which, port);
  let error: unknown;
  try {
    make(given === null ? null : { redis, ...given });
  } catch (e) {
    error = e;
  } finally {
    await quit();
  }
  expect(error).toBeInstanceOf(ConfigurationError);
  expect((error as ConfigurationError).option).toBe(option);
  expect((error as Error).message).toContain(`${owner}: the ${option} option must be`);
}

/** What either Redis entry function must refuse as its `redis`, naming `redis`: rows of a refusal table. */
export function notClients(): Array<[string, () => { redis: never }, string]> {
  const trap = (): never => {
    throw new Error('trap');
  };
  return [
    ['an object that is no client', () => ({ redis: {} as never }), 'redis'],
    ['a Proxy that throws', () => ({ redis: new Proxy({}, { get: trap }) as never }), 'redis'],
  ];
}
