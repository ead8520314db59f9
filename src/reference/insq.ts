import { CWL_DEPTH } from '../measures/codes.js';
import type { Scratch } from './scratch.js';

/**
 * cwl_eval's INSQ(T) (ir_measures' INSQ): its continuation ((j + 2T - 1)/(j + 2T))^2 makes the
 * weight of rank j proportional to 1/(j + 2T - 1)^2, over the first CWL_DEPTH ranks (positions
 * past the ranking gain nothing); the value is the weighted mean of the scaled gains. The
 * weights do not depend on the gains, so each position of a group takes the group's mean gain.
 * The sum is compensated (Kahan) unless `plain`; the weights' sum is kept for the next query (s.insqT, s.insqTotal).
 */
export function insq(s: Scratch, gainCol: number, t: number, plain: boolean): number {
  const total = insqTotal(s, t);
  const k = Math.min(s.n, CWL_DEPTH);
  let sum = 0;
  let carry = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    const end = s.groupEnd[g]!;
    const share = s.groupGain[g * s.gains + gainCol]! / (end - start);
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

/** INSQ's normaliser: the sum of its weights 1/(j + 2T - 1)² over the first CWL_DEPTH ranks, kept for the next query (s.insqT, s.insqTotal). */
export function insqTotal(s: Scratch, t: number): number {
  if (s.insqT !== t) {
    let total = 0;
    for (let j = 1; j <= CWL_DEPTH; j++) total += 1 / ((j + 2 * t - 1) * (j + 2 * t - 1));
    s.insqT = t;
    s.insqTotal = total;
  }
  return s.insqTotal;
}
