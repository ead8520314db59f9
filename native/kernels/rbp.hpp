#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "scratch.hpp"

namespace tie_eval {

/**
 * RBP(p)@k (cutoff 0: the whole ranking) = (1 - p) sum_j gain_j p^(j-1). Binary (gainCol < 0):
 * every position of a group is relevant with chance r_i / n_i. Graded: a position's expected
 * gain is the group's gain sum over n_i, over `norm` (the largest judged label, at least 1).
 * The weight p^(j-1) is kept as a running product and the scan stops once it underflows to 0;
 * the sum is compensated (Kahan) unless `plain` (trec and input modes sum in rank order).
 */
TIE_EVAL_INLINE double rbp(const Scratch& s, int col, int gainCol, double cutoff, double p, double norm, bool plain) {
  const double k = cutoff > 0 ? cutoff : s.n;
  double sum = 0;
  double carry = 0;
  double weight = 1;
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k && weight > 0; g++) {
    const double end = s.groupEnd[g];
    const double share = gainCol < 0 ? s.groupRel[g * s.levels + col] / (end - start) : s.groupGain[g * s.gains + gainCol] / (end - start) / norm;
    const double last = std::min(end, k);
    for (double j = start + 1; j <= last; j++) {
      const double term = share * weight - carry;
      const double next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
      weight *= p;
    }
    start = end;
  }
  return (1 - p) * sum;
}

/**
 * trec_eval's rbp_resid: when the ranking holds an unjudged document (label < 0), p^n plus
 * (1 - p) times the sum of p^(j-1) over its unjudged positions j (the weight RBP leaves
 * unknown), else 0. Every position of a group is unjudged with chance (n_i - judged_i) / n_i.
 */
TIE_EVAL_INLINE double rbpResid(const Scratch& s, double p, bool plain) {
  double sum = 0;
  double carry = 0;
  double weight = 1;
  double unjudged = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount; g++) {
    const double end = s.groupEnd[g];
    const double missing = end - start - s.groupJudged[g];
    unjudged += missing;
    const double share = end > start ? missing / (end - start) : 0;
    for (double j = start + 1; j <= end; j++) {
      const double term = share * weight - carry;
      const double next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
      weight *= p;
    }
    start = end;
  }
  return unjudged > 0 ? weight + (1 - p) * sum : 0;
}

}  // namespace tie_eval
