import { resolveBackend } from '../backends/facade.js';
import { compilePlan } from '../measures/plan.js';
import { Status } from '../core/status.js';
import { tieModeCode } from '../ties/modes.js';
import { flattenBatch } from './batchInput.js';
import { statusError } from '../core/errors.js';
import { rowMean } from './rowMean.js';
import { threadCount } from './threadCount.js';
import type { Batch, BatchResult, EvaluateOptions } from './types.js';

/**
 * Evaluates many queries held in flat typed arrays (see `Batch`): every measure of every
 * query from one ordering per query.
 *
 * @param batch scores, labels and Q + 1 offsets; optional R per query, ideal labels, document ids
 * @param measures measure names in ir_measures spelling, e.g. `['AP', 'nDCG@10', 'P(rel=2)@5']`
 * @param options `ties` (default `average`), `backend` (default `auto`), `threads` (default 1; native and wasm)
 * @returns per measure name a Float64Array of Q values, and the means over queries
 * @throws MeasureNameError for an unknown measure; InputError / InputTypeError for bad input,
 *   naming the query, the position and the rule
 */
export function evaluateBatch(batch: Batch, measures: readonly string[], options: EvaluateOptions = {}): BatchResult {
  const plan = compilePlan(measures);
  const mode = tieModeCode(options.ties);
  const threads = threadCount(options.threads);
  const flat = flattenBatch(batch, plan, mode);
  const backend = resolveBackend(options.backend, flat.scores.length);
  const q = flat.queries;
  const out = new Float64Array(plan.measures.length * q);
  // one pass where the backend has it; else, or to word an error, step 0 then steps 1-3
  if (backend.evaluateBatch?.(flat, plan, flat.scores, flat.tieKeys, mode, out, threads) !== Status.OK) {
    const prepared = backend.prepare(flat, plan, threads);
    if (prepared.status[0] === Status.OK) prepared.evaluate(flat.scores, flat.tieKeys, mode, out);
    if (prepared.status[0] !== Status.OK) {
      throw statusError(prepared.status, flat.describeQuery, (i) => flat.labels[flat.offsets[prepared.status[1]!]! + i]);
    }
  }
  const perQuery: Record<string, Float64Array> = {};
  const mean: Record<string, number> = {};
  plan.measures.forEach((m, row) => {
    perQuery[m.name] = out.subarray(row * q, (row + 1) * q);
    mean[m.name] = rowMean(out, row, q);
  });
  return { perQuery, mean, backend: backend.name };
}
