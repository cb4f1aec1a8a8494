/**
 * The session lock a validation takes and the following requests of the same session hold.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy, openEnum, type ShapeOf } from './base.js';

/**
 * A session lock held across parallel validation and redemption requests (7 days unless set).
 * @category Shared responses
 */
export interface Session {
  /** The session key to send with the following requests of the same session. */
  key?: string | null;
  /** Always `LOCK`. */
  type?: 'LOCK' | (string & {}) | null;
  /** How long the lock lasts, in `ttl_unit`s. */
  ttl?: number | null;
  /** Unit of `ttl`, e.g. `DAYS`, `HOURS`. */
  ttl_unit?: 'DAYS' | 'HOURS' | 'MICROSECONDS' | 'MILLISECONDS' | 'MINUTES' | 'NANOSECONDS' | 'SECONDS' | (string & {}) | null;
}

/** Schema of {@link Session}. */
export const sessionSchema: () => z.ZodMiniType<Session> = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    key: z.nullish(z.string()),
    type: z.nullish(openEnum()),
    ttl: z.nullish(z.number()),
    ttl_unit: z.nullish(openEnum()),
  } satisfies ShapeOf<Session>),
);
