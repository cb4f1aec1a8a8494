/**
 * What a client made by `withOptions()` shares with its parent: one `rateLimit` window, one
 * `maxConcurrency`, the pauses after a 429 (each tenant's its own) and one record of response
 * deviations, unless it sets limit options of its own. Over a node:http service on 127.0.0.1,
 * which sees both clients' keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, RateLimitError } from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { startRecorder, type Recorder, type Reply } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

const tenantB = { appId: 'app-id-B', appToken: 'app-token-SECRET-B', accessToken: 'access-token-SECRET-B' } as const;
const member = { id: 'v_1', code: 'L1', object: 'voucher', type: 'LOYALTY_CARD', created_at: '2026-01-01T00:00:00Z', loyalty_card: { points: 1 } };

/** When each request arrived (performance.now()), with the app id it carried. */
async function timedService(
  answer: (n: number) => Reply | Promise<Reply> = () => ({ body: member }),
): Promise<{ arrivals: Array<{ at: number; appId: string | undefined }> }> {
  const arrivals: Array<{ at: number; appId: string | undefined }> = [];
  recorder = await startRecorder((sent, n) => {
    arrivals.push({ at: performance.now(), appId: sent.headers['x-app-id'] });
    return answer(n);
  });
  return { arrivals };
}

describe('one rateLimit window for a client and its clones', () => {
  it('3 calls of the parent and 3 of a clone at once: both keys reach the service, never more than 2 sent in any 500 ms', async () => {
    const { arrivals } = await timedService();
    // What a first call loads (ky, the response schemas) loaded by another client first: the time
    // from admission to fetch is then about the same for every call.
    await new Client({ baseUrl: recorder!.url, ...keys, logLevel: 'off' }).loyalties.getMember('L1');
    arrivals.length = 0;
    // When each request left the client (the fetch both clients share): the window is the client's,
    // and a loaded machine's delays on the way to the service would move arrivals either way.
    const departures: number[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => (departures.push(performance.now()), globalThis.fetch(input, init));
    const parent = new Client({ baseUrl: recorder!.url, ...keys, fetch, validation: 'off', logLevel: 'off', rateLimit: { requests: 2, perMs: 500 } });
    const tenant = parent.withOptions(tenantB);
    await Promise.all([0, 1, 2].flatMap(() => [parent.loyalties.getMember('L1'), tenant.loyalties.getMember('L1')]));
    expect(arrivals.filter((a) => a.appId === keys.appId)).toHaveLength(3);
    expect(arrivals.filter((a) => a.appId === tenantB.appId)).toHaveLength(3);
    // Any third request leaves about a full window after the first of the three before it (the way
    // from admission to fetch differs by a few ms between calls, more on a loaded machine). Two
    // windows of their own would let 4 go within the first few ms.
    expect(departures).toHaveLength(6);
    for (let i = 0; i + 2 < departures.length; i++) expect(departures[i + 2]! - departures[i]!).toBeGreaterThanOrEqual(450);
  });
});

describe('one maxConcurrency for a client and its clones', () => {
  /**
   * A parent client with `maxConcurrency: 1` whose first call has reached the service and is held
   * there until `release()`: the call (`first`) keeps the parent's only place meanwhile.
   */
  async function parentHoldingItsPlace(): Promise<{ parent: Client; first: Promise<unknown>; release: () => void }> {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await timedService(async (n) => (n === 1 ? (await held, { body: member }) : { body: member }));
    const parent = new Client({ baseUrl: recorder!.url, ...keys, validation: 'off', logLevel: 'off', maxConcurrency: 1 });
    const first = parent.loyalties.getMember('L1');
    await expect.poll(() => recorder!.sent.length).toBe(1);
    return { parent, first, release: () => release!() };
  }

  it('a clone waits while the parent holds the only place, and is sent once it is freed', async () => {
    const { parent, first, release } = await parentHoldingItsPlace();
    const second = parent.withOptions(tenantB).loyalties.getMember('L1');
    // Given every chance to go out: many turns of the event loop and real time.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(recorder!.sent).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(recorder!.sent.map((s) => s.headers['x-app-id'])).toEqual([keys.appId, tenantB.appId]);
  });

  it('a clone that sets a limit option of its own has its own place: sent while the parent holds its', async () => {
    const { parent, first, release } = await parentHoldingItsPlace();
    const second = parent.withOptions({ ...tenantB, maxConcurrency: 1 }).loyalties.getMember('L1');
    await expect.poll(() => recorder!.sent.length).toBe(2);
    expect(recorder!.sent.map((s) => s.headers['x-app-id'])).toEqual([keys.appId, tenantB.appId]);
    release();
    await Promise.all([first, second]);
  });
});

describe('the pause after a 429 belongs to the credentials it was earned with', () => {
  const refused = { status: 429, headers: { 'retry-after': '60' }, body: { code: 429, key: 'too_many_requests', message: 'Slow down' } };

  it("the parent's 429 (Retry-After 60 s, over maxRetryDelay) refuses the next call of a clone with the same keys at once, unsent", async () => {
    await timedService((n) => (n === 1 ? refused : { body: member }));
    const parent = new Client({ baseUrl: recorder!.url, ...keys, validation: 'off', logLevel: 'off', maxRetryDelay: 1_000 });
    await expect(parent.loyalties.getMember('L1')).rejects.toBeInstanceOf(RateLimitError);
    const error = await parent
      .withOptions({ timeout: 5_000 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ outcome: 'not_sent', attempts: 0 });
    expect(recorder!.sent).toHaveLength(1);
  });

  it("another tenant's clone is not paused by the parent's 429, nor the parent by the clone's: 10 of 10 calls go", async () => {
    await timedService((n) => (n === 1 ? refused : { body: member }));
    const parent = new Client({ baseUrl: recorder!.url, ...keys, validation: 'off', logLevel: 'off', maxRetryDelay: 1_000 });
    await expect(parent.loyalties.getMember('L1')).rejects.toBeInstanceOf(RateLimitError);
    const tenant = parent.withOptions(tenantB);
    await Promise.all(Array.from({ length: 10 }, () => tenant.loyalties.getMember('L1')));
    expect(recorder!.sent.map((s) => s.headers['x-app-id'])).toEqual([keys.appId, ...Array(10).fill(tenantB.appId)]);
    await expect(parent.loyalties.getMember('L1')).rejects.toMatchObject({ outcome: 'not_sent' });
  });

  it('a clone with a limit option of its own is not paused by the parent', async () => {
    await timedService((n) => (n === 1 ? refused : { body: member }));
    const parent = new Client({ baseUrl: recorder!.url, ...keys, validation: 'off', logLevel: 'off', maxRetryDelay: 1_000 });
    await expect(parent.loyalties.getMember('L1')).rejects.toBeInstanceOf(RateLimitError);
    await parent.withOptions({ maxConcurrency: 8 }).loyalties.getMember('L1');
    expect(recorder!.sent.map((s) => s.headers['x-app-id'])).toEqual([keys.appId, keys.appId]);
  });
});

describe('one record of response deviations', () => {
  it("a clone's deviations show in the parent's responseDeviations(), and the parent's in the clone's; logged once for both", async () => {
    // An async action whose progress is text: a deviation `warn` mode returns and records.
    await timedService(() => ({ body: { id: 'aa_1', object: 'async_action', status: 'DONE', created_at: '2026-01-01T00:00:00Z', progress: 'half' } }));
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => void warnings.push(args), info() {}, debug() {}, error() {} };
    const parent = new Client({ baseUrl: recorder!.url, ...keys, logger });
    const clone = parent.withOptions({ ...tenantB, maxConcurrency: 4 });
    await clone.asyncActions.get('aa_1');
    await parent.asyncActions.get('aa_1');
    await clone.asyncActions.get('aa_1');
    expect(parent.responseDeviations()).toEqual([{ operation: 'asyncActions.get', path: 'progress', count: 3 }]);
    expect(clone.responseDeviations()).toEqual(parent.responseDeviations());
    expect(warnings).toHaveLength(1);
  });
});
