import { describe, expect, expectTypeOf, it } from 'vitest';
import { BadRequestError, type TokenIntrospection } from '../../src/index.js';
import { json, respond, secrets, seen, testClient, useMockApi } from '../helpers/mock-api.js';
import { refusal, rejection } from './rejections.js';

useMockApi();

const active = {
  access_token: 'eyJhbGciOiJIUzI1NiJ9.payload.sig',
  client_id: 'app-id-1',
  expires_at: 1_795_000_000,
  expires_in: 3456,
  scope: 'api loyalties',
  token_type: 'Bearer',
  active: true,
};

describe('oauth.introspect', () => {
  it('POSTs the token form-encoded to /v1/oauth/introspect with the app keys only', async () => {
    respond('post', '/v1/oauth/introspect', json(active));
    const result = await testClient({ validation: 'strict' }).oauth.introspect('eyJhbGciOiJIUzI1NiJ9.payload.sig');
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/oauth/introspect');
    expect(req.search).toBe('');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers['x-app-id']).toBe(secrets.appId);
    expect(req.headers['x-app-token']).toBe(secrets.appToken);
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toBe('access_token=eyJhbGciOiJIUzI1NiJ9.payload.sig');
    expect(result).toEqual(active);
    expectTypeOf(result).toEqualTypeOf<TokenIntrospection>();
  });

  it('encodes a token with form-reserved characters', async () => {
    respond('post', '/v1/oauth/introspect', json({ active: false }));
    const result = await testClient({ validation: 'strict' }).oauth.introspect('a+b/c=d&e f');
    expect(seen[0]!.body).toBe('access_token=a%2Bb%2Fc%3Dd%26e+f');
    expect(result).toEqual({ active: false });
  });

  it('refuses an empty token before sending', async () => {
    const error = await refusal(testClient().oauth.introspect(''));
    expect(error.issues[0]!.path).toEqual(['access_token']);
    expect(seen).toHaveLength(0);
  });

  it('maps a 400 missing_parameters to BadRequestError', async () => {
    respond('post', '/v1/oauth/introspect', json({ code: 400, key: 'missing_parameters', message: 'Missing parameters' }, 400));
    const error = await rejection(testClient().oauth.introspect('t'), BadRequestError);
    expect(error.key).toBe('missing_parameters');
    expect(seen).toHaveLength(1);
  });
});
