#pragma once
#include "inlineKernel.hpp"
#include "firstRelevantGroup.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Success@k = 1 - P(no relevant document in the top k). It is 1 when a group wholly above k
 * holds a relevant document; when the first such group crosses k, it is the chance that the
 * first relevant document of that group falls in its k - t_c slots: the same first-slot
 * probabilities as RR, summed (a sum of positive terms, stable where 1 - f would cancel).
 * Cut-off 0: the whole ranking (ranx's hit_rate).
 */
TIE_EVAL_INLINE double success(const Scratch& s, int col, double cutoff) {
  const double k = cutoff > 0 ? cutoff : s.n;
  const int g = firstRelevantGroup(s, col, k);
  if (g < 0) return 0;
  if (s.groupEnd[g] <= k) return 1;
  const double start = g > 0 ? s.groupEnd[g - 1] : 0;
  const double size = s.groupEnd[g] - start;
  const double r = s.groupRel[g * s.levels + col];
  double hit = 0;
  double carry = 0;  // Kahan: the rounding error of hit
  double none = 1;
  for (double x = 1; x <= k - start && none > 0; x++) {
    const double left = size - x + 1;
    const double term = (none * r) / left - carry;
    const double next = hit + term;
    carry = next - hit - term;
    hit = next;
    none = (none * (left - r)) / left;
  }
  return hit;
}

}  // namespace tie_eval
