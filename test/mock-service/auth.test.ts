/**
 * Authentication per endpoint group and token introspection, through the real Client over both
 * transports.
 */
import { describe, expect, it } from 'vitest';
import { AuthenticationError } from '../../src/index.js';
import { failure, NOW_SECONDS, serverHeaders, transports, useMock } from './transports.js';

describe.each(transports)('auth over %s', (_name, connect) => {
  const { mock, conn } = useMock(connect);

  it('answers a wrong X-App-Token with 401 and the service error body', async () => {
    const error = await failure(conn.client({ appToken: 'wrong' }).loyalties.getMember(mock.ids.members.ada));
    expect(error).toBeInstanceOf(AuthenticationError);
    const e = error as AuthenticationError;
    expect(e.status).toBe(401);
    expect(e.key).toBe('unauthorized');
    expect(e.body).toEqual({
      code: 401,
      key: 'unauthorized',
      message: 'Unauthorized',
      details: 'Invalid X-App-Id or X-App-Token',
      request_id: expect.stringMatching(/^v-/),
    });
    expect(e.request_id).toBe((e.body as { request_id: string }).request_id);
  });

  it('answers an unknown access token on a server endpoint with 401', async () => {
    const error = await failure(conn.client({ accessToken: 'not-a-token' }).vouchers.validate(mock.ids.vouchers.valid));
    expect(error).toMatchObject({ status: 401, key: 'unauthorized', details: 'Unknown access token' });
  });

  it('answers an expired access token on a server endpoint with 401', async () => {
    const expired = mock.issueToken({ expiresIn: -60 });
    const error = await failure(conn.client({ accessToken: expired }).locations.get(mock.ids.location));
    expect(error).toMatchObject({ status: 401, key: 'unauthorized', details: 'The access token has expired' });
  });

  it('answers a server endpoint without Authorization with 401, body keys as the service sends them', async () => {
    const { authorization: _dropped, ...headers } = serverHeaders(mock);
    const response = await conn.raw(`/v1/locations/${mock.ids.location}`, { headers });
    expect(response.status).toBe(401);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['code', 'key', 'message', 'details', 'request_id']);
    expect(body.details).toMatch(/Missing Authorization header/);
  });

  it('introspection needs only the app keys: it works without an access token, 401 with wrong app keys', async () => {
    const ok = await conn.client({ accessToken: undefined }).oauth.introspect(mock.credentials.accessToken);
    expect(ok.active).toBe(true);
    const error = await failure(conn.client({ appId: 'someone-else' }).oauth.introspect(mock.credentials.accessToken));
    expect(error).toMatchObject({ status: 401, details: 'Invalid X-App-Id or X-App-Token' });
  });

  it('client events answer wrong client keys with 401, not the server app keys', async () => {
    const error = await failure(conn.client({ clientToken: 'wrong' }).clientEvents.track({ event: 'page_viewed', customer: { source_id: 'visitor-1' } }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, details: 'Invalid X-Client-Application-Id or X-Client-Token' });
  });

  it('introspection reports a known token active with expires_at and expires_in', async () => {
    const token = mock.issueToken({ expiresIn: 1800, scope: 'api vouchers' });
    const result = await conn.client().oauth.introspect(token);
    expect(result).toEqual({
      access_token: token,
      client_id: mock.credentials.appId,
      expires_at: NOW_SECONDS + 1800,
      expires_in: 1800,
      scope: 'api vouchers',
      token_type: 'Bearer',
      active: true,
    });
  });

  it('introspection reports an unknown token as active: false, not as an error', async () => {
    expect(await conn.client().oauth.introspect('never-issued')).toEqual({ active: false });
  });

  it('introspection reports an expired token as active: false', async () => {
    expect(await conn.client().oauth.introspect(mock.issueToken({ expiresIn: -1 }))).toEqual({ active: false });
    expect(await conn.client().oauth.introspect('mock-expired-token')).toEqual({ active: false });
  });
});
