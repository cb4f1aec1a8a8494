/** Helpers over plain JSON values, for the schema tests: copies, field paths and path patterns. */

/** A key path into a JSON value: property names and array indices. */
export type Path = Array<string | number>;

/** A deep copy through JSON, so objects shared between fixtures become separate copies (structuredClone keeps the sharing). */
export const clone = <T>(value: T): T => (value === undefined ? value : JSON.parse(JSON.stringify(value)));

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Paths of every object property, at any depth (array elements are entered, not listed). */
export function fieldPaths(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => fieldPaths(item, [...at, i]));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, v]) => [[...at, key], ...fieldPaths(v, [...at, key])]);
}

/** True when `path` is the dot-separated `pattern`, whose `*` stands for any array index. */
export const matches = (pattern: string, path: Path): boolean => {
  const parts = pattern.split('.');
  return parts.length === path.length && parts.every((p, i) => (p === '*' ? typeof path[i] === 'number' : p === String(path[i])));
};
