import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * RBP(p)@k (cutoff 0: the whole ranking) = (1 - p) sum_j gain_j p^(j-1). Binary (gainCol < 0):
 * every position of a group is relevant with chance r_i / n_i. Graded: a position's expected
 * gain is the group's gain sum over n_i, over `norm` (the largest judged label, at least 1).
 * The weight p^(j-1) is kept as a running product and the scan stops once it underflows to 0;
 * the sum is compensated (Kahan) unless `plain` (trec and input modes sum in rank order).
 */
export function rbp(col: i32, gainCol: i32, cutoff: f64, p: f64, norm: f64, plain: bool): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  let sum: f64 = 0;
  let carry: f64 = 0;
  let weight: f64 = 1;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k && weight > 0; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const share = gainCol < 0 ? getF64(S.groupRel, g * S.levels + col) / (end - start) : getF64(S.groupGain, g * S.gains + gainCol) / (end - start) / norm;
    const last = Math.min(end, k);
    for (let j = start + 1; j <= last; j++) {
      const term = share * weight - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
      weight *= p;
    }
    start = end;
  }
  return (1 - p) * sum;
}

/**
 * trec_eval's rbp_resid: when the ranking holds an unjudged document (label < 0), p^n plus
 * (1 - p) times the sum of p^(j-1) over its unjudged positions j (the weight RBP leaves
 * unknown), else 0. Every position of a group is unjudged with chance (n_i - judged_i) / n_i.
 */
export function rbpResid(p: f64, plain: bool): f64 {
  let sum: f64 = 0;
  let carry: f64 = 0;
  let weight: f64 = 1;
  let unjudged: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const missing = end - start - getF64(S.groupJudged, g);
    unjudged += missing;
    const share = end > start ? missing / (end - start) : 0;
    for (let j = start + 1; j <= end; j++) {
      const term = share * weight - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
      weight *= p;
    }
    start = end;
  }
  return unjudged > 0 ? weight + (1 - p) * sum : 0;
}
