import type { LabelArray } from '../core/labels.js';
import { AVERAGE, INPUT, OPTIMISTIC, PESSIMISTIC, SD, TREC } from '../ties/modes.js';
import type { Scratch } from './scratch.js';

/**
 * Orders a small query without data-dependent branches: the rank of position i is the number
 * of positions that come before it (score descending, then the tie mode's key, then the
 * position), so order[rank] = i. O(n²) comparisons, but on tied scores a sort's comparisons
 * mispredict and cost more for small n. Gives exactly sortPositions' order.
 */
export function rankPositions(scores: Float64Array, labels: LabelArray, tieKeys: Int32Array | null, start: number, n: number, mode: number, s: Scratch): void {
  const keys = s.select;
  const keyed = mode !== INPUT && mode !== AVERAGE;
  for (let i = 0; i < n; i++) {
    keys[i] = mode === OPTIMISTIC ? -labels[start + i]! : mode === TREC ? tieKeys![start + i]! : mode === PESSIMISTIC || mode === SD ? labels[start + i]! : 0;
  }
  for (let i = 0; i < n; i++) {
    const si = scores[start + i]!;
    let rank = 0;
    if (keyed) {
      const ki = keys[i]!;
      for (let j = 0; j < n; j++) {
        const sj = scores[start + j]!;
        const kj = keys[j]!;
        rank += +(sj > si) | (+(sj === si) & (+(kj < ki) | (+(kj === ki) & +(j < i))));
      }
    } else {
      for (let j = 0; j < n; j++) {
        const sj = scores[start + j]!;
        rank += +(sj > si) | (+(sj === si) & +(j < i));
      }
    }
    s.order[rank] = i;
  }
}
