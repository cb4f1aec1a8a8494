/**
 * OAuth token introspection result (service interface §2.20).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, openEnum, type ShapeOf } from './base.js';

/**
 * What {@link OAuth.introspect} returns: whether a token is active, and its expiry and scope.
 * @category OAuth
 */
export interface TokenIntrospection {
  /** True while the token exists and has not expired; false for an unknown or expired token. */
  active: boolean;
  /** The token that was introspected. Absent for an inactive token. */
  access_token?: string;
  /** The ID of the API key the token was generated with. */
  client_id?: string;
  /** Expiry time, in Unix seconds. */
  expires_at?: number;
  /** Seconds until expiry. */
  expires_in?: number;
  /** Space-separated scopes, e.g. `api loyalties`. */
  scope?: string;
  /** Always `Bearer`. */
  token_type?: 'Bearer' | (string & {});
  [field: string]: unknown;
}

/** Schema of {@link TokenIntrospection}. */
export const tokenIntrospectionSchema: () => z.ZodMiniType<TokenIntrospection> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    active: z.boolean(),
    // Optional, not nullish: absent for an inactive token, never null (service interface §2.20).
    access_token: z.optional(z.string()),
    client_id: z.optional(z.string()),
    expires_at: z.optional(z.number()),
    expires_in: z.optional(z.number()),
    scope: z.optional(z.string()),
    token_type: z.optional(openEnum()),
  } satisfies ShapeOf<TokenIntrospection>),
);
