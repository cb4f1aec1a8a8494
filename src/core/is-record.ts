/**
 * The one type guard the SDK needs everywhere it reads JSON of unknown shape.
 *
 * @module
 */

/** True for a plain JSON object: not `null`, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
