import { evaluateModes } from '../api/evaluateModes.js';
import type { Batch, EvaluateOptions } from '../api/types.js';

/** The tie regimes of a range: the bounds, the tie average and trec_eval's order. */
export type RangeMode = 'pessimistic' | 'average' | 'trec' | 'optimistic';

/** Per measure: the values of each regime (per query, and their means) and the mean range. */
export interface RangeResult {
  readonly perQuery: Record<string, Record<RangeMode, Float64Array>>;
  readonly mean: Record<string, Record<RangeMode | 'range', number>>;
}

const MODES: RangeMode[] = ['pessimistic', 'average', 'trec', 'optimistic'];

/**
 * The score ranges of a batch under ties: for every measure, per query and as means, the
 * pessimistic, tie-average, trec_eval-order and optimistic values, and the mean range
 * (optimistic - pessimistic). trec_eval's order needs the document ids (`batch.docs`). The
 * judgements are prepared once for the four orderings.
 * @throws as evaluateBatch; InputError when `batch.docs` is missing
 */
export function evaluateRanges(batch: Batch, measures: readonly string[], options: Omit<EvaluateOptions, 'ties'> = {}): RangeResult {
  const byMode = evaluateModes(batch, measures, MODES, options);
  const results = MODES.map((mode) => byMode.get(mode)!);
  const perQuery: RangeResult['perQuery'] = {};
  const mean: RangeResult['mean'] = {};
  for (const name of measures) {
    perQuery[name] = Object.fromEntries(MODES.map((m, i) => [m, results[i]!.perQuery[name]!])) as Record<RangeMode, Float64Array>;
    const means = Object.fromEntries(MODES.map((m, i) => [m, results[i]!.mean[name]!])) as Record<RangeMode, number>;
    mean[name] = { ...means, range: means.optimistic - means.pessimistic };
  }
  return { perQuery, mean };
}
