import { CWL_DEPTH, Depth, PlanFlag, RowFlag } from '../measures/codes.js';
import { Kind, KIND_COUNT } from '../measures/table.js';
import { ROW_SIZE, Row, judgedSlot, type Plan } from '../measures/plan.js';
import { AVERAGE, INPUT, SD, TREC } from '../ties/modes.js';
import { binG } from './binG.js';
import { numNonRelRet, numRet } from './counts.js';
import { err } from './err.js';
import { g } from './g.js';
import { infAP } from './infAP.js';
import { iprec } from './iprec.js';
import { iprecMean } from './iprecMean.js';
import { judged, unjudged } from './judged.js';
import { judgedEnds, swapView } from './judgedView.js';
import { ndcgRel } from './ndcgRel.js';
import { rndcg } from './rndcg.js';
import { setAP, setF, setP, setR, utility } from './setMeasures.js';
import { averagePrecision } from './averagePrecision.js';
import { bpref } from './bpref.js';
import { buildGroups } from './buildGroups.js';
import { countGroups } from './countGroups.js';
import { dcg, ndcg, sdcg, sdcgOnes } from './dcg.js';
import { f1 } from './f1.js';
import { firstNaN } from './firstNaN.js';
import { orderQuery, SELECT_ABOVE } from './orderQuery.js';
import { precision } from './precision.js';
import { insq, insqTotal } from './insq.js';
import { rbp, rbpResid } from './rbp.js';
import { recall } from './recall.js';
import { reciprocalRank } from './reciprocalRank.js';
import { rprec, rprecDepth } from './rprec.js';
import type { Scratch } from './scratch.js';
import { Status } from '../core/status.js';
import { averagePrecisionSpread } from './averagePrecisionSpread.js';
import { binGSpread, bprefSpread } from './gapSpread.js';
import { heldSpread, relevantSpread } from './countSpread.js';
import { reciprocalRankSpread, successSpread } from './firstRelevantSpread.js';
import { linearSpread, WEIGHTS_DISCOUNT, WEIGHTS_INSQ, WEIGHTS_PERSISTENCE } from './linearSpread.js';
import { rndcgSpread } from './rndcgSpread.js';
import { success } from './success.js';
import type { LabelArray } from '../core/labels.js';

/** A row's sd where the measure has no closed form for it (see the switch): the glue estimates it. */
const NO_SPREAD = -1;

/**
 * One query, every measure of the plan, one ordering (or, in sd mode, the spread over them): checks the scores, orders the query
 * (step 1), builds its group table down to the deepest position a measure reads (step 2;
 * countGroups does both at once for a small query in average mode), cuts it at maxRank and,
 * for -J after -M (PlanFlag.JUDGED_ONLY), takes its judged view, and runs each measure kernel
 * over it (a judged_only measure over the judged view), writing measure `row`'s value to
 * out[row * queries + q]. In trec and input modes sums run in rank order, as trec_eval's do.
 * `constants[at..]` are the query's constants from prepareQuery.
 * Returns a Status code; on failure `s.badPosition` is the offending position.
 */
export function evaluateQuery(
  scores: Float64Array,
  labels: LabelArray,
  tieKeys: Int32Array | null,
  start: number,
  n: number,
  mode: number,
  plan: Plan,
  constants: Float64Array,
  at: number,
  s: Scratch,
  out: Float64Array,
  q: number,
  queries: number,
): number {
  const rows = plan.rows;
  const count = plan.measures.length;
  const judgedOnly = (plan.flags & PlanFlag.JUDGED_ONLY) !== 0;
  // the deepest position any measure reads: the whole ranking (see Plan.readsAll), else its
  // cut-off or its rank of R (Depth.RELEVANT)
  let depth = plan.readsAll ? n : 0;
  if (!plan.readsAll) {
    for (let row = 0; row < count; row++) {
      const r = row * ROW_SIZE;
      const need = rows[r + Row.DEPTH] === Depth.RELEVANT ? rprecDepth(rows[r + Row.PARAM]!, constants[at + rows[r + Row.THRESHOLD]!]!) : rows[r + Row.CUTOFF]!;
      depth = Math.max(depth, need);
    }
  }
  depth = Math.min(depth, n);
  // -M: the positions past maxRank are cut (in average mode, past the tie group crossing it:
  // the glue cuts that group, src/estimate/maxRankCut.ts)
  const cut = plan.maxRank > 0 && plan.maxRank < n;
  if (cut) depth = Math.min(depth, plan.maxRank);
  s.ensure(n, plan.thresholds.length, plan.gainType.length);
  // NaN scores: checked here for countGroups; orderQuery checks them itself (its selection finds
  // them in a pass it makes anyway)
  if (mode === AVERAGE && n <= SELECT_ABOVE && (plan.flags & PlanFlag.NEEDS_ORDER) === 0) {
    s.badPosition = firstNaN(scores, start, n);
    if (s.badPosition >= 0) return Status.SCORE_NAN;
    countGroups(scores, labels, start, n, depth, plan, s);
  } else {
    // in average mode a plan that needs the order (its sums could follow it) is ordered as in sd
    // mode: by label inside a group
    const byLabel = mode === AVERAGE && (plan.flags & PlanFlag.NEEDS_ORDER) !== 0;
    const held = orderQuery(scores, labels, tieKeys, start, n, depth, byLabel ? SD : mode, s);
    if (held < 0) return Status.SCORE_NAN;
    buildGroups(scores, labels, start, n, held, depth, mode !== AVERAGE && mode !== SD, plan, s);
  }
  // a cut ranking ends with the group reaching maxRank (read only by measures that read it all)
  if (cut && depth === plan.maxRank) s.n = s.groupEnd[s.groupCount - 1]!;
  s.judgedView = false;
  s.iprecCached = 0;
  s.iprecBestCol = -1;
  s.dcgSum.key = -1;
  s.apSum.key = -1;
  if (plan.views) judgedEnds(s);
  if (judgedOnly) swapView(s);
  const plain = mode === TREC || mode === INPUT;
  const sd = mode === SD;
  for (let row = 0; row < count; row++) {
    const r = row * ROW_SIZE;
    const kind = rows[r + Row.KIND]!;
    const cutoff = rows[r + Row.CUTOFF]!;
    const col = rows[r + Row.THRESHOLD]!;
    const gain = rows[r + Row.GAIN]!;
    const param = rows[r + Row.PARAM]!;
    const slot = at + rows[r + Row.CONSTANT]!;
    const extra = rows[r + Row.EXTRA]!;
    const relevant = constants[at + col]!;
    const own = !judgedOnly && (rows[r + Row.FLAGS]! & RowFlag.JUDGED_ONLY) !== 0;
    if (own) swapView(s);
    let value = 0;
    // one dispatch: each measure's value, or in sd mode (its kinds past KIND_COUNT) its spread over
    // the orderings, from the same group table as average's mean (0 where the order does not
    // matter; NO_SPREAD where there is no closed form: the glue estimates it)
    switch (sd ? kind + KIND_COUNT : kind) {
      case Kind.P:
        value = precision(s, col, cutoff, param, relevant);
        break;
      case Kind.R:
        value = recall(s, col, cutoff, relevant);
        break;
      case Kind.F1:
        value = f1(s, col, cutoff, relevant);
        break;
      case Kind.AP:
        value = averagePrecision(s, col, cutoff, param, relevant, plain);
        break;
      case Kind.RR:
        value = reciprocalRank(s, col, cutoff);
        break;
      case Kind.DCG:
        value = dcg(s, gain, cutoff, plain);
        break;
      case Kind.NDCG:
        value = ndcg(s, gain, cutoff, constants[slot]!, plain);
        break;
      case Kind.IDEAL_DCG:
        value = constants[slot]!;
        break;
      case Kind.RBP:
        value = rbp(s, col, gain, cutoff, param, slot >= at ? Math.max(1, constants[slot]!) : 1, plain);
        break;
      case Kind.RBP_RESID:
        value = rbpResid(s, param, plain);
        break;
      case Kind.SDCG:
        value = sdcg(s, gain, cutoff, plain);
        break;
      case Kind.INSQ:
        value = insq(s, gain, param, plain);
        break;
      case Kind.RPREC:
        value = rprec(s, col, relevant, param);
        break;
      case Kind.BPREF:
        value = bpref(s, col, relevant, constants[at + judgedSlot(plan)]!, plain);
        break;
      case Kind.SUCCESS:
        value = success(s, col, cutoff);
        break;
      case Kind.ERR:
        value = err(s, col, cutoff, param, plain);
        break;
      case Kind.IPREC:
        value = iprec(s, plan, col, relevant, param, mode);
        break;
      case Kind.IPREC_MEAN:
        value = iprecMean(s, plan, col, relevant, extra, rows[r + Row.EXTRA_COUNT]!, mode);
        break;
      case Kind.INFAP:
        value = infAP(s, col, gain, relevant, plain);
        break;
      case Kind.BING:
        value = binG(s, col, relevant, plain);
        break;
      case Kind.G:
        value = g(s, labels, start, plan, gain, constants, slot, s.judgedView ? s.judgedEnd : s.groupEnd, s.judgedView, plain);
        break;
      case Kind.NDCG_REL:
        value = ndcgRel(s, gain, constants, slot, plain);
        break;
      case Kind.RNDCG:
        value = rndcg(s, gain, relevant, constants, slot, plain);
        break;
      case Kind.JUDGED:
        value = judged(s, gain, cutoff);
        break;
      case Kind.UNJ:
        value = unjudged(s, cutoff);
        break;
      case Kind.NUM_Q:
        value = 1;
        break;
      case Kind.NUM_RET:
        value = numRet(s, col, param, cutoff);
        break;
      case Kind.NUM_REL:
        value = relevant;
        break;
      case Kind.NUM_NONREL_RET:
        value = numNonRelRet(s, col);
        break;
      case Kind.SET_P:
        value = setP(s, col, relevant, param);
        break;
      case Kind.SET_R:
        value = setR(s, col, relevant);
        break;
      case Kind.SET_F:
        value = setF(s, col, relevant, param);
        break;
      case Kind.SET_AP:
        value = setAP(s, col, relevant);
        break;
      case Kind.UTILITY:
        value = utility(s, col, relevant, plan.pool, extra);
        break;
      case Kind.P + KIND_COUNT:
        if (param > 0) {
          value = relevant > 0 ? relevantSpread(s, col, cutoff) / Math.min(cutoff, relevant) : 0;
          break;
        }
        value = relevantSpread(s, col, cutoff) / cutoff;
        break;
      case Kind.R + KIND_COUNT:
        value = relevant > 0 ? relevantSpread(s, col, cutoff) / relevant : 0;
        break;
      case Kind.F1 + KIND_COUNT:
        value = (2 * relevantSpread(s, col, cutoff)) / (cutoff + relevant);
        break;
      case Kind.RPREC + KIND_COUNT: {
        const c = rprecDepth(param, relevant);
        value = c > 0 ? relevantSpread(s, col, c) / c : 0;
        break;
      }
      case Kind.NUM_RET + KIND_COUNT:
        value = cutoff > 0 && param > 0 ? relevantSpread(s, col, cutoff) : 0;
        break;
      case Kind.JUDGED + KIND_COUNT: {
        const k = Math.min(cutoff > 0 ? cutoff : s.n, s.n);
        value = k > 0 ? heldSpread(s, gain, k) / k : 0;
        break;
      }
      case Kind.UNJ + KIND_COUNT:
        value = heldSpread(s, -1, cutoff) / cutoff;
        break;
      case Kind.AP + KIND_COUNT:
        value = averagePrecisionSpread(s, col, cutoff, param, relevant);
        break;
      case Kind.RR + KIND_COUNT:
        value = reciprocalRankSpread(s, col, cutoff);
        break;
      case Kind.SUCCESS + KIND_COUNT:
        value = successSpread(s, col, cutoff);
        break;
      case Kind.DCG + KIND_COUNT:
        value = linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n);
        break;
      case Kind.NDCG + KIND_COUNT:
        value = constants[slot]! > 0 ? linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n) / constants[slot]! : 0;
        break;
      case Kind.SDCG + KIND_COUNT: {
        const k = Math.min(cutoff, CWL_DEPTH);
        value = linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, k) / sdcgOnes(s, k);
        break;
      }
      case Kind.INSQ + KIND_COUNT:
        value = linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_INSQ, param, Math.min(s.n, CWL_DEPTH)) / insqTotal(s, param);
        break;
      case Kind.RBP + KIND_COUNT:
        value = (1 - param) * linearSpread(s, labels, start, plan, col, gain, slot >= at ? Math.max(1, constants[slot]!) : 1, WEIGHTS_PERSISTENCE, param, cutoff > 0 ? cutoff : s.n);
        break;
      case Kind.RBP_RESID + KIND_COUNT:
        value = (1 - param) * linearSpread(s, labels, start, plan, col, -2, 1, WEIGHTS_PERSISTENCE, param, s.n);
        break;
      case Kind.RNDCG + KIND_COUNT:
        value = rndcgSpread(s, labels, start, plan, gain, relevant, constants, slot);
        break;
      case Kind.BPREF + KIND_COUNT:
        value = bprefSpread(s, col, relevant, constants[at + judgedSlot(plan)]!);
        break;
      case Kind.BING + KIND_COUNT:
        value = binGSpread(s, col, relevant);
        break;
      case Kind.IDEAL_DCG + KIND_COUNT:
      case Kind.NUM_Q + KIND_COUNT:
      case Kind.NUM_REL + KIND_COUNT:
      case Kind.NUM_NONREL_RET + KIND_COUNT:
      case Kind.SET_P + KIND_COUNT:
      case Kind.SET_R + KIND_COUNT:
      case Kind.SET_F + KIND_COUNT:
      case Kind.SET_AP + KIND_COUNT:
      case Kind.UTILITY + KIND_COUNT:
        value = 0;
        break;
      // no closed form: the glue estimates it (listed, or sampled)
      case Kind.ERR + KIND_COUNT:
      case Kind.IPREC + KIND_COUNT:
      case Kind.IPREC_MEAN + KIND_COUNT:
      case Kind.INFAP + KIND_COUNT:
      case Kind.G + KIND_COUNT:
      case Kind.NDCG_REL + KIND_COUNT:
        value = NO_SPREAD;
        break;
    }
    if (own) swapView(s);
    // interpolated precision's and G's -1: their exact average is past its budget (IPREC_STEPS_MAX
    // steps, G_STATES_MAX states, G_WORK_MAX): NaN, for the glue to estimate (or refuse, with exact)
    if (value < 0 && (sd || kind === Kind.IPREC || kind === Kind.IPREC_MEAN || kind === Kind.G)) {
      out[row * queries + q] = NaN;
      continue;
    }
    // trec mode's interpolated precision of an empty ranking is trec_eval's NaN (see iprec); else
    // only gains beyond a double's range (labels of 1024 or more with gain=exp) make a value
    // NaN or infinite: an error naming the measure, not a silent NaN in a mean
    if (!Number.isFinite(value) && !(Number.isNaN(value) && mode === TREC && (kind === Kind.IPREC || kind === Kind.IPREC_MEAN))) {
      s.badPosition = row;
      return Status.VALUE_NOT_FINITE;
    }
    out[row * queries + q] = value;
  }
  return Status.OK;
}
