import { InputError, InputTypeError } from '../core/errors.js';

/** The most threads `threads` may ask for (the addon's limit too). */
const MAX_THREADS = 256;

/**
 * The `threads` option checked: an integer from 1 to 256, default 1.
 * @throws InputTypeError when it is not a number; InputError when it is not such an integer
 */
export function threadCount(threads: unknown): number {
  if (threads === undefined) return 1;
  if (typeof threads !== 'number') throw new InputTypeError(`threads must be a number, not ${typeof threads}`);
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) throw new InputError(`threads must be an integer from 1 to ${MAX_THREADS}, not ${threads}`);
  return threads;
}
