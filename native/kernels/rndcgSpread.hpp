#pragma once
#include <algorithm>
#include <cstdint>
#include "idealLevels.hpp"
#include "rndcg.hpp"
#include "linearSpread.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The standard deviation of Rndcg (see rndcg): its terms DCG_b' / IDCG_b (b' = min(b, k), k the
 * ranks the running DCG reaches) are sums of gain × discount over the ranks through b', so Rndcg
 * is sum_j g_j d_j W_j with W_j the sum of 1/IDCG_b over the terms reaching rank j, over their
 * count: linear in the gains, as DCG. The weights d_j W_j go to s.work[1..k] for linearSpread.
 * 0 when R = 0 or no rank counts. Labels are of type L (uint8_t, int32_t or double).
 */
template <typename L>
double rndcgSpread(Scratch& s, const L* labels, int64_t start, const Plan& plan, int gainCol, double relevant, const double* constants, int64_t slot) {
  if (relevant == 0) return 0;
  const double positives = idealCount(constants, slot);
  const int terms = rndcgTerms(s, constants, slot, positives);
  const int last = s.groupCount > 0 ? s.groupEnd[s.groupCount - 1] : 0;
  const int k = std::min(s.n, last);
  // each term's 1/IDCG at the last rank it reaches, then summed from the back
  double* table = s.work.data();
  for (int j = 0; j <= k; j++) table[j] = 0;
  double count = 0;
  for (int t = 0; t < terms; t++) {
    table[std::min(static_cast<int>(s.gainLevels[2 * t]), k)] += 1 / s.gainLevels[2 * t + 1];
    count++;
  }
  const double ideal = terms > 0 ? s.gainLevels[2 * terms - 1] : 0;
  if (s.n > positives + 1 && ideal > 0) {
    table[k] += 1 / ideal;
    count++;
  }
  if (count == 0) return 0;
  double reach = 0;
  for (int j = k; j >= 1; j--) {
    reach += table[j];
    table[j] = (s.discount[j] * reach) / count;
  }
  return linearSpread(s, labels, start, plan, 0, gainCol, 1, WEIGHTS_TABLE, 0, k);
}

}  // namespace tie_eval
