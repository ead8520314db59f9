import type { Plan } from '../measures/plan.js';
import type { LabelArray } from '../core/labels.js';
import { gainOf } from './gain.js';
import type { Scratch } from './scratch.js';

/** The weights of linearSpread's measures: DCG's discounts 1/log2(j + 1), RBP's p^(j-1), INSQ's 1/(j + 2T - 1)², a table in s.work (Rndcg's). */
export const WEIGHTS_DISCOUNT = 0;
export const WEIGHTS_PERSISTENCE = 1;
export const WEIGHTS_INSQ = 2;
export const WEIGHTS_TABLE = 3;

/** The weight of rank j: a discount, INSQ's for T = p, the table's, or the running product p^(j-1) (`running`). */
function weightOf(s: Scratch, weights: number, j: number, running: number, p: number): number {
  if (weights === WEIGHTS_DISCOUNT) return s.discount[j]!;
  if (weights === WEIGHTS_TABLE) return s.work[j]!;
  return weights === WEIGHTS_INSQ ? 1 / ((j + 2 * p - 1) * (j + 2 * p - 1)) : running;
}

/**
 * The standard deviation of a sum of weights times gains, sum_j w_j gain_j over ranks j <= k (DCG,
 * RBP, rbp_resid's unknown weight): within a group of n, the gains are permuted uniformly against
 * the group's weights, whose variance is the classical
 * (1 / (n - 1)) sum_i (g_i - mean g)² sum_j (w_j - mean w)², and groups are independent, so
 * their variances add. Weights past k are 0 (counted at once, not position by position).
 * Gains: `gainCol` >= 0 reads the documents' gains in that column over `norm` (their labels
 * through s.order); -1 the indicator of label >= the relevance column `col`'s level; -2 the
 * indicator of an unjudged document (label < 0), both from the group's counts.
 * Weights: `weights` (WEIGHTS_DISCOUNT, WEIGHTS_PERSISTENCE with persistence `p`, WEIGHTS_INSQ with T = `p`, WEIGHTS_TABLE).
 */
export function linearSpread(s: Scratch, labels: LabelArray, start: number, plan: Plan, col: number, gainCol: number, norm: number, weights: number, p: number, k: number): number {
  // the whole-ranking ends of each group, whatever the view: s.order lists their documents
  const fullEnds = s.judgedView ? s.judgedEnd : s.groupEnd;
  let variance = 0;
  let weight = 1;
  let from = 0;
  let fullFrom = 0;
  for (let g = 0; g < s.groupCount && from < k; g++) {
    const to = s.groupEnd[g]!;
    const fullTo = fullEnds[g]!;
    const n = to - from;
    const last = Math.min(to, k);
    // the weights' mean over the n slots, then their squared deviations (last - from of them nonzero)
    const first = weight;
    let sum = 0;
    for (let j = from + 1; j <= last; j++) {
      sum += weightOf(s, weights, j, weight, p);
      weight *= p;
    }
    if (n > 1) {
      const mean = sum / n;
      let spread = (n - (last - from)) * mean * mean;
      weight = first;
      for (let j = from + 1; j <= last; j++) {
        const d = weightOf(s, weights, j, weight, p) - mean;
        spread += d * d;
        weight *= p;
      }
      let gains = 0;
      if (gainCol < 0) {
        const c = gainCol === -1 ? s.groupRel[g * s.levels + col]! : n - s.groupJudged[g]!;
        gains = (c * (n - c)) / n;
      } else {
        const mean = s.groupGain[g * s.gains + gainCol]! / n / norm;
        for (let i = fullFrom; i < fullTo; i++) {
          const label = labels[start + s.order[i]!]!;
          if (s.judgedView && label < 0) continue;
          const d = gainOf(label, plan, gainCol) / norm - mean;
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
