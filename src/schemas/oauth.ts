/**
 * OAuth token introspection result (service interface §2.20).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, nullishStrings, openEnum, type ShapeOf } from './base.js';

/**
 * An active token: its expiry, scope and the key it was made with. Only `active` is guaranteed;
 * the other fields may be absent or null.
 * @category OAuth
 */
export interface ActiveTokenIntrospection {
  /** The token exists and has not expired. */
  active: true;
  /** The token that was introspected. */
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
}

/**
 * An unknown or expired token: nothing but `active: false`.
 * @category OAuth
 */
export interface InactiveTokenIntrospection {
  /** The token is unknown or has expired. */
  active: false;
}

/**
 * What {@link OAuth.introspect} returns: whether a token is active, and for an active one its
 * expiry and scope. Narrow it on `active`:
 *
 * ```ts
 * if (info.active) console.log(info.scope, info.expires_at);
 * ```
 * @category OAuth
 */
export type TokenIntrospection = ActiveTokenIntrospection | InactiveTokenIntrospection;

/** Schema of {@link TokenIntrospection}: one object shape per value of `active`. */
export const tokenIntrospectionSchema: () => z.ZodMiniType<TokenIntrospection> = /* @__PURE__ */ lazy(() =>
  z.discriminatedUnion('active', [
    z.looseObject({
      active: z.literal(true),
      ...nullishStrings('access_token', 'client_id'),
      expires_at: z.nullish(z.number()),
      expires_in: z.nullish(z.number()),
      scope: z.nullish(z.string()),
      token_type: z.nullish(openEnum()),
    } satisfies ShapeOf<ActiveTokenIntrospection>),
    z.looseObject({ active: z.literal(false) } satisfies ShapeOf<InactiveTokenIntrospection>),
  ]),
);
