/**
 * `client.oauth`: OAuth 2.0 access token introspection.
 *
 * @module
 */
import type { APIPromise } from '../core/pagination.js';
import { object, required, text } from '../core/inputs.js';
import { loadManagementResponses } from './responses.js';
import { operation, operations, type Relies, type RequestOptions } from '../core/call.js';
import { APIResource } from '../core/resource.js';
import type { TokenIntrospection } from '../schemas/oauth.js';
import type { SubClientGuide } from './guide.js';

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
    return this.core.request(oauthOperations['oauth.introspect'], {}, { access_token: accessToken }, options);
  }
}

/** The operations of {@link OAuth}, as the registry lists them (resources/registry.ts). */
export const oauthOperations = operations(loadManagementResponses, {
  'oauth.introspect': operation<TokenIntrospection, IntrospectionForm>({
    method: 'POST',
    path: '/v1/oauth/introspect',
    auth: 'app',
    // Reads the token's state and changes nothing.
    effect: 'read',
    encoding: 'form',
    rules: object<IntrospectionForm>({ access_token: required(text(1)) }),
  }),
});

/**
 * Where `client.oauth` stands in the documentation: the reference's category of its class, and
 * what each method is for, in the order the home page lists them (`npm run operations` writes both).
 */
export const oauthGuide: SubClientGuide<keyof typeof oauthOperations> = {
  category: 'OAuth',
  tasks: {
    'oauth.introspect': 'check an access token',
  },
};

/**
 * The response fields each operation of `client.oauth` relies on (the tolerance policy, see
 * {@link Relies}): read by the documentation and the tests, never at run time.
 */
export const oauthRelies: Relies<keyof typeof oauthOperations> = {
  'oauth.introspect': ['active'],
};

/** The form {@link OAuth.introspect} sends. */
export interface IntrospectionForm {
  access_token: string;
}
