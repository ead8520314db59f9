import { AVERAGE, INPUT, OPTIMISTIC, PESSIMISTIC, SD, TREC } from './codes';
import { getF64, getI32, getLabel, setF64, setI32 } from './memory';
import * as S from './scratch';

/**
 * Orders a small query without data-dependent branches: the rank of position i is the number
 * of positions that come before it (score descending, then the tie mode's key, then the
 * position), so order[rank] = i. O(n²) comparisons, but on tied scores a sort's comparisons
 * mispredict and cost more for small n. Gives exactly sortPositions' order.
 */
export function rankPositions<L>(scores: usize, labels: usize, tieKeys: usize, start: i32, n: i32, mode: i32): void {
  const keys = S.select;
  const keyed = mode != INPUT && mode != AVERAGE;
  for (let i = 0; i < n; i++) {
    setF64(keys, i, mode == OPTIMISTIC ? -getLabel<L>(labels, start + i) : mode == TREC ? <f64>getI32(tieKeys, start + i) : mode == PESSIMISTIC || mode == SD ? getLabel<L>(labels, start + i) : 0);
  }
  for (let i = 0; i < n; i++) {
    const si = getF64(scores, start + i);
    let rank = 0;
    if (keyed) {
      const ki = getF64(keys, i);
      for (let j = 0; j < n; j++) {
        const sj = getF64(scores, start + j);
        const kj = getF64(keys, j);
        rank += <i32>(sj > si) | (<i32>(sj == si) & (<i32>(kj < ki) | (<i32>(kj == ki) & <i32>(j < i))));
      }
    } else {
      for (let j = 0; j < n; j++) {
        const sj = getF64(scores, start + j);
        rank += <i32>(sj > si) | (<i32>(sj == si) & <i32>(j < i));
      }
    }
    setI32(S.order, rank, i);
  }
}
