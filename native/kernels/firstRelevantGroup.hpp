#pragma once
#include "inlineKernel.hpp"
#include "scratch.hpp"

namespace tie_eval {

/** The first group that starts above position k and holds a relevant document, or -1. */
TIE_EVAL_INLINE int firstRelevantGroup(const Scratch& s, int col, double k) {
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k; g++) {
    if (s.groupRel[g * s.levels + col] > 0) return g;
    start = s.groupEnd[g];
  }
  return -1;
}

}  // namespace tie_eval
