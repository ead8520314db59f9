#pragma once
#include "inlineKernel.hpp"
#include "expectedRelevant.hpp"

namespace tie_eval {

/** F1@k = 2 E[relevant in the top k] / (k + R): the harmonic mean of P@k and R@k, 0 when nothing is relevant. */
TIE_EVAL_INLINE double f1(const Scratch& s, int col, double k, double relevant) {
  return (2 * expectedRelevant(s, col, k)) / (k + relevant);
}

}  // namespace tie_eval
