import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * DCG@k (cutoff 0: the whole ranking) with discount 1/log2(j + 1): every position of a group
 * takes the group's mean gain (gain sum / n_i) times its discount. Summed with Kahan's
 * compensation so long rankings and large groups stay exact to ~1 ulp (unless `plain`, as
 * averagePrecision).
 */
export function dcg(gainCol: i32, cutoff: f64, plain: bool): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  let sum: f64 = 0;
  let carry: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const gain = getF64(S.groupGain, g * S.gains + gainCol);
    if (gain != 0) {
      const mean = gain / (end - start);
      const last = <i32>Math.min(end, k);
      for (let j = <i32>start + 1; j <= last; j++) {
        const term = mean * getF64(S.discount, j) - carry;
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
export function ndcg(gainCol: i32, cutoff: f64, ideal: f64, plain: bool): f64 {
  return ideal > 0 ? dcg(gainCol, cutoff, plain) / ideal : 0;
}
