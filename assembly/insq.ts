import { CWL_DEPTH } from './codes';
import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * cwl_eval's INSQ(T) (ir_measures' INSQ): its continuation ((j + 2T - 1)/(j + 2T))^2 makes the
 * weight of rank j proportional to 1/(j + 2T - 1)^2, over the first CWL_DEPTH ranks (positions
 * past the ranking gain nothing); the value is the weighted mean of the scaled gains. The
 * weights do not depend on the gains, so each position of a group takes the group's mean gain.
 * The sum is compensated (Kahan) unless `plain`; the weights' sum is kept for the next query (S.insqT, S.insqTotal).
 */
export function insq(gainCol: i32, t: f64, plain: bool): f64 {
  const total = insqTotal(t);
  const k = Math.min(<f64>S.n, <f64>CWL_DEPTH);
  let sum: f64 = 0;
  let carry: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const share = getF64(S.groupGain, g * S.gains + gainCol) / (end - start);
    const last = Math.min(end, k);
    for (let j = start + 1; j <= last; j++) {
      const term = share / ((j + 2 * t - 1) * (j + 2 * t - 1)) - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    start = end;
  }
  return sum / total;
}

/** INSQ's normaliser: the sum of its weights 1/(j + 2T - 1)² over the first CWL_DEPTH ranks, kept for the next query (S.insqT, S.insqTotal). */
export function insqTotal(t: f64): f64 {
  if (S.insqT != t) {
    let total: f64 = 0;
    for (let j: f64 = 1; j <= <f64>CWL_DEPTH; j++) total += 1 / ((j + 2 * t - 1) * (j + 2 * t - 1));
    S.insqT = t;
    S.insqTotal = total;
  }
  return S.insqTotal;
}
