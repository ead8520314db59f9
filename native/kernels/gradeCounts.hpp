#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "largestDescending.hpp"

namespace tie_eval {

/** Room gradeCounts needs in `counts`: two tables of COUNTED_LEVELS grades and a slot for the unjudged. */
constexpr int GRADE_COUNTS_SIZE = 2 * (COUNTED_LEVELS + 1);

/**
 * The ideal labels (of an integer type) counted by grade, when they are the usual judgements
 * (none of COUNTED_LEVELS or more): leaves counts[v] = how many are v for 0 <= v < span, the
 * span returned (1 + the largest grade, 0 without one), and counts[COUNTED_LEVELS] = how many
 * are below 0 (unjudged); returns -1 when a label is COUNTED_LEVELS or more (counts unset).
 * One pass for the largest label and one to count, so that R, J, the multiset check and the
 * largest ideal labels all read the counts (where each counted the labels in a pass of its own).
 * Counted in two tables, for even and odd positions (see largestDescending), then summed;
 * the labels below 0 in each table's last slot, without a branch.
 */
template <typename V>
int gradeCounts(const V* values, int m, int* counts) {
  int hi = -1;
  for (int i = 0; i < m; i++) hi = std::max(hi, static_cast<int>(values[i]));
  if (hi >= COUNTED_LEVELS) return -1;
  const int span = hi + 1;
  int* odd = counts + COUNTED_LEVELS + 1;
  for (int v = 0; v < span; v++) counts[v] = odd[v] = 0;
  counts[COUNTED_LEVELS] = odd[COUNTED_LEVELS] = 0;
  for (int i = 0; i < m; i++) {
    const int v = static_cast<int>(values[i]);
    (i & 1 ? odd : counts)[v < 0 ? COUNTED_LEVELS : v]++;
  }
  for (int v = 0; v < span; v++) counts[v] += odd[v];
  counts[COUNTED_LEVELS] += odd[COUNTED_LEVELS];
  return span;
}

/** How many of the grades counted by gradeCounts (counts[0..span)) are at least `level` (>= 1). */
inline int gradesAtLeast(const int* counts, int span, double level) {
  int count = 0;
  for (int v = static_cast<int>(std::min<double>(std::ceil(level), span)); v < span; v++) count += counts[v];
  return count;
}

}  // namespace tie_eval
