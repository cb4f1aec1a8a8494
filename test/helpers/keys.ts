/**
 * Credentials with recognisable values for the tests that watch the wire with a recorder
 * (./recorder.ts), the headers each credentials group sends with them, and a way to pick those
 * headers out of a recorded request.
 */
import type { Sent } from './recorder.js';

/** Credentials with recognisable values; the secrets among them end in `-SECRET-…`. */
export const keys = {
  appId: 'app-id-1',
  appToken: 'app-token-SECRET-1',
  accessToken: 'access-token-SECRET-2',
  clientApplicationId: 'client-app-1',
  clientToken: 'client-token-SECRET-3',
  origin: 'https://shop.example.com',
} as const;

/** The client-side keys among {@link keys}: what a `ClientEvents` takes (a server key is refused there). */
export const clientKeys = {
  accessToken: keys.accessToken,
  clientApplicationId: keys.clientApplicationId,
  clientToken: keys.clientToken,
  origin: keys.origin,
} as const;

/** The headers each credentials group sends, with {@link keys}. */
export const groupHeaders = {
  server: { 'x-app-id': keys.appId, 'x-app-token': keys.appToken, authorization: `Bearer ${keys.accessToken}` },
  app: { 'x-app-id': keys.appId, 'x-app-token': keys.appToken },
  client: {
    'x-client-application-id': keys.clientApplicationId,
    'x-client-token': keys.clientToken,
    authorization: `Bearer ${keys.accessToken}`,
    origin: keys.origin,
  },
} as const;

/** Every credential header name. */
export const credentialHeaders = ['authorization', 'x-app-id', 'x-app-token', 'x-client-application-id', 'x-client-token'] as const;

/** The credential headers (and `origin`) of a recorded request. */
export function credentialsOf(sent: Sent): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of [...credentialHeaders, 'origin']) if (sent.headers[name] !== undefined) found[name] = sent.headers[name]!;
  return found;
}
