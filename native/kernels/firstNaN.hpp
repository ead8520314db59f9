#pragma once
#include <cmath>
#include <cstdint>

namespace tie_eval {

/** The position of the first NaN among scores[start..start+n), or -1. */
inline int firstNaN(const double* scores, int64_t start, int n) {
  for (int i = 0; i < n; i++) {
    if (std::isnan(scores[start + i])) return i;
  }
  return -1;
}

}  // namespace tie_eval
