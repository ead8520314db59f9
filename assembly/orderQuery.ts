import { AVERAGE, SD } from './codes';
import { firstNaN } from './firstNaN';
import { getF64, getI32, setF64, setI32 } from './memory';
import { heapLargest } from './heapLargest';
import { labelOrder } from './labelOrder';
import { rankPositions } from './rankPositions';
import * as S from './scratch';
import { selectLargest } from './selectLargest';
import { sortPositions } from './sortPositions';

/** Queries this small are ranked whole without branches (rankPositions): selection does not pay below it. */
export const SELECT_ABOVE: i32 = 32;

/** Cut-offs up to this depth are found with a heap in one pass (heapLargest), deeper ones by quickselect (chosen, not tuned). */
export const HEAP_DEPTH: i32 = 64;

/**
 * Step 1, the ordering: writes positions (0..n-1 within the query starting at `start`) to
 * `S.order` by score descending; inside equal scores the tie mode's key decides: labels
 * descending (optimistic), labels ascending (pessimistic; and sd, whose sums over a group's
 * documents then follow the labels, not the input order: see labelOrder), `tieKeys` ascending
 * (trec: keys that order equal scores by document id descending in byte order), else the
 * position (input; and average, where only a group's counts matter: a plan whose sums could
 * follow the order, PLAN_FLAG_NEEDS_ORDER, is ordered in sd mode's order, see evaluateQuery).
 *
 * Small queries are ranked without branches (rankPositions). Of a larger query only the first
 * `depth` positions are needed. When depth < n (every measure has a cut-off),
 * the score s* at position `depth` is selected in one pass (heapLargest) or in linear time
 * (selectLargest); the documents above s* are
 * sorted and the whole group of s* (the group crossing the cut-off) follows them, sorted by
 * key except in average mode, where only its counts and members matter (in sd mode counted by
 * label, labelOrder, when the labels span few values).
 * Returns how many positions `S.order` holds, at least min(depth, n); or -1 when a score is
 * NaN, its position in `S.badPosition`. The scores are checked first where a sort or a partition
 * would compare them; the heap selection only compares, so the pass after it finds a NaN.
 */
export function orderQuery<L>(scores: usize, labels: usize, tieKeys: usize, start: i32, n: i32, depth: i32, mode: i32): i32 {
  // NaN scores: checked before sorting or partitioning (see above)
  if (n <= SELECT_ABOVE || depth >= n || depth > HEAP_DEPTH) {
    S.badPosition = firstNaN(scores, start, n);
    if (S.badPosition >= 0) return -1;
  }
  if (n <= SELECT_ABOVE) {
    rankPositions<L>(scores, labels, tieKeys, start, n, mode);
    return n;
  }
  if (depth >= n) {
    for (let i = 0; i < n; i++) setI32(S.order, i, i);
    sortPositions<L>(scores, labels, tieKeys, start, mode, 0, n);
    return n;
  }
  // the score at position `depth`
  let cut: f64;
  let candidates = n;
  if (depth <= HEAP_DEPTH) {
    candidates = heapLargest(scores, start, n, depth, S.select, S.order);
    cut = getF64(S.select, 0);
  } else {
    for (let i = 0; i < n; i++) setF64(S.select, i, getF64(scores, start + i));
    cut = selectLargest(S.select, n, depth);
    for (let i = 0; i < n; i++) setI32(S.order, i, i);
  }
  // the documents above it, sorted, then its whole group, gathered from the candidates (the
  // order the heap pass wrote, or every position) in one pass without a branch on the scores
  // (the group of s* is often a large share of the query, so a branch on it would be
  // mispredicted) that also meets any NaN; it compacts the order in place (it writes no further
  // than it reads), and the group's positions wait in groupEnd, which buildGroups fills only later
  const group = S.groupEnd;
  let above = 0;
  let tied = 0;
  let nan = false;
  for (let c = 0; c < candidates; c++) {
    const i = getI32(S.order, c);
    const x = getF64(scores, start + i);
    setI32(S.order, above, i);
    above += <i32>(x > cut);
    setI32(group, tied, i);
    tied += <i32>(x == cut);
    nan = nan || x != x;
  }
  if (nan) {
    S.badPosition = firstNaN(scores, start, n);
    return -1;
  }
  const held = above + tied;
  sortPositions<L>(scores, labels, tieKeys, start, mode, 0, above);
  // the group: as gathered in average mode (only its counts and members matter); in sd mode by
  // label, counted (labelOrder) where the labels span few values; else by its key
  if (mode == SD && labelOrder<L>(labels, start, group, tied, S.order, above)) return held;
  for (let i = 0; i < tied; i++) setI32(S.order, above + i, getI32(group, i));
  if (mode != AVERAGE) sortPositions<L>(scores, labels, tieKeys, start, mode, above, held);
  return held;
}
