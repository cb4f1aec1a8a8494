// Types of bench/fleet-redis.mjs, for the test suite.

/** A running redis-server on 127.0.0.1. */
export interface RedisServer {
  port: number;
  /** The pid of the current server process. */
  readonly pid: number | undefined;
  /** Kills the server at once (SIGKILL): its connections drop, its data is gone. */
  kill(): Promise<void>;
  /** Starts it again, empty, on the same port; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void;
  /** Lets it run again (SIGCONT). */
  thaw(): void;
  /** Stops it by its pid and removes its working directory. */
  stop(): Promise<void>;
}

/** Starts redis-server (with `cluster`, a one-node Redis Cluster serving every slot); fails (never skips) when it is not installed. */
export declare function startRedis(options?: { cluster?: boolean }): Promise<RedisServer>;

/** The two clients promokit/redis takes. */
export type RedisClientName = 'ioredis' | 'node-redis';

/** A connected client of `which` to 127.0.0.1:`port` (with `cluster`, that client's cluster), and how to end it. */
export declare function connectRedis(
  which: RedisClientName,
  port: number,
  options?: { cluster?: boolean },
  // biome-ignore lint/suspicious/noExplicitAny: either Redis client, as the benchmark drives it
): Promise<{ redis: import('../src/redis.js').RedisClient & Record<string, any>; quit(): Promise<unknown> }>;
