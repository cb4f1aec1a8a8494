/**
 * Input rules: what a params object must satisfy before anything is sent. A rule set is declared
 * against the params type it checks, `object<OrderInput>({ … })`, so the compiler refuses a rule
 * for a field the type does not have (a misspelt or removed field) and a rule written for another
 * type than the field's (`integer()` on a string field). The rules themselves run on whatever a
 * caller passes at run time, typed or not, and report every broken rule with its field path.
 *
 * @module
 */
import type { Issue } from './errors.js';
import { isRecord } from './is-record.js';

/** Where a value sits in the params: `['order', 'items', 3, 'quantity']`. */
type Path = Array<string | number>;

/**
 * One input rule: pushes an issue for each way `value` breaks it; `undefined` passes unless the
 * rule is wrapped in {@link required}. `T` is the type of the values the rule is written for,
 * known only to the compiler; a plain check function is a rule of any type (rules across fields).
 */
export interface Rule<T> {
  (value: unknown, path: Path, issues: Issue[]): void;
  /** Never set: carries `T` for the compiler. */
  readonly accepts?: T;
}

/** The field names of `T`, of every member when `T` is a union. */
type Fields<T> = T extends unknown ? keyof T : never;

/** The type of field `K` of `T`, across the members of a union that have it. */
type FieldType<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;

/**
 * The rules of an object's fields: any field of `T` may have one, written for that field's type
 * (or a narrower one); a name that is not a field of `T` does not compile.
 */
export type Rules<T> = { [K in Fields<T>]?: Rule<NonNullable<FieldType<T, K>>> };



/** Every rule in turn, each reporting its own issues: a field rule set and a rule across its fields. */
export function all<T>(...rules: Array<Rule<T>>): Rule<T> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    for (const check of rules) check(value, path, issues);
  };
}

/** The value must be present (not `undefined` or `null`), then pass `check`. */
export function required<T>(check?: Rule<T>): Rule<T> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value === undefined || value === null) issues.push({ path, message: 'is required' });
    else check?.(value, path, issues);
  };
}

/** An object whose listed fields pass their rules; other fields are allowed and sent as given. */
export function object<T = Record<string, unknown>>(shape: Rules<T> = {}): Rule<T> {
  const fields = Object.keys(shape) as Array<keyof typeof shape>;
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value === undefined) return;
    if (!isRecord(value)) {
      issues.push({ path, message: 'must be an object' });
      return;
    }
    for (const key of fields) shape[key]!(value[key as string], [...path, key as string], issues);
  };
}

/**
 * An integer, optionally within `[min, max]`; `N` narrows the type it is written for
 * (`DayOfWeek`). Past 2^53 - 1 a number is no longer exact (`9007199254740993` is read as
 * `…992`), so it is refused rather than sent rounded.
 */
export function integer<N extends number = number>(min = -Infinity, max = Infinity): Rule<N> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value === undefined) return;
    if (typeof value !== 'number' || !Number.isInteger(value)) issues.push({ path, message: 'must be an integer' });
    else if (!Number.isSafeInteger(value)) issues.push({ path, message: 'must be an integer of at most 2^53 - 1 in size (a larger one cannot be sent exactly)' });
    else if (value < min || value > max) issues.push({ path, message: `must be between ${min} and ${max}` });
  };
}

/** One of the listed strings. */
export function oneOf<const V extends string>(values: readonly V[]): Rule<V> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value !== undefined && !values.includes(value as V)) {
      issues.push({ path, message: `must be one of ${values.map((v) => `'${v}'`).join(', ')}` });
    }
  };
}

/** A string of `min` to `max` characters, well-formed (no lone surrogate, which would be sent changed). */
export function text(min = 0, max = Infinity): Rule<string> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value === undefined) return;
    if (typeof value !== 'string') issues.push({ path, message: 'must be a string' });
    else if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) issues.push({ path, message: 'must be well-formed Unicode text (it contains a lone surrogate)' });
    else if (value.length < min || value.length > max) {
      issues.push({ path, message: min === max ? `must be ${min} characters` : `must be ${min} to ${max} characters long` });
    }
  };
}

/** A boolean. */
export function boolean(): Rule<boolean> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value !== undefined && typeof value !== 'boolean') issues.push({ path, message: 'must be true or false' });
  };
}

const isoDate = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;

/** True for a real calendar date written in ISO 8601 (no 30 February). */
function isIsoDate(text: string, timeRequired: boolean): boolean {
  const m = isoDate.exec(text);
  if (!m || (timeRequired && m[4] === undefined)) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}

/**
 * An ISO 8601 date (`2026-11-22`) or date-time (`2026-11-22T10:00:00Z`) string, or a valid
 * `Date`. With `time: 'required'` a date without a time is refused (fields the service declares
 * as date-time).
 */
export function isoDateTime(options: { time?: 'required' } = {}): Rule<string | Date> {
  const timeRequired = options.time === 'required';
  const message = timeRequired ? 'must be an ISO 8601 date-time, e.g. 2026-11-22T10:00:00Z' : 'must be an ISO 8601 date or date-time, e.g. 2026-11-22T10:00:00Z';
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value === undefined) return;
    const ok = value instanceof Date ? !Number.isNaN(value.getTime()) : typeof value === 'string' && isIsoDate(value, timeRequired);
    if (!ok) issues.push({ path, message });
  };
}

/** An array of at most `max` elements, each passing `item`. */
export function array<E>(max: number, item?: Rule<E>): Rule<E[]> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) {
      issues.push({ path, message: 'must be an array' });
      return;
    }
    if (value.length > max) issues.push({ path, message: `must have at most ${max} elements (got ${value.length})` });
    if (item) value.forEach((element, index) => item(element, [...path, index], issues));
  };
}
