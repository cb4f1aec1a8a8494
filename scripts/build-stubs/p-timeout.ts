/**
 * Stands in, in every build of promokit (scripts/browser-build.mjs, `leanQueue`), for p-timeout,
 * which p-queue calls only for a task added with a `timeout` option. promokit's queues
 * (src/core/limits.ts, src/redis) never give one, so p-queue never calls it; should a
 * later change give one, the call fails loudly here instead of timing nothing out. The real
 * module costs the queue's chunk about 200 bytes gzipped.
 *
 * @module
 */

/** p-timeout's error class, which p-queue re-exports; never thrown for promokit. */
export class TimeoutError extends Error {}

/** p-timeout, never called by promokit's queues: refuses loudly if it ever is. */
export default function pTimeout(): never {
  throw new Error("promokit's build leaves p-timeout out: p-queue's task timeout is not used");
}
