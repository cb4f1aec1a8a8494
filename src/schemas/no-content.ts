/**
 * The answer of an operation that answers nothing: a DELETE's 204.
 *
 * @module
 */
import * as z from 'zod/mini';
import { lazy } from './base.js';

/**
 * Schema of the answer of an operation that answers 204 without a body (a DELETE): the call
 * resolves with `undefined`. Whatever a service sends instead is taken as received, unchecked.
 */
export const noContentSchema: () => z.ZodMiniType<void> = /* @__PURE__ */ lazy(() => z.unknown() as z.ZodMiniType<unknown> as z.ZodMiniType<void>);
