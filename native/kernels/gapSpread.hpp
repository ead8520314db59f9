#pragma once
#include <algorithm>
#include <cmath>
#include "bpref.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The variance of sum_j c_j w_j (j = 0..K-1), c_j the relevant documents of a group that follow
 * exactly j of the group's other documents the measure counts: in a uniformly random order of the
 * group the counts (c_0, ..., c_(K-1)) are a uniformly random composition of its r relevant
 * documents into K parts (one composition per arrangement), the Dirichlet-multinomial with every
 * weight 1, whose covariances give Var = r (r + K) / (K (K + 1)) × sum_j (w_j - mean w)².
 * `squares` is that sum of squared deviations.
 */
inline double compositionSpread(double r, double parts, double squares) {
  return ((r * (r + parts)) / (parts * (parts + 1))) * squares;
}

/**
 * The standard deviation of trec_eval's bpref (see bpref): a relevant document of group g adds
 * 1 - min(B_g + y, R) / min(N, R), y the judged non-relevant documents of its group before it
 * (B_g those above the group, fixed), so the group adds sum_y c_y w_y over its m + 1 gaps
 * (compositionSpread); the groups are independent.
 */
inline double bprefSpread(const Scratch& s, int col, double relevant, double judged) {
  const double scale = std::min(judged - relevant, relevant);
  if (relevant == 0 || scale == 0) return 0;
  double variance = 0;
  double nonrelAbove = 0;
  for (int g = 0; g < s.groupCount; g++) {
    const double r = s.groupRel[g * s.levels + col];
    const double m = s.groupJudged[g] - r;
    // past R non-relevant documents every place counts R: nothing varies
    if (r > 0 && m > 0 && nonrelAbove < relevant) {
      const double mean = cappedSum(nonrelAbove, m, relevant) / (m + 1);
      double squares = 0;
      for (double y = 0; y <= m; y++) {
        const double d = std::min(nonrelAbove + y, relevant) - mean;
        squares += d * d;
      }
      variance += compositionSpread(r, m + 1, squares);
    }
    nonrelAbove += m;
  }
  return std::sqrt(variance) / (scale * relevant);
}

/**
 * The standard deviation of trec_eval's binG (see binG): a relevant document of group g adds
 * discount[1 + B_g + y], y the group's non-relevant documents before it (B_g those of the groups
 * above, fixed), so the group adds sum_y c_y w_y over its m + 1 gaps (compositionSpread); the
 * groups are independent.
 */
inline double binGSpread(const Scratch& s, int col, double relevant) {
  double variance = 0;
  double before = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount; g++) {
    const double end = s.groupEnd[g];
    const double r = s.groupRel[g * s.levels + col];
    const double m = end - start - r;
    if (r > 0 && m > 0) {
      const double nonrel = start - before;
      double mean = 0;
      for (double y = 0; y <= m; y++) mean += s.discount[static_cast<size_t>(1 + nonrel + y)];
      mean /= m + 1;
      double squares = 0;
      for (double y = 0; y <= m; y++) {
        const double d = s.discount[static_cast<size_t>(1 + nonrel + y)] - mean;
        squares += d * d;
      }
      variance += compositionSpread(r, m + 1, squares);
    }
    before += r;
    start = end;
  }
  // no variance without a relevant document ranked, and then R > 0
  return variance > 0 ? std::sqrt(variance) / relevant : 0;
}

}  // namespace tie_eval
