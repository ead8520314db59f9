#pragma once
#include <algorithm>
#include <cmath>
#include "firstRelevantGroup.hpp"
#include "reciprocalRank.hpp"
#include "scratch.hpp"
#include "success.hpp"

namespace tie_eval {

/**
 * The standard deviation of RR@k (cutoff 0: the whole ranking). Only the first group holding a
 * relevant document varies: its first relevant document sits at slot x with chance
 * f(x-1) r / (n - x + 1) (see reciprocalRank), past the cut-off (RR 0) with chance f(slots).
 * Summed as the chances times squared deviations from the mean, never as E[RR²] - E[RR]²,
 * which cancels where the spread is small beside the mean.
 */
inline double reciprocalRankSpread(const Scratch& s, int col, double cutoff) {
  const double k = cutoff > 0 ? cutoff : s.n;
  const int g = firstRelevantGroup(s, col, k);
  if (g < 0) return 0;
  const double mean = reciprocalRank(s, col, cutoff);
  const double start = g > 0 ? s.groupEnd[g - 1] : 0;
  const double size = s.groupEnd[g] - start;
  const double r = s.groupRel[g * s.levels + col];
  const double slots = std::min(size, k - start);
  double sum = 0;
  double none = 1;
  for (double x = 1; x <= slots && none > 0; x++) {
    const double left = size - x + 1;
    const double d = 1 / (start + x) - mean;
    sum += ((none * r) / left) * d * d;
    none = (none * (left - r)) / left;
  }
  return std::sqrt(sum + none * mean * mean);
}

/**
 * The standard deviation of Success@k: a coin of chance p = Success@k, so sqrt(p (1 - p));
 * 0 unless the first group holding a relevant document crosses k.
 */
inline double successSpread(const Scratch& s, int col, double cutoff) {
  const double p = success(s, col, cutoff);
  return std::sqrt(std::max(0.0, p * (1 - p)));
}

}  // namespace tie_eval
