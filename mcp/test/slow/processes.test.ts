// Server processes that stop and share: a crash between `sent` and settling (the process killed
// while its spend is on the wire), and two server processes on one Redis ledger. Each process runs
// the built package (dist/) against one mock service listening on 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useListeningMock } from './listening-mock.js';
import { type RedisServer, startRedis } from '../../../bench/fleet-redis.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, '..', 'fixtures', 'call.mjs');

const { mock, url } = useListeningMock();

/** Starts one server process with `config`; its stdout lines parsed as JSON. */
function start(config: Record<string, unknown>): { child: ChildProcess; lines: Promise<any[]> } {
  const { credentials } = mock;
  const child = spawn(process.execPath, [script, JSON.stringify({ baseUrl: url(), credentials, ...config })], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const lines = new Promise<any[]>((resolve, reject) =>
    child.once('exit', (code, signal) =>
      code === 0 || signal
        ? resolve(
            out
              .split('\n')
              .filter(Boolean)
              .map((l) => JSON.parse(l)),
          )
        : reject(new Error(`server process failed (${code}): ${err.slice(0, 2000)}`)),
    ),
  );
  return { child, lines };
}

/** The entries of a file ledger. */
const entries = (dir: string): any[] => {
  try {
    // Its entries, not a write's temporary file (renamed over an entry once whole).
    return readdirSync(join(dir, 'entries'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, 'entries', f), 'utf8')));
  } catch {
    return [];
  }
};

describe('a crash between sent and settling', () => {
  it('the next server marks the spend needs_person; the same key then answers it, nothing sent again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promokit-mcp-crash-'));
    mock.inject({ operation: 'loyalties.redeemReward', fault: 'timeout' });
    const args = { member_id: mock.ids.members.ada, reward_id: mock.ids.rewards.espresso, operation_key: 'crash-spend-1' };
    const first = start({ ledger: `file:${dir}`, tool: 'redeem_reward', args, leaseMs: 300 });
    const deadline = Date.now() + 15_000;
    while (!entries(dir).some((e) => e.state === 'sent') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.lines;
    expect(entries(dir)[0]).toMatchObject({ state: 'sent', call: { tool: 'redeem_reward' } });
    mock.reset();
    await new Promise((r) => setTimeout(r, 350));
    const sentBefore = mock.requests.length;
    // The next server takes the directory (its holder is dead), settles the entry, and answers the key from it.
    const [recovered, answer] = await start({ ledger: `file:${dir}`, recover: true, tool: 'redeem_reward', args }).lines;
    expect(recovered).toEqual({ recovered: 1 });
    expect(answer).toMatchObject({ write: 'unknown', retry: 'person', replayed: true, ledger: { state: 'needs_person' } });
    expect(mock.requests.slice(sentBefore).filter((r) => r.operation === 'loyalties.redeemReward')).toHaveLength(0);
  });

  it('a write safe to repeat by its nature is sent again on restart and settles applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promokit-mcp-crash-'));
    mock.inject({ operation: 'vouchers.disable', fault: 'timeout' });
    const args = { code: mock.ids.vouchers.valid, operation_key: 'crash-disable-1' };
    const first = start({ ledger: `file:${dir}`, tool: 'disable_voucher', args, leaseMs: 300 });
    const deadline = Date.now() + 15_000;
    while (!entries(dir).some((e) => e.state === 'sent') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.lines;
    mock.reset();
    await new Promise((r) => setTimeout(r, 350));
    const [recovered, answer] = await start({ ledger: `file:${dir}`, recover: true, tool: 'disable_voucher', args }).lines;
    expect(recovered).toEqual({ recovered: 1 });
    expect(answer).toMatchObject({ write: 'applied', replayed: true });
    expect(mock.get('vouchers', mock.ids.vouchers.valid)?.active).toBe(false);
  });

  it('a second live process on the same directory is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'promokit-mcp-lock-'));
    const { FileLedger } = await import('../../src/index.js');
    const held = await FileLedger.open(dir);
    await expect(start({ ledger: `file:${dir}`, tool: 'get_operation', args: { tool: 'redeem_reward', operation_key: 'whatever-1' } }).lines).rejects.toThrow(
      /in use by process/,
    );
    await held.close();
  });
});

describe('two server processes on one Redis ledger', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(() => redis?.stop());

  it('the same spend from both at once (one on ioredis, one on node-redis): sent once, both answer applied, one replayed', async () => {
    mock.inject({ operation: 'loyalties.redeemReward', fault: 'latency', ms: 400 });
    const args = { member_id: mock.ids.members.ada, reward_id: mock.ids.rewards.espresso, operation_key: 'fleet-spend-1' };
    const [[a], [b]] = await Promise.all([
      start({ redisPort: redis.port, tool: 'redeem_reward', args }).lines,
      start({ redisPort: redis.port, redisClient: 'node-redis', tool: 'redeem_reward', args }).lines,
    ]);
    expect([a.write, b.write]).toEqual(['applied', 'applied']);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(mock.requests.filter((r) => r.operation === 'loyalties.redeemReward')).toHaveLength(1);
    expect(mock.get('vouchers', mock.ids.members.ada)?.loyalty_card?.points).toBe(1250 - 200);
    // A third process, later, on node-redis: the same key replays from the shared ledger.
    const [c] = await start({ redisPort: redis.port, redisClient: 'node-redis', tool: 'redeem_reward', args }).lines;
    expect(c).toMatchObject({ write: 'applied', replayed: true, record: a.record });
    expect(mock.requests.filter((r) => r.operation === 'loyalties.redeemReward')).toHaveLength(1);
  });

  it('Redis away: writes fail closed (ledger_unavailable, nothing sent), reads go on', async () => {
    await redis.kill();
    const write = start({
      redisPort: redis.port,
      tool: 'redeem_reward',
      args: { member_id: mock.ids.members.ada, reward_id: mock.ids.rewards.espresso, operation_key: 'fleet-away-1' },
    });
    const [answer] = await write.lines;
    expect(answer).toMatchObject({ write: 'not_applied', refusal: { code: 'ledger_unavailable' } });
    const [read] = await start({ redisPort: redis.port, tool: 'get_member', args: { member_id: mock.ids.members.ada } }).lines;
    expect(read.data.loyalty_card.points).toBe(1250);
    expect(mock.requests.filter((r) => r.operation === 'loyalties.redeemReward')).toHaveLength(0);
    await redis.restart();
  });
});
