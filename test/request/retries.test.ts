/**
 * Which `client.request()` calls are sent again after a 503: a POST or PATCH once (it may have
 * been applied), a GET, PUT or DELETE up to `maxRetries` more times (three in all by default), a
 * POST or PATCH marked `idempotent: true` like a read; and a 429 is retried whatever the method.
 * Over a stand-in fetch and a node:http service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, InternalServerError, type CustomRequest } from '../../src/index.js';
import { keys } from '../helpers/keys.js';
import { recorders, type Recorder } from '../helpers/recorder.js';

let recorder: Recorder | undefined;
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
});

const unavailable = () => ({ status: 503, body: { code: 503, key: 'service_unavailable', message: 'Try again' } });

describe.each(recorders)('after a 503, over %s', (_name, start) => {
  /** Sends `request` to a service answering every request 503; resolves with the error and how many times it was sent. */
  async function sendTo(request: CustomRequest): Promise<{ error: unknown; times: number }> {
    recorder = await start(unavailable);
    const client = new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, maxRetryDelay: 0, logLevel: 'off' });
    const error = await client.request(request).catch((e: unknown) => e);
    return { error, times: recorder.sent.length };
  }

  it('a POST is sent once and rejects with an unknown outcome', async () => {
    const { error, times } = await sendTo({ method: 'POST', path: '/v1/campaigns', body: { name: 'Spring' } });
    expect(times).toBe(1);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, outcome: 'unknown', attempts: 1 });
  });

  it('a PATCH is sent once', async () => {
    expect((await sendTo({ method: 'PATCH', path: '/v1/campaigns/c1', body: { name: 'x' } })).times).toBe(1);
  });

  it('a GET is sent three times (the first attempt and maxRetries 2)', async () => {
    const { error, times } = await sendTo({ method: 'GET', path: '/v1/campaigns/c1' });
    expect(times).toBe(3);
    expect(error).toMatchObject({ status: 503, attempts: 3 });
  });

  it('PUT and DELETE are sent three times', async () => {
    expect((await sendTo({ method: 'PUT', path: '/v1/campaigns/c1', body: { name: 'x' } })).times).toBe(3);
    await recorder!.close();
    expect((await sendTo({ method: 'DELETE', path: '/v1/campaigns/c1' })).times).toBe(3);
  });

  it('a POST or PATCH marked idempotent: true is retried like a read; a GET marked idempotent: false is not', async () => {
    expect((await sendTo({ method: 'POST', path: '/v1/campaigns/qualification', body: {}, idempotent: true })).times).toBe(3);
    await recorder!.close();
    expect((await sendTo({ method: 'PATCH', path: '/v1/campaigns/c1', body: { name: 'x' }, idempotent: true })).times).toBe(3);
    await recorder!.close();
    expect((await sendTo({ method: 'GET', path: '/v1/campaigns/c1', idempotent: false })).times).toBe(1);
  });

  it('a 429 is retried whatever the method, a DELETE and a PATCH included', async () => {
    for (const method of ['DELETE', 'PATCH'] as const) {
      let n = 0;
      recorder = await start(() => (++n === 1 ? { status: 429, body: { code: 429 } } : { body: { ok: true } }));
      const client = new Client({ baseUrl: recorder.url, ...keys, fetch: recorder.fetch, maxRetryDelay: 0, logLevel: 'off' });
      expect(await client.request({ method, path: '/v1/campaigns/c1' })).toEqual({ ok: true });
      expect(recorder.sent.map((s) => s.method)).toEqual([method, method]);
      await recorder.close();
    }
  });
});
