#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "codes.hpp"
#include "scratch.hpp"

namespace tie_eval {

/** INSQ's normaliser: the sum of its weights 1/(j + 2T - 1)² over the first CWL_DEPTH ranks, kept for the next query (s.insqT, s.insqTotal). */
inline double insqTotal(Scratch& s, double t) {
  if (s.insqT != t) {
    double total = 0;
    for (double j = 1; j <= CWL_DEPTH; j++) total += 1 / ((j + 2 * t - 1) * (j + 2 * t - 1));
    s.insqT = t;
    s.insqTotal = total;
  }
  return s.insqTotal;
}

/**
 * cwl_eval's INSQ(T) (ir_measures' INSQ): its continuation ((j + 2T - 1)/(j + 2T))^2 makes the
 * weight of rank j proportional to 1/(j + 2T - 1)^2, over the first CWL_DEPTH ranks (positions
 * past the ranking gain nothing); the value is the weighted mean of the scaled gains. The
 * weights do not depend on the gains, so each position of a group takes the group's mean gain.
 * The sum is compensated (Kahan) unless `plain`; the weights' sum is kept for the next query (s.insqT, s.insqTotal).
 */
TIE_EVAL_INLINE double insq(Scratch& s, int gainCol, double t, bool plain) {
  const double total = insqTotal(s, t);
  const double k = std::min(static_cast<double>(s.n), static_cast<double>(CWL_DEPTH));
  double sum = 0;
  double carry = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k; g++) {
    const double end = s.groupEnd[g];
    const double share = s.groupGain[g * s.gains + gainCol] / (end - start);
    const double last = std::min(end, k);
    for (double j = start + 1; j <= last; j++) {
      const double term = share / ((j + 2 * t - 1) * (j + 2 * t - 1)) - carry;
      const double next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    start = end;
  }
  return sum / total;
}

}  // namespace tie_eval
