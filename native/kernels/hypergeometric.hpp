#pragma once
#include <algorithm>
#include <cmath>

namespace tie_eval {

/**
 * P(X = x) for x = lo..hi, written to pmf[0..hi-lo], where X is the number of relevant
 * documents among `draws` slots filled at random from a group of `size` holding `r` relevant
 * (lo = max(0, draws - (size - r)), hi = min(draws, r)). Built by the ratio recurrence from
 * the mode outwards, so no term overflows and far tails underflow harmlessly to 0, then
 * normalised.
 */
inline void hypergeometric(double size, double r, double draws, double lo, double hi, double* pmf) {
  const double mode = std::min(hi, std::max(lo, std::floor(((draws + 1) * (r + 1)) / (size + 2))));
  pmf[static_cast<int>(mode - lo)] = 1;
  for (double x = mode + 1; x <= hi; x++) {
    pmf[static_cast<int>(x - lo)] = (pmf[static_cast<int>(x - 1 - lo)] * ((r - x + 1) * (draws - x + 1))) / (x * (size - r - draws + x));
  }
  for (double x = mode - 1; x >= lo; x--) {
    pmf[static_cast<int>(x - lo)] = (pmf[static_cast<int>(x + 1 - lo)] * ((x + 1) * (size - r - draws + x + 1))) / ((r - x) * (draws - x));
  }
  double total = 0;
  for (double x = lo; x <= hi; x++) total += pmf[static_cast<int>(x - lo)];
  for (double x = lo; x <= hi; x++) pmf[static_cast<int>(x - lo)] = pmf[static_cast<int>(x - lo)] / total;
}

}  // namespace tie_eval
