import { AVERAGE, DEPTH_RELEVANT, KIND_AP, KIND_BPREF, KIND_DCG, KIND_F1, KIND_NDCG, KIND_P, KIND_R, KIND_RBP, KIND_RPREC, KIND_RR, KIND_SUCCESS, ROW_CUTOFF, ROW_DEPTH, ROW_GAIN, ROW_IDEAL, ROW_KIND, ROW_PARAM, ROW_THRESHOLD, STATUS_OK, STATUS_SCORE_NAN } from './codes';
import { averagePrecision } from './averagePrecision';
import { bpref } from './bpref';
import { buildGroups } from './buildGroups';
import { countGroups } from './countGroups';
import { dcg, ndcg } from './dcg';
import { f1 } from './f1';
import { firstNaN } from './firstNaN';
import { getF64, getI32, setF64 } from './memory';
import { orderQuery, SELECT_ABOVE } from './orderQuery';
import { judgedSlot, maxRank, planMeasures, rowField, rowInt } from './plan';
import { precision } from './precision';
import { rbp } from './rbp';
import { recall } from './recall';
import { reciprocalRank } from './reciprocalRank';
import { rprec } from './rprec';
import * as S from './scratch';
import { success } from './success';

/**
 * One query, every measure of the plan, one ordering: checks the scores, orders the query
 * (step 1), builds its group table down to the deepest position a measure reads (step 2;
 * countGroups does both at once for a small query in average mode) and runs each measure
 * kernel over it, writing measure `row`'s value to out[row * queries + q].
 * `constants[at..]` are the query's constants from prepareQuery.
 * Returns a status code; on failure `S.badPosition` is the offending position.
 */
export function evaluateQuery<L>(
  scores: usize,
  labels: usize,
  tieKeys: usize,
  start: i32,
  n: i32,
  mode: i32,
  constants: usize,
  at: i32,
  out: usize,
  q: i32,
  queries: i32,
): i32 {
  const count = planMeasures();
  // the deepest position any measure reads: its cut-off, R (DEPTH_RELEVANT), else the whole ranking
  let depth: f64 = 0;
  for (let row = 0; row < count; row++) {
    const cutoff = rowField(row, ROW_CUTOFF);
    const need = rowInt(row, ROW_DEPTH) == DEPTH_RELEVANT ? getF64(constants, at + rowInt(row, ROW_THRESHOLD)) : cutoff > 0 ? cutoff : <f64>n;
    depth = Math.max(depth, need);
  }
  depth = Math.min(depth, <f64>n);
  // -M: the positions past maxRank are cut (in average mode, past the tie group crossing it)
  const cut = maxRank() > 0 && maxRank() < <f64>n;
  if (cut) depth = Math.min(depth, maxRank());
  // NaN scores: checked here for countGroups; orderQuery checks them itself (its selection finds
  // them in a pass it makes anyway)
  if (mode == AVERAGE && n <= SELECT_ABOVE) {
    S.badPosition = firstNaN(scores, start, n);
    if (S.badPosition >= 0) return STATUS_SCORE_NAN;
    countGroups<L>(scores, labels, start, n, <i32>depth);
  } else {
    const held = orderQuery<L>(scores, labels, tieKeys, start, n, <i32>depth, mode);
    if (held < 0) return STATUS_SCORE_NAN;
    buildGroups<L>(scores, labels, start, n, held, <i32>depth, mode != AVERAGE);
  }
  // a cut ranking ends with the group reaching maxRank (read only by measures that read it all)
  if (cut && depth == maxRank()) S.n = getI32(S.groupEnd, S.groupCount - 1);
  for (let row = 0; row < count; row++) {
    const kind = rowInt(row, ROW_KIND);
    const cutoff = rowField(row, ROW_CUTOFF);
    const col = rowInt(row, ROW_THRESHOLD);
    const relevant = getF64(constants, at + col);
    let value: f64 = 0;
    switch (kind) {
      case KIND_P:
        value = precision(col, cutoff);
        break;
      case KIND_R:
        value = recall(col, cutoff, relevant);
        break;
      case KIND_F1:
        value = f1(col, cutoff, relevant);
        break;
      case KIND_AP:
        value = averagePrecision(col, cutoff, rowInt(row, ROW_PARAM), relevant);
        break;
      case KIND_RR:
        value = reciprocalRank(col, cutoff);
        break;
      case KIND_DCG:
        value = dcg(rowInt(row, ROW_GAIN), cutoff);
        break;
      case KIND_NDCG:
        value = ndcg(rowInt(row, ROW_GAIN), cutoff, getF64(constants, at + rowInt(row, ROW_IDEAL)));
        break;
      case KIND_RBP:
        value = rbp(col, cutoff, rowField(row, ROW_PARAM));
        break;
      case KIND_RPREC:
        value = rprec(col, relevant);
        break;
      case KIND_BPREF:
        value = bpref(col, relevant, getF64(constants, at + judgedSlot()));
        break;
      case KIND_SUCCESS:
        value = success(col, cutoff);
        break;
    }
    setF64(out, row * queries + q, value);
  }
  return STATUS_OK;
}
