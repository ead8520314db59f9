#pragma once
#include "expectedRelevant.hpp"

namespace tie_eval {

/** P@k = E[relevant in the top k] / k. */
inline double precision(const Scratch& s, int col, double k) { return expectedRelevant(s, col, k) / k; }

}  // namespace tie_eval
