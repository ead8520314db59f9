import { evaluateModes } from './evaluateModes.js';
import type { Batch, BatchResult, EvaluateOptions } from './types.js';

/**
 * Evaluates many queries held in flat typed arrays (see `Batch`): every measure of every
 * query from one ordering per query.
 *
 * @param batch scores, labels and Q + 1 offsets; optional R per query, ideal labels, document ids
 * @param measures measure names in ir_measures spelling, e.g. `['AP', 'nDCG@10', 'P(rel=2)@5']`
 * @param options `ties` (default `average`), `backend` (default `auto`), `threads` (default 1;
 *   native and wasm), `maxRank` (default 0: no cut)
 * @returns per measure name a Float64Array of Q values, and the means over queries
 * @throws MeasureNameError for an unknown measure; InputError / InputTypeError for bad input,
 *   naming the query, the position and the rule
 * @example
 * evaluateBatch({ scores: Float64Array.of(3, 2, 1, 1), labels: Int32Array.of(0, 1, 1, 0), offsets: Uint32Array.of(0, 2, 4) }, ['P@1']).perQuery['P@1'] // Float64Array [0, 0.5]
 */
export function evaluateBatch(batch: Batch, measures: readonly string[], options: EvaluateOptions = {}): BatchResult {
  const ties = options.ties ?? 'average';
  return evaluateModes(batch, measures, [ties], options).get(ties)!;
}
