/**
 * The mock's authentication, per endpoint group (service interface §5):
 * - `app` (`/v1/oauth/introspect`): `X-App-Id` and `X-App-Token`;
 * - `server` (every other `/v1` path): those plus `Authorization: Bearer <token>` with an active
 *   token; with the `appKeysAlone` option, the app keys alone too (the service's published spec
 *   lists them as an alternative to OAuth), while an `Authorization` header, when sent, must carry
 *   an active token;
 * - `client` (`/client/v1/events`): `X-Client-Application-Id` and `X-Client-Token`; an
 *   `Authorization` header, when sent, must carry an active token.
 * Anything missing or wrong is a 401 with the service's error body.
 *
 * @module
 */
import { unauthorized } from './http.js';
import type { MockState, Rec } from './store.js';

/** Which credentials a route needs. */
export type MockAuthGroup = 'app' | 'server' | 'client' | 'none';

/** Checks the request's headers for `group`; throws the 401 to send. */
export function authenticate(state: MockState, group: MockAuthGroup, headers: Headers): void {
  if (group === 'none') return;
  const c = state.credentials;
  if (group === 'client') {
    const appId = headers.get('x-client-application-id');
    const token = headers.get('x-client-token');
    if (!appId || !token) throw unauthorized('Missing X-Client-Application-Id or X-Client-Token header');
    if (appId !== c.clientApplicationId || token !== c.clientToken) throw unauthorized('Invalid X-Client-Application-Id or X-Client-Token');
    if (headers.has('authorization')) bearer(state, headers);
    return;
  }
  const appId = headers.get('x-app-id');
  const appToken = headers.get('x-app-token');
  if (!appId || !appToken) throw unauthorized('Missing X-App-Id or X-App-Token header');
  if (appId !== c.appId || appToken !== c.appToken) throw unauthorized('Invalid X-App-Id or X-App-Token');
  if (group === 'server' && !(state.appKeysAlone && !headers.has('authorization'))) bearer(state, headers);
}

function bearer(state: MockState, headers: Headers): void {
  const header = headers.get('authorization');
  if (!header) throw unauthorized('Missing Authorization header: send Authorization: Bearer <access token>');
  // The scheme word is case-sensitive on the service.
  const match = /^Bearer (\S+)$/.exec(header);
  if (!match) throw unauthorized('Malformed Authorization header: expected Bearer <access token>');
  const token = state.store.tokens.get(match[1]!);
  if (!token) throw unauthorized('Unknown access token');
  if (!tokenActive(token, state.now())) throw unauthorized('The access token has expired');
}

/** True while the token exists and has not expired. */
export function tokenActive(token: Rec, now: Date): boolean {
  return typeof token.expires_at !== 'number' || token.expires_at * 1000 > now.getTime();
}
