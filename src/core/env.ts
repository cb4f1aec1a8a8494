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

/**
 * The environment variable a setting falls back to in Node: `PROMOKIT_` and the option name in
 * upper snake case (`clientApplicationId` → `PROMOKIT_CLIENT_APPLICATION_ID`). Derived rather than
 * listed so the browser bundle carries no server-side option name.
 */
export function envName(option: string): string {
  return `PROMOKIT_${option.replace(/[A-Z]/g, '_$&').toUpperCase()}`;
}

/** Reads an option, falling back to its environment variable where the runtime has one. */
export function optionOrEnv(value: string | undefined, option: string): string | undefined {
  return value ?? readEnv(envName(option));
}

/** The words a message about a missing setting ends with: where else it may be set (` or set PROMOKIT_…`). */
export function envHint(option: string): string {
  return ` or set ${envName(option)}`;
}
