#pragma once
#include "inlineKernel.hpp"
#include "expectedRelevant.hpp"

namespace tie_eval {

/** P@k = E[relevant in the top k] / k. */
TIE_EVAL_INLINE double precision(const Scratch& s, int col, double k) { return expectedRelevant(s, col, k) / k; }

}  // namespace tie_eval
