/**
 * What the SDK needs to know about the runtime, found without importing any Node built-in so the
 * same code runs in Node, Deno, Bun, edge workers and browsers.
 *
 * @module
 */

/** Reads an environment variable where the runtime has `process.env`; `undefined` elsewhere. */
export function readEnv(name: string): string | undefined {
  try {
    const value = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
    return value === undefined || value === '' ? undefined : value;
  } catch {
    // Deno without --allow-env throws on access: treat as unset.
    return undefined;
  }
}

/**
 * True inside a browser page or a browser worker, where the browser itself sends `Origin` and a
 * script may not set it.
 */
export function isBrowser(): boolean {
  const g = globalThis as { document?: unknown; WorkerGlobalScope?: unknown; importScripts?: unknown; navigator?: { product?: string } };
  return typeof g.document === 'object' || (typeof g.WorkerGlobalScope === 'function' && typeof g.importScripts === 'function');
}
