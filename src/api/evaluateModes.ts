import { resolveBackend } from '../backends/facade.js';
import { statusError } from '../core/errors.js';
import { Status } from '../core/status.js';
import type { Plan } from '../measures/plan.js';
import type { BackendName } from '../backends/backend.js';
import { TREC, tieModeCode, type TieMode } from '../ties/modes.js';
import { flattenBatch } from './batchInput.js';
import { optionsPlan } from './optionsPlan.js';
import { geometricSpread, meanError, meanOf, summaryTerms, type Summation, summationOf } from '../core/means.js';
import { estimateRefused, mayEstimate, type Estimate } from '../estimate/estimateRefused.js';
import { threadCount } from './threadCount.js';
import type { Batch, BatchResult, EvaluateOptions } from './types.js';
import { booleanOption } from './booleanOption.js';

/**
 * Evaluates a batch in several tie modes at once: step 0 (everything that does not depend on
 * the order: R, ideal DCGs, label checks) once, then steps 1-3 once per mode. One mode takes the
 * backend's fused pass where it has one. `options.ties` is ignored: `modes` says which. `tieKeys`
 * (trec_eval's tie-break keys, as trecTieKeys gives them or the run readers write them) stand
 * for `batch.docs`; without `withMeans` each mode's `mean` is left empty.
 * @returns per mode (in the order given, each once) the values of evaluateBatch in that mode
 * @throws as evaluateBatch
 */
export function evaluateModes(batch: Batch, measures: readonly string[], modes: readonly TieMode[], options: EvaluateOptions = {}, tieKeys: Int32Array | null = null, withMeans = true): Map<TieMode, BatchResult> {
  const v = evaluateValues(batch, measures, modes, options, tieKeys);
  return new Map(v.asked.map((mode, i) => [mode, modeResult(v.plan, mode, v.outs[i]!, v.queries, v.backend, withMeans, v.estimates[i]!, v.averages)]));
}

/** What evaluateValues gives: the kernels' output per mode asked (measure `row` of query q at outs[i][row * queries + q]), estimates filled in. */
export interface ModeValues {
  readonly plan: Plan;
  /** the modes asked, each once, in the order given */
  readonly asked: readonly TieMode[];
  readonly outs: readonly Float64Array[];
  readonly estimates: readonly (readonly Estimate[])[];
  readonly backend: BackendName;
  readonly queries: number;
  /** the average mode's output where it was evaluated (a geometric mean's sd summary reads it), else null */
  readonly averages: Float64Array | null;
}

/** evaluateModes' work without its results' objects (evaluate reads a value per measure from it). */
export function evaluateValues(batch: Batch, measures: readonly string[], modes: readonly TieMode[], options: EvaluateOptions = {}, tieKeys: Int32Array | null = null): ModeValues {
  const plan = optionsPlan(measures, options);
  const asked = modes.length === 1 ? modes : [...new Set(modes)];
  // a geometric mean's sd summary reads the queries' averages too (geometricSpread)
  const codes = (needsAverages(plan, asked) ? [...asked, 'average' as const] : asked).map((mode) => [mode, tieModeCode(mode)] as const);
  const threads = threadCount(options.threads);
  const flat = flattenBatch(batch, plan, codes.some(([, code]) => code === TREC), tieKeys);
  const backend = resolveBackend(options.backend, flat.scores.length);
  const q = flat.queries;
  const fail = (status: Int32Array): never => {
    throw statusError(status, flat.describeQuery, (i) => flat.labels[flat.offsets[status[1]!]! + i], (row) => plan.measures[row]!.name);
  };
  const outs = codes.map(() => new Float64Array(plan.measures.length * q));
  // one pass where the backend has it; else, or to word an error, step 0 then steps 1-3
  if (codes.length !== 1 || backend.evaluateBatch?.(flat, plan, flat.scores, flat.tieKeys, codes[0]![1], outs[0]!, threads) !== Status.OK) {
    const prepared = backend.prepare(flat, plan, threads);
    if (prepared.status[0] !== Status.OK) fail(prepared.status);
    codes.forEach(([, code], i) => {
      if (prepared.evaluate(flat.scores, code === TREC ? flat.tieKeys : null, code, outs[i]!) !== Status.OK) fail(prepared.status);
    });
  }
  // what the kernels had no exact form for, estimated (or refused, with exact)
  const exact = booleanOption(options.exact, 'exact');
  const estimates = codes.map(([, code], i) => (mayEstimate(plan, code) ? estimateRefused(flat, plan, code, outs[i]!, options.backend, threads, exact) : NONE));
  const averages = outs[codes.findIndex(([mode]) => mode === 'average')] ?? null;
  return { plan, asked, outs, estimates, backend: backend.name, queries: q, averages };
}

/** No estimate: what a mode without a value to estimate gets, shared (a small call allocates nothing for it). */
const NONE: readonly Estimate[] = [];

/** Whether the sd mode is asked for a geometric mean (gm_map, gm_bpref) without the average mode, whose values its summary reads. */
export function needsAverages(plan: Plan, modes: readonly TieMode[]): boolean {
  return modes.includes('sd') && !modes.includes('average') && plan.measures.some((m) => m.geometric);
}

/**
 * One mode's BatchResult from the kernels' output (measure `row` of query i at out[row * queries + i]):
 * per measure its queries' values (views of `out`) and, `withMeans`, their mean.
 */
export function modeResult(plan: Plan, mode: TieMode, out: Float64Array, queries: number, backend: BackendName, withMeans: boolean, estimated: readonly Estimate[], averages: Float64Array | null): BatchResult {
  const perQuery: Record<string, Float64Array> = {};
  const mean: Record<string, number> = {};
  plan.measures.forEach((m, row) => {
    perQuery[m.name] = out.subarray(row * queries, (row + 1) * queries);
    // a run's reader skips them: it sums the queries of all its batches
    if (withMeans) mean[m.name] = summaryOf(m.geometric, mode === 'sd', out, averages, row * queries, (row + 1) * queries, summationOf(mode));
  });
  if (estimated.length === 0) return { perQuery, mean, backend };
  return { perQuery, mean, backend, estimated, ...(withMeans ? { meanError: meanErrors(plan, mode, out, queries, estimated) } : {}) };
}

/**
 * A mode's summary of values[from..to) (see meanOf), but the sd mode's of a geometric mean,
 * which reads the queries' `averages` (geometricSpread).
 */
export function summaryOf(geometric: boolean, sd: boolean, values: Float64Array, averages: Float64Array | null, from: number, to: number, summation: Summation): number {
  return sd && geometric ? geometricSpread(averages!, values, from, to) : meanOf(values, from, to, summaryTerms(geometric, sd), summation);
}

/** Per measure with an estimated value, the standard error of its mean (see meanError). */
export function meanErrors(plan: Plan, mode: TieMode, out: Float64Array, queries: number, estimated: readonly Estimate[]): Record<string, number> {
  const errors: Record<string, number> = {};
  plan.measures.forEach((m, row) => {
    const own = new Map(estimated.filter((e) => e.measure === m.name).map((e) => [row * queries + e.query, e.standardError]));
    if (own.size > 0) errors[m.name] = meanError(out, row * queries, (row + 1) * queries, own, summaryTerms(m.geometric, mode === 'sd'));
  });
  return errors;
}
