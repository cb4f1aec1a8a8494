/**
 * The client tells a shared `limiter` of a 429: `Limiter.pause(ms)`, optional, is called with the
 * `Retry-After` of every 429 (read as the retries read it), so that a limiter shared by a fleet can
 * pause the fleet (promokit/redis does; tested against Redis in test/redis/pause.test.ts). The
 * client does not wait for it, and nothing it does (a throw, a rejection, a getter that throws)
 * reaches the call or becomes an unhandled rejection.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, RateLimitError, type Limiter } from '../../src/index.js';
import { startServer, type TestServer } from '../helpers/http-server.js';

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));
let servers: TestServer[] = [];
afterEach(async () => {
  await new Promise((r) => setTimeout(r, 20));
  expect(unhandled).toEqual([]);
  unhandled.length = 0;
  for (const s of servers) await s.close();
  servers = [];
});

/** A service answering every call 429 with `headers`. */
async function refusing(headers: Record<string, string>) {
  const server = await startServer(() => ({ status: 429, headers, body: { code: 429, key: 'too_many_requests' } }));
  servers.push(server);
  return server;
}
const clientFor = (url: string, limiter: Limiter) => new Client({ baseUrl: url, appId: 'a', appToken: 't', accessToken: 'k', logLevel: 'off', maxRetries: 0, limiter });

describe('Limiter.pause', () => {
  it.each<[Record<string, string>, number | undefined]>([
    [{ 'retry-after': '2' }, 2_000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': new Date(Date.now() + 60_000).toUTCString() }, 60_000],
    [{ 'ratelimit-reset': '3' }, 3_000],
    [{}, undefined],
    [{ 'retry-after': '0' }, undefined],
    [{ 'retry-after': 'soon' }, undefined],
    [{ 'retry-after': new Date(Date.now() - 60_000).toUTCString() }, undefined],
  ])('a 429 with %j: pause(%s)', async (headers, expected) => {
    const server = await refusing(headers);
    const paused: number[] = [];
    const limiter: Limiter = { acquire: async () => undefined, pause: (ms) => void paused.push(ms) };
    await expect(clientFor(server.url, limiter).asyncActions.get('aa_1')).rejects.toBeInstanceOf(RateLimitError);
    if (expected === undefined) expect(paused).toEqual([]);
    else {
      expect(paused).toHaveLength(1);
      // A date is read against the clock: within a second of it.
      expect(Math.abs(paused[0]! - expected)).toBeLessThan(1_000);
    }
  });

  it('is not called on other statuses', async () => {
    const server = await startServer(() => ({ status: 503, headers: { 'retry-after': '1' }, body: {} }));
    servers.push(server);
    const paused: number[] = [];
    await expect(clientFor(server.url, { acquire: async () => undefined, pause: (ms) => void paused.push(ms) }).asyncActions.get('aa_1')).rejects.toBeTruthy();
    expect(paused).toEqual([]);
  });

  it.each<[string, () => Limiter]>([
    ['throws', () => ({ acquire: async () => undefined, pause: () => { throw new Error('boom'); } })],
    ['rejects', () => ({ acquire: async () => undefined, pause: async () => { throw new Error('boom'); } })],
    ['never settles', () => ({ acquire: async () => undefined, pause: () => new Promise<void>(() => undefined) })],
    ['is a getter that throws', () => ({ acquire: async () => undefined, get pause(): never { throw new Error('trap'); } })],
    ['is not a function', () => ({ acquire: async () => undefined, pause: 'yes' as never })],
  ])('a pause that %s changes nothing for the call, and rejects nothing unhandled', async (_name, limiter) => {
    const server = await refusing({ 'retry-after': '1' });
    const error = await clientFor(server.url, limiter()).asyncActions.get('aa_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(1);
  });

  it('a limiter without pause works as before', async () => {
    const server = await refusing({ 'retry-after': '1' });
    await expect(clientFor(server.url, { acquire: async () => undefined }).asyncActions.get('aa_1')).rejects.toBeInstanceOf(RateLimitError);
  });
});
