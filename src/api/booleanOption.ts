import { InputTypeError } from '../core/errors.js';

/**
 * A yes-or-no option checked: true, false or absent (false); anything else (`'yes'`, `1`) is an
 * error naming the option, where reading it as false would silently run another evaluation.
 * @throws InputTypeError naming the option
 * @example booleanOption(undefined, 'judgedOnly') // false
 */
export function booleanOption(value: unknown, name: string): boolean {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  throw new InputTypeError(`${name} must be true or false, not ${typeof value === 'string' ? `'${value}'` : String(value)}`);
}
