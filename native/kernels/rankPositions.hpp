#pragma once
#include <cstdint>
#include "codes.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Orders a small query without data-dependent branches: the rank of position i is the number
 * of positions that come before it (score descending, then the tie mode's key, then the
 * position), so order[rank] = i. O(n²) comparisons, but on tied scores a sort's comparisons
 * mispredict and cost more for small n. Gives exactly sortPositions' order.
 */
template <typename L>
void rankPositions(const double* scores, const L* labels, const int32_t* tieKeys, int64_t start, int n, int mode, Scratch& s) {
  double* keys = s.select.data();
  const bool keyed = mode != INPUT && mode != AVERAGE;
  for (int i = 0; i < n; i++) {
    keys[i] = mode == OPTIMISTIC ? -static_cast<double>(labels[start + i]) : mode == TREC ? static_cast<double>(tieKeys[start + i]) : mode == PESSIMISTIC || mode == SD ? static_cast<double>(labels[start + i]) : 0;
  }
  const double* q = scores + start;
  for (int i = 0; i < n; i++) {
    const double si = q[i];
    int rank = 0;
    if (keyed) {
      const double ki = keys[i];
      for (int j = 0; j < n; j++) rank += (q[j] > si) | ((q[j] == si) & ((keys[j] < ki) | ((keys[j] == ki) & (j < i))));
    } else {
      for (int j = 0; j < n; j++) rank += (q[j] > si) | ((q[j] == si) & (j < i));
    }
    s.order[rank] = i;
  }
}

}  // namespace tie_eval
