import { firstRelevantGroup } from './firstRelevantGroup.js';
import { reciprocalRank } from './reciprocalRank.js';
import { success } from './success.js';
import type { Scratch } from './scratch.js';

/**
 * The standard deviation of RR@k (cutoff 0: the whole ranking). Only the first group holding a
 * relevant document varies: its first relevant document sits at slot x with chance
 * f(x-1) r / (n - x + 1) (see reciprocalRank), past the cut-off (RR 0) with chance f(slots).
 * Summed as the chances times squared deviations from the mean, never as E[RR²] - E[RR]²,
 * which cancels where the spread is small beside the mean.
 */
export function reciprocalRankSpread(s: Scratch, col: number, cutoff: number): number {
  const k = cutoff > 0 ? cutoff : s.n;
  const g = firstRelevantGroup(s, col, k);
  if (g < 0) return 0;
  const mean = reciprocalRank(s, col, cutoff);
  const start = g > 0 ? s.groupEnd[g - 1]! : 0;
  const size = s.groupEnd[g]! - start;
  const r = s.groupRel[g * s.levels + col]!;
  const slots = Math.min(size, k - start);
  let sum = 0;
  let none = 1;
  for (let x = 1; x <= slots && none > 0; x++) {
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
export function successSpread(s: Scratch, col: number, cutoff: number): number {
  const p = success(s, col, cutoff);
  return Math.sqrt(Math.max(0, p * (1 - p)));
}
