/**
 * Snapshots of what callers hand over: params, options, headers. Each is copied once, every
 * field read once, to plain data; the checks and the request then use that copy only, so a
 * getter, a Proxy or a `toJSON` cannot show the checks one value and the wire another, and a
 * value JSON cannot carry (a BigInt, a cycle, `NaN`, an Invalid Date) is refused before sending
 * instead of throwing half-way or going out as `null`.
 *
 * @module
 */
import type { Issue } from './errors.js';

/** The deepest nesting a snapshot copies: deeper input is refused (JSON of the service is far shallower). */
export const MAX_DEPTH = 64;

type Path = Array<string | number>;

/**
 * A plain-data copy of `value` as JSON would send it (`toJSON` called once, `undefined` and
 * functions left out of objects and `null` in arrays), or `undefined` with the issues that make
 * it unsendable pushed to `issues` under their field paths.
 */
export function plainCopy(value: unknown, issues: Issue[], path: Path = []): unknown {
  const ancestors: object[] = [];
  const copy = (v: unknown, at: Path): unknown => {
    const refuse = (message: string): undefined => void issues.push({ path: at, message });
    try {
      if (v instanceof Date && Number.isNaN(v.getTime())) return refuse('must be a valid Date (this one is an Invalid Date)');
      if (typeof (v as { toJSON?: unknown } | null)?.toJSON === 'function') v = (v as { toJSON(key: string): unknown }).toJSON(String(at[at.length - 1] ?? ''));
      if (typeof v === 'number' && !Number.isFinite(v)) return refuse(`must be a finite number (${v} cannot be sent)`);
      if (typeof v === 'bigint') return refuse('must be a number or a string, not a BigInt (JSON has none)');
      if (typeof v !== 'object' || v === null) return typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
      if (ancestors.includes(v)) return refuse('must not contain itself (a cycle cannot be sent)');
      if (ancestors.length >= MAX_DEPTH) return refuse(`must be nested at most ${MAX_DEPTH} levels deep`);
      if (v instanceof Map || v instanceof Set) return refuse('must be a plain object or an array (a Map or a Set would be sent empty)');
      ancestors.push(v);
      try {
        if (Array.isArray(v)) {
          const out: unknown[] = [];
          for (let i = 0, n = v.length; i < n; i++) out.push(copy(v[i], [...at, i]) ?? null);
          return out;
        }
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(v)) {
          const field = copy((v as Record<string, unknown>)[key], [...at, key]);
          // `__proto__` as a field of its own, never the copy's prototype.
          if (field !== undefined) Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
        }
        return out;
      } finally {
        ancestors.pop();
      }
    } catch (error) {
      return refuse(`could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return copy(value, path);
}
