import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConnectionError, InternalServerError, RateLimitError } from '../../src/index.js';
import { BASE_URL, json, respond, seen, server, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const member = { id: 'v_1', code: 'L1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z' };
const ack = { object: 'event', type: 'e', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };
const introspection = { active: false };
const html502 = () => new HttpResponse('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'content-type': 'text/html' } });

describe('retry policy', () => {
  it('retries a GET that gets 503 and succeeds on the second attempt', async () => {
    respond('get', '/v1/loyalties/members/L1', json({ code: 503, message: 'busy' }, 503), json(member));
    await expect(testClient().loyalties.getMember('L1')).resolves.toMatchObject({ id: 'v_1' });
    expect(seen).toHaveLength(2);
  });

  it('retries a GET on 408, 500, 502 and 504 up to maxRetries, then throws', async () => {
    respond('get', '/v1/loyalties/members/L1', json({}, 408), json({}, 500), html502(), json({}, 504));
    const error = await testClient({ maxRetries: 3 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(4);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(504);
  });

  it('retries a read-only POST (introspection) on 5xx', async () => {
    respond('post', '/v1/oauth/introspect', json({}, 500), json(introspection));
    await expect(testClient().oauth.introspect('t')).resolves.toEqual(introspection);
    expect(seen).toHaveLength(2);
  });

  it('sends a non-idempotent POST exactly once on 500 and throws InternalServerError', async () => {
    respond('post', '/client/v1/events', json({ code: 500, key: 'internal', message: 'boom' }, 500), json(ack));
    const error = await testClient()
      .clientEvents.track({ event: 'e', customer: { id: 'cust_1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('sends a non-idempotent POST exactly once on 502 with an HTML body', async () => {
    respond('post', '/client/v1/events', html502(), json(ack));
    const error = await testClient()
      .clientEvents.track({ event: 'e', customer: { id: 'cust_1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('retries a non-idempotent POST on 429 after waiting Retry-After seconds', async () => {
    respond('post', '/client/v1/events', json({ code: 429, message: 'slow down' }, 429, { 'retry-after': '1' }), json(ack));
    const started = Date.now();
    await expect(testClient().clientEvents.track({ event: 'e', customer: { id: 'cust_1' } })).resolves.toMatchObject({ object: 'event' });
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 2000).toUTCString();
    respond('get', '/v1/loyalties/members/L1', json({}, 429, { 'retry-after': at }), json(member));
    const started = Date.now();
    await testClient().loyalties.getMember('L1');
    expect(seen).toHaveLength(2);
    // HTTP dates have whole-second precision: at least ~1 s was waited.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('rejects at once with the RateLimitError when Retry-After is above maxRetryDelay (no early retry)', async () => {
    respond('get', '/v1/loyalties/members/L1', json({}, 429, { 'retry-after': '3600' }), json(member));
    const started = Date.now();
    const error = await testClient({ maxRetryDelay: 200 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(3600);
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('rejects a 503 at once when its Retry-After is above maxRetryDelay', async () => {
    respond('get', '/v1/loyalties/members/L1', json({}, 503, { 'retry-after': '120' }), json(member));
    const error = await testClient({ maxRetryDelay: 1000 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('waits a Retry-After equal to maxRetryDelay', async () => {
    respond('get', '/v1/loyalties/members/L1', json({}, 429, { 'retry-after': '1' }), json(member));
    await expect(testClient({ maxRetryDelay: 1000 }).loyalties.getMember('L1')).resolves.toMatchObject({ id: 'v_1' });
    expect(seen).toHaveLength(2);
  });

  it('RateLimitError.retryAfter reads seconds and HTTP dates, and is undefined without the header', async () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    respond('get', '/v1/loyalties/members/L1', json({}, 429, { 'retry-after': at }));
    const dated = (await testClient({ maxRetries: 0 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e)) as RateLimitError;
    expect(dated.retryAfter).toBeGreaterThanOrEqual(88);
    expect(dated.retryAfter).toBeLessThanOrEqual(90);
    respond('get', '/v1/loyalties/members/L1', json({}, 429));
    const bare = (await testClient({ maxRetries: 0 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e)) as RateLimitError;
    expect(bare).toBeInstanceOf(RateLimitError);
    expect(bare.retryAfter).toBeUndefined();
  });

  it('gives up with RateLimitError when 429 persists', async () => {
    respond('get', '/v1/loyalties/members/L1', json({ code: 429, key: 'too_many', message: 'slow' }, 429, { 'retry-after': '0' }));
    const error = await testClient({ maxRetries: 2 })
      .loyalties.getMember('L1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(3);
  });

  it('maxRetries per call overrides the client setting', async () => {
    respond('get', '/v1/loyalties/members/L1', json({}, 503));
    await testClient({ maxRetries: 3 })
      .loyalties.getMember('L1', {}, { maxRetries: 0 })
      .catch(() => {});
    expect(seen).toHaveLength(1);
  });

  it('retries a GET on a network error', async () => {
    let n = 0;
    server.use(http.get(`${BASE_URL}/v1/loyalties/members/L1`, () => (n++ === 0 ? HttpResponse.error() : HttpResponse.json(member))));
    await expect(testClient().loyalties.getMember('L1')).resolves.toMatchObject({ id: 'v_1' });
    expect(n).toBe(2);
  });

  it('does not retry a non-idempotent POST on a network error where the request may have been sent', async () => {
    let n = 0;
    server.use(http.post(`${BASE_URL}/client/v1/events`, () => (n++, HttpResponse.error())));
    const error = await testClient()
      .clientEvents.track({ event: 'e', customer: { id: 'cust_1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(n).toBe(1);
  });
});
