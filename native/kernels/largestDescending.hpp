#pragma once
#include <algorithm>
#include <functional>

namespace tie_eval {

/** Labels spanning fewer values than this (largest - smallest + 1) are counted per value; others are sorted. */
constexpr int COUNTED_LEVELS = 64;

/**
 * Writes the `count` largest of the values counted in counts[0..span) (counts[v] of them equal
 * lo + v) to top[0..count), descending (count <= how many there are): from the largest value
 * down, each as many times as counted.
 */
inline void countedDescending(const int* counts, double lo, int span, int count, double* top) {
  int filled = 0;
  for (int v = span - 1; filled < count; v--) {
    const double level = lo + v;
    const int end = std::min(count, filled + counts[v]);
    for (; filled < end; filled++) top[filled] = level;
  }
}

/**
 * Writes the `count` largest of values[0..m) to top[0..count), descending (0 < count <= m;
 * `top` has room for m). Labels span few values (trec_eval's 0-4 or so): they are counted per
 * value in one pass and listed from the largest value down, O(m) and no comparison sort, which
 * mispredicts on such small, repetitive lists; values spanning more are partially sorted.
 * The values must be integers (labels are checked), not NaN.
 */
template <typename V>
void largestDescending(const V* values, int m, int count, double* top) {
  V lo = values[0];
  V hi = values[0];
  for (int i = 1; i < m; i++) {
    lo = std::min(lo, values[i]);
    hi = std::max(hi, values[i]);
  }
  // the span in doubles: the difference of two int32 labels may not fit an int32
  if (static_cast<double>(hi) - static_cast<double>(lo) >= COUNTED_LEVELS) {
    for (int i = 0; i < m; i++) top[i] = static_cast<double>(values[i]);
    std::partial_sort(top, top + count, top + m, std::greater<double>());
    return;
  }
  const int span = static_cast<int>(hi - lo) + 1;
  // two tables, for even and odd positions: a run of equal labels then adds to two counts in
  // turn, not to one count that waits on its own last store each time
  int counts[2][COUNTED_LEVELS];
  for (int v = 0; v < span; v++) counts[0][v] = counts[1][v] = 0;
  for (int i = 0; i < m; i++) counts[i & 1][static_cast<int>(values[i] - lo)]++;
  for (int v = 0; v < span; v++) counts[0][v] += counts[1][v];
  countedDescending(counts[0], static_cast<double>(lo), span, count, top);
}

}  // namespace tie_eval
