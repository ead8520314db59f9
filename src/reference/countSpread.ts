import type { Scratch } from './scratch.js';

/**
 * The standard deviation of how many of `c` marked documents a random x-subset of a group of n
 * holds (hypergeometric): sqrt(x (n - x) / (n - 1) × c (n - c) / n²); 0 when x is 0 or n.
 */
export function drawnSpread(x: number, n: number, c: number): number {
  if (x <= 0 || x >= n) return 0;
  return Math.sqrt(((x * (n - x)) / (n - 1)) * ((c * (n - c)) / (n * n)));
}

/**
 * The standard deviation of the relevant documents in the top k at relevance column `col`:
 * only the group crossing k varies (see expectedRelevant), by drawnSpread.
 */
export function relevantSpread(s: Scratch, col: number, k: number): number {
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    const end = s.groupEnd[g]!;
    if (end > k) return drawnSpread(k - start, end - start, s.groupRel[g * s.levels + col]!);
    start = end;
  }
  return 0;
}

/**
 * The standard deviation of the documents the judgements hold among the top k (see heldInTop
 * in judged: judged ones, and with `poolCol` >= 0 those judged unjudged, outside the judged view).
 */
export function heldSpread(s: Scratch, poolCol: number, k: number): number {
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    const end = s.groupEnd[g]!;
    if (end > k) return drawnSpread(k - start, end - start, s.groupJudged[g]! + (poolCol >= 0 && !s.judgedView ? s.groupGain[g * s.gains + poolCol]! : 0));
    start = end;
  }
  return 0;
}
