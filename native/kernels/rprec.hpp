#pragma once
#include "inlineKernel.hpp"
#include <cmath>
#include "expectedRelevant.hpp"

namespace tie_eval {

/** The rank R-precision reads: floor(mult R + 0.9), as trec_eval's Rprec_mult rounds it (R itself for mult 1). */
inline double rprecDepth(double mult, double relevant) { return std::floor(mult * relevant + 0.9); }

/** Rprec = E[relevant in the top c] / c at c = rprecDepth(mult, R) (trec_eval's R-precision and Rprec_mult), 0 when c = 0. */
TIE_EVAL_INLINE double rprec(const Scratch& s, int col, double relevant, double mult) {
  const double c = rprecDepth(mult, relevant);
  return c > 0 ? expectedRelevant(s, col, c) / c : 0;
}

}  // namespace tie_eval
