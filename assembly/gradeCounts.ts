import { COUNTED_LEVELS } from './largestDescending';
import { getI32, setI32 } from './memory';

/** Room gradeCounts needs in `counts` (i32): two tables of COUNTED_LEVELS grades and a slot for the unjudged. */
export const GRADE_COUNTS_SIZE = 2 * (COUNTED_LEVELS + 1);

/**
 * The ideal labels (of an integer type V: u8 or i32) counted by grade, when they are the usual
 * judgements (none of COUNTED_LEVELS or more): leaves counts[v] = how many are v for
 * 0 <= v < span, the span returned (1 + the largest grade, 0 without one), and
 * counts[COUNTED_LEVELS] = how many are below 0 (unjudged); returns -1 when a label is
 * COUNTED_LEVELS or more (counts unset). One pass for the largest label and one to count, so
 * that R, J, the multiset check and the largest ideal labels all read the counts (where each
 * counted the labels in a pass of its own).
 * Counted in two tables, for even and odd positions (see largestDescending), then summed;
 * the labels below 0 in each table's last slot, without a branch.
 */
export function gradeCounts<V>(values: usize, m: i32, counts: usize): i32 {
  let hi = -1;
  for (let i = 0; i < m; i++) hi = max(hi, <i32>load<V>(values + (<usize>i << alignof<V>())));
  if (hi >= COUNTED_LEVELS) return -1;
  const span = hi + 1;
  const odd = counts + ((<usize>COUNTED_LEVELS + 1) << 2);
  for (let v = 0; v < span; v++) {
    setI32(counts, v, 0);
    setI32(odd, v, 0);
  }
  setI32(counts, COUNTED_LEVELS, 0);
  setI32(odd, COUNTED_LEVELS, 0);
  for (let i = 0; i < m; i++) {
    const v = <i32>load<V>(values + (<usize>i << alignof<V>()));
    const table = select<usize>(odd, counts, (i & 1) != 0);
    const slot = select<i32>(COUNTED_LEVELS, v, v < 0);
    setI32(table, slot, getI32(table, slot) + 1);
  }
  for (let v = 0; v < span; v++) setI32(counts, v, getI32(counts, v) + getI32(odd, v));
  setI32(counts, COUNTED_LEVELS, getI32(counts, COUNTED_LEVELS) + getI32(odd, COUNTED_LEVELS));
  return span;
}

/** How many of the grades counted by gradeCounts (counts[0..span)) are at least `level` (>= 1). */
export function gradesAtLeast(counts: usize, span: i32, level: f64): i32 {
  let count = 0;
  for (let v = <i32>Math.min(Math.ceil(level), <f64>span); v < span; v++) count += getI32(counts, v);
  return count;
}
