#pragma once
#include <algorithm>
#include <functional>
#include <limits>

namespace tie_eval {

/** Lists up to this long are read level by level; longer ones are sorted. */
constexpr int LEVEL_PASS_MAX = 32;

/**
 * Writes the `count` largest of values[0..m) to top[0..count), descending (0 < count <= m;
 * `top` has room for m). A short list (an ideal ranking's few judged labels, on a handful of
 * levels) is read level by level: one pass finds how many hold the current level, the next the
 * largest value below it, in the values' own type (compilers vectorize both; a comparison sort
 * mispredicts on such small, repetitive lists); a longer one is partially sorted.
 * The values must not be NaN (labels are checked integers).
 */
template <typename V>
void largestDescending(const V* values, int m, int count, double* top) {
  if (m > LEVEL_PASS_MAX) {
    for (int i = 0; i < m; i++) top[i] = static_cast<double>(values[i]);
    std::partial_sort(top, top + count, top + m, std::greater<double>());
    return;
  }
  V level = values[0];
  for (int i = 1; i < m; i++) level = std::max(level, values[i]);
  for (int filled = 0;;) {
    // how many hold this level
    int same = 0;
    for (int i = 0; i < m; i++) same += values[i] == level ? 1 : 0;
    const int end = std::min(count, filled + same);
    for (; filled < end; filled++) top[filled] = static_cast<double>(level);
    // every value is listed once its level is, so a level below the smallest is never sought
    if (filled == count) return;
    // the next level: the largest value below this one
    V next = std::numeric_limits<V>::lowest();
    for (int i = 0; i < m; i++) next = std::max(next, values[i] < level ? values[i] : std::numeric_limits<V>::lowest());
    level = next;
  }
}

}  // namespace tie_eval
