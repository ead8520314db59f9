#pragma once
#include "inlineKernel.hpp"
#include "expectedRelevant.hpp"

namespace tie_eval {

/** Rprec = E[relevant in the top R] / R (trec_eval's R-precision), 0 when R = 0. */
TIE_EVAL_INLINE double rprec(const Scratch& s, int col, double relevant) {
  return relevant > 0 ? expectedRelevant(s, col, relevant) / relevant : 0;
}

}  // namespace tie_eval
