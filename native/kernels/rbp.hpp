#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "scratch.hpp"

namespace tie_eval {

/**
 * RBP(p)@k (cutoff 0: the whole ranking) = (1 - p) sum_j rel_j p^(j-1), binary relevance:
 * every position of a group is relevant with chance r_i / n_i. The weight p^(j-1) is kept as
 * a running product and the scan stops once it underflows to 0; the sum is compensated (Kahan).
 */
TIE_EVAL_INLINE double rbp(const Scratch& s, int col, double cutoff, double p) {
  const double k = cutoff > 0 ? cutoff : s.n;
  double sum = 0;
  double carry = 0;
  double weight = 1;
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k && weight > 0; g++) {
    const double end = s.groupEnd[g];
    const double share = s.groupRel[g * s.levels + col] / (end - start);
    const double last = std::min(end, k);
    for (double j = start + 1; j <= last; j++) {
      const double term = share * weight - carry;
      const double next = sum + term;
      carry = next - sum - term;
      sum = next;
      weight *= p;
    }
    start = end;
  }
  return (1 - p) * sum;
}

}  // namespace tie_eval
