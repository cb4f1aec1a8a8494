/**
 * `client.oauth`: OAuth 2.0 access token introspection.
 *
 * @module
 */
import type { APIPromise } from '../core/api-promise.js';
import type { Operation, RequestOptions } from '../core/http.js';
import { APIResource } from '../core/resource.js';
import { object, required, text } from '../core/validate.js';
import { tokenIntrospectionSchema, type TokenIntrospection } from '../schemas/oauth.js';

const introspect: Operation<TokenIntrospection> = {
  name: 'oauth.introspect',
  method: 'POST',
  path: '/v1/oauth/introspect',
  auth: 'app',
  idempotent: true,
  encoding: 'form',
  schema: tokenIntrospectionSchema,
  check: object({ access_token: required(text(1)) }),
};

/**
 * OAuth token introspection. Uses the app keys only (`X-App-Id`, `X-App-Token`), no access token.
 * @category OAuth
 */
export class OAuth extends APIResource {
  /**
   * Reports whether an access token is active, with its expiry (`expires_at`, `expires_in`) and
   * scope. An unknown or expired token is not an error: the result has `active: false`.
   *
   * `POST /v1/oauth/introspect` (form-encoded). Read-only, so retried on 5xx and network errors.
   *
   * @param accessToken The OAuth 2.0 token to inspect.
   *
   * @example
   * ```ts
   * // POST /v1/oauth/introspect
   * const token = await client.oauth.introspect('b3a1f0c2-7d9e-4e61-8f5a-0c2d9e7b41aa');
   * if (token.active) console.log(`valid for ${token.expires_in} s more, scope: ${token.scope}`);
   * else console.log('expired or revoked: get a new access token');
   * ```
   */
  introspect(accessToken: string, options?: RequestOptions): APIPromise<TokenIntrospection> {
    const form = { access_token: accessToken };
    return this.core.request(introspect, { body: form, input: form }, options);
  }
}
