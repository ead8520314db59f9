import { STATUS_OK } from './codes';
import { evaluateQuery } from './evaluateQuery';
import { clearGradeGains } from './gradeGains';
import { getU32 } from './memory';
import { decodePlan, planConstants } from './plan';
import { report } from './prepareQueries';
import * as S from './scratch';

/**
 * Queries [first, last) of a batch of `queries`, every measure: measure `row` of query q goes
 * to out[row * queries + q] (a range, so that threads can share a batch).
 * `constants` come from prepareQueries; `tieKeys` (trec mode only, else 0) from trecTieKeys.
 * Writes [code, query, position] to `status` and returns the code.
 */
export function evaluateQueries<L>(scores: usize, labels: usize, offsets: usize, queries: i32, first: i32, last: i32, tieKeys: usize, mode: i32, plan: usize, constants: usize, out: usize, status: usize): i32 {
  decodePlan(plan);
  clearGradeGains();
  for (let q = first; q < last; q++) {
    const start = getU32(offsets, q);
    const code = evaluateQuery<L>(scores, labels, tieKeys, start, getU32(offsets, q + 1) - start, mode, constants, q * planConstants(), out, q, queries);
    if (code != STATUS_OK) return report(status, code, q, S.badPosition);
  }
  return report(status, STATUS_OK, -1, -1);
}
