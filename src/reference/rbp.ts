import type { Scratch } from './scratch.js';

/**
 * RBP(p)@k (cutoff 0: the whole ranking) = (1 - p) sum_j gain_j p^(j-1). Binary (gainCol < 0):
 * every position of a group is relevant with chance r_i / n_i. Graded: a position's expected
 * gain is the group's gain sum over n_i, over `norm` (the largest judged label, at least 1).
 * The weight p^(j-1) is kept as a running product and the scan stops once it underflows to 0;
 * the sum is compensated (Kahan) unless `plain` (trec and input modes sum in rank order).
 */
export function rbp(s: Scratch, col: number, gainCol: number, cutoff: number, p: number, norm: number, plain: boolean): number {
  const k = cutoff > 0 ? cutoff : s.n;
  let sum = 0;
  let carry = 0;
  let weight = 1;
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k && weight > 0; g++) {
    const end = s.groupEnd[g]!;
    const share = gainCol < 0 ? s.groupRel[g * s.levels + col]! / (end - start) : s.groupGain[g * s.gains + gainCol]! / (end - start) / norm;
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
export function rbpResid(s: Scratch, p: number, plain: boolean): number {
  let sum = 0;
  let carry = 0;
  let weight = 1;
  let unjudged = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const end = s.groupEnd[g]!;
    const missing = end - start - s.groupJudged[g]!;
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
