#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "firstRelevantGroup.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * RR@k (cutoff 0: the whole ranking). In the first group V_i holding a relevant document,
 * f(x) = f(x-1) (1 - r / (n - x + 1)) is the chance that its first x slots hold none; the first
 * relevant document sits at slot x with chance f(x-1) r / (n - x + 1). That product is summed
 * directly, never as f(x-1) - f(x), which cancels badly in large groups.
 */
TIE_EVAL_INLINE double reciprocalRank(const Scratch& s, int col, double cutoff) {
  const double k = cutoff > 0 ? cutoff : s.n;
  const int g = firstRelevantGroup(s, col, k);
  if (g < 0) return 0;
  const double start = g > 0 ? s.groupEnd[g - 1] : 0;
  const double size = s.groupEnd[g] - start;
  const double r = s.groupRel[g * s.levels + col];
  const double slots = std::min(size, k - start);
  double rr = 0;
  double carry = 0;  // Kahan: the rounding error of rr
  double none = 1;
  for (double x = 1; x <= slots && none > 0; x++) {
    const double left = size - x + 1;
    const double term = (none * r) / left / (start + x) - carry;
    const double next = rr + term;
    carry = next - rr - term;
    rr = next;
    none = (none * (left - r)) / left;
  }
  return rr;
}

}  // namespace tie_eval
