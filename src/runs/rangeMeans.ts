import type { RangePoint } from '../analysis/rangePlot.js';
import { meanOf } from '../core/means.js';
import type { TieMode } from '../ties/modes.js';
import type { RunEvaluation } from './evaluateRunFile.js';

/** The regimes of a score range, from the lowest mean to the highest on binary labels. */
export const RANGE_MODES: readonly TieMode[] = ['pessimistic', 'average', 'trec', 'optimistic'];

/**
 * A run's means of one measure in each regime of RANGE_MODES, as `tie-eval range` prints them
 * and rangePlotsSvg draws them (the run evaluated by evaluateRuns with `ties: RANGE_MODES`).
 * @param name a measure's name among `run.names`
 * @throws RangeError when the run was not evaluated in every regime or for that measure
 */
export function rangeMeans(run: RunEvaluation, name: string): Omit<RangePoint, 'run'> {
  const i = run.names.indexOf(name);
  const [pessimistic, average, trec, optimistic] = RANGE_MODES.map((mode) => {
    const values = run.values.get(mode)?.[i];
    if (values === undefined) throw new RangeError(`rangeMeans: ${run.run} has no ${mode} values of ${name}`);
    return meanOf(values, 0, run.queries.length);
  }) as [number, number, number, number];
  return { pessimistic, average, trec, optimistic };
}
