import { firstRelevantGroup } from './firstRelevantGroup';
import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * Success@k = 1 - P(no relevant document in the top k). It is 1 when a group wholly above k
 * holds a relevant document; when the first such group crosses k, it is the chance that the
 * first relevant document of that group falls in its k - t_c slots: the same first-slot
 * probabilities as RR, summed (a sum of positive terms, stable where 1 - f would cancel).
 * Cut-off 0: the whole ranking (ranx's hit_rate).
 */
export function success(col: i32, cutoff: f64): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  const g = firstRelevantGroup(col, k);
  if (g < 0) return 0;
  if (<f64>getI32(S.groupEnd, g) <= k) return 1;
  const start: f64 = g > 0 ? <f64>getI32(S.groupEnd, g - 1) : 0;
  const size = <f64>getI32(S.groupEnd, g) - start;
  const r = getF64(S.groupRel, g * S.levels + col);
  let hit: f64 = 0;
  let carry: f64 = 0; // Kahan: the rounding error of hit
  let none: f64 = 1;
  for (let x: f64 = 1; x <= k - start && none > 0; x++) {
    const left = size - x + 1;
    const term = (none * r) / left - carry;
    const next = hit + term;
    carry = next - hit - term;
    hit = next;
    none = (none * (left - r)) / left;
  }
  return hit;
}
