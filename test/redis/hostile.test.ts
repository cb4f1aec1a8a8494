/**
 * Redis's replies are input. A fake Redis on 127.0.0.1 (fake-redis.mjs: enough of the protocol
 * for ioredis and node-redis to connect) answers the limiter's and the token store's scripts with
 * what a real Redis never gives: wrong types, 300,000 slots for 16 asked, nil, moments an hour
 * ahead or in the past, 1e308, a megabyte string, a clock that jumps, no reply at all. The runs
 * happen in a child process started with `--unhandled-rejections=strict` (hostile-child.mjs),
 * against the built package, once per client: a promise of promokit rejecting unhandled would end
 * it with an error.
 *
 * What must hold: each hostile reply fails the calls waiting with a `LimiterError` at once (an
 * error or no reply, once `redisTimeout` passed), the limiter makes at most about ten round trips
 * a second meanwhile, and the next call after replies are sane again is admitted; the token store
 * gives every call a token of the process's own within its bounds and is used again once sane.
 * The normal behaviour is tested against a real redis-server (limiter.test.ts, token-store.test.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

interface Observed {
  ok: boolean;
  timedOut: boolean;
  ms: number;
  limiterError: boolean;
  message?: string;
  value?: string;
}

/** Runs hostile-child.mjs for `client`; resolves its exit code, its results and what it wrote to stderr. */
function runChild(client: string): Promise<{ code: number | null; results: Record<string, Record<string, unknown>>; stderr: string }> {
  if (!existsSync(join(root, 'dist', 'redis.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does it) first');
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--unhandled-rejections=strict', join(__dirname, 'hostile-child.mjs'), client], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '{}';
      let results = {};
      try {
        results = JSON.parse(last);
      } catch {
        stderr += `\n(stdout was not JSON: ${last.slice(0, 500)})`;
      }
      done({ code, results, stderr });
    });
  });
}

const runs = new Map<string, ReturnType<typeof runChild>>();
/** The child's run for `client`, started once (both clients run side by side). */
const run = (client: string) => {
  if (!runs.has(client)) runs.set(client, runChild(client));
  return runs.get(client)!;
};

describe.each(['ioredis', 'node-redis'])('hostile replies through %s', (client) => {
  it('nothing rejects unhandled: the child, strict about it, exits 0', async () => {
    void run(client === 'ioredis' ? 'node-redis' : 'ioredis');
    const { code, stderr } = await run(client);
    expect(stderr).not.toMatch(/Unhandled|unhandled/);
    expect(code, stderr).toBe(0);
  }, 120_000);

  it('each reply that cannot be right fails the calls waiting with a LimiterError at once, spins nothing, and the limiter recovers', async () => {
    const { results } = await run(client);
    const names = Object.keys(results).filter((name) => name.startsWith('limiter: ') && 'laterAllRefused' in results[name]!);
    expect(names.length).toBe(15);
    for (const name of names) {
      const r = results[name] as unknown as {
        hostile: Observed;
        laterAllRefused: boolean;
        laterSlowestMs: number;
        roundTripsInHalfASecond: number;
        recovered: Observed;
      };
      expect(r.hostile, name).toMatchObject({ ok: false, timedOut: false, limiterError: true });
      expect(r.hostile.message, name).toMatch(
        /^createRedisLimiter: Redis gave a reply to the reservation for promokit-limit:\{hostile-[\w-]+\} that cannot be right \(.{1,120}\), so the call was not admitted; nothing was sent$/,
      );
      // Printable and bounded, whatever the reply held.
      expect(r.hostile.message!.length, name).toBeLessThan(400);
      expect(r.hostile.message, name).not.toMatch(/[\u0000-\u001f]/);
      expect(r.hostile.ms, name).toBeLessThan(1_000);
      expect(r.laterAllRefused, name).toBe(true);
      expect(r.laterSlowestMs, name).toBeLessThan(1_000);
      // One round trip per 100 ms at most (the pause after a refused reply), where a line fed
      // slots in the past once made some 10,000 a second.
      expect(r.roundTripsInHalfASecond, name).toBeLessThanOrEqual(8);
      expect(r.recovered, name).toMatchObject({ ok: true, timedOut: false });
      expect(r.recovered.ms, name).toBeLessThan(1_500);
    }
  }, 120_000);

  it('an error reply or no reply refuses the calls once redisTimeout passed, then they flow again', async () => {
    const { results } = await run(client);
    for (const name of ['limiter: an error reply', 'limiter: an error reply of 10,000 characters with control characters', 'limiter: no reply']) {
      const r = results[name] as unknown as { hostile: Observed; recovered: Observed };
      expect(r.hostile, name).toMatchObject({ ok: false, limiterError: true });
      expect(r.hostile.message, name).toMatch(/Redis did not answer within 300 ms/);
      // What the server said is quoted short and printable.
      expect(r.hostile.message!.length, name).toBeLessThan(400);
      expect(r.hostile.message, name).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(r.hostile.ms, name).toBeGreaterThanOrEqual(290);
      expect(r.hostile.ms, name).toBeLessThan(1_500);
      expect(r.recovered, name).toMatchObject({ ok: true });
      expect(r.recovered.ms, name).toBeLessThan(2_000);
    }
  }, 120_000);

  it("Redis's clock jumping an hour and a day each way: every call is admitted, none waits for the jump", async () => {
    const { results } = await run(client);
    const { outcomes } = results['limiter: a clock that jumps an hour'] as unknown as { outcomes: Observed[] };
    expect(outcomes).toHaveLength(6);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: true, timedOut: false });
      // At most the half-second hold of a schedule started again.
      expect(outcome.ms).toBeLessThan(1_500);
    }
  }, 120_000);

  it('pauses: a nonsensical reply to one rejects it; junk on the pause channel is ignored; a sane pause holds the next call', async () => {
    const { results } = await run(client);
    const r = results['limiter: pauses'] as unknown as { pause: Observed; afterJunk: Observed; afterPause: Observed };
    expect(r.pause).toMatchObject({ ok: false, limiterError: true });
    expect(r.pause.message).toMatch(/reply to the pause of promokit-limit:\{hostile-pause\} that cannot be right/);
    expect(r.afterJunk).toMatchObject({ ok: true });
    expect(r.afterJunk.ms).toBeLessThan(300);
    expect(r.afterPause).toMatchObject({ ok: true });
    expect(r.afterPause.ms).toBeGreaterThanOrEqual(300);
  }, 120_000);

  it('through a Client: a LimiterError whose outcome is not_sent, nothing sent; the next call goes through', async () => {
    const { results } = await run(client);
    const r = results['limiter: through a Client'] as unknown as { refused: Observed & { outcome: string }; admitted: Observed; received: number };
    expect(r.refused).toMatchObject({ ok: false, limiterError: true, outcome: 'not_sent' });
    expect(r.refused.message).toMatch(/^asyncActions\.get: Redis gave a reply to the reservation/);
    expect(r.admitted).toMatchObject({ ok: true });
    expect(r.received).toBe(1);
  }, 120_000);

  it('the token store: whatever it answers, every call gets a token of its own process within its bounds, one fetch for all', async () => {
    const { results } = await run(client);
    const names = Object.keys(results).filter((name) => name.startsWith('token store: ') && name !== 'token store: sane again');
    expect(names.length).toBe(14);
    for (const name of names) {
      const r = results[name] as unknown as Observed & { tokens: string[]; issued: number };
      expect(r, name).toMatchObject({ ok: true, timedOut: false, issued: 1 });
      expect(r.tokens, name).toHaveLength(1);
      expect(r.tokens[0], name).toMatch(/^own-\d+$/);
      // redisTimeout 200 ms, lockMs 600 ms: the longest is a lock never free, waited for 600 ms.
      expect(r.ms, name).toBeLessThan(1_500);
    }
    const sane = results['token store: sane again'] as unknown as { first: Observed; second: Observed };
    expect(sane.first.ok && sane.second.ok).toBe(true);
    expect(sane.second.value).toBe(sane.first.value);
  }, 120_000);
});
