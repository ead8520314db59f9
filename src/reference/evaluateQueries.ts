import type { Plan } from '../measures/plan.js';
import { evaluateQuery } from './evaluateQuery.js';
import { report } from './prepareQueries.js';
import type { Scratch } from './scratch.js';
import { Status } from '../core/status.js';
import type { LabelArray } from '../core/labels.js';

/**
 * Queries [first, last) of a batch of Q, every measure: measure `row` of query q goes to
 * out[row * Q + q] (a range, so that threads can share a batch).
 * `constants` come from prepareQueries; `tieKeys` (trec mode only) from trecTieKeys.
 * Writes [code, query, position] to `status` and returns the code.
 */
export function evaluateQueries(
  scores: Float64Array,
  labels: LabelArray,
  offsets: Uint32Array,
  first: number,
  last: number,
  tieKeys: Int32Array | null,
  mode: number,
  plan: Plan,
  constants: Float64Array,
  s: Scratch,
  out: Float64Array,
  status: Int32Array,
): number {
  const queries = offsets.length - 1;
  for (let q = first; q < last; q++) {
    const start = offsets[q]!;
    const code = evaluateQuery(scores, labels, tieKeys, start, offsets[q + 1]! - start, mode, plan, constants, q * plan.constantsPerQuery, s, out, q, queries);
    if (code !== Status.OK) return report(status, code, q, s.badPosition);
  }
  return report(status, Status.OK, -1, -1);
}
