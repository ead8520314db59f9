import { getF64, getI32, getLabel, setF64, setI32 } from './memory';
import { COUNTED_LEVELS, largestDescending } from './largestDescending';
import * as S from './scratch';

/**
 * The first position of the ranking whose judged label (>= 0) the ideal labels counted by
 * gradeCounts (counts[0..span), i32) lack, repeats counted, or -1 when they hold every one: each
 * judged label takes one of its grade's, from a copy of the counts in counts[COUNTED_LEVELS + 1 ..].
 * Labels are integers of type L (u8 or i32).
 */
export function missingFromGrades<L>(labels: usize, start: i32, n: i32, counts: usize, span: i32): i32 {
  const left = counts + ((<usize>COUNTED_LEVELS + 1) << 2);
  for (let v = 0; v < span; v++) setI32(left, v, getI32(counts, v));
  for (let i = 0; i < n; i++) {
    const v = <i32>load<L>(labels + (<usize>(start + i) << alignof<L>()));
    if (v < 0) continue;
    if (v >= span) return i;
    const rest = getI32(left, v) - 1;
    if (rest < 0) return i;
    setI32(left, v, rest);
  }
  return -1;
}

/**
 * The first position of the ranking whose judged label (>= 0) the ideal labels lack, repeats
 * counted (a multiset inclusion: the ideal ranking must be one of the judgements, or nDCG could
 * exceed 1), or -1 when they hold every one. Labels are integers (checked before); labels are
 * of type L, ideal labels of type I (each u8, i32 or f64). Integer grades below
 * COUNTED_LEVELS, the usual judgements, are checked by missingFromGrades instead.
 * Ideal labels spanning few values are counted per value in `S.levelCounts`: O(n + m).
 * Others are sorted descending into `S.idealTop` (room for m), and each ranking label takes the
 * first copy of its value left, found by binary search and marked taken as value + 0.5, which
 * keeps the list descending: O((n + m) log m). The marks are undone before returning.
 */
export function missingFromIdeal<L, I>(labels: usize, start: i32, n: i32, ideal: usize, idealStart: i32, m: i32): i32 {
  let lo: f64 = Infinity;
  let hi: f64 = -Infinity;
  for (let i = 0; i < m; i++) {
    const v = getLabel<I>(ideal, idealStart + i);
    if (v < 0) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // no judged ideal label: the first judged label of the ranking is lacking
  if (lo > hi) {
    for (let i = 0; i < n; i++) if (getLabel<L>(labels, start + i) >= 0) return i;
    return -1;
  }
  if (hi - lo < COUNTED_LEVELS) {
    const counts = S.levelCounts;
    for (let v = 0; v <= <i32>(hi - lo); v++) setI32(counts, v, 0);
    for (let i = 0; i < m; i++) {
      const v = getLabel<I>(ideal, idealStart + i);
      if (v >= 0) setI32(counts, <i32>(v - lo), getI32(counts, <i32>(v - lo)) + 1);
    }
    for (let i = 0; i < n; i++) {
      const v = getLabel<L>(labels, start + i);
      if (v < 0) continue;
      if (v < lo || v > hi) return i;
      const left = getI32(counts, <i32>(v - lo)) - 1;
      if (left < 0) return i;
      setI32(counts, <i32>(v - lo), left);
    }
    return -1;
  }
  const top = S.idealTop;
  largestDescending<I>(ideal + (<usize>idealStart << alignof<I>()), m, m, top, S.levelCounts);
  let judged = 0;
  while (judged < m && getF64(top, judged) >= 0) judged++;
  let missing = -1;
  for (let i = 0; i < n && missing < 0; i++) {
    const v = getLabel<L>(labels, start + i);
    if (v < 0) continue;
    // the first place in top[0..judged) holding at most v
    let a = 0;
    let b = judged;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (getF64(top, mid) > v) a = mid + 1;
      else b = mid;
    }
    if (a == judged || getF64(top, a) != v) missing = i;
    else setF64(top, a, v + 0.5);
  }
  for (let i = 0; i < judged; i++) setF64(top, i, Math.floor(getF64(top, i)));
  return missing;
}
