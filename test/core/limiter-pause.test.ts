/**
 * The client tells a shared `limiter` of a 429: `Limiter.pause(ms)`, optional, is called with the
 * `Retry-After` of every 429 (read as the retries read it), so that a limiter shared by a fleet can
 * pause the fleet (promokit/redis does; tested against Redis in test/redis/pause.test.ts). The
 * client does not wait for it, and nothing it does (a throw, a rejection) reaches the call or
 * becomes an unhandled rejection. It is read once, when the client is made: a `pause` that is not
 * a function, or cannot be read, refuses the option.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, ConfigurationError, RateLimitError, type Limiter } from '../../src/index.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));
let servers: Recorder[] = [];
afterEach(async () => {
  await new Promise((r) => setTimeout(r, 20));
  expect(unhandled).toEqual([]);
  unhandled.length = 0;
  for (const s of servers) await s.close();
  servers = [];
});

/** A service answering every call 429 with `headers`. */
async function refusing(headers: Record<string, string>) {
  const server = await startRecorder(() => ({ status: 429, headers, body: { code: 429, key: 'too_many_requests' } }));
  servers.push(server);
  return server;
}
const trap = (): never => {
  throw new Error('trap');
};
const clientFor = (url: string, limiter: Limiter) =>
  new Client({ baseUrl: url, appId: 'a', appToken: 't', accessToken: 'k', logLevel: 'off', maxRetries: 0, limiter });

describe('Limiter.pause', () => {
  // Dates are made when the test runs: an HTTP date has whole seconds.
  const inSeconds = (s: number) => () => new Date(Date.now() + s * 1_000).toUTCString();
  it.each<[string, () => Record<string, string>, number | undefined]>([
    ['Retry-After: 2', () => ({ 'retry-after': '2' }), 2_000],
    ['Retry-After: 1.5 (not digits: ignored, as everywhere)', () => ({ 'retry-after': '1.5' }), undefined],
    ['Retry-After: a date a minute ahead', () => ({ 'retry-after': inSeconds(60)() }), 60_000],
    ['RateLimit-Reset: 3', () => ({ 'ratelimit-reset': '3' }), 3_000],
    ['no Retry-After', () => ({}), undefined],
    ['Retry-After: 0', () => ({ 'retry-after': '0' }), undefined],
    ['Retry-After: soon', () => ({ 'retry-after': 'soon' }), undefined],
    ['Retry-After: a date a minute ago', () => ({ 'retry-after': inSeconds(-60)() }), undefined],
  ])('a 429 with %s: pause(%s)', async (_name, headers, expected) => {
    const server = await refusing(headers());
    const paused: number[] = [];
    const limiter: Limiter = { acquire: async () => undefined, pause: (ms) => void paused.push(ms) };
    await expect(clientFor(server.url, limiter).asyncActions.get('aa_1')).rejects.toBeInstanceOf(RateLimitError);
    if (expected === undefined) expect(paused).toEqual([]);
    else {
      expect(paused).toHaveLength(1);
      // A date is read against the clock, in whole seconds: within two of it.
      expect(Math.abs(paused[0]! - expected)).toBeLessThan(2_000);
    }
  });

  it('is not called on other statuses', async () => {
    const server = await startRecorder(() => ({ status: 503, headers: { 'retry-after': '1' }, body: {} }));
    servers.push(server);
    const paused: number[] = [];
    await expect(clientFor(server.url, { acquire: async () => undefined, pause: (ms) => void paused.push(ms) }).asyncActions.get('aa_1')).rejects.toBeTruthy();
    expect(paused).toEqual([]);
  });

  it.each<[string, () => Limiter]>([
    [
      'throws',
      () => ({
        acquire: async () => undefined,
        pause: () => {
          throw new Error('boom');
        },
      }),
    ],
    [
      'rejects',
      () => ({
        acquire: async () => undefined,
        pause: async () => {
          throw new Error('boom');
        },
      }),
    ],
    ['never settles', () => ({ acquire: async () => undefined, pause: () => new Promise<void>(() => undefined) })],
  ])('a pause that %s changes nothing for the call, and rejects nothing unhandled', async (_name, limiter) => {
    const server = await refusing({ 'retry-after': '1' });
    const error = await clientFor(server.url, limiter())
      .asyncActions.get('aa_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(1);
  });

  it.each<[string, () => Limiter]>([
    [
      'is a getter that throws',
      () => ({
        acquire: async () => undefined,
        get pause(): never {
          throw new Error('trap');
        },
      }),
    ],
    ['is not a function', () => ({ acquire: async () => undefined, pause: 'yes' as never })],
    [
      'is read from a Proxy that throws',
      () => new Proxy({ acquire: async () => undefined }, { get: (t, k) => (k === 'pause' ? trap() : Reflect.get(t, k)) }) as Limiter,
    ],
  ])('a limiter whose pause %s is refused at once: a ConfigurationError naming limiter, nothing sent', async (_name, limiter) => {
    const server = await refusing({ 'retry-after': '1' });
    let error: unknown;
    try {
      clientFor(server.url, limiter());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toMatchObject({ option: 'limiter', outcome: 'not_sent' });
    expect(server.sent).toHaveLength(0);
  });

  it('a limiter without pause works as before', async () => {
    const server = await refusing({ 'retry-after': '1' });
    await expect(clientFor(server.url, { acquire: async () => undefined }).asyncActions.get('aa_1')).rejects.toBeInstanceOf(RateLimitError);
  });
});
