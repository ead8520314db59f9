#pragma once
#include <cstdint>

namespace tie_eval {

/**
 * Walks the ideal ranking of a query from its gain levels (step 0's constants at `slot`: a
 * count L, then L pairs gain, how many, by gain descending): the ideal gain at each rank, 0
 * past the positive ones. G, ndcg_rel and Rndcg read the ideal ranking rank by rank with it.
 */
struct IdealWalk {
  int level = 0;
  double left = 0;
  int count = 0;
  const double* levels = nullptr;

  /** Starts at rank 1 of the levels at constants[slot..]. */
  void start(const double* constants, int64_t slot) {
    levels = constants + slot + 1;
    count = static_cast<int>(constants[slot]);
    level = 0;
    left = count > 0 ? levels[1] : 0;
  }

  /** The ideal gain at the next rank (0 once the levels are used up). */
  double next() {
    while (left == 0 && level + 1 < count) {
      level++;
      left = levels[2 * level + 1];
    }
    if (left == 0) return 0;
    left--;
    return levels[2 * level];
  }
};

/** The ranks the ideal ranking's positive gains fill: the sum of the levels' counts. */
inline double idealCount(const double* constants, int64_t slot) {
  double total = 0;
  for (int l = 0; l < constants[slot]; l++) total += constants[slot + 2 + 2 * l];
  return total;
}

/** The sum of the ideal ranking's positive gains. */
inline double idealGainSum(const double* constants, int64_t slot) {
  double total = 0;
  for (int l = 0; l < constants[slot]; l++) total += constants[slot + 1 + 2 * l] * constants[slot + 2 + 2 * l];
  return total;
}

}  // namespace tie_eval
