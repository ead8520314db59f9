#pragma once
#include <cmath>
#include "codes.hpp"

namespace tie_eval {

/** The gain of a label: 0 below the relevance level `rel`, else `l` (linear) or `2^l - 1` (exp). */
inline double gainOf(double label, int type, double rel) {
  // the type first: a linear gain is then a select, no branch on the label (mispredicted on mixed labels)
  if (type == GAIN_EXP) return label < rel ? 0 : std::pow(2.0, label) - 1;
  return label < rel ? 0 : label;
}

}  // namespace tie_eval
