import type { Scratch } from './scratch.js';

/**
 * RBP(p)@k (cutoff 0: the whole ranking) = (1 - p) sum_j rel_j p^(j-1), binary relevance:
 * every position of a group is relevant with chance r_i / n_i. The weight p^(j-1) is kept as
 * a running product and the scan stops once it underflows to 0; the sum is compensated (Kahan).
 */
export function rbp(s: Scratch, col: number, cutoff: number, p: number): number {
  const k = cutoff > 0 ? cutoff : s.n;
  let sum = 0;
  let carry = 0;
  let weight = 1;
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k && weight > 0; g++) {
    const end = s.groupEnd[g]!;
    const share = s.groupRel[g * s.levels + col]! / (end - start);
    const last = Math.min(end, k);
    for (let j = start + 1; j <= last; j++) {
      const term = share * weight - carry;
      const next = sum + term;
      carry = next - sum - term;
      sum = next;
      weight *= p;
    }
    start = end;
  }
  return (1 - p) * sum;
}
