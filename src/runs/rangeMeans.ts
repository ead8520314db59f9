import type { RangePoint } from '../analysis/rangePlot.js';
import type { TieMode } from '../ties/modes.js';
import type { RunEvaluation } from './evaluateRunFile.js';

/** The regimes of a score range, from the lowest mean to the highest on binary labels. */
export const RANGE_MODES: readonly TieMode[] = ['pessimistic', 'average', 'trec', 'optimistic'];

/**
 * A run's summary values of one measure in each regime of RANGE_MODES, as `tie-eval range`
 * prints them and rangePlotsSvg draws them (the run evaluated by evaluateRuns with `ties:
 * RANGE_MODES`): the main command's `all` values (the mean; the sum for counts, the geometric
 * mean for gm_map and gm_bpref), and the sd of the mean over tie orderings where the run was
 * also evaluated in tie mode `sd`.
 * @param key a measure's key in `run.mean` (its label as asked: `map`, `P_10`, `nDCG@10`)
 * @throws RangeError when the run was not evaluated in every regime or for that measure
 */
export function rangeMeans(run: RunEvaluation, key: string): Omit<RangePoint, 'run'> {
  const [pessimistic, average, trec, optimistic] = RANGE_MODES.map((mode) => {
    const value = run.mean[mode]?.[key];
    if (value === undefined) throw new RangeError(`rangeMeans: ${run.run} has no ${mode} value of ${key}`);
    return value;
  }) as [number, number, number, number];
  const sd = run.mean.sd?.[key];
  return { pessimistic, average, trec, optimistic, ...(sd === undefined ? {} : { sd }) };
}
