#pragma once
#include <cmath>
#include "catalog.hpp"

namespace tie_eval {

/** The gain of a label: 0 below the relevance level `rel`, else `l` (linear) or `2^l - 1` (exp). */
inline double gainOf(double label, int type, double rel) {
  if (label < rel) return 0;
  return type == GAIN_EXP ? std::pow(2.0, label) - 1 : label;
}

}  // namespace tie_eval
