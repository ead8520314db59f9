import { COUNTED_LEVELS } from './largestDescending';
import { getI32, getLabel, setI32 } from './memory';
import * as S from './scratch';

/**
 * The order inside a tie group in sd mode (and average mode's, where sums could follow it): labels
 * ascending, so that a sum over a group's documents (gains, squared deviations) is taken in an
 * order the input's line order cannot move, and ties give the same last bits from any file,
 * object or JSON.
 * Writes the positions from[0..count) to to[at..at+count) by label ascending, stable, with a
 * counting sort in `S.levelCounts`. Returns false, writing nothing, when the labels span
 * COUNTED_LEVELS values or more: the caller sorts by comparison.
 * Equal labels have equal terms, so their order among themselves never moves a value.
 */
export function labelOrder<L>(labels: usize, start: i32, from: usize, count: i32, to: usize, at: i32): bool {
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < count; k++) {
    const label = getLabel<L>(labels, start + getI32(from, k));
    lo = Math.min(lo, label);
    hi = Math.max(hi, label);
  }
  if (count == 0) return true;
  const span = hi - lo + 1;
  if (span >= COUNTED_LEVELS) return false;
  // counts[v - lo + 1]: how many have label v; then, summed, where label v's first one goes
  const counts = S.levelCounts;
  const last = <i32>span;
  for (let v = 0; v <= last; v++) setI32(counts, v, 0);
  for (let k = 0; k < count; k++) {
    const v = <i32>(getLabel<L>(labels, start + getI32(from, k)) - lo) + 1;
    setI32(counts, v, getI32(counts, v) + 1);
  }
  for (let v = 1; v <= last; v++) setI32(counts, v, getI32(counts, v) + getI32(counts, v - 1));
  for (let k = 0; k < count; k++) {
    const i = getI32(from, k);
    const v = <i32>(getLabel<L>(labels, start + i) - lo);
    const slot = getI32(counts, v);
    setI32(counts, v, slot + 1);
    setI32(to, at + slot, i);
  }
  return true;
}
