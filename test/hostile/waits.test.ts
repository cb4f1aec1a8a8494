/**
 * Waits inside the call's bounds: nothing a call waits for (the access token function, a shared
 * limiter, a pause the service asked for) may hold it past its bound, and a wait that fails sends
 * nothing. The bounds asserted are loose enough for a loaded machine; the figures are what this
 * run measured.
 */
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  cachedAccessToken,
  Client,
  ConfigurationError,
  LimiterError,
  RateLimitError,
  retryDecision,
  TimeoutError,
  type Limiter,
} from '../../src/index.js';
import { useRecorders } from '../helpers/recorder.js';
import { json, keys, member, settle } from './servers.js';
import { useFigures } from './table.js';

const serve = useRecorders().startRaw;
const record = useFigures('hostile/waits');

/** A service that answers every read with the member. */
const healthy = () => serve((_request, res) => json(res, 200, member));

/** A promise that never settles. */
const never = <T>() => new Promise<T>(() => undefined);

/** Scheduling allowance for "within its bound" on two shared cores. */
const SLACK_MS = 2_500;

describe('the access token function', () => {
  it('that never settles fails the call within its timeout, naming accessToken; nothing sent', async () => {
    const service = await healthy();
    const client = new Client({ baseUrl: service.url, ...keys, accessToken: never, logLevel: 'off' });
    const { error, ms } = await settle(client.loyalties.getMember('LOYAL-H1', {}, { timeout: 300 }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: 'accessToken', outcome: 'not_sent' });
    expect((error as Error).message).toContain('within 300 ms');
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(300 + SLACK_MS);
    expect(service.sent).toHaveLength(0);
    record('token-hangs-timeout', `\`ConfigurationError\` (\`accessToken\`) after ~${ms} ms (timeout 300 ms); requests sent: ${service.sent.length}`);
  });

  it("that never settles gives way to the caller's abort at once", async () => {
    const service = await healthy();
    const client = new Client({ baseUrl: service.url, ...keys, accessToken: never, logLevel: 'off' });
    const controller = new AbortController();
    const call = settle(client.loyalties.getMember('LOYAL-H1', {}, { signal: controller.signal, timeout: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const aborted = performance.now();
    controller.abort();
    const { error } = await call;
    const afterAbort = Math.round(performance.now() - aborted);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ outcome: 'not_sent', attempts: 0 });
    expect(afterAbort).toBeLessThan(SLACK_MS);
    expect(service.sent).toHaveLength(0);
    record('token-hangs-abort', `\`AbortError\` ~${afterAbort} ms after the abort (timeout 60 s); requests sent: ${service.sent.length}`);
  });

  it('that hangs once does not starve the next call under maxConcurrency: 1', async () => {
    const service = await healthy();
    let calls = 0;
    const accessToken = () => (++calls === 1 ? never<string>() : keys.accessToken);
    const client = new Client({ baseUrl: service.url, ...keys, accessToken, maxConcurrency: 1, logLevel: 'off' });
    const first = settle(client.loyalties.getMember('LOYAL-H1', {}, { timeout: 300 }));
    const started = performance.now();
    const second = client.loyalties.getMember('LOYAL-H1', {}, { timeout: 300 }).then(() => Math.round(performance.now() - started));
    const [{ error, ms: firstMs }, secondMs] = await Promise.all([first, second]);
    expect(error).toBeInstanceOf(ConfigurationError);
    // The second waited for the first's place, and got it when the first failed.
    expect(secondMs).toBeGreaterThanOrEqual(firstMs - 50);
    expect(secondMs).toBeLessThan(300 + SLACK_MS);
    expect(service.sent).toHaveLength(1);
    record(
      'token-hangs-concurrency',
      `first call failed after ~${firstMs} ms; the second resolved after ~${secondMs} ms; requests sent: ${service.sent.length} (the second's)`,
    );
  });

  it('that throws or rejects fails the call naming accessToken, with its error as cause; nothing sent', async () => {
    const service = await healthy();
    const thrown = new Error('the vault is sealed');
    const rejected = new Error('token endpoint answered 503');
    const results = [];
    for (const accessToken of [
      () => {
        throw thrown;
      },
      () => Promise.reject(rejected),
    ]) {
      const client = new Client({ baseUrl: service.url, ...keys, accessToken, logLevel: 'off' });
      results.push(await settle(client.loyalties.getMember('LOYAL-H1')));
    }
    const [sync, async] = results.map((r) => r.error as ConfigurationError);
    for (const [error, cause] of [
      [sync, thrown],
      [async, rejected],
    ] as const) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({ option: 'accessToken', outcome: 'not_sent' });
      expect(error!.message).toContain('accessToken');
      expect(error!.message).toContain(cause.message);
      // The cause is what the function threw, as a copy that holds only scrubbed text.
      expect(error!.cause).toMatchObject({ name: cause.name, message: cause.message });
    }
    expect(service.sent).toHaveLength(0);
    record(
      'token-throws',
      `2 of 2 \`ConfigurationError\` (\`accessToken\`) with the function's error as \`cause\`, after ~${Math.max(...results.map((r) => r.ms))} ms at most; requests sent: ${service.sent.length}`,
    );
  });
});

describe('a shared limiter', () => {
  it('whose acquire never settles fails the call with LimiterError within limiterTimeout; nothing sent', async () => {
    const service = await healthy();
    let signalled: AbortSignal | undefined;
    const limiter: Limiter = {
      acquire: (signal) => {
        signalled = signal;
        return never();
      },
    };
    const client = new Client({ baseUrl: service.url, ...keys, limiter, limiterTimeout: 300, logLevel: 'off' });
    const { error, ms } = await settle(client.loyalties.getMember('LOYAL-H1'));
    expect(error).toBeInstanceOf(LimiterError);
    expect(error).toMatchObject({ operation: 'loyalties.getMember', outcome: 'not_sent' });
    expect((error as Error).message).toContain('limiterTimeout');
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(300 + SLACK_MS);
    // The limiter was told, through its signal, that the call gave up.
    expect(signalled?.aborted).toBe(true);
    expect(service.sent).toHaveLength(0);
    record('limiter-hangs', `\`LimiterError\` after ~${ms} ms (limiterTimeout 300 ms), the limiter's signal aborted; requests sent: ${service.sent.length}`);
  });

  it('whose acquire rejects or throws fails the call with LimiterError, its error the cause; nothing sent', async () => {
    const service = await healthy();
    const down = new Error('ECONNREFUSED 127.0.0.1:6379');
    const errors = [];
    for (const acquire of [
      () => Promise.reject(down),
      () => {
        throw down;
      },
    ]) {
      const client = new Client({ baseUrl: service.url, ...keys, limiter: { acquire }, logLevel: 'off' });
      errors.push((await settle(client.loyalties.redeemReward('LOYAL-H1', { reward: { id: 'rew_1' } }))).error);
    }
    for (const error of errors) {
      expect(error).toBeInstanceOf(LimiterError);
      expect(error).toMatchObject({ operation: 'loyalties.redeemReward', outcome: 'not_sent' });
      expect((error as Error).message).toContain('nothing was sent');
      // The cause is what the limiter threw, as a copy that holds only scrubbed text.
      expect((error as Error).cause).toMatchObject({ name: down.name, message: down.message });
    }
    expect(service.sent).toHaveLength(0);
    record(
      'limiter-rejects',
      `${errors.filter((e) => e instanceof LimiterError).length} of 2 \`LimiterError\` (a rejecting and a throwing \`acquire\`), \`cause\` kept; requests sent: ${service.sent.length}`,
    );
  });
});

describe('the pause a 429 asks for', () => {
  it('Retry-After: 3600 refuses the next calls at once, each with the time left; nothing sent', async () => {
    const service = await serve((_request, res) => json(res, 429, { code: 429, key: 'too_many_requests', message: 'Slow down' }, { 'retry-after': '3600' }));
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const first = await settle(client.loyalties.getMember('LOYAL-H1'));
    expect(first.error).toBeInstanceOf(RateLimitError);
    expect(first.error).toMatchObject({ retryAfter: 3600, outcome: 'rejected' });
    expect(service.sent).toHaveLength(1);

    const refused = [];
    for (let i = 0; i < 20; i++) refused.push(await settle(i % 2 ? client.loyalties.getMember('LOYAL-H1') : client.orders.create({ source_id: `o-${i}` })));
    for (const { error, ms } of refused) {
      expect(error).toBeInstanceOf(RateLimitError);
      const { retryAfter } = error as RateLimitError;
      expect(retryAfter).toBeGreaterThan(3590);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(error).toMatchObject({ outcome: 'not_sent', attempts: 0 });
      expect(ms).toBeLessThan(SLACK_MS);
    }
    expect(service.sent).toHaveLength(1);
    const slowest = Math.max(...refused.map((r) => r.ms));
    record(
      'pause-long',
      `${refused.length} of 20 refused with \`RateLimitError\`, \`retryAfter\` ~${Math.min(...refused.map((r) => (r.error as RateLimitError).retryAfter!))}–${(refused[0]!.error as RateLimitError).retryAfter} s, ~${slowest} ms each at most; requests sent after the 429: ${service.sent.length - 1}`,
    );
  });

  it('an unreadable Retry-After (soon) is ignored: the read is retried after the backoff it reports, not maxRetryDelay', async () => {
    const at: number[] = [];
    const service = await serve((_request, res, n) => {
      at.push(performance.now());
      if (n === 1) json(res, 429, { code: 429, message: 'Slow down' }, { 'retry-after': 'soon' });
      else json(res, 200, member);
    });
    const waits: number[] = [];
    const hooks = { retry: ({ delayMs }: { delayMs: number }) => void waits.push(delayMs) };
    const client = new Client({ baseUrl: service.url, ...keys, maxRetries: 1, maxRetryDelay: 5_000, logLevel: 'off', hooks });
    await expect(client.loyalties.getMember('LOYAL-H1')).resolves.toMatchObject({ id: member.id });
    expect(service.sent).toHaveLength(2);
    // The wait is the first backoff step (150 to 300 ms, computed in test/core/retry-plan.test.ts),
    // not the 5,000 ms of maxRetryDelay; the retry is sent no sooner than that wait.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThanOrEqual(300);
    const gap = Math.round(at[1]! - at[0]!);
    expect(gap).toBeGreaterThanOrEqual(waits[0]! - 5);

    // Nor does it pause the client's next calls.
    const next = await settle(client.loyalties.getMember('LOYAL-H1'));
    expect(next.error).toBeUndefined();
    record(
      'retry-after-unreadable',
      `retried after ~${gap} ms, the backoff's ~${waits[0]} ms (\`maxRetryDelay\` 5,000 ms); next call not paused (~${next.ms} ms)`,
    );
  });

  it('Retry-After: Infinity or 1e400 gives no retryAfter and no pause', async () => {
    let header = 'Infinity';
    const service = await serve((request, res) => {
      if (request.target.includes('LOYAL-H1')) json(res, 429, { code: 429, message: 'Slow down' }, { 'retry-after': header });
      else json(res, 200, member);
    });
    const client = new Client({ baseUrl: service.url, ...keys, maxRetries: 0, logLevel: 'off' });
    const seen: string[] = [];
    for (const value of ['Infinity', '1e400']) {
      header = value;
      const { error } = await settle(client.loyalties.getMember('LOYAL-H1'));
      expect(error).toBeInstanceOf(RateLimitError);
      const { retryAfter } = error as RateLimitError;
      expect(retryAfter === undefined || Number.isFinite(retryAfter)).toBe(true);
      seen.push(`${value} → ${String(retryAfter)}`);
      // The next call is sent: no pause was started.
      const before = service.sent.length;
      await expect(client.loyalties.getMember('LOYAL-H2')).resolves.toMatchObject({ id: member.id });
      expect(service.sent.length).toBe(before + 1);
    }
    record('retry-after-infinite', `\`retryAfter\`: ${seen.join(', ')}; the next call sent at once each time`);
  });
});

describe('a cachedAccessToken refresh that never settles', () => {
  it('fails the calls waiting on it at their timeout; the next call asks fetchToken again, and the client recovers', async () => {
    const service = await healthy();
    let asked = 0;
    const aborted: boolean[] = [];
    const accessToken = cachedAccessToken(({ signal }) => {
      asked++;
      if (asked === 1) {
        signal.addEventListener('abort', () => aborted.push(true));
        return never();
      }
      return Promise.resolve({ token: `token-after-hang-${asked}`, expiresIn: 900 });
    });
    const client = new Client({ baseUrl: service.url, ...keys, accessToken, timeout: 300, logLevel: 'off' });
    const first = await settle(client.loyalties.getMember('LOYAL-H1'));
    expect(first.error).toBeInstanceOf(ConfigurationError);
    expect(first.ms).toBeLessThan(300 + SLACK_MS);
    const later = await Promise.all(Array.from({ length: 10 }, () => settle(client.loyalties.getMember('LOYAL-H1'))));
    expect(later.filter((r) => r.error === undefined)).toHaveLength(10);
    expect(asked).toBe(2);
    expect(aborted).toEqual([true]);
    expect(service.sent).toHaveLength(10);
    record(
      'token-cache-hangs',
      `the first call failed in ~${first.ms} ms (\`timeout: 300\`), its refresh abandoned (\`signal\` aborted); \`fetchToken\` asked ${asked} times; later calls answered: ${later.filter((r) => r.error === undefined).length} of 10`,
    );
  });
});

describe('asyncActions.waitFor on a status it does not know', () => {
  it.each([['PAUSED'], [undefined]])('status %s: waited through until the timeout, whose TimeoutError names it; then DONE resolves', async (status) => {
    let done = false;
    const service = await serve((_request, res) =>
      json(res, 200, { id: 'aa_1', object: 'async_action', created_at: '2026-01-01T00:00:00Z', ...(done ? { status: 'DONE' } : status ? { status } : {}) }),
    );
    const client = new Client({ baseUrl: service.url, ...keys, logLevel: 'off' });
    const { error, ms } = await settle(client.asyncActions.waitFor('aa_1', { interval: 50, timeout: 400 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toContain(`status ${status ?? 'none'}`);
    expect(service.sent.length).toBeGreaterThan(2);
    done = true;
    await expect(client.asyncActions.waitFor('aa_1', { interval: 50, timeout: 2_000 })).resolves.toMatchObject({ status: 'DONE' });
    waits.push(`${status ?? 'no status'}: \`TimeoutError\` after ~${ms} ms and ~${service.sent.length - 1} reads, naming it`);
    if (status === undefined) record('wait-for-unknown-status', waits.join('; '));
  });
});

const waits: string[] = [];

describe('Retry-After, read one way everywhere', () => {
  it.each([
    ['120', 120],
    [' 7 ', 7],
    ['0x10', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['1e3', undefined],
    ['Infinity', undefined],
    ['200000', 200_000],
    ['9'.repeat(400), 9_007_199_254_741],
  ] as const)('%s: one reading for the error, the pause and the retry (a wait past a day said as asked)', async (header, seconds) => {
    const service = await serve((request, res, n) => (n === 1 ? json(res, 429, { code: 429 }, { 'retry-after': header }) : json(res, 200, member)));
    const client = new Client({ baseUrl: service.url, ...keys, maxRetryDelay: 100, logLevel: 'off' });
    const { error } = await settle(client.loyalties.getMember('LOYAL-H1'));
    if (seconds === undefined) {
      // Unreadable: ignored everywhere: retried after the usual backoff, no pause, no retryAfter.
      expect(error).toBeUndefined();
      expect(service.sent).toHaveLength(2);
    } else {
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBe(seconds);
      expect((error as Error).message).toContain(`not retried: the service asked to wait ${seconds} s, longer than maxRetryDelay (100 ms)`);
      // promokit keeps to a day at most: its advice, and the pause the next call meets.
      expect(retryDecision(error)).toEqual({ action: 'retry', delayMs: Math.min(seconds * 1000, 86_400_000) });
      const next = await settle(client.loyalties.getMember('LOYAL-H1'));
      expect(next.error).toMatchObject({ outcome: 'not_sent' });
      expect((next.error as RateLimitError).retryAfter).toBeLessThanOrEqual(Math.min(seconds, 86_400));
      expect(service.sent).toHaveLength(1);
    }
    readings.push(
      `\`${header.length > 12 ? `${header.slice(0, 3)}…(${header.length} digits)` : header}\` → ${seconds === undefined ? 'ignored' : `${seconds} s`}`,
    );
    if (readings.length === 9) record('retry-after-one-reading', readings.join(', '));
  });
});

const readings: string[] = [];
