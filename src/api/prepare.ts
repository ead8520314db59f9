import type { BackendName } from '../backends/backend.js';
import { resolveBackend } from '../backends/facade.js';
import { Status } from '../core/status.js';
import { AVERAGE, SD, TREC, tieModeCode } from '../ties/modes.js';
import { flattenBatch, ownJudgements } from './batchInput.js';
import { optionsPlan } from './optionsPlan.js';
import { InputError, InputTypeError, statusError } from '../core/errors.js';
import { threadCount } from './threadCount.js';
import { estimateRefused, mayEstimate } from '../estimate/estimateRefused.js';
import { summationOf } from '../core/means.js';
import { meanErrors, needsAverages, summaryOf } from './evaluateModes.js';
import type { Batch, BatchLabels, BatchResult, EvaluateOptions } from './types.js';
import { booleanOption } from './booleanOption.js';

/** Options of `prepare`: the tie mode and backend, and the judgements `Batch` may carry besides labels. */
export interface PrepareOptions extends EvaluateOptions, Pick<Batch, 'relevant' | 'idealLabels' | 'docs' | 'queryIds'> {}

/** Judgements fixed once, evaluated against any number of score vectors. */
export interface PreparedEvaluator {
  readonly backend: BackendName;
  readonly queries: number;
  /** the measure names, as given */
  readonly measures: readonly string[];
  /**
   * Evaluates one score vector (a Float64Array with one score per label entry, in the same
   * layout as the labels). It returns the same result object every call, its `perQuery` arrays
   * and `mean` values overwritten in place, so copy what you keep; on the native and wasm
   * backends it allocates nothing but the means' numbers (16 bytes a measure).
   * @throws InputError for a NaN score (naming query and position) or a wrong length
   */
  evaluate(scores: Float64Array): BatchResult;
}

/**
 * Prepares an evaluator for an optimizer's inner loop: everything that does not depend on the
 * scores (R, the ideal DCGs, the label layout, the backend's working memory) is done once.
 *
 * @param labels integer judgements of every retrieved document, query after query
 * @param offsets Q + 1 offsets: query q owns labels[offsets[q] .. offsets[q+1]-1]
 * @param measures measure names, e.g. `['nDCG@10', 'AP']`
 * @param options `ties`, `backend`, `threads` (default 1; native and wasm: each evaluate splits
 *   the queries among them), `maxRank` (default 0: no cut), and optional `relevant`, `idealLabels`, `docs` (needed for
 *   `ties: 'trec'`), `queryIds` (for error messages); see `Batch`
 * @throws as `evaluateBatch` for bad labels, offsets, names or options
 * @example
 * const evaluator = prepare(labels, offsets, ['nDCG@10']);
 * for (const weights of candidates) score(evaluator.evaluate(rank(weights)).mean['nDCG@10']);
 */
export function prepare(labels: BatchLabels, offsets: Uint32Array, measures: readonly string[], options: PrepareOptions = {}): PreparedEvaluator {
  const plan = optionsPlan(measures, options);
  const mode = tieModeCode(options.ties);
  const threads = threadCount(options.threads);
  const entries = labels?.length ?? 0;
  // the judgements are copied: a caller's later change to its arrays changes nothing, on every backend
  const own = ownJudgements({ ...options, scores: new Float64Array(entries), labels, offsets });
  const flat = flattenBatch(own, plan, mode === TREC);
  const backend = resolveBackend(options.backend, entries);
  const prepared = backend.prepare(flat, plan, threads);
  const labelAt = (i: number): number => flat.labels[flat.offsets[prepared.status[1]!]! + i]!;
  const measureAt = (row: number): string => plan.measures[row]!.name;
  if (prepared.status[0] !== Status.OK) throw statusError(prepared.status, flat.describeQuery, labelAt, measureAt);
  const queries = flat.queries;
  const out = new Float64Array(plan.measures.length * queries);
  const perQuery: Record<string, Float64Array> = {};
  const mean: Record<string, number> = {};
  const names = plan.measures.map((m) => m.name);
  names.forEach((name, row) => {
    perQuery[name] = out.subarray(row * queries, (row + 1) * queries);
    mean[name] = NaN;
  });
  const estimating = mayEstimate(plan, mode);
  const summation = summationOf(options.ties ?? 'average');
  // a geometric mean's sd summary reads the queries' averages too (geometricSpread)
  const averages = needsAverages(plan, [options.ties ?? 'average']) ? new Float64Array(out.length) : null;
  const exact = booleanOption(options.exact, 'exact');
  const result: { -readonly [K in keyof BatchResult]: BatchResult[K] } = { perQuery, mean, backend: backend.name };
  return {
    backend: backend.name,
    queries,
    measures: names,
    evaluate(scores) {
      if (!(scores instanceof Float64Array)) throw new InputTypeError('scores must be a Float64Array');
      if (scores.length !== entries) throw new InputError(`scores has ${scores.length} entries, the labels ${entries}`);
      if (prepared.evaluate(scores, flat.tieKeys, mode, out) !== Status.OK) throw statusError(prepared.status, flat.describeQuery, labelAt, measureAt);
      const estimated = estimating ? estimateRefused({ ...flat, scores }, plan, mode, out, options.backend, threads, exact) : [];
      if (averages !== null) {
        if (prepared.evaluate(scores, null, AVERAGE, averages) !== Status.OK) throw statusError(prepared.status, flat.describeQuery, labelAt, measureAt);
        estimateRefused({ ...flat, scores }, plan, AVERAGE, averages, options.backend, threads, exact);
      }
      for (let row = 0; row < names.length; row++) mean[names[row]!] = summaryOf(plan.measures[row]!.geometric, mode === SD, out, averages, row * queries, (row + 1) * queries, summation);
      if (estimated.length > 0) {
        result.estimated = estimated;
        result.meanError = meanErrors(plan, mode === SD ? 'sd' : 'average', out, queries, estimated);
      } else if (result.estimated !== undefined) {
        delete result.estimated;
        delete result.meanError;
      }
      return result;
    },
  };
}
