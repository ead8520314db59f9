import type { Scratch } from './scratch.js';

/**
 * DCG@k (cutoff 0: the whole ranking) with discount 1/log2(j + 1): every position of a group
 * takes the group's mean gain (gain sum / n_i) times its discount. Summed with Kahan's
 * compensation so long rankings and large groups stay exact to ~1 ulp (unless `plain`, as
 * averagePrecision).
 */
export function dcg(s: Scratch, gainCol: number, cutoff: number, plain: boolean): number {
  const k = cutoff > 0 ? cutoff : s.n;
  let sum = 0;
  let carry = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    const end = s.groupEnd[g]!;
    const gain = s.groupGain[g * s.gains + gainCol]!;
    if (gain !== 0) {
      const mean = gain / (end - start);
      const last = Math.min(end, k);
      for (let j = start + 1; j <= last; j++) {
        const term = mean * s.discount[j]! - carry;
        const next = sum + term;
        carry = plain ? 0 : next - sum - term;
        sum = next;
      }
    }
    start = end;
  }
  return sum;
}

/** nDCG@k = E[DCG@k] / IDCG@k, 0 when the ideal DCG is 0. */
export function ndcg(s: Scratch, gainCol: number, cutoff: number, ideal: number, plain: boolean): number {
  return ideal > 0 ? dcg(s, gainCol, cutoff, plain) / ideal : 0;
}
