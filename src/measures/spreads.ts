import { InputError } from '../core/errors.js';
import type { Plan } from './plan.js';
import { DEFAULT_MEASURES } from './expandNames.js';
import { parseMeasure } from './parse.js';
import { MEASURES } from './table.js';

/** The measures whose standard deviation over tie orderings is exact (`ties: 'sd'`), by name. */
export const SD_MEASURES: readonly string[] = MEASURES.filter((m) => m.sd === true).map((m) => m.name);

/** The command line's default measures that have an exact sd (its defaults for `--ties sd`: AP has none yet). */
export const SD_DEFAULT_MEASURES: readonly string[] = DEFAULT_MEASURES.filter((name) => parseMeasure(name).measure.sd === true);

/**
 * Refuses a plan for the `sd` mode when a measure has no exact standard deviation over tie
 * orderings (no sampled or approximate value ships under the exact name).
 * @throws InputError naming the measures refused and those that have one
 */
export function checkSpreads(plan: Plan): void {
  const refused = [...new Set(plan.measures.filter((m) => m.measure.sd !== true).map((m) => m.name))];
  if (refused.length > 0) {
    throw new InputError(`ties 'sd': ${refused.join(', ')} ${refused.length > 1 ? 'have' : 'has'} no exact standard deviation over tie orderings yet; the measures that have one: ${SD_MEASURES.join(', ')} (see docs/measures.md)`);
  }
}
