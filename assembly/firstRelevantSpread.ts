import { firstRelevantGroup } from './firstRelevantGroup';
import { getF64, getI32 } from './memory';
import { reciprocalRank } from './reciprocalRank';
import * as S from './scratch';
import { success } from './success';

/**
 * The standard deviation of RR@k (cutoff 0: the whole ranking). Only the first group holding a
 * relevant document varies: its first relevant document sits at slot x with chance
 * f(x-1) r / (n - x + 1) (see reciprocalRank), past the cut-off (RR 0) with chance f(slots).
 * Summed as the chances times squared deviations from the mean, never as E[RR²] - E[RR]²,
 * which cancels where the spread is small beside the mean.
 */
export function reciprocalRankSpread(col: i32, cutoff: f64): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  const g = firstRelevantGroup(col, k);
  if (g < 0) return 0;
  const mean = reciprocalRank(col, cutoff);
  const start: f64 = g > 0 ? <f64>getI32(S.groupEnd, g - 1) : 0;
  const size = <f64>getI32(S.groupEnd, g) - start;
  const r = getF64(S.groupRel, g * S.levels + col);
  const slots = Math.min(size, k - start);
  let sum: f64 = 0;
  let none: f64 = 1;
  for (let x: f64 = 1; x <= slots && none > 0; x++) {
    const left = size - x + 1;
    const d = 1 / (start + x) - mean;
    sum += ((none * r) / left) * d * d;
    none = (none * (left - r)) / left;
  }
  return Math.sqrt(sum + none * mean * mean);
}

/**
 * The standard deviation of Success@k: a coin of chance p = Success@k, so sqrt(p (1 - p));
 * 0 unless the first group holding a relevant document crosses k.
 */
export function successSpread(col: i32, cutoff: f64): f64 {
  const p = success(col, cutoff);
  return Math.sqrt(Math.max(0, p * (1 - p)));
}
