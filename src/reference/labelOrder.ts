import type { LabelArray } from '../core/labels.js';
import { COUNTED_LEVELS } from './scratch.js';
import type { Scratch } from './scratch.js';

/**
 * The order inside a tie group in sd mode (and average mode's, where sums could follow it): labels
 * ascending, so that a sum over a group's documents (gains, squared deviations) is taken in an
 * order the input's line order cannot move, and ties give the same last bits from any file,
 * object or JSON.
 * Writes the positions from[0..count) to to[at..at+count) by label ascending, stable, with a
 * counting sort in `s.levelCounts`. Returns false, writing nothing, when the labels span
 * COUNTED_LEVELS values or more: the caller sorts by comparison.
 * Equal labels have equal terms, so their order among themselves never moves a value.
 */
export function labelOrder(labels: LabelArray, start: number, from: Int32Array, count: number, to: Int32Array, at: number, s: Scratch): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < count; k++) {
    const label = labels[start + from[k]!]!;
    lo = Math.min(lo, label);
    hi = Math.max(hi, label);
  }
  if (count === 0) return true;
  const span = hi - lo + 1;
  if (span >= COUNTED_LEVELS) return false;
  // counts[v - lo + 1]: how many have label v; then, summed, where label v's first one goes
  const counts = s.levelCounts;
  for (let v = 0; v <= span; v++) counts[v] = 0;
  for (let k = 0; k < count; k++) counts[labels[start + from[k]!]! - lo + 1]!++;
  for (let v = 1; v <= span; v++) counts[v]! += counts[v - 1]!;
  for (let k = 0; k < count; k++) {
    const i = from[k]!;
    to[at + counts[labels[start + i]! - lo]!++] = i;
  }
  return true;
}
