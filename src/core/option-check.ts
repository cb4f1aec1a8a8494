/**
 * How options are declared and checked. Each option of `Client`, `ClientEvents`, `RequestOptions`
 * and `client.request()` is declared once, with its rule, in an {@link OptionRules} table typed
 * against its options type, so an option without a rule does not compile; {@link checkedOptions}
 * copies the caller's object once (each field read once) and checks the copy against the table,
 * refusing names it does not declare. One message: `owner: the <option> option must be <rule>`,
 * thrown as a `ConfigurationError` naming the option.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';
import { isRecord } from './is-record.js';

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
    throw error instanceof ConfigurationError ? error : new ConfigurationError(name, `${owner}: the ${name} could not be read: ${String(error)}`);
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

/** A positive number of milliseconds a timer can hold: at most 2^31 - 1 (about 24.8 days). */
export const MAX_TIMEOUT = 2_147_483_647;

/** Rule: a positive number of milliseconds, at most {@link MAX_TIMEOUT}. */
export const positiveMs: OptionRule = [(v) => (v as number) > 0 && (v as number) <= MAX_TIMEOUT && typeof v === 'number', `a positive number of milliseconds, at most ${MAX_TIMEOUT}`];

/** Rule: a whole number of at least `min` (at most `max`). */
export function wholeNumber(min: number, max = Infinity): OptionRule {
  return [(v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max, max === Infinity ? `a whole number, ${min} or more` : `a whole number from ${min} to ${max}`];
}

/** Rule: `true` or `false`. */
export const trueOrFalse: OptionRule = [(v) => typeof v === 'boolean', 'true or false'];

/** Rule: one of the listed strings. */
export function oneOfStrings(values: readonly string[]): OptionRule {
  return [(v) => values.includes(v as string), `one of ${values.join(', ')}`];
}

/** Rule: a function. */
export const aFunction: OptionRule = [(v) => typeof v === 'function', 'a function'];
