/**
 * OAuth token introspection result (service interface §2.20).
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, openEnum } from './base.js';

/** Schema of {@link TokenIntrospection}. */
export const tokenIntrospectionSchema = lazy(() =>
  z.looseObject({
    /** True while the token exists and has not expired. */
    active: z.boolean(),
    /** The token that was introspected. Absent for an inactive token. */
    access_token: z.optional(z.string()),
    /** The API key id the token was generated with. */
    client_id: z.optional(z.string()),
    /** Expiry time, Unix seconds. */
    expires_at: z.optional(z.number()),
    /** Seconds until expiry. */
    expires_in: z.optional(z.number()),
    /** Space-separated scopes, e.g. `api loyalties`. */
    scope: z.optional(z.string()),
    /** Always `Bearer`. */
    token_type: z.optional(openEnum(['Bearer'])),
  }),
);

/** What {@link OAuth.introspect} returns: whether a token is active, and its expiry and scope. */
export interface TokenIntrospection extends z.infer<ReturnType<typeof tokenIntrospectionSchema>> {}
