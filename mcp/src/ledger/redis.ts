/**
 * The ledger in Redis, for a fleet of servers: each claim is one Lua script, so two processes
 * that claim one key at once see one winner. It takes the clients `promokit/redis` takes (an
 * ioredis client, or a node-redis client), told apart by shape; neither package is imported.
 * Every command is bounded: Redis away, a command fails within {@link COMMAND_MS} and the write
 * fails closed.
 *
 * @module
 */
import { type ClaimOutcome, KEEP_MS, type Ledger, type LedgerEntry, LedgerUnavailableError } from './types.js';

/** The longest a command may take before the ledger counts Redis as away. */
export const COMMAND_MS = 2_000;

/** What the ledger needs of a Redis client: a Lua script's evaluation. */
type Evaluate = (lua: string, keys: string[], args: string[]) => Promise<unknown>;

/** An ioredis client or a node-redis client, by the one method the ledger calls. */
export interface RedisLedgerClient {
  /** ioredis: `eval(script, numKeys, ...keysAndArgs)`; node-redis: `eval(script, { keys, arguments })`. */
  eval(...args: never[]): Promise<unknown>;
}

/** The evaluation of `client`, whichever library made it. */
function evaluator(client: RedisLedgerClient): Evaluate {
  const shape = client as unknown as Record<string, unknown>;
  const nodeRedis = typeof shape.sendCommand === 'function' && 'isOpen' in shape;
  const run = client.eval as unknown as (...args: unknown[]) => Promise<unknown>;
  return nodeRedis
    ? (lua, keys, args) => run.call(client, lua, { keys, arguments: args })
    : (lua, keys, args) => run.call(client, lua, keys.length, ...keys, ...args);
}

const CLAIM = `
local cur = redis.call('HGET', KEYS[1], 'entry')
local now = tonumber(ARGV[3])
if not cur then
  redis.call('HSET', KEYS[1], 'entry', ARGV[1], 'first', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  redis.call('ZADD', KEYS[2], ARGV[6], ARGV[7])
  return {1, ARGV[4]}
end
local e = cjson.decode(cur)
local ok = false
if e.digest == ARGV[2] then
  if e.state == 'claimed' then
    ok = tonumber(e.lease_until) < now
  elseif e.state == 'unknown' and type(e.result) == 'table' then
    ok = e.result.retry == 'same_key_now'
  elseif e.state == 'not_applied' and type(e.result) == 'table' and (e.result.retry == 'same_key_now' or e.result.retry == 'same_key_after') then
    ok = (tonumber(e.retry_at) or 0) <= now
  end
end
local first = redis.call('HGET', KEYS[1], 'first')
if ok then
  redis.call('HSET', KEYS[1], 'entry', ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  redis.call('ZADD', KEYS[2], ARGV[6], ARGV[7])
  return {1, first}
end
return {0, cur, first}
`;

const UPDATE = `
local cur = redis.call('HGET', KEYS[1], 'entry')
if not cur then return 0 end
if cjson.decode(cur).owner ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'entry', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if ARGV[4] == '1' then redis.call('ZADD', KEYS[2], ARGV[5], ARGV[6]) else redis.call('ZREM', KEYS[2], ARGV[6]) end
return 1
`;

const GUARD = `
local cur = redis.call('GET', KEYS[1])
if cur and cur ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;

const UNGUARD = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;

const STALE = `
local keys = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 100)
local out = {}
for _, k in ipairs(keys) do
  local e = redis.call('HGET', ARGV[2] .. k, 'entry')
  if e then table.insert(out, e) else redis.call('ZREM', KEYS[1], k) end
end
return out
`;

const GET = `return {redis.call('HGET', KEYS[1], 'entry'), redis.call('HGET', KEYS[1], 'first')}`;
const PUT = `redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1`;
const TAKE = `return redis.call('GET', KEYS[1])`;

/** Options of {@link RedisLedger}. */
export interface RedisLedgerOptions {
  /** An ioredis or node-redis client, connected; the ledger never closes it. */
  redis: RedisLedgerClient;
  /** The prefix of every key, in one hash slot. Default `{promokit-mcp}:`. */
  prefix?: string;
}

/** A ledger in Redis, shared by every server process given the same Redis and prefix. */
export class RedisLedger implements Ledger {
  readonly kind = 'redis';
  readonly #eval: Evaluate;
  readonly #prefix: string;

  constructor(options: RedisLedgerOptions) {
    this.#eval = evaluator(options.redis);
    this.#prefix = options.prefix ?? '{promokit-mcp}:';
  }

  async claim(fresh: LedgerEntry, now: number): Promise<ClaimOutcome> {
    const reply = (await this.#run(
      CLAIM,
      [this.#entry(fresh.key), this.#inflight()],
      [JSON.stringify(fresh), fresh.digest, String(now), fresh.first_seen_at, String(KEEP_MS), String(fresh.lease_until), fresh.key],
    )) as [number, string, string?];
    if (reply[0] === 1) return { taken: true, entry: { ...fresh, first_seen_at: String(reply[1]) } };
    return { taken: false, entry: { ...(JSON.parse(String(reply[1])) as LedgerEntry), first_seen_at: String(reply[2]) } };
  }

  async update(entry: LedgerEntry, owner: string): Promise<boolean> {
    const open = entry.state === 'sent' || entry.state === 'claimed';
    const reply = await this.#run(
      UPDATE,
      [this.#entry(entry.key), this.#inflight()],
      [JSON.stringify(entry), owner, String(KEEP_MS), open ? '1' : '0', String(entry.lease_until), entry.key],
    );
    return Number(reply) === 1;
  }

  async get(key: string): Promise<LedgerEntry | undefined> {
    const [entry, first] = (await this.#run(GET, [this.#entry(key)], [])) as [string | null, string | null];
    return entry ? { ...(JSON.parse(entry) as LedgerEntry), first_seen_at: String(first) } : undefined;
  }

  async stale(now: number): Promise<LedgerEntry[]> {
    const found = (await this.#run(STALE, [this.#inflight()], [String(now), `${this.#prefix}entry:`])) as string[];
    return found.map((text) => JSON.parse(text) as LedgerEntry).filter((e) => e.lease_until < now && (e.state === 'sent' || e.state === 'claimed'));
  }

  async guard(target: string, holder: string, until: number, now: number): Promise<boolean> {
    return Number(await this.#run(GUARD, [`${this.#prefix}guard:${target}`], [holder, String(Math.max(1, until - now))])) === 1;
  }

  async unguard(target: string, holder: string): Promise<void> {
    await this.#run(UNGUARD, [`${this.#prefix}guard:${target}`], [holder]);
  }

  async put(name: string, value: string, until: number): Promise<void> {
    await this.#run(PUT, [`${this.#prefix}value:${name}`], [value, String(Math.max(1, until - Date.now()))]);
  }

  async take(name: string, _now: number): Promise<string | undefined> {
    const value = await this.#run(TAKE, [`${this.#prefix}value:${name}`], []);
    return typeof value === 'string' ? value : undefined;
  }

  async close(): Promise<void> {}

  #entry(key: string): string {
    return `${this.#prefix}entry:${key}`;
  }

  #inflight(): string {
    return `${this.#prefix}inflight`;
  }

  /** One script, bounded; any failure is {@link LedgerUnavailableError} (no reply text carried). */
  async #run(lua: string, keys: string[], args: string[]): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LedgerUnavailableError(`Redis did not answer within ${COMMAND_MS} ms`)), COMMAND_MS);
      timer.unref?.();
    });
    try {
      return await Promise.race([this.#eval(lua, keys, args), bound]);
    } catch (error) {
      if (error instanceof LedgerUnavailableError) throw error;
      throw new LedgerUnavailableError(`Redis refused the ledger's command (${(error as Error)?.name ?? 'error'})`);
    } finally {
      clearTimeout(timer);
    }
  }
}
