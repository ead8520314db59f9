#pragma once
#include "inlineKernel.hpp"
#include "expectedRelevant.hpp"

namespace tie_eval {

/** R@k = E[relevant in the top k] / R, 0 when R = 0. */
TIE_EVAL_INLINE double recall(const Scratch& s, int col, double k, double relevant) {
  return relevant > 0 ? expectedRelevant(s, col, k) / relevant : 0;
}

}  // namespace tie_eval
