import type { Scratch } from './scratch.js';

/**
 * trec_eval's bpref: (1/R) sum over retrieved relevant d of 1 - min(n_d, R) / min(N, R),
 * n_d = judged non-relevant documents ranked above d, N = judged non-relevant documents of the
 * judgements; unjudged documents are skipped; 0 when R = 0.
 *
 * Tie-aware: a relevant document of a group with m judged non-relevant documents is equally
 * likely to follow 0..m of them, so n_d = B + Y with B those above the group and Y uniform on
 * 0..m; each of the group's r relevant documents adds 1 - (sum_y min(B + y, R)) / ((m + 1) min(N, R)).
 * Compensated unless `plain`, as averagePrecision.
 */
export function bpref(s: Scratch, col: number, relevant: number, judged: number, plain: boolean): number {
  if (relevant === 0) return 0;
  const scale = Math.min(judged - relevant, relevant);
  let sum = 0;
  let carry = 0; // Kahan: one term per relevant document when ties are broken
  let nonrelAbove = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const r = s.groupRel[g * s.levels + col]!;
    const m = s.groupJudged[g]! - r;
    if (r > 0) {
      const term = (scale === 0 ? r : r * (1 - cappedSum(nonrelAbove, m, relevant) / ((m + 1) * scale))) - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    nonrelAbove += m;
  }
  return sum / relevant;
}

/** sum over y = 0..m of min(a + y, cap), in closed form. */
export function cappedSum(a: number, m: number, cap: number): number {
  if (a >= cap) return (m + 1) * cap;
  const c = Math.min(m, cap - a);
  return (c + 1) * a + (c * (c + 1)) / 2 + (m - c) * cap;
}
