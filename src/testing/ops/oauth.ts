/**
 * `POST /v1/oauth/introspect`: an active token with its expiry, `active: false` for an unknown
 * or expired one (service interface §4.1, §5).
 *
 * @module
 */
import { tokenActive } from '../auth.js';
import { badRequest } from '../http.js';
import type { MockHandlers } from '../router.js';

/** The mock's route for `oauth.introspect`. */
export const oauthHandlers = {
  'oauth.introspect': {
    method: 'POST',
    path: '/v1/oauth/introspect',
    auth: 'app',
    handle(state, req) {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const accessToken = body.access_token;
      if (typeof accessToken !== 'string' || accessToken === '' || !(req.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
        throw badRequest('missing_parameters', 'access_token is required, form-encoded (application/x-www-form-urlencoded)', 'Missing parameters');
      }
      const token = state.store.tokens.get(accessToken);
      const now = state.now();
      if (!token || !tokenActive(token, now)) return { active: false };
      const expiresAt: number = token.expires_at;
      return {
        access_token: accessToken,
        client_id: token.client_id ?? state.credentials.appId,
        expires_at: expiresAt,
        expires_in: Math.max(0, expiresAt - Math.floor(now.getTime() / 1000)),
        scope: token.scope ?? 'api',
        token_type: 'Bearer',
        active: true,
      };
    },
  },
} satisfies MockHandlers;
