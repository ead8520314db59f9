import { OPTIMISTIC, PESSIMISTIC, SD, TREC } from './codes';
import { getF64, getI32, getLabel, setI32 } from './memory';
import * as S from './scratch';

/**
 * Whether position a ranks before position b: score descending, then the tie mode's key
 * (labels descending: optimistic; labels ascending: pessimistic and sd, see labelOrder; trec
 * keys ascending; none: input and average), then the position. A strict total order, so
 * every sort gives the same ordering as the reference's.
 */
@inline function before<L>(scores: usize, labels: usize, tieKeys: usize, start: i32, mode: i32, a: i32, b: i32): bool {
  const sa = getF64(scores, start + a);
  const sb = getF64(scores, start + b);
  if (sa != sb) return sa > sb;
  let key: f64 = 0;
  if (mode == OPTIMISTIC) key = getLabel<L>(labels, start + b) - getLabel<L>(labels, start + a);
  // the keys' difference as doubles: exact, where an int32 subtraction could overflow
  else if (mode == TREC) key = <f64>getI32(tieKeys, start + a) - <f64>getI32(tieKeys, start + b);
  else if (mode == PESSIMISTIC || mode == SD) key = getLabel<L>(labels, start + a) - getLabel<L>(labels, start + b);
  return key != 0 ? key < 0 : a < b;
}

const RUN: i32 = 16;

/**
 * Sorts S.order[from..to) by `before`: insertion sort of runs of 16, then bottom-up merges
 * through S.spare. O(m log m) in every case, no allocation.
 */
export function sortPositions<L>(scores: usize, labels: usize, tieKeys: usize, start: i32, mode: i32, from: i32, to: i32): void {
  for (let run = from; run < to; run += RUN) {
    const end = min(run + RUN, to);
    for (let i = run + 1; i < end; i++) {
      const x = getI32(S.order, i);
      let j = i - 1;
      while (j >= run && before<L>(scores, labels, tieKeys, start, mode, x, getI32(S.order, j))) {
        setI32(S.order, j + 1, getI32(S.order, j));
        j--;
      }
      setI32(S.order, j + 1, x);
    }
  }
  let src = S.order;
  let dst = S.spare;
  for (let width = RUN; width < to - from; width *= 2) {
    for (let lo = from; lo < to; lo += 2 * width) {
      const mid = min(lo + width, to);
      const hi = min(lo + 2 * width, to);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (before<L>(scores, labels, tieKeys, start, mode, getI32(src, j), getI32(src, i))) setI32(dst, k++, getI32(src, j++));
        else setI32(dst, k++, getI32(src, i++));
      }
      while (i < mid) setI32(dst, k++, getI32(src, i++));
      while (j < hi) setI32(dst, k++, getI32(src, j++));
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src != S.order) for (let i = from; i < to; i++) setI32(S.order, i, getI32(src, i));
}
