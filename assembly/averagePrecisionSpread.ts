import { NORM_FOUND, NORM_R } from './codes';
import { hypergeometric } from './hypergeometric';
import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * groupApSpread's sums over a group's first m of n slots: what does not depend on its relevant
 * count. Static fields (globals of this instance, no allocation) where the reference returns a record.
 */
class ApSums {
  /** sum_x a_x */
  static sumA: f64 = 0;
  /** sum_x (x - 1) b_x, the pairs' weights */
  static pairs: f64 = 0;
  /** sum_x (x - 1) b_x², their squares */
  static pairs2: f64 = 0;
  /** sum_x b_x ((x - 1) a_x + sum_(y < x) a_y) */
  static crossed: f64 = 0;
  /** the a_x's squared deviations over n slots (the n - m past m as zeros) */
  static spreadA: f64 = 0;
  /** sum_i W_i² */
  static held: f64 = 0;
}

/** groupApSpread's sums for slots t + 1 .. t + m of a group of n slots below `before` relevant documents. */
export function groupApSums(t: f64, n: f64, m: f64, before: f64): void {
  // pass 1: the sums of a, of the pairs' weights and of their squares
  let sumA: f64 = 0;
  let pairs: f64 = 0;
  let pairs2: f64 = 0;
  let crossed: f64 = 0;
  for (let x: f64 = 1; x <= m; x++) {
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
  let held: f64 = 0;
  let after: f64 = 0;
  for (let x = m; x >= 1; x--) {
    const b = 1 / (t + x);
    const d = (before + 1) * b - meanA;
    spreadA += d * d;
    const w = (x - 1) * b + after;
    held += w * w;
    after += b;
  }
  ApSums.sumA = sumA;
  ApSums.pairs = pairs;
  ApSums.pairs2 = pairs2;
  ApSums.crossed = crossed;
  ApSums.spreadA = spreadA;
  ApSums.held = held;
}

/** The mean of one group's share of AP's sum (see groupApSpread): p_1 sum_x a_x + p_2 sum_x (x - 1) b_x. */
export function groupApMean(n: f64, r: f64): f64 {
  const p1 = r / n;
  const p2 = n > 1 ? (p1 * (r - 1)) / (n - 1) : 0;
  return p1 * ApSums.sumA + p2 * ApSums.pairs;
}

/**
 * The variance of one group's share of AP's sum, sum_x Z_x (before + W_x) / (t + x) over its
 * first m slots (Z_x: slot x holds a relevant document; W_x: how many of slots 1..x do), when
 * its r relevant documents (0 < r < n) take a uniformly random r-subset of its n slots. With
 * a_x = (before + 1) / (t + x) and b_x = 1 / (t + x) the share is
 * A + B = sum_x a_x Z_x + sum_(y < x) b_x Z_x Z_y, and the products of distinct indicators have
 * the chances p_q = r (r - 1) ... / (n (n - 1) ...) of q of them. Var[A] is the permutation
 * variance of the a_x padded with n - m zeros; Cov[A, B] and Var[B] sum the covariances of the
 * indicators' products by how many slots they share (factored, so no difference of near-equal
 * chances cancels), with W_i = (i - 1) b_i + sum_(x > i) b_x, the weight of the pairs holding slot i.
 * The sums over the slots (groupApSums) do not depend on r.
 */
export function groupApSpread(n: f64, r: f64): f64 {
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
  const varA = ((p1 * (n - r)) / n / (n - 1)) * n * ApSums.spreadA;
  const covAB = (k21 - k31) * ApSums.crossed + k31 * ApSums.sumA * ApSums.pairs;
  const varB = k4 * ApSums.pairs * ApSums.pairs + d34 * (ApSums.held - ApSums.pairs2) + d23 * ApSums.pairs2;
  return varA + varB + 2 * covAB;
}

/**
 * AP(norm=found)@k's sd when group V_c crosses k: condition on X, the relevant count in its
 * s = k - t_c slots above the cut (hypergeometric, as apFoundCrossing). Given X = x the sum is
 * the groups above (mean `meanAbove`, variance `varianceAbove`, independent of V_c) plus V_c's
 * share as a group of s slots holding x relevant documents, over R_c + x; the variance is
 * E[Var(AP | X)] + Var(E[AP | X]), a sum of non-negative terms.
 */
function apFoundCrossingSpread(varianceAbove: f64, meanAbove: f64, before: f64, start: f64, size: f64, r: f64, k: f64): f64 {
  const slots = k - start;
  groupApSums(start, slots, slots, before);
  const lo = Math.max(0, slots - (size - r));
  const hi = Math.min(slots, r);
  hypergeometric(size, r, slots, lo, hi, S.pmf);
  let mean: f64 = 0;
  for (let x = lo; x <= hi; x++) {
    const found = before + x;
    if (found > 0) mean += (getF64(S.pmf, <i32>(x - lo)) * (meanAbove + groupApMean(slots, x))) / found;
  }
  let variance: f64 = 0;
  for (let x = lo; x <= hi; x++) {
    const found = before + x;
    const given = found > 0 ? (meanAbove + groupApMean(slots, x)) / found : 0;
    const within = found > 0 ? (varianceAbove + (x > 0 && x < slots ? groupApSpread(slots, x) : 0)) / (found * found) : 0;
    variance += getF64(S.pmf, <i32>(x - lo)) * (within + (given - mean) * (given - mean));
  }
  return Math.sqrt(Math.max(0, variance));
}

/**
 * The standard deviation of AP@k (cutoff 0: the whole ranking) over R, min(k, R) or the relevant
 * found in the top k: each group holding relevant documents in the top k adds its share's
 * variance (groupApSpread; the groups' orders are independent, and the relevant count above a
 * group does not depend on them). With norm=found a group crossing k makes the denominator
 * random (apFoundCrossingSpread); without one it is the relevant count above k.
 */
export function averagePrecisionSpread(col: i32, cutoff: f64, norm: i32, relevant: f64): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  const found = norm == NORM_FOUND;
  const denominator = norm == NORM_R ? relevant : Math.min(k, relevant);
  if (!found && !(denominator > 0)) return 0;
  let variance: f64 = 0;
  let mean: f64 = 0; // norm=found: the mean of the sum so far, for a group crossing k
  let before: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const size = end - start;
    const r = getF64(S.groupRel, g * S.levels + col);
    if (found && end > k) return apFoundCrossingSpread(variance, mean, before, start, size, r, k);
    if (r > 0 && (found || r < size)) {
      groupApSums(start, size, Math.min(end, k) - start, before);
      if (r < size) variance += groupApSpread(size, r);
      if (found) mean += groupApMean(size, r);
    }
    before += r;
    start = end;
  }
  const by = found ? before : denominator;
  return by > 0 ? Math.sqrt(Math.max(0, variance)) / by : 0;
}
