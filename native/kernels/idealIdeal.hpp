#pragma once
#include <cstdint>
#include "diversityScratch.hpp"

namespace tie_eval {

/**
 * ndeval's "ideal ideal" sums, its normalisers of alpha-DCG and ERR-IA: every one of the A
 * subtopics covered at every rank, a gain of A q^i at rank i, cumulative, into s.sums[dcg ..] and
 * s.sums[err ..] through rank depth - 1.
 */
inline void idealIdeal(DiversityScratch& s, double q, int depth, int64_t dcg, int64_t err, const double* discounts) {
  double gain = s.subtopicCount;
  for (int i = 0; i < depth; i++) {
    s.sums[dcg + i] = gain * discounts[i] + (i > 0 ? s.sums[dcg + i - 1] : 0);
    s.sums[err + i] = gain / (i + 1) + (i > 0 ? s.sums[err + i - 1] : 0);
    gain *= q;
  }
}

}  // namespace tie_eval
