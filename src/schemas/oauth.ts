/**
 * OAuth token introspection result (service interface §2.20).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, openEnum, type ShapeOf } from './base.js';

/**
 * What {@link OAuth.introspect} returns: whether a token is active, and its expiry and scope.
 * `active` is always there; the other fields are absent for an inactive token, and may be absent
 * or null in any response.
 * @category OAuth
 */
export interface TokenIntrospection {
  /** True while the token exists and has not expired; false for an unknown or expired token. */
  active: boolean;
  /** The token that was introspected. Absent for an inactive token. */
  access_token?: string | null;
  /** The ID of the API key the token was generated with. */
  client_id?: string | null;
  /** Expiry time, in Unix seconds. */
  expires_at?: number | null;
  /** Seconds until expiry. */
  expires_in?: number | null;
  /** Space-separated scopes, e.g. `api loyalties`. */
  scope?: string | null;
  /** Always `Bearer`. */
  token_type?: 'Bearer' | (string & {}) | null;
  [field: string]: unknown;
}

/** Schema of {@link TokenIntrospection}. */
export const tokenIntrospectionSchema: () => z.ZodMiniType<TokenIntrospection> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    active: z.boolean(),
    access_token: z.nullish(z.string()),
    client_id: z.nullish(z.string()),
    expires_at: z.nullish(z.number()),
    expires_in: z.nullish(z.number()),
    scope: z.nullish(z.string()),
    token_type: z.nullish(openEnum()),
  } satisfies ShapeOf<TokenIntrospection>),
);
