#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "scratch.hpp"

namespace tie_eval {

/**
 * DCG@k (cutoff 0: the whole ranking) with discount 1/log2(j + 1): every position of a group
 * takes the group's mean gain (gain sum / n_i) times its discount. Summed with Kahan's
 * compensation so long rankings and large groups stay exact to ~1 ulp (unless `plain`, as
 * averagePrecision).
 */
TIE_EVAL_INLINE double dcg(const Scratch& s, int gainCol, double cutoff, bool plain) {
  const double k = cutoff > 0 ? cutoff : s.n;
  double sum = 0;
  double carry = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k; g++) {
    const double end = s.groupEnd[g];
    const double gain = s.groupGain[g * s.gains + gainCol];
    if (gain != 0) {
      const double mean = gain / (end - start);
      const int last = static_cast<int>(std::min(end, k));
      for (int j = static_cast<int>(start) + 1; j <= last; j++) {
        const double term = mean * s.discount[j] - carry;
        const double next = sum + term;
        carry = plain ? 0 : next - sum - term;
        sum = next;
      }
    }
    start = end;
  }
  return sum;
}

/** nDCG@k = E[DCG@k] / IDCG@k, 0 when the ideal DCG is 0. */
TIE_EVAL_INLINE double ndcg(const Scratch& s, int gainCol, double cutoff, double ideal, bool plain) {
  return ideal > 0 ? dcg(s, gainCol, cutoff, plain) / ideal : 0;
}

}  // namespace tie_eval
