import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * E[documents the judgements hold among the top k]: judged ones (label >= 0) and, with `poolCol`
 * >= 0, those judged unjudged (label <= -2, the pool gain column; none in the judged view, which
 * left every label < 0 out). Groups wholly above k count all of theirs; the group crossing k
 * holds each in (k - t_c) / n_c of its slots on average.
 */
function heldInTop(poolCol: i32, k: f64): f64 {
  let sum: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const held = getF64(S.groupJudged, g) + (poolCol >= 0 && !S.judgedView ? getF64(S.groupGain, g * S.gains + poolCol) : 0);
    sum += end <= k ? held : ((k - start) * held) / (end - start);
    start = end;
  }
  return sum;
}

/** Judged@k: the share of the top min(k, n) documents the judgements hold, with any label (0 for an empty ranking). */
export function judged(poolCol: i32, cutoff: f64): f64 {
  const k = Math.min(cutoff > 0 ? cutoff : <f64>S.n, <f64>S.n);
  return k > 0 ? heldInTop(poolCol, k) / k : 0;
}

/** unj@k: the unjudged documents (label < 0) in the top k, over k (trec_eval's unj). */
export function unjudged(cutoff: f64): f64 {
  return (Math.min(cutoff, <f64>S.n) - heldInTop(-1, cutoff)) / cutoff;
}
