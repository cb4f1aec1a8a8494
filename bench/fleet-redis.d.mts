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
