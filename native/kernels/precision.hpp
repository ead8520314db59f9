#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "expectedRelevant.hpp"

namespace tie_eval {

/** P@k = E[relevant in the top k] / k; relative (trec_eval's relative_P): over min(k, R), 0 when R = 0. */
TIE_EVAL_INLINE double precision(const Scratch& s, int col, double k, double relative, double relevant) {
  if (relative > 0) return relevant > 0 ? expectedRelevant(s, col, k) / std::min(k, relevant) : 0;
  return expectedRelevant(s, col, k) / k;
}

}  // namespace tie_eval
