/**
 * The browser build's snapshot (see snapshot.ts and scripts/browser-build.mjs): the same plain
 * copy, each field read once, made by the browser's own JSON serialiser, so a storefront carries
 * a few lines instead of a walker; a value JSON cannot carry is refused for the whole value,
 * named by its kind rather than by its field path.
 *
 * @module
 */
import type { Issue } from './errors.js';

/** A plain-data copy of `value` as JSON sends it, or `undefined` with the reason it cannot be sent pushed to `issues`. */
export function plainCopy(value: unknown, issues: Issue[], path: Array<string | number> = []): unknown {
  try {
    return value === undefined
      ? value
      : JSON.parse(
          JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
            // An Invalid Date serialises as null: looked at again only then.
            if ((typeof v === 'number' && !Number.isFinite(v)) || (v === null && Number.isNaN((this[key] as Date | null)?.getTime?.()))) throw `a value that is not a finite number or a valid Date (${String(this[key])})`;
            if (typeof v === 'bigint') throw 'a BigInt';
            if (v instanceof Map || v instanceof Set) throw 'a Map or a Set';
            return v;
          }),
        );
  } catch (error) {
    issues.push({ path, message: `must be plain data JSON can carry; it holds ${typeof error === 'string' ? error : (error as Error).message}` });
    return undefined;
  }
}
