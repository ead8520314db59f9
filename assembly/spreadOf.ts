import { CWL_DEPTH, KIND_AP, KIND_BING, KIND_BPREF, KIND_DCG, KIND_INSQ, KIND_SDCG, KIND_F1, KIND_IDEAL_DCG, KIND_JUDGED, KIND_NDCG, KIND_NUM_NONREL_RET, KIND_NUM_Q, KIND_NUM_REL, KIND_NUM_RET, KIND_P, KIND_R, KIND_RBP, KIND_RBP_RESID, KIND_RNDCG, KIND_RPREC, KIND_RR, KIND_SET_AP, KIND_SET_F, KIND_SET_P, KIND_SET_R, KIND_SUCCESS, KIND_UNJ, KIND_UTILITY } from './codes';
import { averagePrecisionSpread } from './averagePrecisionSpread';
import { binGSpread, bprefSpread } from './gapSpread';
import { heldSpread, relevantSpread } from './countSpread';
import { reciprocalRankSpread, successSpread } from './firstRelevantSpread';
import { sdcgOnes } from './dcg';
import { insqTotal } from './insq';
import { linearSpread, WEIGHTS_DISCOUNT, WEIGHTS_INSQ, WEIGHTS_PERSISTENCE } from './linearSpread';
import { getF64 } from './memory';
import { judgedSlot } from './plan';
import { rndcgSpread } from './rndcgSpread';
import { rprecDepth } from './rprec';
import * as S from './scratch';

/**
 * The `sd` mode's value of a measure row (its fields as evaluateQuery reads them) over the query's group table: the standard
 * deviation of the measure over the orderings of its tie groups (uniform, independent), or -1
 * for a measure without an exact one (the glue refuses those first). Measures that do not depend
 * on the order (the set measures, counts, R, the ideal DCG) have 0. `constants[at..]` are the
 * query's constants (`slot`: the row's own), `relevant` R at the row's level. Labels are of type L (u8, i32 or f64).
 */
export function spreadOf<L>(labels: usize, start: i32, kind: i32, cutoff: f64, col: i32, gain: i32, param: f64, slot: i32, constants: usize, at: i32, relevant: f64): f64 {
  switch (kind) {
    case KIND_P:
      if (param > 0) return relevant > 0 ? relevantSpread(col, cutoff) / Math.min(cutoff, relevant) : 0;
      return relevantSpread(col, cutoff) / cutoff;
    case KIND_R:
      return relevant > 0 ? relevantSpread(col, cutoff) / relevant : 0;
    case KIND_F1:
      return (2 * relevantSpread(col, cutoff)) / (cutoff + relevant);
    case KIND_RPREC: {
      const c = rprecDepth(param, relevant);
      return c > 0 ? relevantSpread(col, c) / c : 0;
    }
    case KIND_NUM_RET:
      return cutoff > 0 && param > 0 ? relevantSpread(col, cutoff) : 0;
    case KIND_JUDGED: {
      const k = Math.min(cutoff > 0 ? cutoff : <f64>S.n, <f64>S.n);
      return k > 0 ? heldSpread(gain, k) / k : 0;
    }
    case KIND_UNJ:
      return heldSpread(-1, cutoff) / cutoff;
    case KIND_AP:
      return averagePrecisionSpread(col, cutoff, <i32>param, relevant);
    case KIND_RR:
      return reciprocalRankSpread(col, cutoff);
    case KIND_SUCCESS:
      return successSpread(col, cutoff);
    case KIND_DCG:
      return linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : <f64>S.n);
    case KIND_NDCG:
      return getF64(constants, slot) > 0 ? linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : <f64>S.n) / getF64(constants, slot) : 0;
    case KIND_SDCG: {
      const k = Math.min(cutoff, <f64>CWL_DEPTH);
      return linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_DISCOUNT, 0, k) / sdcgOnes(k);
    }
    case KIND_INSQ:
      return linearSpread<L>(labels, start, col, gain, 1, WEIGHTS_INSQ, param, Math.min(<f64>S.n, <f64>CWL_DEPTH)) / insqTotal(param);
    case KIND_RBP:
      return (1 - param) * linearSpread<L>(labels, start, col, gain, slot >= at ? Math.max(1, getF64(constants, slot)) : 1, WEIGHTS_PERSISTENCE, param, cutoff > 0 ? cutoff : <f64>S.n);
    case KIND_RBP_RESID:
      return (1 - param) * linearSpread<L>(labels, start, col, -2, 1, WEIGHTS_PERSISTENCE, param, <f64>S.n);
    case KIND_RNDCG:
      return rndcgSpread<L>(labels, start, gain, relevant, constants, slot);
    case KIND_BPREF:
      return bprefSpread(col, relevant, getF64(constants, at + judgedSlot()));
    case KIND_BING:
      return binGSpread(col, relevant);
    case KIND_IDEAL_DCG:
    case KIND_NUM_Q:
    case KIND_NUM_REL:
    case KIND_NUM_NONREL_RET:
    case KIND_SET_P:
    case KIND_SET_R:
    case KIND_SET_F:
    case KIND_SET_AP:
    case KIND_UTILITY:
      return 0;
    default:
      return -1;
  }
}
