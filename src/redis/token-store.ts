/**
 * `redisTokenStore`: the {@link TokenStore} of `cachedAccessToken(fetchToken, { store })` in
 * Redis. Each owner's token (see `TokenStore`: the credentials it was fetched for) is one string
 * key, `promokit-token:{<key>}:<owner>`, holding its lifetime, its expiry (epoch milliseconds),
 * its seal and the token, and expiring with it; its refresh lock is
 * `promokit-token-lock:{<key>}:<owner>` (`SET NX PX`, released only by its holder); a refused
 * token is deleted only while it is still the one stored. The keys of one `key` share a hash tag,
 * so they live in one Redis Cluster slot. Every command is one short script on a connection of
 * the store's own, bounded by `redisTimeout`, and every reply is checked.
 *
 * @module
 * @internal
 */
import { MAX_TOKEN_LENGTH, isTokenText, type SharedToken, type TokenStore } from '../core/token-store.js';
import { onEnd, ownConnection, script, type Connection, type RedisClient } from './connection.js';
import { isKey, redisKey } from './keys.js';
import { isMs, readOptions } from './options.js';
import { describe, numberIn, textOf } from './replies.js';

/**
 * Options of {@link redisTokenStore}.
 * @category Redis entry
 */
export interface RedisTokenStoreOptions {
  /**
   * An ioredis client or cluster, or a node-redis client or cluster (version 5 or later). The store
   * opens its own connection with the same settings on first use, and closes it when your client
   * ends (or on {@link RedisTokenStore.close}).
   */
  redis: RedisClient;
  /**
   * Names a group of tokens: under one key, the processes calling with the same credentials (app
   * ID, app token, service origin) share one token, and those calling with other credentials each
   * have their own, kept apart whatever the key (see "Running a fleet"). Kept in Redis under
   * `promokit-token:{<key>}:<owner>` (after your client's `keyPrefix`, if any). A key of its own
   * keeps a fleet's tokens in one Redis Cluster slot apart from other fleets'. Printable text, 1
   * to 200 characters; default `default`.
   */
  key?: string | undefined;
  /**
   * The longest one exchange with Redis may take, in milliseconds (connecting included): past it,
   * the process fetches its own token and leaves Redis aside for two seconds. 50 to 60,000;
   * default 1,000.
   */
  redisTimeout?: number | undefined;
  /**
   * How long one process's refresh holds the others back, in milliseconds: they wait for its token
   * at most this long, then fetch their own. Keep it, with a few `redisTimeout`, under your calls'
   * `timeout`. 100 to 60,000; default 5,000.
   */
  lockMs?: number | undefined;
}

/**
 * A {@link TokenStore} in Redis, made by {@link redisTokenStore}.
 * @category Redis entry
 */
export interface RedisTokenStore extends TokenStore {
  /** The lock's hold, as given (`lockMs`). */
  readonly lockMs: number;
  /** `redisTimeout`, as given. */
  readonly timeoutMs: number;
  /** Closes the store's own connection (your client stays open). Done for you when your client ends. */
  close(): Promise<void>;
}

/**
 * The token store's one script. `KEYS[1]` the token, `KEYS[2]` the lock; `ARGV[1]` the operation:
 * - `read` (ARGV[2] the longest value): `{ 'none' }`, `{ 'corrupt' }` (another type, or too long:
 *   the next write replaces it) or `{ 'token', value, pttl }`;
 * - `write` (ARGV[2] the value, ARGV[3] its milliseconds): `SET PX`, replacing whatever was there;
 * - `lock` (ARGV[2] the holder, ARGV[3] its milliseconds): 1 when taken, 0 when held;
 * - `unlock` (ARGV[2] the holder): deletes the lock only if this holder still has it;
 * - `clear` (ARGV[2] the refused token): deletes the token only if it is still that one.
 *
 * The value is `<lifetimeMs> <expiresAt> <seal> <token>`. The expiry is kept as a moment as well as a
 * time to live: a write that Redis runs late (a frozen server that resumes, a command held in a
 * buffer) sets a time to live counted from then, longer than the token has left, and readers take
 * the sooner of the two.
 */
const TOKEN_SCRIPT = `
local op = ARGV[1]
if op == 'read' then
  local kind = redis.call('TYPE', KEYS[1])
  kind = kind.ok or kind
  if kind == 'none' then return { 'none' } end
  if kind ~= 'string' or redis.call('STRLEN', KEYS[1]) > tonumber(ARGV[2]) then return { 'corrupt' } end
  return { 'token', redis.call('GET', KEYS[1]), redis.call('PTTL', KEYS[1]) }
elseif op == 'write' then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
elseif op == 'lock' then
  if redis.call('SET', KEYS[2], ARGV[2], 'NX', 'PX', ARGV[3]) then return 1 end
  return 0
elseif op == 'unlock' then
  if redis.pcall('GET', KEYS[2]) == ARGV[2] then return redis.call('DEL', KEYS[2]) end
  return 0
elseif op == 'clear' then
  local value = redis.pcall('GET', KEYS[1])
  if type(value) ~= 'string' then return 0 end
  if string.match(value, '([^ ]+)$') == ARGV[2] then return redis.call('DEL', KEYS[1]) end
  return 0
end
return redis.error_reply('promokit: unknown token store operation')
`;
const TOKEN = script(TOKEN_SCRIPT);

/** The longest lifetime `cachedAccessToken` accepts, in milliseconds: a year. */
const YEAR_MS = 31_536_000_000;

/** Longest stored value: the lifetime, the expiry, the seal and the token, with their spaces. */
const MAX_VALUE = MAX_TOKEN_LENGTH + 32 + 65;

/** An owner's name, as `cachedAccessToken` gives it: 32 hexadecimal characters. */
const OWNER = /^[0-9a-f]{32}$/;

/** A token's seal, as `cachedAccessToken` makes it: 64 hexadecimal characters. */
const SEAL = /^[0-9a-f]{64}$/;

/**
 * Creates the store of the tokens a fleet shares, one per set of credentials, for
 * `cachedAccessToken(fetchToken, { store })`: the first process that needs a token for its
 * credentials takes their refresh lock and fetches it, the others wait for it (at most `lockMs`)
 * and use it; a 401 clears it only while it is still the token refused, so a fleet refused with
 * one token fetches one new token. Processes of other apps (another app ID or app token, another
 * service origin) on the same Redis, with or without the same `key`, never read one another's
 * token: each is kept under the name of its credentials, sealed with their app token, and a
 * token whose seal does not match is never sent. When Redis is down, slow or answers nonsense,
 * each process fetches its own, within the call's bounds.
 *
 * Redis then holds the bearer token: see the guide's "Running a fleet" for how to protect it
 * (an ACL user limited to the `promokit-token*` keys, TLS, no persistence or an encrypted disk).
 *
 * @throws ConfigurationError when an option is out of range or `redis` is not a client promokit knows (`option` names it).
 * @category Redis entry
 */
export function redisTokenStore(options: RedisTokenStoreOptions): RedisTokenStore {
  const { given, kind, check } = readOptions('redisTokenStore', options, '{ redis, key? }', ['redis', 'key', 'redisTimeout', 'lockMs']);
  const { redis, key = 'default', redisTimeout = 1_000, lockMs = 5_000 } = given;
  check(isKey(key), 'key', 'printable text, 1 to 200 characters');
  check(isMs(redisTimeout, 50, 60_000), 'redisTimeout', 'a number of milliseconds, 50 to 60000');
  check(isMs(lockMs, 100, 60_000), 'lockMs', 'a number of milliseconds, 100 to 60000');

  let connection: Connection | undefined;
  let closed = false;
  /** Runs the script on `owner`'s keys. */
  const run = async (owner: string, ...args: Array<string | number>): Promise<unknown> => {
    if (closed) throw new Error('the Redis token store was closed');
    if (typeof owner !== 'string' || !OWNER.test(owner)) throw new Error('the token store was asked for an owner that is not 32 hexadecimal characters');
    connection ??= ownConnection(redis, kind, redisTimeout);
    const deadline = performance.now() + redisTimeout;
    await connection.ready(redisTimeout);
    const keys = [`${redisKey('token', key)}:${owner}`, `${redisKey('token-lock', key)}:${owner}`];
    return connection.run(TOKEN, keys, args, Math.max(1, deadline - performance.now()));
  };
  let forget = () => {};
  const close = async () => {
    closed = true;
    forget();
    connection?.close();
  };
  forget = onEnd(redis, kind, () => void close());

  return {
    lockMs,
    timeoutMs: redisTimeout,
    async read(owner): Promise<SharedToken | undefined> {
      return readToken(await run(owner, 'read', MAX_VALUE));
    },
    async write({ token, expiresInMs, lifetimeMs, seal }, owner) {
      const ms = Math.floor(expiresInMs);
      if (!isTokenText(token) || !SEAL.test(seal) || !(ms >= 1)) return;
      expectInteger(await run(owner, 'write', `${Math.round(lifetimeMs)} ${Date.now() + ms} ${seal} ${token}`, ms), 'write', 1);
    },
    async lock(owner) {
      const holder = crypto.randomUUID();
      if (expectInteger(await run(owner, 'lock', holder, lockMs), 'lock', 1) === 0) return undefined;
      return async () => void expectInteger(await run(owner, 'unlock', holder), 'unlock', 1);
    },
    async clear(token, owner) {
      if (!isTokenText(token)) return;
      expectInteger(await run(owner, 'clear', token), 'clear', 1);
    },
    close,
  };
}

/** The `read` reply, checked: the shared token, `undefined` when none (or what is stored is not one); throws on a reply the script cannot give. */
function readToken(reply: unknown): SharedToken | undefined {
  if (!Array.isArray(reply) || reply.length < 1) throw new Error(`Redis gave ${describe(reply)} to a token read`);
  const status = textOf(reply[0]);
  if ((status === 'none' || status === 'corrupt') && reply.length === 1) return undefined;
  if (status !== 'token' || reply.length !== 3) throw new Error(`Redis gave ${describe(reply)} to a token read`);
  const value = reply[1] instanceof Uint8Array ? new TextDecoder().decode(reply[1]) : reply[1];
  const pttl = numberIn(reply[2]);
  if (pttl === undefined || !Number.isInteger(pttl)) throw new Error(`Redis gave a token's time to live of ${describe(reply[2])}`);
  // Gone meanwhile (-2), or stored without an expiry (-1) by something else: not a token of ours.
  if (pttl <= 0 || typeof value !== 'string') return undefined;
  const match = /^(\d{1,12}) (\d{1,15}) ([0-9a-f]{64}) ([\x21-\x7e]+)$/.exec(value);
  if (!match || !isTokenText(match[4])) return undefined;
  const lifetimeMs = Number(match[1]);
  // A lifetime over a year, or a time to live longer than the token's life, was not set by this store.
  if (lifetimeMs <= 0 || lifetimeMs > YEAR_MS || pttl > lifetimeMs + 1_000) return undefined;
  // The sooner of its time to live and its expiry: a write Redis ran late leaves the first too long.
  const expiresInMs = Math.min(pttl, Number(match[2]) - Date.now());
  if (expiresInMs <= 0) return undefined;
  return { token: match[4], expiresInMs, lifetimeMs, seal: match[3]! };
}

/** The script's integer answer to `op`, 0 to `max`; throws on anything else. */
function expectInteger(reply: unknown, op: string, max: number): number {
  const n = numberIn(reply);
  if (n === undefined || !Number.isInteger(n) || n < 0 || n > max) throw new Error(`Redis gave ${describe(reply)} to a token ${op}`);
  return n;
}
