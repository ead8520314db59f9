import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * RBP(p)@k (cutoff 0: the whole ranking) = (1 - p) sum_j rel_j p^(j-1), binary relevance:
 * every position of a group is relevant with chance r_i / n_i. The weight p^(j-1) is kept as
 * a running product and the scan stops once it underflows to 0; the sum is compensated (Kahan).
 */
export function rbp(col: i32, cutoff: f64, p: f64): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  let sum: f64 = 0;
  let carry: f64 = 0;
  let weight: f64 = 1;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k && weight > 0; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const share = getF64(S.groupRel, g * S.levels + col) / (end - start);
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
