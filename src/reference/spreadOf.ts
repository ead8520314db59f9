import { CWL_DEPTH } from '../measures/codes.js';
import { Kind } from '../measures/table.js';
import { judgedSlot, type Plan } from '../measures/plan.js';
import type { LabelArray } from '../core/labels.js';
import { averagePrecisionSpread } from './averagePrecisionSpread.js';
import { binGSpread, bprefSpread } from './gapSpread.js';
import { heldSpread, relevantSpread } from './countSpread.js';
import { reciprocalRankSpread, successSpread } from './firstRelevantSpread.js';
import { sdcgOnes } from './dcg.js';
import { insqTotal } from './insq.js';
import { linearSpread, WEIGHTS_DISCOUNT, WEIGHTS_INSQ, WEIGHTS_PERSISTENCE } from './linearSpread.js';
import { rndcgSpread } from './rndcgSpread.js';
import { rprecDepth } from './rprec.js';
import type { Scratch } from './scratch.js';

/**
 * The `sd` mode's value of a measure row (its fields as evaluateQuery reads them) over the query's group table: the standard
 * deviation of the measure over the orderings of its tie groups (uniform, independent), or -1
 * for a measure without an exact one (the glue refuses those first). Measures that do not depend
 * on the order (the set measures, counts, R, the ideal DCG) have 0. `constants[at..]` are the
 * query's constants (`slot`: the row's own), `relevant` R at the row's level.
 */
export function spreadOf(s: Scratch, labels: LabelArray, start: number, plan: Plan, kind: number, cutoff: number, col: number, gain: number, param: number, slot: number, constants: Float64Array, at: number, relevant: number): number {
  switch (kind) {
    case Kind.P:
      if (param > 0) return relevant > 0 ? relevantSpread(s, col, cutoff) / Math.min(cutoff, relevant) : 0;
      return relevantSpread(s, col, cutoff) / cutoff;
    case Kind.R:
      return relevant > 0 ? relevantSpread(s, col, cutoff) / relevant : 0;
    case Kind.F1:
      return (2 * relevantSpread(s, col, cutoff)) / (cutoff + relevant);
    case Kind.RPREC: {
      const c = rprecDepth(param, relevant);
      return c > 0 ? relevantSpread(s, col, c) / c : 0;
    }
    case Kind.NUM_RET:
      return cutoff > 0 && param > 0 ? relevantSpread(s, col, cutoff) : 0;
    case Kind.JUDGED: {
      const k = Math.min(cutoff > 0 ? cutoff : s.n, s.n);
      return k > 0 ? heldSpread(s, gain, k) / k : 0;
    }
    case Kind.UNJ:
      return heldSpread(s, -1, cutoff) / cutoff;
    case Kind.AP:
      return averagePrecisionSpread(s, col, cutoff, param, relevant);
    case Kind.RR:
      return reciprocalRankSpread(s, col, cutoff);
    case Kind.SUCCESS:
      return successSpread(s, col, cutoff);
    case Kind.DCG:
      return linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n);
    case Kind.NDCG:
      return constants[slot]! > 0 ? linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n) / constants[slot]! : 0;
    case Kind.SDCG: {
      const k = Math.min(cutoff, CWL_DEPTH);
      return linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, k) / sdcgOnes(s, k);
    }
    case Kind.INSQ:
      return linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_INSQ, param, Math.min(s.n, CWL_DEPTH)) / insqTotal(s, param);
    case Kind.RBP:
      return (1 - param) * linearSpread(s, labels, start, plan, col, gain, slot >= at ? Math.max(1, constants[slot]!) : 1, WEIGHTS_PERSISTENCE, param, cutoff > 0 ? cutoff : s.n);
    case Kind.RBP_RESID:
      return (1 - param) * linearSpread(s, labels, start, plan, col, -2, 1, WEIGHTS_PERSISTENCE, param, s.n);
    case Kind.RNDCG:
      return rndcgSpread(s, labels, start, plan, gain, relevant, constants, slot);
    case Kind.BPREF:
      return bprefSpread(s, col, relevant, constants[at + judgedSlot(plan)]!);
    case Kind.BING:
      return binGSpread(s, col, relevant);
    case Kind.IDEAL_DCG:
    case Kind.NUM_Q:
    case Kind.NUM_REL:
    case Kind.NUM_NONREL_RET:
    case Kind.SET_P:
    case Kind.SET_R:
    case Kind.SET_F:
    case Kind.SET_AP:
    case Kind.UTILITY:
      return 0;
    default:
      return -1;
  }
}
