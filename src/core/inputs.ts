/**
 * The one type guard the SDK needs everywhere it reads JSON of unknown shape.
 *
 * How options are declared and checked. Each option of `Client`, `ClientEvents`, `RequestOptions`
 * and `client.request()` is declared once, with its rule, in an {@link OptionRules} table typed
 * against its options type, so an option without a rule does not compile; {@link checkedOptions}
 * copies the caller's object once (each field read once) and checks the copy against the table,
 * refusing names it does not declare. One message: `owner: the <option> option must be <rule>`,
 * thrown as a `ConfigurationError` naming the option.
 *
 * Input rules: what a params object must satisfy before anything is sent. A rule set is declared
 * against the params type it checks, `object<OrderInput>({ … })`, so the compiler refuses a rule
 * for a field the type does not have (a misspelt or removed field) and a rule written for another
 * type than the field's (`integer()` on a string field). The rules themselves run on whatever a
 * caller passes at run time, typed or not, and report every broken rule with its field path.
 *
 * Building request URLs: path segments encoded exactly once, query strings with the service's
 * bracket notation for nested `filters`.
 *
 * @module
 */
import { ConfigurationError, describeValue, isA } from './errors.js';
import type { Issue } from './errors.js';

/** True for a plain JSON object: not `null`, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a value is, in a word or two, never its content (`nothing` for `undefined`). */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Whether the params of a create name its record by a key the service upserts by, a `source_id`
 * or an `id` (blank ones are refused before): sent twice, the same record (customers, products, SKUs).
 */
export function upsertKey(params: unknown): boolean {
  const key = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return isRecord(params) && (key(params.source_id) || key(params.id));
}

/**
 * Header layers merged (a call's, and those Node's transport sends), the least specific first:
 * header names are case-insensitive, so each is kept once, in lower case, with the value of the
 * last layer that names it in any letter case (fetch would send two spellings of one name joined,
 * `a, b`).
 */
export function mergeHeaders(layers: ReadonlyArray<Record<string, string> | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const layer of layers) for (const name in layer) headers[name.toLowerCase()] = layer[name]!;
  return headers;
}

/** The check of an option's value: throws {@link ConfigurationError} naming the option and its rule. */
export type OptionCheck = (ok: boolean, option: string, rule: string) => void;

/** The {@link OptionCheck} of an owner (`Client`, `ClientEvents`, an operation for its call's options). */
export function optionCheck(owner: string): OptionCheck {
  return (ok, option, rule) => {
    if (!ok) throw new ConfigurationError(option, `${owner}: the ${option} option must be ${rule}`);
  };
}

/**
 * An option's rule: the test a given value must pass (`undefined` is never tested: it means the
 * default; a string answer is a failure that names the rule more closely than `rule`), the rule
 * in words for the message, and for an object option the copy its test and the client then use
 * (e.g. {@link shallowCopy}), so the object is read once.
 */
export type OptionRule = readonly [test: (value: unknown) => boolean | string, rule: string, copy?: (value: unknown) => unknown];

/** The copy of an object option: its own fields, each read once; any other value as it is. */
export const shallowCopy = (value: unknown): unknown => (isRecord(value) ? { ...value } : value);

/** The rules of every option of `O`: one per option, none for a name `O` does not have. */
export type OptionRules<O> = { readonly [K in keyof Required<O>]: OptionRule };

/**
 * A copy of `options` (`undefined`: none given) with each field read once, checked against
 * `rules`: a name without a rule, or a value that fails its rule, throws a
 * {@link ConfigurationError} naming it. `what` names the object in messages.
 */
export function checkedOptions<O extends object>(owner: string, rules: OptionRules<O>, options: unknown): O {
  const check = optionCheck(owner);
  const copy: Record<string, unknown> = {};
  if (options === undefined) return copy as O;
  let name = 'options';
  try {
    check(isRecord(options), name, 'an object');
    for (name of Object.keys(options as object)) {
      if (!Object.hasOwn(rules, name)) throw new ConfigurationError(name, `${owner} has no option ${name} (its options: ${Object.keys(rules).join(', ')})`);
      const value = (options as Record<string, unknown>)[name];
      copy[name] = rules[name as keyof O][2]?.(value) ?? value;
    }
  } catch (error) {
    // A Proxy or a getter that throws: the option cannot be read.
    throw isA(error, ConfigurationError) ? error : new ConfigurationError(name, `${owner}: the ${name} option could not be read: ${describeValue(error)}`);
  }
  for (name in copy) {
    const [test, rule] = rules[name as keyof O];
    let answer: boolean | string = false;
    try {
      answer = copy[name] === undefined || test(copy[name]);
    } catch {
      // A value whose reading throws is no value of the option's type.
    }
    check(answer === true, name, typeof answer === 'string' ? answer : rule);
  }
  return copy as O;
}

/**
 * The own fields of an options object given to a function (not a client: those have
 * {@link checkedOptions}), each read once into a plain copy. A getter or a Proxy trap that throws
 * is a `ConfigurationError` naming the field, or `options` when its fields cannot even be listed.
 */
export function readOnce(owner: string, options: object): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  let name = 'options';
  try {
    for (name of Object.keys(options)) copy[name] = (options as Record<string, unknown>)[name];
  } catch (error) {
    throw new ConfigurationError(name, `${owner}: the ${name} option could not be read: ${describeValue(error)}`);
  }
  return copy;
}

/** The options a client's settings are read from: config.ts's `CommonOptions` and the client-side keys. */
export interface SettingOptions<T = unknown> {
  baseUrl?: string | undefined;
  headers?: Record<string, string> | undefined;
  accessToken?: T | undefined;
  clientApplicationId?: string | undefined;
  clientToken?: string | undefined;
  origin?: string | undefined;
}

/** True for a header value that can be sent as given (and a reason phrase): tab, and Latin-1 text without control characters. */
export function isHeaderValue(value: unknown): value is string {
  return typeof value === 'string' && /^[\t\x20-\x7e\x80-\xff]*$/.test(value);
}

/** A positive number of milliseconds a timer can hold: at most 2^31 - 1 (about 24.8 days). */
export const MAX_TIMEOUT = 2_147_483_647;

/** Rule: a positive number of milliseconds, at most {@link MAX_TIMEOUT}. */
export const positiveMs: OptionRule = [
  (v) => (v as number) > 0 && (v as number) <= MAX_TIMEOUT && typeof v === 'number',
  `a positive number of milliseconds, at most ${MAX_TIMEOUT}`,
];

/** Rule: a whole number of at least `min` (at most `max`). */
export function wholeNumber(min: number, max = Infinity): OptionRule {
  return [
    (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
    max === Infinity ? `a whole number, ${min} or more` : `a whole number from ${min} to ${max}`,
  ];
}

/** Rule: `true` or `false`. */
export const trueOrFalse: OptionRule = [(v) => typeof v === 'boolean', 'true or false'];

/** Rule: one of the listed strings. */
export function oneOfStrings(values: readonly string[]): OptionRule {
  return [(v) => values.includes(v as string), `one of ${values.join(', ')}`];
}

/** Rule: a function. */
export const aFunction: OptionRule = [(v) => typeof v === 'function', 'a function'];

/** Rule of `baseUrl`, given or from the environment. */
export const baseUrlRule: OptionRule = [
  (v) =>
    typeof v === 'string' &&
    /^https?:\/\/[^/]/i.test(v) &&
    URL.canParse(v) &&
    (/\/(client\/)?v1\/*$/i.test(v)
      ? 'the service address without /v1 or /client/v1: drop the suffix'
      : // Credentials in it would travel in every log line and hook event that names it; each call's
        // path follows it (after a query or a fragment it would be no path, after a space no URL).
        /^[^/]*\/\/[^/]*@|[?#\s]/.test(v)
        ? 'the address alone: no user name or password (pass credentials as options), query, fragment or space'
        : true),
  'an http:// or https:// URL',
];

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
 * {@link object}, and no field but those of `shape`: a field the service would ignore without a
 * word is refused, with `why` (what to do instead) in its message.
 */
export function closed<T>(shape: Rules<T>, why: string): Rule<T> {
  const fields = object<T>(shape);
  return (value: unknown, path: Path, issues: Issue[]) => {
    fields(value, path, issues);
    if (!isRecord(value)) return;
    for (const key of Object.keys(value))
      if (!Object.hasOwn(shape, key)) issues.push({ path: [...path, key], message: `is not a field the service reads: ${why}` });
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
    else if (!Number.isSafeInteger(value))
      issues.push({ path, message: 'must be an integer of at most 2^53 - 1 in size (a larger one cannot be sent exactly)' });
    else if (value < min || value > max) issues.push({ path, message: `must be ${range(min, max)}` });
  };
}

/** A range of numbers in words, an open bound left unsaid: `between 1 and 50`, `1 or more`, `50 or less`. */
function range(min: number, max: number): string {
  if (min === -Infinity) return `${max} or less`;
  if (max === Infinity) return `${min} or more`;
  return `between ${min} and ${max}`;
}

/** A number of characters in words: `1 character`, `3 characters`. */
function characters(n: number): string {
  return `${n} character${n === 1 ? '' : 's'}`;
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
    else if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value))
      issues.push({ path, message: 'must be well-formed Unicode text (it contains a lone surrogate)' });
    else if (value.length < min || value.length > max) {
      const long =
        min === max
          ? `${characters(min)} long`
          : max === Infinity
            ? `at least ${characters(min)} long`
            : min === 0
              ? `at most ${characters(max)} long`
              : `${min} to ${characters(max)} long`;
      issues.push({ path, message: `must be ${long}` });
    }
  };
}

/**
 * A string naming a record (a code, an ID, a `source_id`): at least one character, not only
 * spaces (a blank identity names nothing, or every record the service trims it to); with
 * `trimmed`, no space at either end either (the service does not say whether `'A '` names the
 * record `'A'` or another).
 */
export function identity(options: { trimmed?: boolean } = {}): Rule<string> {
  const chars = text(1);
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (typeof value === 'string' && value !== '' && value.trim() === '') issues.push({ path, message: 'must not be blank (it holds only spaces)' });
    else if (options.trimmed && typeof value === 'string' && value.trim() !== value)
      issues.push({ path, message: 'must not start or end with spaces (the service may read it as another code or ID, or as the same one)' });
    else chars(value, path, issues);
  };
}

/** A boolean. */
export function boolean(): Rule<boolean> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value !== undefined && typeof value !== 'boolean') issues.push({ path, message: 'must be true or false' });
  };
}

const isoDate = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;

/** True for a real calendar date written in ISO 8601 (no 30 February), with a time when `timeRequired`. */
export function isIsoDate(text: string, timeRequired: boolean): boolean {
  const m = isoDate.exec(text);
  if (!m || (timeRequired && m[4] === undefined)) return false;
  const day = Number(m[3]);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, day)).getUTCDate() === day;
}

/**
 * An ISO 8601 date (`2026-11-22`) or date-time (`2026-11-22T10:00:00Z`) string, or a valid
 * `Date`. With `time: 'required'` a date without a time is refused (fields the service declares
 * as date-time).
 */
export function isoDateTime(options: { time?: 'required' } = {}): Rule<string | Date> {
  const timeRequired = options.time === 'required';
  const message = timeRequired
    ? 'must be an ISO 8601 date-time, e.g. 2026-11-22T10:00:00Z'
    : 'must be an ISO 8601 date or date-time, e.g. 2026-11-22T10:00:00Z';
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value === undefined) return;
    const ok = value instanceof Date ? !Number.isNaN(value.getTime()) : typeof value === 'string' && isIsoDate(value, timeRequired);
    if (!ok) issues.push({ path, message });
  };
}

/** An ISO 8601 calendar date without a time, `YYYY-MM-DD` (a birth date), a real one (no 30 February). */
export function isoDay(): Rule<string> {
  return (value: unknown, path: Path, issues: Issue[]) => {
    if (value !== undefined && !(typeof value === 'string' && value.length === 10 && isIsoDate(value, false)))
      issues.push({ path, message: 'must be an ISO 8601 date, YYYY-MM-DD, e.g. 1990-04-21' });
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

/**
 * Fills a path template like `/v1/vouchers/{code}/validate` with encoded values: each from
 * `path` (the method's positional path parameters), else from the params field of that name,
 * which is then taken out of `fields` so it goes nowhere else. `{name?}` is an optional segment:
 * with no value it is left out, slash and all. Each value is a single path segment: `/`, `%`,
 * `#`, `?`, spaces and non-ASCII letters are percent-encoded once. Problems (empty, `.`/`..`,
 * not a string) are pushed to `issues` under the parameter's name.
 */
export function fillPath(template: string, path: Record<string, unknown>, fields: Record<string, unknown>, issues: Issue[]): string {
  return template.replace(/\/\{(\w+)(\??)\}/g, (_, name: string, optional: string) => {
    let value = path[name];
    if (value === undefined && name in fields) {
      value = fields[name];
      delete fields[name];
    }
    if (optional && value === undefined) return '';
    // "." and ".." (even as %2E) are dot segments a URL parser would resolve away.
    const problem =
      typeof value !== 'string' || value.trim() === ''
        ? 'must be a non-empty string, not only spaces'
        : value === '.' || value === '..'
          ? 'must not be "." or ".."'
          : undefined;
    const encoded = problem ? undefined : encode(value as string);
    if (problem || encoded === undefined) issues.push({ path: [name], message: problem ?? malformed });
    return `/${encoded ?? '_'}`;
  });
}

const malformed = 'must be well-formed Unicode text (it contains a lone surrogate)';

/** `encodeURIComponent`, or `undefined` for text it cannot encode (a lone UTF-16 surrogate). */
function encode(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A query value the serializer accepts; nested objects become `a[b][c]=v`. */
export type QueryValue = string | number | boolean | null | undefined | QueryValue[] | { [key: string]: QueryValue };

/**
 * Serializes query parameters. `undefined` and `null` are left out; nested objects and arrays use
 * bracket notation (`filters[id][conditions][$in][0]=vtx_1`), the form the service reads, but for
 * the arrays of the `repeated` fields, sent as the key repeated (`ids=a&ids=b`). Text that cannot
 * be encoded (a lone surrogate) is pushed to `issues` under its field path.
 */
export function buildQuery(params: Record<string, unknown>, issues: Issue[], repeated?: readonly string[]): string {
  const parts: string[] = [];
  for (const key of Object.keys(params)) {
    const value = params[key];
    // An array the service reads as the same key repeated (`ids=a&ids=b`), not in brackets.
    if (repeated?.includes(key) && Array.isArray(value)) for (const item of value) appendQuery(parts, [key], item, issues);
    else appendQuery(parts, [key], value, issues);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function appendQuery(parts: string[], path: Array<string | number>, value: unknown, issues: Issue[]): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => appendQuery(parts, [...path, index], item, issues));
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const inner of Object.keys(value)) appendQuery(parts, [...path, inner], (value as Record<string, unknown>)[inner], issues);
  } else {
    // The path's first name, then each next one in brackets: `a[b][0]`.
    const key = encode(path.reduce((name, p) => `${name}[${p}]`) as string);
    const text = encode(value instanceof Date ? value.toISOString() : String(value));
    if (key === undefined || text === undefined) issues.push({ path, message: malformed });
    // Brackets and `$` (filter operators) stay readable in keys, in one pass; everything else is encoded.
    else parts.push(`${key.replace(/%(5B|5D|24)/g, decodeURIComponent)}=${text}`);
  }
}

/** Joins the base URL and a path that starts with `/`, whatever trailing slashes the base has. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.endsWith('/') ? baseUrl.replace(/\/+$/, '') + path : baseUrl + path;
}
