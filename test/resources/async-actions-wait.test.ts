/**
 * `asyncActions.waitFor`: polling an async action of the mock service until it is done, with
 * growing intervals, progress reports, and prompt rejections on failure, timeout and abort.
 *
 * In fake time (test/helpers/fake-time.ts): every wait is measured exactly, so the intervals and
 * the promptness of each rejection are asserted as they are, whatever the machine's load.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { AbortError, AsyncActionFailedError, Client, ConfigurationError, NotFoundError, TimeoutError, type AsyncAction } from '../../src/index.js';
import { throwingProxy } from '../hostile/servers.js';
import { createMockService, type MockService } from '../../src/testing/index.js';
import { advance, settleInFakeTime, useFakeTime } from '../helpers/fake-time.js';
import { refusal } from './rejections.js';

/** A client of a fresh mock; `delayMs` holds every answer of the mock that long. */
function setup(delayMs = 0): { mock: MockService; client: Client; readTimes: number[] } {
  const mock = createMockService();
  const readTimes: number[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.url.includes('/v1/async-actions/')) readTimes.push(performance.now());
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return mock.handle(request);
  };
  return { mock, client: new Client({ fetch, baseUrl: mock.baseUrl, ...mock.credentials, validation: 'strict' }), readTimes };
}

/** Fake milliseconds from `since` until `promise` settles, and how it settled. */
async function settle<T>(promise: Promise<T>, since = performance.now()): Promise<{ ms: number; value?: T; error?: unknown }> {
  try {
    const value = await settleInFakeTime(promise);
    return { ms: performance.now() - since, value };
  } catch (error) {
    return { ms: performance.now() - since, error };
  }
}

describe('asyncActions.waitFor', () => {
  beforeEach(useFakeTime);

  it('resolves with the DONE record after progress 0 → 40 → 100, calling onProgress on each change', async () => {
    const { mock, client, readTimes } = setup();
    const { id } = mock.createAsyncAction({ enqueuedReads: 2, progress: [40, 40] });
    const seen: Array<[string | null | undefined, number | null | undefined]> = [];
    const action = await settleInFakeTime(client.asyncActions.waitFor(id, { interval: 5, onProgress: (a) => seen.push([a.status, a.progress]) }));
    expect(seen).toEqual([
      ['ENQUEUED', 0],
      ['IN_PROGRESS', 40],
      ['DONE', 100],
    ]);
    expect(readTimes).toHaveLength(5);
    expect(action).toMatchObject({ id, status: 'DONE', progress: 100, operation_status: 'SUCCESS', result: { done_count: 100, failed_count: 0 } });
  });

  it('waits longer between each read: 1.5 times the wait before', async () => {
    const { mock, client, readTimes } = setup();
    const { id } = mock.createAsyncAction({ progress: [20, 40, 60, 80] });
    await settleInFakeTime(client.asyncActions.waitFor(id, { interval: 40 }));
    expect(readTimes).toHaveLength(6);
    const gaps = readTimes.slice(1).map((t, i) => t - readTimes[i]!);
    // 40, 60, 90, 135, 202.5 ms; timers count whole milliseconds.
    expect(gaps).toEqual([0, 1, 2, 3, 4].map((i) => Math.floor(40 * 1.5 ** i)));
  });

  it('rejects with AsyncActionFailedError carrying the record as soon as it reads FAILED', async () => {
    const { mock, client, readTimes } = setup();
    const { id } = mock.createAsyncAction({ progress: [30], outcome: 'FAILED', result: { message: 'row 3: duplicate code', failed_count: 1 } });
    const outcome = await settle(client.asyncActions.waitFor(id, { interval: 20 }));
    expect(outcome.error).toBeInstanceOf(AsyncActionFailedError);
    const error = outcome.error as AsyncActionFailedError;
    expect(error.name).toBe('AsyncActionFailedError');
    expect(error.message).toContain(id);
    expect(error.message).toContain('row 3: duplicate code');
    expect(error.asyncAction).toMatchObject({ id, status: 'FAILED', progress: 30, result: { failed_count: 1 } });
    // No wait after the read that saw FAILED.
    expect(performance.now() - readTimes.at(-1)!).toBe(0);
  });

  it('rejects with TimeoutError naming the action, its last status and progress, at the deadline', async () => {
    const { mock, client } = setup();
    const { id } = mock.createAsyncAction({ progress: Array.from({ length: 100 }, () => 40) });
    const outcome = await settle(client.asyncActions.waitFor(id, { interval: 30, timeout: 300 }));
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expect((outcome.error as Error).message).toMatch(new RegExp(`${id}.*300 ms.*IN_PROGRESS.*40%`));
    expect(outcome.ms).toBe(300);
  });

  it('times out at the deadline while a read is still in flight', async () => {
    const { mock, client } = setup(2_000);
    const { id } = mock.createAsyncAction();
    const outcome = await settle(client.asyncActions.waitFor(id, { timeout: 200 }));
    expect(outcome.error).toBeInstanceOf(TimeoutError);
    expect((outcome.error as Error).message).toContain('no read of it completed');
    expect(outcome.ms).toBe(200);
  });

  it('rejects with AbortError as soon as it is aborted, between reads and during a read', async () => {
    for (const delayMs of [0, 2_000]) {
      const { mock, client } = setup(delayMs);
      const { id } = mock.createAsyncAction({ progress: Array.from({ length: 100 }, () => 10) });
      const controller = new AbortController();
      const waiting = client.asyncActions.waitFor(id, { interval: 1_000, signal: controller.signal });
      waiting.catch(() => {}); // settled below, after the abort
      await advance(150);
      const aborted = performance.now();
      controller.abort();
      const outcome = await settle(waiting, aborted);
      expect(outcome.error).toBeInstanceOf(AbortError);
      expect(outcome.ms).toBe(0);
    }
  });

  it('rejects at once, reading nothing, for a signal already aborted', async () => {
    const { mock, client, readTimes } = setup();
    const { id } = mock.createAsyncAction();
    await expect(settleInFakeTime(client.asyncActions.waitFor(id, { signal: AbortSignal.abort() }))).rejects.toBeInstanceOf(AbortError);
    expect(readTimes).toHaveLength(0);
  });

  it('rejects with the read error, e.g. NotFoundError for an unknown action', async () => {
    const { client } = setup();
    await expect(settleInFakeTime(client.asyncActions.waitFor('aa_missing', { interval: 5 }))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('rejects with a ConfigurationError naming onProgress when it throws (what it threw the cause, whatever it is), and stops reading', async () => {
    for (const thrown of [new Error('progress bar broke'), 'a string', undefined, Object.create(null), throwingProxy()]) {
      const { mock, client, readTimes } = setup();
      const { id } = mock.createAsyncAction();
      const error = await settleInFakeTime(
        client.asyncActions.waitFor(id, {
          interval: 5,
          onProgress: () => {
            throw thrown;
          },
        }),
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({
        option: 'onProgress',
        message: expect.stringMatching(/^asyncActions\.waitFor: the onProgress function threw, so the wait stopped/),
      });
      expect((error as Error).cause).toBe(thrown);
      expect(readTimes).toHaveLength(1);
    }
  });

  it.each([
    [{ interval: 0 }, 'interval'],
    [{ timeout: -1 }, 'timeout'],
    [{ onProgress: 'yes' }, 'onProgress'],
  ])('refuses %j naming %s before reading', async (options, field) => {
    const { mock, client, readTimes } = setup();
    const error = await refusal(settleInFakeTime(client.asyncActions.waitFor(mock.createAsyncAction().id, options as never)));
    expect(error.issues[0]!.path).toEqual([field]);
    expect(readTimes).toHaveLength(0);
  });

  it('each read is an ordinary call: a 503 is retried within the same poll', async () => {
    const mock = createMockService();
    const { id } = mock.createAsyncAction({ progress: [] });
    let failNext = true;
    const fetch: typeof globalThis.fetch = async (input, init) => {
      if (failNext) {
        failNext = false;
        return new Response('{"code":503,"message":"busy"}', { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '0' } });
      }
      return mock.handle(new Request(input, init));
    };
    const client = new Client({ fetch, baseUrl: mock.baseUrl, ...mock.credentials });
    const action: AsyncAction = await settleInFakeTime(client.asyncActions.waitFor(id, { interval: 5 }));
    expect(action.status).toBe('DONE');
  });
});
