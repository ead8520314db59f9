import { cFixed } from './cFixed.js';

/**
 * A value as trec_eval prints it, C's `%6.4f` (see cFixed: exact halves to even, NaN as `-nan`,
 * as trec mode's interpolated precision of an empty ranking prints on x86-64 Linux).
 */
export function formatTrecValue(value: number): string {
  return cFixed(value, 4).padStart(6, ' ');
}
