import { firstRelevantGroup } from './firstRelevantGroup.js';
import type { Scratch } from './scratch.js';

/**
 * RR@k (cutoff 0: the whole ranking). In the first group V_i holding a relevant document,
 * f(x) = f(x-1) (1 - r / (n - x + 1)) is the chance that its first x slots hold none; the first
 * relevant document sits at slot x with chance f(x-1) r / (n - x + 1). That product is summed
 * directly, never as f(x-1) - f(x), which cancels badly in large groups.
 */
export function reciprocalRank(s: Scratch, col: number, cutoff: number): number {
  const k = cutoff > 0 ? cutoff : s.n;
  const g = firstRelevantGroup(s, col, k);
  if (g < 0) return 0;
  const start = g > 0 ? s.groupEnd[g - 1]! : 0;
  const size = s.groupEnd[g]! - start;
  const r = s.groupRel[g * s.levels + col]!;
  const slots = Math.min(size, k - start);
  let rr = 0;
  let carry = 0; // Kahan: the rounding error of rr
  let none = 1;
  for (let x = 1; x <= slots && none > 0; x++) {
    const left = size - x + 1;
    const term = (none * r) / left / (start + x) - carry;
    const next = rr + term;
    carry = next - rr - term;
    rr = next;
    none = (none * (left - r)) / left;
  }
  return rr;
}
