import { firstRelevantGroup } from './firstRelevantGroup';
import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * RR@k (cutoff 0: the whole ranking). In the first group V_i holding a relevant document,
 * f(x) = f(x-1) (1 - r / (n - x + 1)) is the chance that its first x slots hold none; the first
 * relevant document sits at slot x with chance f(x-1) r / (n - x + 1). That product is summed
 * directly, never as f(x-1) - f(x), which cancels badly in large groups.
 */
export function reciprocalRank(col: i32, cutoff: f64): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  const g = firstRelevantGroup(col, k);
  if (g < 0) return 0;
  const start: f64 = g > 0 ? <f64>getI32(S.groupEnd, g - 1) : 0;
  const size = <f64>getI32(S.groupEnd, g) - start;
  const r = getF64(S.groupRel, g * S.levels + col);
  const slots = Math.min(size, k - start);
  let rr: f64 = 0;
  let carry: f64 = 0; // Kahan: the rounding error of rr
  let none: f64 = 1;
  for (let x: f64 = 1; x <= slots && none > 0; x++) {
    const left = size - x + 1;
    const term = (none * r) / left / (start + x) - carry;
    const next = rr + term;
    carry = next - rr - term;
    rr = next;
    none = (none * (left - r)) / left;
  }
  return rr;
}
