import type { LabelArray } from './types.js';
import { OPTIMISTIC, PESSIMISTIC, TREC } from '../ties/modes.js';

/**
 * Step 1, the ordering: writes the positions 0..n-1 of the query starting at `start` into
 * `order`, by score descending. Inside equal scores the tie mode's key decides: labels
 * descending (optimistic), labels ascending (pessimistic), `tieKeys` ascending (trec: the rank
 * of the document id in descending byte order), else the input position (input, and average,
 * where the order inside a group does not matter).
 * Scores are compared with `>`, so -0 and +0 tie and ±Infinity are ordinary scores; NaN was
 * rejected before.
 */
export function orderQuery(
  scores: Float64Array,
  labels: LabelArray,
  tieKeys: Int32Array | null,
  start: number,
  n: number,
  mode: number,
  order: Int32Array,
): void {
  for (let i = 0; i < n; i++) order[i] = i;
  const view = order.subarray(0, n);
  view.sort((a, b) => {
    const sa = scores[start + a]!;
    const sb = scores[start + b]!;
    if (sa > sb) return -1;
    if (sa < sb) return 1;
    let key = 0;
    if (mode === OPTIMISTIC) key = labels[start + b]! - labels[start + a]!;
    else if (mode === PESSIMISTIC) key = labels[start + a]! - labels[start + b]!;
    else if (mode === TREC) key = tieKeys![start + a]! - tieKeys![start + b]!;
    return key !== 0 ? key : a - b;
  });
}
