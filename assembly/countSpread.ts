import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * The standard deviation of how many of `c` marked documents a random x-subset of a group of n
 * holds (hypergeometric): sqrt(x (n - x) / (n - 1) × c (n - c) / n²); 0 when x is 0 or n.
 */
export function drawnSpread(x: f64, n: f64, c: f64): f64 {
  if (x <= 0 || x >= n) return 0;
  return Math.sqrt(((x * (n - x)) / (n - 1)) * ((c * (n - c)) / (n * n)));
}

/**
 * The standard deviation of the relevant documents in the top k at relevance column `col`:
 * only the group crossing k varies (see expectedRelevant), by drawnSpread.
 */
export function relevantSpread(col: i32, k: f64): f64 {
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    if (end > k) return drawnSpread(k - start, end - start, getF64(S.groupRel, g * S.levels + col));
    start = end;
  }
  return 0;
}

/**
 * The standard deviation of the documents the judgements hold among the top k (see heldInTop
 * in judged: judged ones, and with `poolCol` >= 0 those judged unjudged, outside the judged view).
 */
export function heldSpread(poolCol: i32, k: f64): f64 {
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    if (end > k) return drawnSpread(k - start, end - start, getF64(S.groupJudged, g) + (poolCol >= 0 && !S.judgedView ? getF64(S.groupGain, g * S.gains + poolCol) : 0));
    start = end;
  }
  return 0;
}
