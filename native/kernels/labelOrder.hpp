#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include "largestDescending.hpp"
#include "scratch.hpp"

namespace tie_eval {

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
template <typename L>
bool labelOrder(const L* labels, int64_t start, const int32_t* from, int count, int32_t* to, int at, Scratch& s) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  for (int k = 0; k < count; k++) {
    const double label = static_cast<double>(labels[start + from[k]]);
    lo = std::min(lo, label);
    hi = std::max(hi, label);
  }
  if (count == 0) return true;
  const double span = hi - lo + 1;
  if (span >= COUNTED_LEVELS) return false;
  // counts[v - lo + 1]: how many have label v; then, summed, where label v's first one goes
  int* counts = s.levelCounts;
  const int last = static_cast<int>(span);
  for (int v = 0; v <= last; v++) counts[v] = 0;
  for (int k = 0; k < count; k++) counts[static_cast<int>(static_cast<double>(labels[start + from[k]]) - lo) + 1]++;
  for (int v = 1; v <= last; v++) counts[v] += counts[v - 1];
  for (int k = 0; k < count; k++) {
    const int i = from[k];
    to[at + counts[static_cast<int>(static_cast<double>(labels[start + i]) - lo)]++] = i;
  }
  return true;
}

}  // namespace tie_eval
