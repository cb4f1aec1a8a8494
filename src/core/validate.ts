/**
 * Validation on both sides of a call: input rules checked before anything is sent, and response
 * schemas applied in the client's validation mode.
 *
 * @module
 */
import { InvalidRequestError, ResponseValidationError, describeIssues, formatPath, isRecord, type Issue } from './errors.js';
import type { Log } from './log.js';

/**
 * What promokit does with a response that breaks its schema.
 *
 * The modes compared: [Validation modes](../../docs/validation-modes.md).
 *
 * @category Client
 */
export type ValidationMode = 'strict' | 'warn' | 'off';

/** A response schema: anything with zod's `safeParse`. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * One way responses broke their schema in `warn` mode: the operation, the field path (array
 * indices shown as `*`, so `data.*.id` is one deviation however many records have it) and the
 * number of responses that had it. Only the first was logged.
 * @category Client
 */
export interface ResponseDeviation {
  /** The operation, named `subClient.method` as the reference names methods. */
  operation: string;
  /** The field path, e.g. `voucher.discount.percent_off` or `data.*.id`; `(root)` for the body as a whole. */
  path: string;
  /** Times it was seen, the logged first one included (a record list counts each record that has it). */
  count: number;
}

/**
 * Checks a response body against its schema. `off` returns it unchecked; `warn` logs the field
 * paths that break it and returns it untouched, logging each deviation (operation and field path)
 * once per client and counting the rest in the client's `Log`; `strict` throws
 * {@link ResponseValidationError}. The body is never copied or transformed.
 */
export function checkResponse<T>(mode: ValidationMode, operation: string, schema: ResponseSchema<T>, body: unknown, log: Log): T {
  if (mode === 'off') return body as T;
  const result = schema.safeParse(body);
  if (result.success) return body as T;
  const issues: Issue[] = result.error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: i.message,
  }));
  if (mode === 'strict') throw new ResponseValidationError(operation, issues, body);
  const { deviations } = log;
  const fresh = issues.filter((issue) => {
    const key = `${operation} ${formatPath(issue.path.map((p) => (typeof p === 'number' ? '*' : p)))}`;
    const count = deviations.get(key) ?? 0;
    deviations.set(key, count + 1);
    return count === 0;
  });
  if (fresh.length > 0) log.warn(`promokit: ${operation}: response does not match its schema, returned as received: ${describeIssues(fresh, 5)}`);
  return body as T;
}

/** The deviations `log`'s client has seen in `warn` mode, first seen first. */
export function deviationsOf(log: Log): ResponseDeviation[] {
  return [...log.deviations].map(([key, count]) => {
    const space = key.indexOf(' ');
    return { operation: key.slice(0, space), path: key.slice(space + 1), count };
  });
}

type Path = Array<string | number>;

/** One input rule: pushes an issue for each way `value` breaks it. `undefined` passes unless wrapped in {@link required}. */
export type Check = (value: unknown, path: Path, issues: Issue[]) => void;

/** Runs `check` on `value` and throws {@link InvalidRequestError} listing every broken rule. */
export function assertInput(operation: string, value: unknown, check: Check, issues: Issue[] = []): void {
  check(value, [], issues);
  if (issues.length > 0) throw new InvalidRequestError(operation, issues);
}

/** The value must be present (not `undefined` or `null`), then pass `check`. */
export function required(check: Check = () => {}): Check {
  return (value, path, issues) => {
    if (value === undefined || value === null) issues.push({ path, message: 'is required' });
    else check(value, path, issues);
  };
}

/** An object whose listed fields pass their checks; other fields are allowed and sent as given. */
export function object(shape: Record<string, Check>): Check {
  return (value, path, issues) => {
    if (value === undefined) return;
    if (!isRecord(value)) {
      issues.push({ path, message: 'must be an object' });
      return;
    }
    for (const key of Object.keys(shape)) shape[key]!(value[key], [...path, key], issues);
  };
}

/** An integer, optionally within `[min, max]`. */
export function integer(min = -Infinity, max = Infinity): Check {
  return (value, path, issues) => {
    if (value === undefined) return;
    if (typeof value !== 'number' || !Number.isInteger(value)) issues.push({ path, message: 'must be an integer' });
    else if (value < min || value > max) issues.push({ path, message: `must be between ${min} and ${max}` });
  };
}

/** One of the listed strings. */
export function oneOf(values: readonly string[]): Check {
  return (value, path, issues) => {
    if (value !== undefined && !values.includes(value as string)) {
      issues.push({ path, message: `must be one of ${values.map((v) => `'${v}'`).join(', ')}` });
    }
  };
}

/** A string of `min` to `max` characters. */
export function text(min = 0, max = Infinity): Check {
  return (value, path, issues) => {
    if (value === undefined) return;
    if (typeof value !== 'string') issues.push({ path, message: 'must be a string' });
    else if (value.length < min || value.length > max) {
      issues.push({ path, message: min === max ? `must be ${min} characters` : `must be ${min} to ${max} characters long` });
    }
  };
}

/** A boolean. */
export function boolean(): Check {
  return (value, path, issues) => {
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
export function isoDateTime(options: { time?: 'required' } = {}): Check {
  const timeRequired = options.time === 'required';
  const message = timeRequired ? 'must be an ISO 8601 date-time, e.g. 2026-11-22T10:00:00Z' : 'must be an ISO 8601 date or date-time, e.g. 2026-11-22T10:00:00Z';
  return (value, path, issues) => {
    if (value === undefined) return;
    const ok = value instanceof Date ? !Number.isNaN(value.getTime()) : typeof value === 'string' && isIsoDate(value, timeRequired);
    if (!ok) issues.push({ path, message });
  };
}

/** An array of at most `max` elements, each passing `item`. */
export function array(max: number, item: Check = () => {}): Check {
  return (value, path, issues) => {
    if (value === undefined) return;
    if (!Array.isArray(value)) {
      issues.push({ path, message: 'must be an array' });
      return;
    }
    if (value.length > max) issues.push({ path, message: `must have at most ${max} elements (got ${value.length})` });
    value.forEach((element, index) => item(element, [...path, index], issues));
  };
}
