import { ApNorm } from '../measures/codes.js';
import type { Scratch } from './scratch.js';

/**
 * The variance of one group's share of AP's sum, sum_x Z_x (before + W_x) / (t + x) over its
 * first m slots (Z_x: slot x holds a relevant document; W_x: how many of slots 1..x do), when
 * its r relevant documents take a uniformly random r-subset of its n slots. With
 * a_x = (before + 1) / (t + x) and b_x = 1 / (t + x) the share is
 * A + B = sum_x a_x Z_x + sum_(y < x) b_x Z_x Z_y, and the products of distinct indicators have
 * the chances p_q = r (r - 1) ... / (n (n - 1) ...) of q of them. Var[A] is the permutation
 * variance of the a_x padded with n - m zeros; Cov[A, B] and Var[B] sum the covariances of the
 * indicators' products by how many slots they share (factored, so no difference of near-equal
 * chances cancels), with W_i = (i - 1) b_i + sum_(x > i) b_x, the weight of the pairs holding slot i.
 */
export function groupApVariance(t: number, n: number, r: number, m: number, before: number): number {
  const p1 = r / n;
  const p2 = (p1 * (r - 1)) / (n - 1);
  const p3 = n > 2 ? (p2 * (r - 2)) / (n - 2) : 0;
  // the covariances: of a slot with a pair holding it, of a slot with a pair not holding it,
  // and of two pairs, by the slots they share (4: disjoint, 3: one, 2: the same pair), as
  // differences d34 = k3 - k4 and d23 = k2 - k3; with too few slots for a kind, its weight sums
  // to what the next kind's does, so it takes 0
  const k21 = (p2 * (n - r)) / n;
  const k31 = n > 2 ? (-2 * p2 * (n - r)) / (n * (n - 2)) : 0;
  const k4 = n > 3 ? (p2 * (n - r) * (6 * n + 6 * r - 6 - 4 * r * n)) / (n * (n - 1) * (n - 2) * (n - 3)) : 0;
  const d34 = n > 3 ? (p3 * (n - r)) / (n - 3) : n > 2 ? p3 - p2 * p2 : 0;
  const d23 = n > 2 ? (p2 * (n - r)) / (n - 2) : p2 - p2 * p2;
  // pass 1: the sums of a, of the pairs' weights and of their squares
  let sumA = 0;
  let pairs = 0;
  let pairs2 = 0;
  let crossed = 0; // sum_x b_x ((x - 1) a_x + sum_(y < x) a_y)
  for (let x = 1; x <= m; x++) {
    const b = 1 / (t + x);
    const a = (before + 1) * b;
    crossed += b * ((x - 1) * a + sumA);
    sumA += a;
    pairs += (x - 1) * b;
    pairs2 += (x - 1) * b * b;
  }
  // pass 2: the a_x's squared deviations over n slots (the padding's at once), and sum_i W_i²
  const meanA = sumA / n;
  let spreadA = (n - m) * meanA * meanA;
  let held = 0;
  let after = 0;
  for (let x = m; x >= 1; x--) {
    const b = 1 / (t + x);
    const d = (before + 1) * b - meanA;
    spreadA += d * d;
    const w = (x - 1) * b + after;
    held += w * w;
    after += b;
  }
  const varA = ((p1 * (n - r)) / n / (n - 1)) * n * spreadA;
  const covAB = (k21 - k31) * crossed + k31 * sumA * pairs;
  const varB = k4 * pairs * pairs + d34 * (held - pairs2) + d23 * pairs2;
  return varA + varB + 2 * covAB;
}

/**
 * The standard deviation of AP@k (cutoff 0: the whole ranking) over R or min(k, R): each group
 * holding relevant documents in the top k adds its share's variance (groupApVariance; the groups'
 * orders are independent, and the relevant count above a group does not depend on them).
 * -1 for norm=found, whose denominator is random where a group crosses k (no exact sd yet).
 */
export function averagePrecisionSpread(s: Scratch, col: number, cutoff: number, norm: number, relevant: number): number {
  if (norm === ApNorm.FOUND) return -1;
  const k = cutoff > 0 ? cutoff : s.n;
  const denominator = norm === ApNorm.R ? relevant : Math.min(k, relevant);
  if (!(denominator > 0)) return 0;
  let variance = 0;
  let before = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    const end = s.groupEnd[g]!;
    const r = s.groupRel[g * s.levels + col]!;
    if (r > 0 && r < end - start) variance += groupApVariance(start, end - start, r, Math.min(end, k) - start, before);
    before += r;
    start = end;
  }
  return Math.sqrt(Math.max(0, variance)) / denominator;
}
