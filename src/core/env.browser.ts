/**
 * The browser build's runtime facts (see env.ts and scripts/browser-build.mjs): a browser page or
 * worker has no environment variables, and sends `Origin` itself.
 *
 * @module
 */

/** The option as given: no environment variable in a browser. */
export function optionOrEnv(value: string | undefined, _option: string): string | undefined {
  return value;
}

/** Nothing: no environment variable to name in a browser. */
export function envHint(_option: string): string {
  return '';
}

/** No environment variable in a browser. */
export function readEnv(_name: string): string | undefined {
  return undefined;
}

/** The name alone: no environment variable in a browser (used only by the server's messages). */
export function envName(option: string): string {
  return option;
}

/**
 * A page, or a worker of one: the browser sends `Origin` itself. Not a server runtime that loads
 * this build through the `browser` condition (workerd, whose client must send `origin`).
 */
export function isBrowser(): boolean {
  const g = globalThis as { document?: unknown; importScripts?: unknown };
  return typeof g.document == 'object' || typeof g.importScripts == 'function';
}
