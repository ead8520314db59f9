#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "idealLevels.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * trec_eval's Rndcg: the mean of DCG_b / IDCG_b over the ranks b where a gain level of the ideal
 * ranking ends (the cumulative counts of its positive gain levels, the last at N+), DCG_b
 * stopping at the ranking's end; and when the ranking runs past rank N+ + 1, once more
 * DCG_n / IDCG_(N+) (trec_eval adds that term only then).
 * 0 when R = 0 or no rank counts (trec_eval prints nan there). The ranks b do not depend on the
 * order, so the tie-aware value is linear: each rank takes its group's mean gain.
 */
TIE_EVAL_INLINE double rndcg(Scratch& s, int gainCol, double relevant, const double* constants, int64_t slot, bool plain) {
  if (relevant == 0) return 0;
  const double levels = constants[slot];
  const double positives = idealCount(constants, slot);
  s.ensureDiscount(static_cast<size_t>(positives));
  IdealWalk walk;
  walk.start(constants, slot);
  double ideal = 0;
  double dcg = 0;
  double carry = 0;  // Kahan on the DCG, as dcg() keeps it
  double sum = 0;
  double count = 0;
  int level = 0;
  double boundary = levels > 0 ? constants[slot + 2] : -1;
  int g = 0;
  double start = 0;
  const double last = std::max<double>(s.n, positives);
  for (int rank = 1; rank <= last; rank++) {
    if (rank <= positives) ideal += walk.next() * s.discount[rank];
    if (rank <= s.n) {
      while (s.groupEnd[g] < rank) start = s.groupEnd[g++];
      const double term = (s.groupGain[g * s.gains + gainCol] / (s.groupEnd[g] - start)) * s.discount[rank] - carry;
      const double next = dcg + term;
      carry = plain ? 0 : next - dcg - term;
      dcg = next;
    }
    if (rank == boundary) {
      sum += dcg / ideal;
      count++;
      level++;
      boundary = level < levels ? boundary + constants[slot + 2 + 2 * level] : -1;
    }
  }
  if (s.n > positives + 1 && ideal > 0) {
    sum += dcg / ideal;
    count++;
  }
  return count > 0 ? sum / count : 0;
}

}  // namespace tie_eval
