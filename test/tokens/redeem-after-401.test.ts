/**
 * `loyalties.redeemReward` spends points, so the resend with a fresh token after a 401 (which
 * says the service did nothing) is the only time it is sent again: at most twice in all, never a
 * third time whatever the second attempt meets, and never again after a 5xx or a timeout, even
 * with `maxRetries` raised. Over a node:http service on 127.0.0.1 answering from a script.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, cachedAccessToken, Client, InternalServerError, TimeoutError, type FetchedToken } from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { startRecorder, type Recorder, type Reply } from '../helpers/recorder.js';

let service: Recorder | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const redemption = { id: 'r_1', object: 'redemption', result: 'SUCCESS' };
const answers: Record<string, Reply> = {
  '401': { status: 401, body: { code: 401, key: 'unauthorized', message: 'Unauthorized' } },
  '503': { status: 503, body: { code: 503, message: 'Unavailable' } },
  '500': { status: 500, body: { code: 500, message: 'Internal' } },
  '200': { body: redemption },
  hang: { hang: true },
};

/** Redeems once against a service that answers the scripted replies in turn (the last one after). */
async function redeem(script: Array<keyof typeof answers>): Promise<{ result: unknown; sent: number; tokens: number }> {
  service = await startRecorder((_sent, n) => answers[script[Math.min(n, script.length) - 1]!]!);
  let n = 0;
  const fetchToken = vi.fn(async (): Promise<FetchedToken> => ({ token: `tok-${++n}`, expiresIn: 300 }));
  const client = new Client({
    baseUrl: service.url,
    appId: keys.appId,
    appToken: keys.appToken,
    accessToken: cachedAccessToken(fetchToken),
    validation: 'off',
    logLevel: 'off',
    maxRetries: 5,
    maxRetryDelay: 0,
    timeout: 300,
  });
  const result = await client.loyalties.redeemReward('LOYAL-1', { reward: { id: 'rew_1' } }).catch((e: unknown) => e);
  return {
    result,
    sent: service.sent.filter((s) => s.method === 'POST' && s.path === '/v1/loyalties/members/LOYAL-1/redemption').length,
    tokens: fetchToken.mock.calls.length,
  };
}

describe('loyalties.redeemReward and a 401', () => {
  it('401 then 200: sent twice, the second time with a fresh token, and resolves', async () => {
    const { result, sent, tokens } = await redeem(['401', '200']);
    expect(result).toEqual(redemption);
    expect(sent).toBe(2);
    expect(tokens).toBe(2);
    expect(service!.sent.map((s) => s.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('401 then 503: sent twice, never a third time; the 503 rejects with an unknown outcome', async () => {
    const { result, sent } = await redeem(['401', '503']);
    expect(result).toBeInstanceOf(InternalServerError);
    expect(result).toMatchObject({ status: 503, outcome: 'unknown', attempts: 2 });
    expect(sent).toBe(2);
  });

  it('401 then no answer: sent twice, a TimeoutError, never a third time', async () => {
    const { result, sent } = await redeem(['401', 'hang']);
    expect(result).toBeInstanceOf(TimeoutError);
    expect(result).toMatchObject({ outcome: 'unknown' });
    expect(sent).toBe(2);
  });

  it('401 twice: sent twice, AuthenticationError', async () => {
    const { result, sent } = await redeem(['401', '401']);
    expect(result).toBeInstanceOf(AuthenticationError);
    expect(sent).toBe(2);
  });

  it('a 5xx first: sent once, no fresh token asked for, whatever maxRetries says', async () => {
    for (const status of ['503', '500'] as const) {
      const { result, sent, tokens } = await redeem([status, '200']);
      expect(result).toBeInstanceOf(InternalServerError);
      expect(sent).toBe(1);
      expect(tokens).toBe(1);
      await service!.close();
    }
  });
});
