import { firstRelevantGroup } from './firstRelevantGroup.js';
import type { Scratch } from './scratch.js';

/**
 * Success@k = 1 - P(no relevant document in the top k). It is 1 when a group wholly above k
 * holds a relevant document; when the first such group crosses k, it is the chance that the
 * first relevant document of that group falls in its k - t_c slots: the same first-slot
 * probabilities as RR, summed (a sum of positive terms, stable where 1 - f would cancel).
 * Cut-off 0: the whole ranking (ranx's hit_rate).
 */
export function success(s: Scratch, col: number, cutoff: number): number {
  const k = cutoff > 0 ? cutoff : s.n;
  const g = firstRelevantGroup(s, col, k);
  if (g < 0) return 0;
  if (s.groupEnd[g]! <= k) return 1;
  const start = g > 0 ? s.groupEnd[g - 1]! : 0;
  const size = s.groupEnd[g]! - start;
  const r = s.groupRel[g * s.levels + col]!;
  let hit = 0;
  let carry = 0; // Kahan: the rounding error of hit
  let none = 1;
  for (let x = 1; x <= k - start && none > 0; x++) {
    const left = size - x + 1;
    const term = (none * r) / left - carry;
    const next = hit + term;
    carry = next - hit - term;
    hit = next;
    none = (none * (left - r)) / left;
  }
  return hit;
}
