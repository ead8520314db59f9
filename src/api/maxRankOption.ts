import { InputError, InputTypeError } from '../core/errors.js';

/**
 * The `maxRank` option checked: a whole number from 0 (the default: no cut) to 2^32 - 1.
 * @throws InputTypeError when it is not a number; InputError when it is not such a count
 */
export function maxRankOption(maxRank: unknown): number {
  if (maxRank === undefined) return 0;
  if (typeof maxRank !== 'number') throw new InputTypeError(`maxRank must be a number, not ${typeof maxRank}`);
  if (!Number.isInteger(maxRank) || maxRank < 0 || maxRank > 0xffffffff) throw new InputError(`maxRank must be a whole number from 0 (no cut) to 2^32 - 1, not ${maxRank}`);
  return maxRank;
}
