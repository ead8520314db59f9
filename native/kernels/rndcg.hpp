#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "dcg.hpp"
#include "idealLevels.hpp"
#include "scratch.hpp"

namespace tie_eval {

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
  const double levels = constants[slot];
  const double positives = idealCount(constants, slot);
  s.ensureDiscount(static_cast<size_t>(positives));
  IdealWalk walk;
  walk.start(constants, slot);
  // DCG_n from the query's running DCG, which keeps DCG_b for every rank b through n
  const double whole = dcg(s, gainCol, 0, plain);
  const RunningSum& run = s.dcgSum;
  double ideal = 0;
  double sum = 0;
  double count = 0;
  int level = 0;
  double boundary = levels > 0 ? constants[slot + 2] : -1;
  for (int rank = 1; rank <= positives; rank++) {
    ideal += walk.next() * s.discount[rank];
    if (rank == boundary) {
      sum += run.values[std::min(rank, run.rank)] / ideal;
      count++;
      level++;
      boundary = level < levels ? boundary + constants[slot + 2 + 2 * level] : -1;
    }
  }
  if (s.n > positives + 1 && ideal > 0) {
    sum += whole / ideal;
    count++;
  }
  return count > 0 ? sum / count : 0;
}

}  // namespace tie_eval
