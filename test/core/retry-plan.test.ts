/**
 * The retry policy's waits as numbers: `retryPlan` (src/core/retry.ts) draws its jitter from an
 * injected random source and reads a `Retry-After` date against an injected clock, so every wait
 * it decides is computed here exactly, with no timer and no socket: the backoff's bounds at every
 * step, the cap at `maxRetryDelay`, a `Retry-After` honoured as asked or refused when longer than
 * the cap, an unreadable one ignored. The policy is driven through the options it hands ky
 * (`shouldRetry`, then `delay`), with ky's own error classes. That ky then waits that long before
 * the next attempt is shown over a real socket in test/core/hooks.test.ts and test/hostile/waits.test.ts.
 */
import fc from 'fast-check';
import { HTTPError, NetworkError, TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { BACKOFF_STEP_MS, backoffMs, retryPlan, type RetrySources, type RetryTuning } from '../../src/core/retry.js';

const request = new Request('https://api.example.com/v1/loyalties/members/L1');

/** ky's error for an answer of `status` with `headers`. */
function answered(status: number, headers: Record<string, string> = {}): HTTPError {
  return new HTTPError(new Response(null, { status, headers }), request, {} as never);
}

/** ky's error for a fetch that failed with `code` behind fetch's `TypeError` (undici's shape). */
function networkFailure(code?: string): NetworkError {
  const socket = Object.assign(new Error(code ?? 'other side closed'), code ? { code } : {});
  return new NetworkError(request, { cause: new TypeError('fetch failed', { cause: socket }) });
}

/** A random source that answers the given numbers in turn, and how many it was asked. */
function randoms(...values: number[]): Required<RetrySources>['random'] & { asked: number } {
  const source = Object.assign(() => values[source.asked++ % values.length]!, { asked: 0 });
  return source;
}

/** One decision of a plan, as ky asks it: `shouldRetry` for retry number `retry`, then the wait. */
function decide(plan: ReturnType<typeof retryPlan>, error: unknown, retry = 1): number | false {
  const options = plan.options as { shouldRetry(state: { error: Error; retryCount: number }): boolean; delay(attempt: number): number };
  return options.shouldRetry({ error: error as Error, retryCount: retry }) && options.delay(retry);
}

const tuning = (maxRetryDelay = 30_000, maxRetries = 10): RetryTuning => ({ maxRetries, maxRetryDelay });

/** Milliseconds of a moment on a whole second, as HTTP dates name them. */
const NOW = Date.UTC(2026, 4, 1, 12, 0, 0);

describe('backoffMs: the wait when the service names none', () => {
  it('is the step 300 ms × 2^(n−1), between half and all of it, whatever the random source answers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (retry, r) => {
        const step = BACKOFF_STEP_MS * 2 ** (retry - 1);
        const ms = backoffMs(retry, Number.MAX_SAFE_INTEGER, () => r);
        expect(ms).toBe(Math.round(step / 2 + (r * step) / 2));
        expect(ms).toBeGreaterThanOrEqual(step / 2);
        expect(ms).toBeLessThanOrEqual(step);
        expect(Number.isInteger(ms)).toBe(true);
      }),
    );
  });

  it('spans each step from its half (random 0) to the whole of it (random just under 1)', () => {
    const steps = [300, 600, 1_200, 2_400, 4_800, 9_600, 19_200, 38_400, 76_800, 153_600];
    expect(steps.map((_, i) => backoffMs(i + 1, Infinity, () => 0))).toEqual(steps.map((step) => step / 2));
    expect(steps.map((_, i) => backoffMs(i + 1, Infinity, () => 0.999_999))).toEqual(steps);
    expect(steps.map((_, i) => backoffMs(i + 1, Infinity, () => 0.5))).toEqual(steps.map((step) => step * 0.75));
  });

  it('is never more than the cap (maxRetryDelay), and the cap itself once the step passes it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (retry, cap, r) => {
          const ms = backoffMs(retry, cap, () => r);
          expect(ms).toBeLessThanOrEqual(cap);
          if (cap <= (BACKOFF_STEP_MS * 2 ** (retry - 1)) / 2) expect(ms).toBe(cap);
        },
      ),
    );
    expect(backoffMs(3, 500, () => 0)).toBe(500);
    expect(backoffMs(1, 0, () => 0.7)).toBe(0);
  });
});

describe('retryPlan: the wait ky is told for each retry', () => {
  it('backs a read off step by step (503, timeout, 500, dropped connection), each wait drawn from the random source once', () => {
    const random = randoms(0, 0.5, 0.25, 0.999_999);
    const plan = retryPlan(true, tuning(), undefined, { random });
    const failures = [answered(503), new TimeoutError(request), answered(500), networkFailure()];
    expect(failures.map((error, i) => decide(plan, error, i + 1))).toEqual([150, 450, 750, 2_400]);
    expect(random.asked).toBe(4);
  });

  it('caps every wait at maxRetryDelay', () => {
    const plan = retryPlan(true, tuning(1_000), undefined, { random: () => 0.999_999 });
    expect([1, 2, 3, 4, 5].map((n) => decide(plan, answered(503), n))).toEqual([300, 600, 1_000, 1_000, 1_000]);
  });

  it('tells the report the wait it tells ky, once per retry decided and never for a failure not retried', () => {
    const reported: Array<[number, unknown]> = [];
    const plan = retryPlan(true, tuning(), (delayMs, error) => reported.push([delayMs, error]), { random: () => 0.5 });
    const busy = answered(503);
    expect(decide(plan, busy, 1)).toBe(225);
    expect(decide(plan, answered(404), 2)).toBe(false);
    expect(reported).toEqual([[225, busy]]);
  });

  describe('Retry-After (and the RateLimit-Reset family) on a 429 or a 503', () => {
    it('is waited exactly as asked, without jitter, when it is at most maxRetryDelay (seconds, an HTTP date, epoch seconds)', () => {
      const random = randoms(0.3);
      const now = () => NOW;
      const plan = retryPlan(false, tuning(10_000), undefined, { random, now });
      expect(decide(plan, answered(429, { 'retry-after': '2' }))).toBe(2_000);
      expect(decide(plan, answered(429, { 'retry-after': new Date(NOW + 7_000).toUTCString() }))).toBe(7_000);
      expect(decide(plan, answered(429, { 'ratelimit-reset': String(NOW / 1000 + 4) }))).toBe(4_000);
      expect(decide(plan, answered(429, { 'retry-after': '10' }))).toBe(10_000);
      expect(decide(plan, answered(429, { 'retry-after': new Date(NOW - 60_000).toUTCString() }))).toBe(0);
      expect(random.asked).toBe(0);
      expect(plan.refusedWaitMs).toBeUndefined();
      const read = retryPlan(true, tuning(10_000), undefined, { random, now });
      expect(decide(read, answered(503, { 'retry-after': '3' }))).toBe(3_000);
    });

    it('is refused when longer than maxRetryDelay: not retried, and the plan keeps the wait asked for the error to say', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 86_399 }), fc.integer({ min: 1, max: 86_400 }), (cap, seconds) => {
          fc.pre(seconds * 1000 > cap);
          const plan = retryPlan(true, tuning(cap), undefined, { random: () => 0, now: () => NOW });
          expect(decide(plan, answered(429, { 'retry-after': String(seconds) }))).toBe(false);
          expect(plan.refusedWaitMs).toBe(seconds * 1000);
        }),
      );
      const plan = retryPlan(true, tuning(60_000), undefined, { now: () => NOW });
      expect(decide(plan, answered(503, { 'retry-after': new Date(NOW + 120_000).toUTCString() }))).toBe(false);
      expect(plan.refusedWaitMs).toBe(120_000);
    });

    it('is ignored when unreadable (RFC 9110): the backoff as usual, from the random source', () => {
      for (const value of ['soon', '-1', '1.5', '0x10', '1e3', 'Infinity', '']) {
        const plan = retryPlan(true, tuning(5_000), undefined, { random: () => 0.5, now: () => NOW });
        expect(decide(plan, answered(429, { 'retry-after': value }), 2), value).toBe(450);
        expect(plan.refusedWaitMs, value).toBeUndefined();
      }
    });

    it('is not read on other statuses (a 500, a 408): the backoff as usual', () => {
      const plan = retryPlan(true, tuning(5_000), undefined, { random: () => 0, now: () => NOW });
      expect(decide(plan, answered(500, { 'retry-after': '3' }))).toBe(150);
      expect(decide(plan, answered(408, { 'retry-after': '3600' }))).toBe(150);
      expect(plan.refusedWaitMs).toBeUndefined();
    });
  });

  it('retries a call that is not safe to repeat only after a 429 or a connection that sent nothing', () => {
    const plan = retryPlan(false, tuning(), undefined, { random: () => 0 });
    expect(decide(plan, answered(429))).toBe(150);
    expect(decide(plan, networkFailure('ECONNREFUSED'))).toBe(150);
    for (const error of [answered(500), answered(503), answered(408), new TimeoutError(request), networkFailure('ECONNRESET'), networkFailure()])
      expect(decide(plan, error)).toBe(false);
  });

  it('retries nothing else: other statuses, errors that are not the network', () => {
    const plan = retryPlan(true, tuning(), undefined, { random: () => 0 });
    for (const error of [answered(400), answered(401), answered(404), answered(409), answered(422), new Error('boom'), new RangeError('x')])
      expect(decide(plan, error)).toBe(false);
    expect(decide(plan, new TypeError('fetch failed'))).toBe(150);
  });
});
