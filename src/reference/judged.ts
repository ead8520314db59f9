import type { Scratch } from './scratch.js';

/**
 * E[documents the judgements hold among the top k]: judged ones (label >= 0) and, with `poolCol`
 * >= 0, those judged unjudged (label <= -2, the pool gain column; none in the judged view, which
 * left every label < 0 out). Groups wholly above k count all of theirs; the group crossing k
 * holds each in (k - t_c) / n_c of its slots on average.
 */
function heldInTop(s: Scratch, poolCol: number, k: number): number {
  let sum = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    const end = s.groupEnd[g]!;
    const held = s.groupJudged[g]! + (poolCol >= 0 && !s.judgedView ? s.groupGain[g * s.gains + poolCol]! : 0);
    sum += end <= k ? held : ((k - start) * held) / (end - start);
    start = end;
  }
  return sum;
}

/** Judged@k: the share of the top min(k, n) documents the judgements hold, with any label (0 for an empty ranking). */
export function judged(s: Scratch, poolCol: number, cutoff: number): number {
  const k = Math.min(cutoff > 0 ? cutoff : s.n, s.n);
  return k > 0 ? heldInTop(s, poolCol, k) / k : 0;
}

/** unj@k: the unjudged documents (label < 0) in the top k, over k (trec_eval's unj). */
export function unjudged(s: Scratch, cutoff: number): number {
  return (Math.min(cutoff, s.n) - heldInTop(s, -1, cutoff)) / cutoff;
}
