/**
 * The Redis clients promokit works with, told apart by their shape at run time: an ioredis
 * `Redis` or `Cluster`, or a node-redis (`redis` package) client or cluster. Neither package is
 * imported: the user's client is the only way to them, and both stay optional peers.
 *
 * {@link ownConnection} opens the connection promokit runs its scripts on, a copy of the user's
 * client with what an outage needs: commands fail at once while disconnected rather than queue,
 * commands in flight when the connection drops fail rather than being sent again on reconnect,
 * reconnection every {@link RECONNECT_MS}, and each script cut short after a bound, the connection
 * then replaced (a frozen server holds its sockets open). {@link subscribe} opens a second copy for
 * one pub/sub channel.
 *
 * promokit's connections never keep a process alive on their own (their sockets are unref'd): a
 * call in flight is held by its own timers, and a process whose client has ended exits, even when
 * that client ended in a way that emits no 'end' (ioredis' `quit()` while it reconnects).
 *
 * @module
 * @internal
 */
import { printable } from '../core/errors.js';

/**
 * A Redis client promokit accepts: an ioredis `Redis` or `Cluster`, or a node-redis client
 * (`createClient()`) or cluster (`createCluster()`), version 5 or later. Only its shape is
 * declared here, so that neither package is needed to compile against promokit; which one it is,
 * is told at run time.
 *
 * @category Redis entry
 */
export interface RedisClient {
  /** Both clients copy themselves with `duplicate()`: promokit works on its own copy. */
  duplicate(...args: never[]): unknown;
  /** Both clients are event emitters. */
  on(...args: never[]): unknown;
}

/** Which client it is. */
export type ClientKind = 'ioredis' | 'ioredis cluster' | 'node-redis' | 'node-redis cluster';

/** A Lua script and its SHA1, for EVALSHA. */
export interface Script {
  lua: string;
  /** The SHA1 in hex, computed on first use. */
  sha(): Promise<string>;
}

/** `lua` with its SHA1 (Web Crypto's, computed once, on first use). */
export function script(lua: string): Script {
  let sha: Promise<string> | undefined;
  return {
    lua,
    sha: () =>
      (sha ??= crypto.subtle
        .digest('SHA-1', new TextEncoder().encode(lua))
        .then((digest) => [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''))),
  };
}

/** How often promokit's connections try to reconnect while Redis is away. */
export const RECONNECT_MS = 200;

/** What promokit uses of either client, loosely typed: the client is checked by {@link clientKind}. */
// biome-ignore lint/suspicious/noExplicitAny: the two clients' methods, told apart at run time by clientKind
type Loose = Record<string, any>;

/** Which client `redis` is, by its shape; `undefined` when it is neither (a getter that throws included). */
export function clientKind(redis: unknown): ClientKind | undefined {
  try {
    if (typeof redis !== 'object' || redis === null) return undefined;
    const r = redis as Loose;
    if (typeof r.duplicate !== 'function' || typeof r.on !== 'function' || typeof r.once !== 'function') return undefined;
    if (typeof r.defineCommand === 'function' && typeof r.evalsha === 'function' && typeof r.status === 'string') {
      return r.isCluster === true ? 'ioredis cluster' : 'ioredis';
    }
    if (typeof r.evalSha === 'function' && typeof r.isOpen === 'boolean' && typeof r.connect === 'function') {
      return typeof r.nodeClient === 'function' ? 'node-redis cluster' : 'node-redis';
    }
  } catch {
    // A Proxy or a getter that throws is not a client.
  }
  return undefined;
}

/** The key prefix the client puts before keys (not channels): ioredis' and node-redis's `keyPrefix`. */
export function keyPrefixOf(redis: RedisClient, kind: ClientKind): string {
  try {
    const r = redis as Loose;
    const prefix = kind.startsWith('ioredis') ? r.options?.keyPrefix : (r._keyPrefix ?? (kind === 'node-redis' ? r.options?.keyPrefix : r._options?.keyPrefix));
    return typeof prefix === 'string' ? prefix : '';
  } catch {
    return '';
  }
}

/** What to do when each user's client ends: one listener per client, however many limiters and stores it serves. */
const endings = new WeakMap<object, Set<() => void>>();

/**
 * Calls `listener` once when the user's client ends for good (`quit()`, `close()`, `destroy()`);
 * returns the function that forgets it (a limiter or store closed before).
 */
export function onEnd(redis: RedisClient, kind: ClientKind, listener: () => void): () => void {
  let listeners = endings.get(redis);
  if (!listeners) {
    const all = new Set<() => void>();
    endings.set(redis, (listeners = all));
    (redis as Loose).once(kind === 'node-redis cluster' ? 'disconnect' : 'end', () => {
      endings.delete(redis);
      for (const end of all) end();
    });
  }
  listeners.add(listener);
  return () => void endings.get(redis)?.delete(listener);
}

/** promokit's own connection to Redis. */
export interface Connection {
  /** Resolves once the connection is ready (connecting it the first time); rejects after `ms`. */
  ready(ms: number): Promise<void>;
  /**
   * Runs `script` (EVALSHA, then EVAL when Redis does not know it yet) with `keys` and `args`;
   * rejects when Redis refuses or after `ms`, replacing the connection then.
   */
  run(script: Script, keys: string[], args: Array<string | number>, ms: number): Promise<unknown>;
  /** The last error the connection reported, for messages. */
  lastError(): unknown;
  /** Calls `listener` each time the connection drops (what was reserved on it may be lost). */
  onDrop(listener: () => void): void;
  /** Closes the connection for good. */
  close(): void;
}

/** Opens promokit's own connection, a copy of `redis` (see the module's summary); it connects on first use. */
export function ownConnection(redis: RedisClient, kind: ClientKind, attemptMs: number): Connection {
  return kind.startsWith('ioredis') ? ioredisConnection(redis as Loose, kind, attemptMs) : nodeRedisConnection(redis as Loose, kind, attemptMs);
}

/**
 * `promise`, or a rejection after `ms` (calling `onTimeout` then); a late settling of `promise` is
 * ignored. The rejection waits for the I/O of the loop's turn: after a stall of the event loop (a
 * busy process), timers run before the sockets are read, and a reply that arrived in time must
 * not be taken for a timeout.
 */
export function bounded<T>(promise: Promise<T>, ms: number, onTimeout: () => void, message: () => string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    // A timer set from a timer's callback runs on the loop's next turn, after its I/O.
    const timer = setTimeout(
      () =>
        setTimeout(() => {
          if (settled) return;
          settled = true;
          onTimeout();
          reject(new Error(message()));
        }, 0),
      ms,
    );
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    promise.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

/** True for Redis's answer to an EVALSHA of a script it does not hold. */
const noScript = (error: unknown) => error instanceof Error && error.message.startsWith('NOSCRIPT');

function ioredisConnection(redis: Loose, kind: ClientKind, attemptMs: number): Connection {
  const common = { lazyConnect: true, enableOfflineQueue: false } as const;
  const perNode = { maxRetriesPerRequest: 0, autoResendUnfulfilledCommands: false, connectTimeout: attemptMs } as const;
  const connection: Loose =
    kind === 'ioredis cluster'
      ? redis.duplicate([], { ...common, clusterRetryStrategy: () => RECONNECT_MS, redisOptions: { ...redis.options?.redisOptions, ...perNode } })
      : redis.duplicate({ ...common, ...perNode, retryStrategy: () => RECONNECT_MS });
  let last: unknown;
  connection.on('error', (error: unknown) => (last = error));
  unrefIoredis(connection, kind);
  const evaluate = async (s: Script, keys: string[], args: Array<string | number>) => {
    try {
      return await connection.evalsha(await s.sha(), keys.length, ...keys, ...args);
    } catch (error) {
      if (!noScript(error)) throw error;
      return connection.eval(s.lua, keys.length, ...keys, ...args);
    }
  };
  return {
    ready(ms) {
      if (connection.status === 'ready') return Promise.resolve();
      // Failures surface as 'error' events and as the wait below running out.
      if (connection.status === 'wait') connection.connect().catch(() => undefined);
      let onReady: (() => void) | undefined;
      return bounded(
        new Promise<void>((resolve) => connection.once('ready', (onReady = resolve))),
        ms,
        () => connection.off('ready', onReady),
        () => `no connection to Redis within ${ms} ms (${last instanceof Error ? printable(last.message, 200) : String(connection.status)})`,
      );
    },
    // A reply this late means a frozen or unreachable server: start over on a new connection.
    run: (s, keys, args, ms) =>
      bounded(
        evaluate(s, keys, args),
        ms,
        () => connection.disconnect(true),
        () => `Redis did not reply within ${ms} ms`,
      ),
    lastError: () => last,
    onDrop: (listener) => void connection.on('close', listener),
    close: () => void connection.disconnect(),
  };
}

/**
 * node-redis: a copy with the offline queue off (commands fail at once while disconnected, and
 * those in flight fail when the socket drops) and reconnection every {@link RECONNECT_MS}. A
 * frozen server is left by destroying the copy and making another.
 */
function nodeRedisConnection(redis: Loose, kind: ClientKind, attemptMs: number): Connection {
  const cluster = kind === 'node-redis cluster';
  const make = (): Loose => {
    const socketOf = (options: Loose | undefined) => ({ ...options?.socket, reconnectStrategy: () => RECONNECT_MS, connectTimeout: attemptMs });
    if (cluster) {
      const defaults = redis._options?.defaults as Loose | undefined;
      return redis.duplicate({ defaults: { ...defaults, disableOfflineQueue: true, socket: socketOf(defaults) }, commandOptions: undefined });
    }
    // Replies as the client gives them by default: no type mapping of the user's.
    return redis.duplicate({ disableOfflineQueue: true, socket: socketOf(redis.options), commandOptions: undefined });
  };
  let connection: Loose;
  let connecting: Promise<unknown> | undefined;
  let last: unknown;
  let closed = false;
  const dropped: Array<() => void> = [];
  const drop = () => dropped.forEach((listener) => listener());
  const open = () => {
    connection = make();
    unrefNodeRedis(connection);
    connecting = undefined;
    connection.on('error', (error: unknown) => (last = error));
    connection.on(cluster ? 'node-reconnecting' : 'reconnecting', drop);
  };
  open();
  const connect = (): Promise<unknown> => {
    if (connecting) return connecting;
    const current = connection;
    const attempt: Promise<unknown> = current.connect();
    // A failed first connection is retried by the client; its failures surface as 'error' events.
    attempt.catch(() => {
      if (current === connection && connecting === attempt) connecting = undefined;
    });
    return (connecting = attempt);
  };
  const isReady = () => connection.isReady === true;
  const evaluate = async (s: Script, keys: string[], args: Array<string | number>) => {
    const options = { keys, arguments: args.map(String) };
    try {
      return await connection.evalSha(await s.sha(), options);
    } catch (error) {
      if (!noScript(error)) throw error;
      return connection.eval(s.lua, options);
    }
  };
  const replace = () => {
    if (closed) return;
    const frozen = connection;
    open();
    drop();
    try {
      frozen.destroy();
    } catch {
      // Already closed.
    }
  };
  return {
    ready(ms) {
      if (isReady()) return Promise.resolve();
      const current = connection;
      let onReady: (() => void) | undefined;
      const readyNow = new Promise<void>((resolve) => {
        onReady = resolve;
        current.once('ready', onReady);
        // A cluster says it is ready by its connect() resolving.
        connect().then(
          () => isReady() && resolve(),
          () => undefined,
        );
      });
      return bounded(
        readyNow,
        ms,
        () => current.off('ready', onReady),
        () => `no connection to Redis within ${ms} ms (${last instanceof Error ? printable(last.message, 200) : 'connecting'})`,
      );
    },
    run: (s, keys, args, ms) => bounded(evaluate(s, keys, args), ms, replace, () => `Redis did not reply within ${ms} ms`),
    lastError: () => last,
    onDrop: (listener) => void dropped.push(listener),
    close() {
      closed = true;
      try {
        connection.destroy();
      } catch {
        // Already closed.
      }
    },
  };
}

/**
 * Subscribes to `channel` on a copy of `redis` of its own (a subscribed connection runs nothing
 * else), calling `onMessage` with each message's text; it resubscribes after a reconnection.
 * Returns the function that closes it.
 */
export function subscribe(redis: RedisClient, kind: ClientKind, channel: string, onMessage: (message: string) => void): () => void {
  const r = redis as Loose;
  const text = (message: unknown) => (typeof message === 'string' ? message : message instanceof Uint8Array ? new TextDecoder().decode(message) : '');
  if (kind.startsWith('ioredis')) {
    const subscriber: Loose =
      kind === 'ioredis cluster'
        ? r.duplicate()
        : r.duplicate({ retryStrategy: () => RECONNECT_MS, maxRetriesPerRequest: null, enableOfflineQueue: true, autoResubscribe: true });
    subscriber.on('error', () => undefined);
    unrefIoredis(subscriber, kind);
    subscriber.on('message', (from: unknown, message: unknown) => from === channel && onMessage(text(message)));
    subscriber.subscribe(channel).catch(() => undefined);
    return () => void subscriber.disconnect();
  }
  const cluster = kind === 'node-redis cluster';
  const socket = (options: Loose | undefined) => ({ ...options?.socket, reconnectStrategy: () => RECONNECT_MS });
  const subscriber: Loose = cluster
    ? r.duplicate({ defaults: { ...r._options?.defaults, socket: socket(r._options?.defaults) } })
    : r.duplicate({ socket: socket(r.options) });
  subscriber.on('error', () => undefined);
  unrefNodeRedis(subscriber);
  let closed = false;
  subscriber
    .connect()
    .then(() => (closed ? undefined : subscriber.subscribe(channel, (message: unknown) => onMessage(text(message)))))
    .catch(() => undefined);
  return () => {
    closed = true;
    try {
      subscriber.destroy();
    } catch {
      // Already closed.
    }
  };
}

/** Unrefs an ioredis connection's socket each time it connects (a cluster's, each node's). */
function unrefIoredis(connection: Loose, kind: ClientKind): void {
  const unref = (node: Loose) => node.on('connect', () => node.stream?.unref?.());
  if (kind === 'ioredis cluster') connection.on('+node', unref);
  else unref(connection);
}

/** Unrefs a node-redis client's socket, now and after each reconnection (a cluster has no such switch). */
function unrefNodeRedis(connection: Loose): void {
  try {
    if (typeof connection.unref === 'function') connection.unref();
  } catch {
    // Not connected yet: node-redis keeps the setting for the socket it opens.
  }
}
