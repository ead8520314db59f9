#pragma once
#include <cstdint>
#include "codes.hpp"
#include "firstNaN.hpp"
#include "heapLargest.hpp"
#include "labelOrder.hpp"
#include "rankPositions.hpp"
#include "scratch.hpp"
#include "selectLargest.hpp"
#include "sortPositions.hpp"

namespace tie_eval {

/** Queries this small are ranked whole without branches (rankPositions): selection does not pay below it. */
constexpr int SELECT_ABOVE = 32;

/** Cut-offs up to this depth are found with a heap in one pass (heapLargest), deeper ones by quickselect (chosen, not tuned). */
constexpr int HEAP_DEPTH = 64;

/**
 * Step 1, the ordering: writes positions (0..n-1 within the query starting at `start`) to
 * `s.order` by score descending; inside equal scores the tie mode's key decides: labels
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
 * Returns how many positions `s.order` holds, at least min(depth, n); or -1 when a score is
 * NaN, its position in `s.badPosition`. The scores are checked first where a sort or a partition
 * would compare them; the heap selection only compares, so the pass after it finds a NaN.
 */
template <typename L>
int orderQuery(const double* scores, const L* labels, const int32_t* tieKeys, int64_t start, int n, int depth, int mode, Scratch& s) {
  int32_t* order = s.order.data();
  // NaN scores: checked before sorting or partitioning (see above)
  if (n <= SELECT_ABOVE || depth >= n || depth > HEAP_DEPTH) {
    s.badPosition = firstNaN(scores, start, n);
    if (s.badPosition >= 0) return -1;
  }
  if (n <= SELECT_ABOVE) {
    rankPositions(scores, labels, tieKeys, start, n, mode, s);
    return n;
  }
  if (depth >= n) {
    for (int i = 0; i < n; i++) order[i] = i;
    sortPositions(scores, labels, tieKeys, start, mode, order, 0, n);
    return n;
  }
  // the score at position `depth`
  double cut;
  int candidates = n;
  if (depth <= HEAP_DEPTH) {
    candidates = heapLargest(scores, start, n, depth, s.select.data(), order);
    cut = s.select[0];
  } else {
    for (int i = 0; i < n; i++) s.select[i] = scores[start + i];
    cut = selectLargest(s.select.data(), n, depth);
    for (int i = 0; i < n; i++) order[i] = i;
  }
  // the documents above it, sorted, then its whole group, gathered from the candidates (the
  // order the heap pass wrote, or every position) in one pass without a branch on the scores
  // (the group of s* is often a large share of the query, so a branch on it would be
  // mispredicted) that also meets any NaN; it compacts the order in place (it writes no further
  // than it reads), and the group's positions wait in groupEnd, which buildGroups fills only later
  int32_t* group = s.groupEnd.data();
  int above = 0;
  int tied = 0;
  bool nan = false;
  for (int c = 0; c < candidates; c++) {
    const int i = order[c];
    const double x = scores[start + i];
    order[above] = i;
    above += x > cut ? 1 : 0;
    group[tied] = i;
    tied += x == cut ? 1 : 0;
    nan |= x != x;
  }
  if (nan) {
    s.badPosition = firstNaN(scores, start, n);
    return -1;
  }
  const int held = above + tied;
  sortPositions(scores, labels, tieKeys, start, mode, order, 0, above);
  // the group: as gathered in average mode (only its counts and members matter); in sd mode by
  // label, counted (labelOrder) where the labels span few values; else by its key
  if (mode == SD && labelOrder(labels, start, group, tied, order, above, s)) return held;
  for (int i = 0; i < tied; i++) order[above + i] = group[i];
  if (mode != AVERAGE) sortPositions(scores, labels, tieKeys, start, mode, order, above, held);
  return held;
}

}  // namespace tie_eval
