/**
 * A 401 to a call whose access token came from a function: the token is dropped, the function
 * asked once more, and the call sent once more with the new token; a second 401 stands, as an
 * `AuthenticationError` naming the options and environment variables to check. A token given as
 * a string is never sent twice. With a `limiter`, the resend asks it again, marked as a retry.
 * Over a node:http service on 127.0.0.1 that accepts only the tokens the test says.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, cachedAccessToken, Client, type FetchedToken, type Limiter, type LimiterRequest, type RetryEvent } from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { startRecorder, type Recorder } from '../helpers/recorder.js';

let service: Recorder | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const member = { id: 'v_1', code: 'L1', object: 'voucher' };
const unauthorized = { status: 401, body: { code: 401, key: 'unauthorized', message: 'Unauthorized', details: 'Invalid access token' } };
const app = { appId: keys.appId, appToken: keys.appToken };

/** A service that answers 401 unless the `Authorization` header carries a token `accepts` takes. */
async function serviceAccepting(accepts: (token: string) => boolean): Promise<Recorder> {
  service = await startRecorder((sent) => (accepts((sent.headers.authorization ?? '').replace(/^Bearer /, '')) ? { body: member } : unauthorized));
  return service;
}

/** A fetchToken that hands out `tok-1`, `tok-2`, …, each for five minutes. */
function tokens() {
  let n = 0;
  return vi.fn(async (): Promise<FetchedToken> => ({ token: `tok-${++n}`, expiresIn: 300 }));
}

const authorizations = (r: Recorder) => r.sent.map((s) => s.headers.authorization);

describe('a 401 with a token from cachedAccessToken', () => {
  it('one refresh and one resend with the fresh token, then success', async () => {
    await serviceAccepting((token) => token === 'tok-2');
    const fetchToken = tokens();
    const retries: RetryEvent[] = [];
    const client = new Client({
      baseUrl: service!.url,
      ...app,
      accessToken: cachedAccessToken(fetchToken),
      validation: 'off',
      hooks: { retry: (e) => retries.push(e) },
    });
    expect(await client.loyalties.getMember('L1')).toEqual(member);
    expect(authorizations(service!)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, delayMs: 0, reason: 'status 401: a fresh access token' })]);
    // The fresh token is cached: the next call sends it at once.
    await client.loyalties.getMember('L1');
    expect(authorizations(service!)).toEqual(['Bearer tok-1', 'Bearer tok-2', 'Bearer tok-2']);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('a second 401 rejects with AuthenticationError naming the options and variables; sent twice, no third time', async () => {
    await serviceAccepting(() => false);
    const fetchToken = tokens();
    const client = new Client({ baseUrl: service!.url, ...app, accessToken: cachedAccessToken(fetchToken), logLevel: 'off' });
    const error = (await client.loyalties.getMember('L1').catch((e: unknown) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, attempts: 2, outcome: 'rejected' });
    expect(error.message).toContain('check the appId, appToken, accessToken options of new Client()');
    expect(error.message).toContain('PROMOKIT_APP_ID, PROMOKIT_APP_TOKEN, PROMOKIT_ACCESS_TOKEN');
    expect(authorizations(service!)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('50 concurrent calls refused with one stale token cause one refresh, and all succeed', async () => {
    await serviceAccepting((token) => token !== 'tok-1');
    const fetchToken = tokens();
    const client = new Client({ baseUrl: service!.url, ...app, accessToken: cachedAccessToken(fetchToken), validation: 'off' });
    const results = await Promise.all(Array.from({ length: 50 }, () => client.loyalties.getMember('L1')));
    expect(results).toEqual(Array(50).fill(member));
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(authorizations(service!).filter((a) => a === 'Bearer tok-1')).toHaveLength(50);
    expect(authorizations(service!).filter((a) => a === 'Bearer tok-2')).toHaveLength(50);
  });
});

describe('the token source decides', () => {
  it('a plain token function is asked again once after a 401', async () => {
    await serviceAccepting((token) => token === 'fresh');
    const accessToken = vi.fn().mockReturnValueOnce('stale').mockReturnValue('fresh');
    const client = new Client({ baseUrl: service!.url, ...app, accessToken, validation: 'off' });
    expect(await client.loyalties.getMember('L1')).toEqual(member);
    expect(authorizations(service!)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it('a token given as a string is sent once: a 401 stands at once', async () => {
    await serviceAccepting(() => false);
    const client = new Client({ baseUrl: service!.url, ...app, accessToken: 'static-token', logLevel: 'off' });
    await expect(client.loyalties.getMember('L1')).rejects.toMatchObject({ name: 'AuthenticationError', attempts: 1 });
    expect(service!.sent).toHaveLength(1);
  });

  it("a call of the 'app' group (no access token sent) is sent once", async () => {
    await serviceAccepting(() => false);
    const fetchToken = tokens();
    const client = new Client({ baseUrl: service!.url, ...app, accessToken: cachedAccessToken(fetchToken), logLevel: 'off' });
    const error = await client.oauth.introspect('some-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('check the appId, appToken options');
    expect(service!.sent).toHaveLength(1);
    expect(fetchToken).not.toHaveBeenCalled();
  });
});

describe('with a limiter', () => {
  it('the resend after a 401 asks the limiter again with { retry: true }, and every place is given back', async () => {
    await serviceAccepting((token) => token === 'tok-2');
    const asked: Array<LimiterRequest | undefined> = [];
    let held = 0;
    const limiter: Limiter = {
      async acquire(_signal, request) {
        asked.push(request);
        held++;
        return () => void held--;
      },
    };
    const client = new Client({ baseUrl: service!.url, ...app, accessToken: cachedAccessToken(tokens()), validation: 'off', limiter });
    await client.loyalties.getMember('L1');
    expect(service!.sent).toHaveLength(2);
    expect(asked).toEqual([undefined, { retry: true }]);
    expect(held).toBe(0);
  });
});
