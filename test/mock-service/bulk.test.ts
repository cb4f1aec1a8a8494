/**
 * The mock service's support for long and bulk work: async actions that run as they are read,
 * and an optional rate limit answering 429 with Retry-After.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Client, RateLimitError } from '../../src/index.js';
import { createMockService } from '../../src/testing/index.js';
import { advance, settleInFakeTime, useFakeTime } from '../helpers/fake-time.js';

describe('mock.createAsyncAction', () => {
  it('moves ENQUEUED → IN_PROGRESS (progress rising) → DONE, one step per read, then stays DONE', async () => {
    const mock = createMockService();
    const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, validation: 'strict' });
    const created = mock.createAsyncAction({ type: 'CUSTOMERS.IMPORT_CSV', progress: [30, 70], result: { message: 'ok', done_count: 12 } });
    expect(created).toMatchObject({ object: 'async_action', type: 'CUSTOMERS.IMPORT_CSV', status: 'ENQUEUED', progress: 0 });
    const reads = [];
    for (let i = 0; i < 5; i++) reads.push(await client.asyncActions.get(created.id));
    expect(reads.map((a) => [a.status, a.progress])).toEqual([
      ['ENQUEUED', 0],
      ['IN_PROGRESS', 30],
      ['IN_PROGRESS', 70],
      ['DONE', 100],
      ['DONE', 100],
    ]);
    expect(reads[3]).toMatchObject({ operation_status: 'SUCCESS', result: { message: 'ok', done_count: 12 } });
    expect(mock.get('asyncActions', created.id)?.status).toBe('DONE');
  });

  it('ends FAILED when asked, keeping the last progress', async () => {
    const mock = createMockService();
    const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
    const { id } = mock.createAsyncAction({ enqueuedReads: 0, progress: [55], outcome: 'FAILED' });
    await client.asyncActions.get(id);
    expect(await client.asyncActions.get(id)).toMatchObject({
      status: 'FAILED',
      operation_status: 'FAILED',
      progress: 55,
      result: { message: expect.any(String) },
    });
  });

  it('lists the action with its current status, without advancing it', async () => {
    const mock = createMockService();
    const client = new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials });
    const { id } = mock.createAsyncAction();
    await client.asyncActions.list({ limit: 100 }).toArray();
    expect((await client.asyncActions.get(id)).status).toBe('ENQUEUED');
  });

  it('refuses bad options, naming them', () => {
    const mock = createMockService();
    expect(() => mock.createAsyncAction({ progress: [120] })).toThrow(/progress/);
    expect(() => mock.createAsyncAction({ outcome: 'LOST' as never })).toThrow(/outcome/);
  });

  it('reset() forgets the runs along with the records', () => {
    const mock = createMockService();
    const { id } = mock.createAsyncAction();
    mock.reset();
    expect(mock.get('asyncActions', id)).toBeUndefined();
  });
});

describe('rateLimit option', () => {
  // Fake time: the mock's window and the client's pacing read the same clock, and a request
  // reaches the mock at the instant the client sends it, however busy the machine is.
  beforeEach(useFakeTime);

  it('answers 429 with Retry-After over the rate, and admits again once the window has room', async () => {
    const mock = createMockService({ rateLimit: { requests: 3, perMs: 400 } });
    // A client of its own for each call: a client that saw a 429 pauses its next calls (for the Retry-After).
    const get = () =>
      settleInFakeTime(new Client({ fetch: mock.fetch, baseUrl: mock.baseUrl, ...mock.credentials, maxRetries: 0 }).locations.get(mock.ids.location));
    for (let i = 0; i < 3; i++) await get();
    const error = await get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).headers['retry-after']).toBe('1');
    await advance(399);
    await expect(get()).rejects.toBeInstanceOf(RateLimitError);
    await advance(1);
    await expect(get()).resolves.toMatchObject({ id: mock.ids.location });
    expect(mock.requests.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 200]);
  });

  it('a client with the same rateLimit gets no 429: 20 calls in 4 windows, at most 5 in any 200 ms', async () => {
    const mock = createMockService({ rateLimit: { requests: 5, perMs: 200 } });
    const arrivals: number[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      arrivals.push(Date.now());
      return mock.fetch(input, init);
    };
    const client = new Client({ fetch, baseUrl: mock.baseUrl, ...mock.credentials, maxRetries: 0, rateLimit: { requests: 5, perMs: 200 } });
    const started = Date.now();
    await settleInFakeTime(Promise.all(Array.from({ length: 20 }, () => client.locations.get(mock.ids.location))));
    expect(mock.requests.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(Math.max(...arrivals.map((at) => arrivals.filter((other) => other > at - 200 && other <= at).length))).toBeLessThanOrEqual(5);
    // 20 calls at 5 per 200 ms: the last starts in the fourth window.
    expect(arrivals.at(-1)! - started).toBeGreaterThanOrEqual(600);
  });

  it('refuses a bad rateLimit', () => {
    expect(() => createMockService({ rateLimit: { requests: 0, perMs: 100 } })).toThrow(/rateLimit/);
  });
});
