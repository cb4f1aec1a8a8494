/**
 * `cachedAccessToken` on the wire: 200 calls at once through a real `Client` to a node:http
 * service on 127.0.0.1 fetch one token; after it expires, 200 more fetch exactly one more. Only
 * `Date` is faked, to move past the token's expiry: sockets and timers run as usual.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedAccessToken, Client, type FetchedToken } from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

let service: Recorder | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  await service?.close();
  service = undefined;
});

const member = { id: 'v_1', code: 'L1', object: 'voucher' };

describe('cachedAccessToken over the wire', () => {
  it('200 concurrent calls fetch one token; once it has expired, 200 more fetch exactly one more', async () => {
    /** Tokens the service accepts, with their expiry (epoch ms): it checks each request's token. */
    const valid = new Map<string, number>();
    service = await startRecorder((sent) => {
      const token = (sent.headers.authorization ?? '').replace(/^Bearer /, '');
      return (valid.get(token) ?? 0) > Date.now() ? { body: member } : { status: 401, body: { code: 401, key: 'unauthorized' } };
    });
    let n = 0;
    const fetchToken = vi.fn(async (): Promise<FetchedToken> => {
      const token = `tok-${++n}`;
      valid.set(token, Date.now() + 300_000);
      return { token, expiresIn: 300 };
    });
    const client = new Client({
      baseUrl: service.url,
      appId: keys.appId,
      appToken: keys.appToken,
      accessToken: cachedAccessToken(fetchToken),
      validation: 'off',
    });

    const first = await Promise.all(Array.from({ length: 200 }, () => client.loyalties.getMember('L1')));
    expect(first).toHaveLength(200);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(new Set(service.sent.map((s) => s.headers.authorization))).toEqual(new Set(['Bearer tok-1']));

    vi.setSystemTime(new Date('2026-03-02T09:05:00Z')); // tok-1 expires now
    service.sent.length = 0;
    await Promise.all(Array.from({ length: 200 }, () => client.loyalties.getMember('L1')));
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(service.sent).toHaveLength(200); // no 401, no resend: the expired token was never sent
    expect(new Set(service.sent.map((s) => s.headers.authorization))).toEqual(new Set(['Bearer tok-2']));
  });
});
