#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "dcg.hpp"
#include "idealLevels.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Rndcg's ranks b (where a positive gain level of the ideal ranking ends, the last at N+ =
 * `positives`) with the ideal DCG through each, as pairs in s.gainLevels (step 0's, free after
 * it); returns how many.
 */
inline int rndcgTerms(Scratch& s, const double* constants, int64_t slot, double positives) {
  const double levels = constants[slot];
  s.ensureDiscount(static_cast<size_t>(positives));
  IdealWalk walk;
  walk.start(constants, slot);
  double ideal = 0;
  int count = 0;
  double boundary = levels > 0 ? constants[slot + 2] : -1;
  for (int rank = 1; rank <= positives; rank++) {
    ideal += walk.next() * s.discount[rank];
    if (rank == boundary) {
      s.gainLevels[2 * count] = rank;
      s.gainLevels[2 * count + 1] = ideal;
      count++;
      boundary = count < levels ? boundary + constants[slot + 2 + 2 * count] : -1;
    }
  }
  return count;
}

/**
 * trec_eval's Rndcg: the mean of DCG_b / IDCG_b over the ranks b where a gain level of the ideal
 * ranking ends (the cumulative counts of its positive gain levels, the last at N+), DCG_b
 * stopping at the ranking's end; and when the ranking runs past rank N+ + 1, once more
 * DCG_n / IDCG_(N+) (trec_eval adds that term only then).
 * 0 when R = 0 or no rank counts (trec_eval prints nan there). The ranks b do not depend on the
 * order, so the tie-aware value is linear: each rank takes its group's mean gain. DCG_b is the
 * query's running DCG (see dcg), which other rows of the column share.
 */
TIE_EVAL_INLINE double rndcg(Scratch& s, int gainCol, double relevant, const double* constants, int64_t slot, bool plain) {
  if (relevant == 0) return 0;
  const double positives = idealCount(constants, slot);
  const int terms = rndcgTerms(s, constants, slot, positives);
  // DCG_n from the query's running DCG, which keeps DCG_b for every rank b through n
  const double whole = dcg(s, gainCol, 0, plain);
  const RunningSum& run = s.dcgSum;
  double sum = 0;
  double count = 0;
  for (int t = 0; t < terms; t++) {
    sum += run.values[std::min(static_cast<int>(s.gainLevels[2 * t]), run.rank)] / s.gainLevels[2 * t + 1];
    count++;
  }
  const double ideal = terms > 0 ? s.gainLevels[2 * terms - 1] : 0;
  if (s.n > positives + 1 && ideal > 0) {
    sum += whole / ideal;
    count++;
  }
  return count > 0 ? sum / count : 0;
}

}  // namespace tie_eval
