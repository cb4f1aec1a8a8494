/**
 * How every option is checked: one rule, one message, `owner: the <option> option must be
 * <rule>`, thrown as a `ConfigurationError` naming the option.
 *
 * @module
 */
import { ConfigurationError } from './errors.js';

/** The check of an option's value: throws {@link ConfigurationError} naming the option and its rule. */
export type OptionCheck = (ok: boolean, option: string, rule: string) => void;

/** The {@link OptionCheck} of an owner (`Client`, `ClientEvents`, an operation for its call's options). */
export function optionCheck(owner: string): OptionCheck {
  return (ok, option, rule) => {
    if (!ok) throw new ConfigurationError(option, `${owner}: the ${option} option must be ${rule}`);
  };
}
