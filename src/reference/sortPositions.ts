import { OPTIMISTIC, PESSIMISTIC, SD, TREC } from '../ties/modes.js';
import type { LabelArray } from '../core/labels.js';

/**
 * Sorts order[from..to) so that position a ranks before position b: score descending, then
 * the tie mode's key (labels descending: optimistic; labels ascending: pessimistic
 * and sd, see labelOrder; trec keys ascending; none: input and average), then the position. A
 * strict total order, so every sort gives the same ordering in every backend.
 */
export function sortPositions(scores: Float64Array, labels: LabelArray, tieKeys: Int32Array | null, start: number, mode: number, order: Int32Array, from: number, to: number): void {
  order.subarray(from, to).sort((a, b) => {
    const sa = scores[start + a]!;
    const sb = scores[start + b]!;
    if (sa > sb) return -1;
    if (sa < sb) return 1;
    let key = 0;
    if (mode === OPTIMISTIC) key = labels[start + b]! - labels[start + a]!;
    // the keys' difference as doubles: exact, where an int32 subtraction could overflow
    else if (mode === TREC) key = tieKeys![start + a]! - tieKeys![start + b]!;
    else if (mode === PESSIMISTIC || mode === SD) key = labels[start + a]! - labels[start + b]!;
    return key !== 0 ? key : a - b;
  });
}
