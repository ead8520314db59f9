import { gainOf } from './gain';
import { getF64, getI32, getLabel } from './memory';
import * as S from './scratch';

/** The weights of linearSpread's measures: DCG's discounts 1/log2(j + 1), RBP's p^(j-1), INSQ's 1/(j + 2T - 1)², a table in S.work (Rndcg's). */
export const WEIGHTS_DISCOUNT = 0;
export const WEIGHTS_PERSISTENCE = 1;
export const WEIGHTS_INSQ = 2;
export const WEIGHTS_TABLE = 3;

/** The weight of rank j: a discount, INSQ's for T = p, the table's, or the running product p^(j-1) (`running`). */
@inline function weightOf(weights: i32, j: f64, running: f64, p: f64): f64 {
  if (weights == WEIGHTS_DISCOUNT) return getF64(S.discount, <i32>j);
  if (weights == WEIGHTS_TABLE) return getF64(S.work, <i32>j);
  return weights == WEIGHTS_INSQ ? 1 / ((j + 2 * p - 1) * (j + 2 * p - 1)) : running;
}

/**
 * The standard deviation of a sum of weights times gains, sum_j w_j gain_j over ranks j <= k (DCG,
 * RBP, rbp_resid's unknown weight): within a group of n, the gains are permuted uniformly against
 * the group's weights, whose variance is the classical
 * (1 / (n - 1)) sum_i (g_i - mean g)² sum_j (w_j - mean w)², and groups are independent, so
 * their variances add. Weights past k are 0 (counted at once, not position by position).
 * Gains: `gainCol` >= 0 reads the documents' gains in that column over `norm` (their labels
 * through S.order); -1 the indicator of label >= the relevance column `col`'s level; -2 the
 * indicator of an unjudged document (label < 0), both from the group's counts.
 * Weights: `weights` (WEIGHTS_DISCOUNT, WEIGHTS_PERSISTENCE with persistence `p`, WEIGHTS_INSQ with T = `p`, WEIGHTS_TABLE).
 * Labels are of type L (u8, i32 or f64).
 */
export function linearSpread<L>(labels: usize, start: i32, col: i32, gainCol: i32, norm: f64, weights: i32, p: f64, k: f64): f64 {
  // the whole-ranking ends of each group, whatever the view: S.order lists their documents
  const fullEnds = S.judgedView ? S.judgedEnd : S.groupEnd;
  let variance: f64 = 0;
  let weight: f64 = 1;
  let from: f64 = 0;
  let fullFrom = 0;
  for (let g = 0; g < S.groupCount && from < k; g++) {
    const to = <f64>getI32(S.groupEnd, g);
    const fullTo = getI32(fullEnds, g);
    const n = to - from;
    const last = Math.min(to, k);
    // the weights' mean over the n slots, then their squared deviations (last - from of them nonzero)
    const first = weight;
    let sum: f64 = 0;
    for (let j = from + 1; j <= last; j++) {
      sum += weightOf(weights, j, weight, p);
      weight *= p;
    }
    if (n > 1) {
      const mean = sum / n;
      let spread = (n - (last - from)) * mean * mean;
      weight = first;
      for (let j = from + 1; j <= last; j++) {
        const d = weightOf(weights, j, weight, p) - mean;
        spread += d * d;
        weight *= p;
      }
      let gains: f64 = 0;
      if (gainCol < 0) {
        const c = gainCol == -1 ? getF64(S.groupRel, g * S.levels + col) : n - getF64(S.groupJudged, g);
        gains = (c * (n - c)) / n;
      } else {
        const mean = getF64(S.groupGain, g * S.gains + gainCol) / n / norm;
        for (let i = fullFrom; i < fullTo; i++) {
          const label = getLabel<L>(labels, start + getI32(S.order, i));
          if (S.judgedView && label < 0) continue;
          const d = gainOf(label, gainCol) / norm - mean;
          gains += d * d;
        }
      }
      variance += (gains * spread) / (n - 1);
    }
    from = to;
    fullFrom = fullTo;
  }
  return Math.sqrt(variance);
}
