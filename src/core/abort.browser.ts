/**
 * The browser build's `callSignal` (see abort.ts and scripts/browser-build.mjs): browsers put no
 * limit on the listeners of an `AbortSignal`, so each call listens to the caller's signal itself.
 *
 * @module
 */

/** The caller's signal, used by the call as it is. */
export function callSignal(signal: AbortSignal): { signal: AbortSignal; done: () => void } {
  return { signal, done: () => undefined };
}
