import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { scrubText } from '../../src/core/log.js';
import { Client, ConfigurationError } from '../../src/index.js';
import { BASE_URL, json, respond, secrets, seen, server, testClient, useMockApi } from '../helpers/mock-api.js';

useMockApi();

const introspection = { active: true, access_token: 'tok', client_id: 'cid', expires_at: 1_900_000_000, expires_in: 3600, scope: 'api', token_type: 'Bearer' };
const member = { id: 'v_1', code: 'LOYAL-1', type: 'LOYALTY_CARD', object: 'voucher', created_at: '2026-01-01T00:00:00Z' };
const ack = { object: 'event', type: 'signed_up', customer: { id: 'cust_1', object: 'customer' }, referral: null, loyalty: null, metadata: {} };

describe('authentication headers per endpoint group', () => {
  it('introspection sends X-App-Id and X-App-Token and no Authorization', async () => {
    respond('post', '/v1/oauth/introspect', json(introspection));
    await testClient().oauth.introspect('tok');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['x-app-id']).toBe(secrets.appId);
    expect(seen[0]!.headers['x-app-token']).toBe(secrets.appToken);
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.headers['x-client-token']).toBeUndefined();
  });

  it('other /v1 endpoints send the app keys and the Bearer access token', async () => {
    respond('get', '/v1/loyalties/members/LOYAL-1', json(member));
    await testClient().loyalties.getMember('LOYAL-1');
    expect(seen[0]!.headers['x-app-id']).toBe(secrets.appId);
    expect(seen[0]!.headers['x-app-token']).toBe(secrets.appToken);
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${secrets.accessToken}`);
    expect(seen[0]!.headers['x-client-token']).toBeUndefined();
  });

  it('client events send the client keys, Bearer when configured, and origin outside a browser', async () => {
    respond('post', '/client/v1/events', json(ack));
    await testClient().clientEvents.track({ event: 'signed_up', customer: { source_id: 'c1' } });
    const h = seen[0]!.headers;
    expect(h['x-client-application-id']).toBe(secrets.clientApplicationId);
    expect(h['x-client-token']).toBe(secrets.clientToken);
    expect(h.authorization).toBe(`Bearer ${secrets.accessToken}`);
    expect(h.origin).toBe('https://shop.example.com');
    expect(h['x-app-token']).toBeUndefined();
  });

  it('client events omit Authorization when no access token is configured', async () => {
    respond('post', '/client/v1/events', json(ack));
    const client = testClient({ accessToken: undefined });
    vi.stubEnv('PROMOKIT_ACCESS_TOKEN', '');
    await client.clientEvents.track({ event: 'signed_up', customer: { source_id: 'c1' } });
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('calls an accessToken function once per request, sync or async', async () => {
    respond('get', '/v1/loyalties/members/LOYAL-1', json(member));
    let n = 0;
    const client = testClient({ accessToken: async () => `tok-${++n}` });
    await client.loyalties.getMember('LOYAL-1');
    await client.loyalties.getMember('LOYAL-1');
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    const syncClient = testClient({ accessToken: () => 'sync-tok' });
    await syncClient.loyalties.getMember('LOYAL-1');
    expect(seen[2]!.headers.authorization).toBe('Bearer sync-tok');
  });

  it('lets an access token be missing for introspection', async () => {
    respond('post', '/v1/oauth/introspect', json(introspection));
    vi.stubEnv('PROMOKIT_ACCESS_TOKEN', '');
    await expect(testClient({ accessToken: undefined }).oauth.introspect('tok')).resolves.toMatchObject({ active: true });
  });
});

describe('missing credentials', () => {
  const cases = [
    ['appToken', 'PROMOKIT_APP_TOKEN', (c: Client) => c.loyalties.getMember('L1')],
    ['appId', 'PROMOKIT_APP_ID', (c: Client) => c.oauth.introspect('t')],
    ['accessToken', 'PROMOKIT_ACCESS_TOKEN', (c: Client) => c.loyalties.getMember('L1')],
    ['clientToken', 'PROMOKIT_CLIENT_TOKEN', (c: Client) => c.clientEvents.track({ event: 'e', customer: { id: 'cust_1' } })],
    ['origin', 'PROMOKIT_ORIGIN', (c: Client) => c.clientEvents.track({ event: 'e', customer: { id: 'cust_1' } })],
    ['baseUrl', 'PROMOKIT_BASE_URL', (c: Client) => c.loyalties.getMember('L1')],
  ] as const;

  for (const [option, env, call] of cases) {
    it(`names ${option} and ${env}, and sends nothing`, async () => {
      for (const name of Object.values({
        a: 'PROMOKIT_APP_ID',
        b: 'PROMOKIT_APP_TOKEN',
        c: 'PROMOKIT_ACCESS_TOKEN',
        d: 'PROMOKIT_CLIENT_TOKEN',
        e: 'PROMOKIT_ORIGIN',
        f: 'PROMOKIT_BASE_URL',
      }))
        vi.stubEnv(name, '');
      server.use(http.all('*', () => HttpResponse.json({})));
      const client = testClient({ [option]: undefined });
      const error = await call(client).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).option).toBe(option);
      expect((error as Error).message).toContain(option);
      expect((error as Error).message).toContain(env);
      expect(seen).toHaveLength(0);
    });
  }

  it('falls back to the environment variables', async () => {
    vi.stubEnv('PROMOKIT_BASE_URL', BASE_URL);
    vi.stubEnv('PROMOKIT_APP_ID', 'env-app');
    vi.stubEnv('PROMOKIT_APP_TOKEN', 'env-token');
    vi.stubEnv('PROMOKIT_ACCESS_TOKEN', 'env-access');
    respond('get', '/v1/loyalties/members/L1', json(member));
    await new Client({ logLevel: 'off' }).loyalties.getMember('L1');
    expect(seen[0]!.headers).toMatchObject({ 'x-app-id': 'env-app', 'x-app-token': 'env-token', authorization: 'Bearer env-access' });
  });

  it('prefers options over environment variables', async () => {
    vi.stubEnv('PROMOKIT_APP_ID', 'env-app');
    respond('get', '/v1/loyalties/members/L1', json(member));
    await testClient().loyalties.getMember('L1');
    expect(seen[0]!.headers['x-app-id']).toBe(secrets.appId);
  });
});

describe('scrubText', () => {
  const token = 'Tok3n-Secret.Value+1';

  it.each([
    ['as sent', `echo ${token}`],
    ['lowercased, as a URL host gives it back', `https://${token.toLowerCase()}.example.net/`],
    ['uppercased', `ECHO ${token.toUpperCase()}`],
    ['JSON-escaped', JSON.stringify({ token: `${token}"` })],
  ])('redacts a secret %s', (_, text) => {
    const scrubbed = scrubText(text, [token, `${token}"`]);
    expect(scrubbed.toLowerCase()).not.toContain(token.toLowerCase());
    expect(scrubbed).toContain('[redacted]');
  });

  it('reads a secret as text, not as a pattern, and leaves short ones alone', () => {
    expect(scrubText('a.b+c(d) and axbbcd', ['a.b+c(d)'])).toBe('[redacted] and axbbcd');
    expect(scrubText('short tok', ['tok'])).toBe('short tok');
  });
});
