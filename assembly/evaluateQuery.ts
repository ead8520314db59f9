import { AVERAGE, CWL_DEPTH, DEPTH_RELEVANT, INPUT, KIND_AP, KIND_BING, KIND_BPREF, KIND_DCG, KIND_ERR, KIND_F1, KIND_G, KIND_IDEAL_DCG, KIND_INFAP, KIND_INSQ, KIND_IPREC, KIND_IPREC_MEAN, KIND_COUNT, KIND_JUDGED, KIND_NDCG, KIND_NDCG_REL, KIND_NUM_NONREL_RET, KIND_NUM_Q, KIND_NUM_REL, KIND_NUM_RET, KIND_P, KIND_R, KIND_RBP, KIND_RBP_RESID, KIND_RNDCG, KIND_RPREC, KIND_RR, KIND_SDCG, KIND_SET_AP, KIND_SET_F, KIND_SET_P, KIND_SET_R, KIND_SUCCESS, KIND_UNJ, KIND_UTILITY, PLAN_FLAG_JUDGED_ONLY, PLAN_FLAG_NEEDS_ORDER, ROW_CONSTANT, ROW_CUTOFF, ROW_DEPTH, ROW_EXTRA, ROW_EXTRA_COUNT, ROW_FLAG_JUDGED_ONLY, ROW_FLAGS, ROW_GAIN, ROW_KIND, ROW_PARAM, ROW_THRESHOLD, SD, STATUS_OK, STATUS_SCORE_NAN, STATUS_VALUE_NOT_FINITE, TREC } from './codes';
import { averagePrecision } from './averagePrecision';
import { binG } from './binG';
import { bpref } from './bpref';
import { buildGroups } from './buildGroups';
import { countGroups } from './countGroups';
import { numNonRelRet, numRet } from './counts';
import { dcg, ndcg, sdcg, sdcgOnes } from './dcg';
import { err } from './err';
import { f1 } from './f1';
import { firstNaN } from './firstNaN';
import { g } from './g';
import { infAP } from './infAP';
import { iprec } from './iprec';
import { iprecMean } from './iprecMean';
import { judged, unjudged } from './judged';
import { judgedEnds, swapView } from './judgedView';
import { getF64, getI32, setF64 } from './memory';
import { ndcgRel } from './ndcgRel';
import { orderQuery, SELECT_ABOVE } from './orderQuery';
import { averagePrecisionSpread } from './averagePrecisionSpread';
import { binGSpread, bprefSpread } from './gapSpread';
import { heldSpread, relevantSpread } from './countSpread';
import { reciprocalRankSpread, successSpread } from './firstRelevantSpread';
import { linearSpread, WEIGHTS_DISCOUNT, WEIGHTS_INSQ, WEIGHTS_PERSISTENCE } from './linearSpread';
import { rndcgSpread } from './rndcgSpread';
import { judgedSlot, maxRank, planFlags, planMeasures, planReadsAll, planViews, rowField, rowInt } from './plan';
import { precision } from './precision';
import { insq, insqTotal } from './insq';
import { rbp, rbpResid } from './rbp';
import { recall } from './recall';
import { reciprocalRank } from './reciprocalRank';
import { rndcg } from './rndcg';
import { rprec, rprecDepth } from './rprec';
import * as S from './scratch';
import { setAP, setF, setP, setR, utility } from './setMeasures';
import { success } from './success';

/** A row's sd where the measure has no closed form for it (see the switch): the glue estimates it. */
const NO_SPREAD: f64 = -1;

/**
 * One query, every measure of the plan, one ordering (or, in sd mode, the spread over them): checks the scores, orders the query
 * (step 1), builds its group table down to the deepest position a measure reads (step 2;
 * countGroups does both at once for a small query in average mode), cuts it at maxRank and,
 * for -J after -M (PLAN_FLAG_JUDGED_ONLY), takes its judged view, and runs each measure kernel
 * over it (a judged_only measure over the judged view), writing measure `row`'s value to
 * out[row * queries + q]. In trec and input modes sums run in rank order, as trec_eval's do.
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
  const judgedOnly = (planFlags() & PLAN_FLAG_JUDGED_ONLY) != 0;
  // the deepest position any measure reads: the whole ranking (see planReadsAll), else its
  // cut-off or its rank of R (DEPTH_RELEVANT)
  let depth: f64 = planReadsAll() ? <f64>n : 0;
  if (!planReadsAll()) {
    for (let row = 0; row < count; row++) {
      const need = rowInt(row, ROW_DEPTH) == DEPTH_RELEVANT ? rprecDepth(rowField(row, ROW_PARAM), getF64(constants, at + rowInt(row, ROW_THRESHOLD))) : rowField(row, ROW_CUTOFF);
      depth = Math.max(depth, need);
    }
  }
  depth = Math.min(depth, <f64>n);
  // -M: the positions past maxRank are cut (in average mode, past the tie group crossing it:
  // the glue cuts that group, src/estimate/maxRankCut.ts)
  const cut = maxRank() > 0 && maxRank() < <f64>n;
  if (cut) depth = Math.min(depth, maxRank());
  // NaN scores: checked here for countGroups; orderQuery checks them itself (its selection finds
  // them in a pass it makes anyway)
  if (mode == AVERAGE && n <= SELECT_ABOVE && (planFlags() & PLAN_FLAG_NEEDS_ORDER) == 0) {
    S.badPosition = firstNaN(scores, start, n);
    if (S.badPosition >= 0) return STATUS_SCORE_NAN;
    countGroups<L>(scores, labels, start, n, <i32>depth);
  } else {
    // in average mode a plan that needs the order (its sums could follow it) is ordered as in sd
    // mode: by label inside a group
    const byLabel = mode == AVERAGE && (planFlags() & PLAN_FLAG_NEEDS_ORDER) != 0;
    const held = orderQuery<L>(scores, labels, tieKeys, start, n, <i32>depth, byLabel ? SD : mode);
    if (held < 0) return STATUS_SCORE_NAN;
    buildGroups<L>(scores, labels, start, n, held, <i32>depth, mode != AVERAGE && mode != SD);
  }
  // a cut ranking ends with the group reaching maxRank (read only by measures that read it all)
  if (cut && depth == maxRank()) S.n = getI32(S.groupEnd, S.groupCount - 1);
  S.judgedView = false;
  S.iprecCached = 0;
  S.iprecBestCol = -1;
  S.dcgSum.key = -1;
  S.apSum.key = -1;
  if (planViews()) judgedEnds();
  if (judgedOnly) swapView();
  const plain = mode == TREC || mode == INPUT;
  const sd = mode == SD;
  for (let row = 0; row < count; row++) {
    const kind = rowInt(row, ROW_KIND);
    const cutoff = rowField(row, ROW_CUTOFF);
    const col = rowInt(row, ROW_THRESHOLD);
    const gain = rowInt(row, ROW_GAIN);
    const param = rowField(row, ROW_PARAM);
    const slot = at + rowInt(row, ROW_CONSTANT);
    const extra = rowInt(row, ROW_EXTRA);
    const relevant = getF64(constants, at + col);
    const own = !judgedOnly && (rowInt(row, ROW_FLAGS) & ROW_FLAG_JUDGED_ONLY) != 0;
    if (own) swapView();
    let value: f64 = 0;
    // one dispatch: each measure's value, or in sd mode (its kinds past KIND_COUNT) its spread over
    // the orderings, from the same group table as average's mean (0 where the order does not
    // matter; NO_SPREAD where there is no closed form: the glue estimates it)
    switch (sd ? kind + KIND_COUNT : kind) {
      case KIND_P:
        value = precision(col, cutoff, param, relevant);
        break;
      case KIND_R:
        value = recall(col, cutoff, relevant);
        break;
      case KIND_F1:
        value = f1(col, cutoff, relevant);
        break;
      case KIND_AP:
        value = averagePrecision(col, cutoff, <i32>param, relevant, plain);
        break;
      case KIND_RR:
        value = reciprocalRank(col, cutoff);
        break;
      case KIND_DCG:
        value = dcg(gain, cutoff, plain);
        break;
      case KIND_NDCG:
        value = ndcg(gain, cutoff, getF64(constants, slot), plain);
        break;
      case KIND_IDEAL_DCG:
        value = getF64(constants, slot);
        break;
      case KIND_RBP:
        value = rbp(col, gain, cutoff, param, slot >= at ? Math.max(1, getF64(constants, slot)) : 1, plain);
        break;
      case KIND_RBP_RESID:
        value = rbpResid(param, plain);
        break;
      case KIND_SDCG:
        value = sdcg(gain, cutoff, plain);
        break;
      case KIND_INSQ:
        value = insq(gain, param, plain);
        break;
      case KIND_RPREC:
        value = rprec(col, relevant, param);
        break;
      case KIND_BPREF:
        value = bpref(col, relevant, getF64(constants, at + judgedSlot()), plain);
        break;
      case KIND_SUCCESS:
        value = success(col, cutoff);
        break;
      case KIND_ERR:
        value = err(col, cutoff, param, plain);
        break;
      case KIND_IPREC:
        value = iprec(col, relevant, param, mode);
        break;
      case KIND_IPREC_MEAN:
        value = iprecMean(col, relevant, extra, rowInt(row, ROW_EXTRA_COUNT), mode);
        break;
      case KIND_INFAP:
        value = infAP(col, gain, relevant, plain);
        break;
      case KIND_BING:
        value = binG(col, relevant, plain);
        break;
      case KIND_G:
        value = g<L>(labels, start, gain, constants, slot, S.judgedView ? S.judgedEnd : S.groupEnd, S.judgedView, plain);
        break;
      case KIND_NDCG_REL:
        value = ndcgRel(gain, constants, slot, plain);
        break;
      case KIND_RNDCG:
        value = rndcg(gain, relevant, constants, slot, plain);
        break;
      case KIND_JUDGED:
        value = judged(gain, cutoff);
        break;
      case KIND_UNJ:
        value = unjudged(cutoff);
        break;
      case KIND_NUM_Q:
        value = 1;
        break;
      case KIND_NUM_RET:
        value = numRet(col, param, cutoff);
        break;
      case KIND_NUM_REL:
        value = relevant;
        break;
      case KIND_NUM_NONREL_RET:
        value = numNonRelRet(col);
        break;
      case KIND_SET_P:
        value = setP(col, relevant, param);
        break;
      case KIND_SET_R:
        value = setR(col, relevant);
        break;
      case KIND_SET_F:
        value = setF(col, relevant, param);
        break;
      case KIND_SET_AP:
        value = setAP(col, relevant);
        break;
      case KIND_UTILITY:
        value = utility(col, relevant, extra);
        break;
      case KIND_P + KIND_COUNT:
        if (param > 0) {
          value = relevant > 0 ? relevantSpread(col, cutoff) / Math.min(cutoff, relevant) : 0;
          break;
        }
        value = relevantSpread(col, cutoff) / cutoff;
        break;
      case KIND_R + KIND_COUNT:
        value = relevant > 0 ? relevantSpread(col, cutoff) / relevant : 0;
        break;
      case KIND_F1 + KIND_COUNT:
        value = (2 * relevantSpread(col, cutoff)) / (cutoff + relevant);
        break;
      case KIND_RPREC + KIND_COUNT: {
        const c = rprecDepth(param, relevant);
        value = c > 0 ? relevantSpread(col, c) / c : 0;
        break;
      }
      case KIND_NUM_RET + KIND_COUNT:
        value = cutoff > 0 && param > 0 ? relevantSpread(col, cutoff) : 0;
        break;
      case KIND_JUDGED + KIND_COUNT: {
        const k = Math.min(cutoff > 0 ? cutoff : <f64>S.n, <f64>S.n);
        value = k > 0 ? heldSpread(gain, k) / k : 0;
        break;
      }
      case KIND_UNJ + KIND_COUNT:
        value = heldSpread(-1, cutoff) / cutoff;
        break;
      case KIND_AP + KIND_COUNT:
        value = averagePrecisionSpread(col, cutoff, <i32>param, relevant);
        break;
      case KIND_RR + KIND_COUNT:
        value = reciprocalRankSpread(col, cutoff);
        break;
      case KIND_SUCCESS + KIND_COUNT:
        value = successSpread(col, cutoff);
        break;
      case KIND_DCG + KIND_COUNT:
        value = linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : <f64>S.n);
        break;
      case KIND_NDCG + KIND_COUNT:
        value = getF64(constants, slot) > 0 ? linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : <f64>S.n) / getF64(constants, slot) : 0;
        break;
      case KIND_SDCG + KIND_COUNT: {
        const k = Math.min(cutoff, <f64>CWL_DEPTH);
        value = linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_DISCOUNT, 0, k) / sdcgOnes(k);
        break;
      }
      case KIND_INSQ + KIND_COUNT:
        value = linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_INSQ, param, Math.min(<f64>S.n, <f64>CWL_DEPTH)) / insqTotal(param);
        break;
      case KIND_RBP + KIND_COUNT:
        value = (1 - param) * linearSpread<L>(labels, start, col, gain, slot >= at ? Math.max(1, getF64(constants, slot)) : 1, WEIGHTS_PERSISTENCE, param, cutoff > 0 ? cutoff : <f64>S.n);
        break;
      case KIND_RBP_RESID + KIND_COUNT:
        value = (1 - param) * linearSpread<L>(labels, start, col, -2, 1, WEIGHTS_PERSISTENCE, param, <f64>S.n);
        break;
      case KIND_RNDCG + KIND_COUNT:
        value = rndcgSpread<L>(labels, start, gain, relevant, constants, slot);
        break;
      case KIND_BPREF + KIND_COUNT:
        value = bprefSpread(col, relevant, getF64(constants, at + judgedSlot()));
        break;
      case KIND_BING + KIND_COUNT:
        value = binGSpread(col, relevant);
        break;
      case KIND_IDEAL_DCG + KIND_COUNT:
      case KIND_NUM_Q + KIND_COUNT:
      case KIND_NUM_REL + KIND_COUNT:
      case KIND_NUM_NONREL_RET + KIND_COUNT:
      case KIND_SET_P + KIND_COUNT:
      case KIND_SET_R + KIND_COUNT:
      case KIND_SET_F + KIND_COUNT:
      case KIND_SET_AP + KIND_COUNT:
      case KIND_UTILITY + KIND_COUNT:
        value = 0;
        break;
      // no closed form: the glue estimates it (listed, or sampled)
      case KIND_ERR + KIND_COUNT:
      case KIND_IPREC + KIND_COUNT:
      case KIND_IPREC_MEAN + KIND_COUNT:
      case KIND_INFAP + KIND_COUNT:
      case KIND_G + KIND_COUNT:
      case KIND_NDCG_REL + KIND_COUNT:
        value = NO_SPREAD;
        break;
    }
    if (own) swapView();
    // interpolated precision's and G's -1: their exact average is past its budget (IPREC_STEPS_MAX
    // steps, G_STATES_MAX states, G_WORK_MAX): NaN, for the glue to estimate (or refuse, with exact)
    if (value < 0 && (sd || kind == KIND_IPREC || kind == KIND_IPREC_MEAN || kind == KIND_G)) {
      setF64(out, row * queries + q, NaN);
      continue;
    }
    // trec mode's interpolated precision of an empty ranking is trec_eval's NaN (see iprec); else
    // only gains beyond a double's range (labels of 1024 or more with gain=exp) make a value
    // NaN or infinite: an error naming the measure, not a silent NaN in a mean
    if (!isFinite(value) && !(isNaN(value) && mode == TREC && (kind == KIND_IPREC || kind == KIND_IPREC_MEAN))) {
      S.badPosition = row;
      return STATUS_VALUE_NOT_FINITE;
    }
    setF64(out, row * queries + q, value);
  }
  return STATUS_OK;
}
