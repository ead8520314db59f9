import type { LabelArray } from './types.js';
import { AVERAGE, OPTIMISTIC, PESSIMISTIC, TREC } from '../ties/modes.js';
import { rankPositions } from './rankPositions.js';
import type { Scratch } from './scratch.js';
import { selectLargest } from './selectLargest.js';

/** Queries this small are ranked whole without branches (rankPositions): selection does not pay below it. */
export const SELECT_ABOVE = 32;

/**
 * Step 1, the ordering: writes positions (0..n-1 within the query starting at `start`) to
 * `s.order` by score descending; inside equal scores the tie mode's key decides: labels
 * descending (optimistic), labels ascending (pessimistic), `tieKeys` ascending (trec: the
 * rank of the document id in descending byte order), else the position (input; and average,
 * where the order inside a group does not matter).
 *
 * Small queries are ranked without branches (rankPositions). Of a larger query only the first
 * `depth` positions are needed. When depth < n (every measure has a cut-off),
 * the score s* at position `depth` is selected in linear time; the documents above s* are
 * sorted and the whole group of s* (the group crossing the cut-off) follows them, sorted by
 * key except in average mode, where only its counts matter.
 * Returns how many positions `s.order` holds, at least min(depth, n).
 */
export function orderQuery(
  scores: Float64Array,
  labels: LabelArray,
  tieKeys: Int32Array | null,
  start: number,
  n: number,
  depth: number,
  mode: number,
  s: Scratch,
): number {
  const order = s.order;
  const compare = (a: number, b: number): number => {
    const sa = scores[start + a]!;
    const sb = scores[start + b]!;
    if (sa > sb) return -1;
    if (sa < sb) return 1;
    let key = 0;
    if (mode === OPTIMISTIC) key = labels[start + b]! - labels[start + a]!;
    else if (mode === PESSIMISTIC) key = labels[start + a]! - labels[start + b]!;
    else if (mode === TREC) key = tieKeys![start + a]! - tieKeys![start + b]!;
    return key !== 0 ? key : a - b;
  };
  if (n <= SELECT_ABOVE) {
    rankPositions(scores, labels, tieKeys, start, n, mode, s);
    return n;
  }
  if (depth >= n) {
    for (let i = 0; i < n; i++) order[i] = i;
    order.subarray(0, n).sort(compare);
    return n;
  }
  // the score at position `depth`
  for (let i = 0; i < n; i++) s.select[i] = scores[start + i]!;
  const cut = selectLargest(s.select, n, depth);
  // the documents above it, sorted, then its whole group
  let above = 0;
  for (let i = 0; i < n; i++) if (scores[start + i]! > cut) order[above++] = i;
  let held = above;
  for (let i = 0; i < n; i++) if (scores[start + i] === cut) order[held++] = i;
  order.subarray(0, above).sort(compare);
  if (mode !== AVERAGE) order.subarray(above, held).sort(compare);
  return held;
}
