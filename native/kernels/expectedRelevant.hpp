#pragma once
#include "inlineKernel.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * E[relevant documents in the top k] at relevance column `col`: R_c + (k - t_c) r_c / n_c.
 * Groups wholly above k count all their relevant documents; the group V_c that crosses k
 * holds on average (k - t_c) r_c / n_c of them in its k - t_c slots; positions beyond the
 * ranking count as non-relevant.
 */
TIE_EVAL_INLINE double expectedRelevant(const Scratch& s, int col, double k) {
  double sum = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k; g++) {
    const double end = s.groupEnd[g];
    const double r = s.groupRel[g * s.levels + col];
    sum += end <= k ? r : ((k - start) * r) / (end - start);
    start = end;
  }
  return sum;
}

}  // namespace tie_eval
