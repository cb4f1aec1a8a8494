/**
 * Fake time, for tests of code that waits (rate windows, backoff and Retry-After waits, polling
 * intervals, timeouts) against an in-process fetch. The clocks (`Date`, `performance.now`) and
 * timers (`setTimeout`, `setInterval`) are vitest's fakes, and time moves on to the next timer
 * only once everything that does not wait on one has run. So a wait lasts exactly as long as the
 * code asks, a request reaches the fetch at the instant the client sends it, and the assertions
 * hold however busy the machine is. Real I/O (a socket, a child process) does not mix with it:
 * tests over real servers keep real time and generous bounds.
 */
import { afterEach, vi } from 'vitest';
import { Client } from '../../src/index.js';

let warm = false;

/**
 * Loads what the client imports lazily on its first use (ky, the limits' queue, `waitFor`'s
 * polling, a failure's typed error, the access token function's call), in real time: loading a
 * module reads files, which fake time cannot wait for.
 */
async function warmUp(): Promise<void> {
  if (warm) return;
  const fetch: typeof globalThis.fetch = async () => new Response('{"id":"loc_1","object":"location"}', { headers: { 'content-type': 'application/json' } });
  await new Client({
    fetch,
    baseUrl: 'https://warm-up.test',
    appId: 'a',
    appToken: 't',
    accessToken: 'k',
    logLevel: 'off',
    rateLimit: { requests: 1, perMs: 1 },
  }).locations.get('loc_1');
  // Every chunk a call may load on first use (lazy.ts's loadChunk): the module graph read in real time.
  await Promise.all([
    import('../../src/resources/async-action-wait.js'),
    import('../../src/core/failure.js'),
    import('../../src/core/access-token.js'),
    import('../../src/core/schema-paths.js'),
    import('../../src/core/bad-ports.js'),
    import('../../src/core/list-walk.js'),
    import('../../src/core/to-array.js'),
    import('../../src/core/hooks.js'),
    import('../../src/core/fresh-token.js'),
  ]);
  warm = true;
}

/** Switches the test to fake time; real time comes back after it (registered by importing this module). */
export async function useFakeTime(): Promise<void> {
  await warmUp();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
}

afterEach(() => {
  vi.useRealTimers();
});

/** Lets everything run that does not wait on a timer: promise callbacks, setImmediate, in-process I/O. */
const idle = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

/**
 * Runs fake time until `promise` settles, timer after timer, and returns how it settled (it
 * rejects with the promise's error). Fails after `maxTimers` timers, for code that never settles.
 */
export async function settleInFakeTime<T>(promise: Promise<T>, { maxTimers = 10_000 } = {}): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let timers = 0; ; timers++) {
    await idle();
    if (settled) return promise;
    if (timers >= maxTimers) throw new Error(`settleInFakeTime: not settled after ${maxTimers} timers`);
    if (vi.getTimerCount() === 0) throw new Error('settleInFakeTime: the promise waits on nothing fake time can move (no timer is set)');
    await vi.advanceTimersToNextTimerAsync();
  }
}

/** Moves fake time on by `ms`, firing the timers due on the way, and lets what they start run. */
export async function advance(ms: number): Promise<void> {
  await idle();
  await vi.advanceTimersByTimeAsync(ms);
  await idle();
}
