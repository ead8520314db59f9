#pragma once
#include "inlineKernel.hpp"
#include "idealLevels.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * trec_eval's ndcg_rel: over the N+ ranks of the ideal ranking with a positive gain, the mean
 * of DCG_i / IDCG_i at each rank i holding a document of positive gain, each of the N+ - K such
 * documents not retrieved counting DCG_n / IDCG (the whole ranking's). IDCG_i stops growing
 * past rank N+. 0 when no term is positive.
 *
 * Tie-aware, linear in the gains: at slot x of group V (ranks t + 1 ..), with p documents of
 * positive gain, gain sum G and positive-gain sum Gp (the columns gainCol, +1 positive part,
 * +2 indicator),
 *   E[1{g_i > 0} DCG_i] = (p/n) D + ((p G - Gp)/(n (n - 1))) sum_(y < x) d_(t+y) + (Gp/n) d_(t+x),
 * D the expected DCG of the groups above and d_j the discount of rank j.
 */
TIE_EVAL_INLINE double ndcgRel(Scratch& s, int gainCol, const double* constants, int64_t slot, bool plain) {
  const double positives = idealCount(constants, slot);
  s.ensureDiscount(static_cast<size_t>(positives));
  IdealWalk walk;
  walk.start(constants, slot);
  double ideal = 0;
  double sum = 0;
  double carry = 0;  // Kahan, as in averagePrecision
  double dcg = 0;
  double found = 0;
  double start = 0;
  int rank = 0;
  for (int g = 0; g < s.groupCount; g++) {
    const double end = s.groupEnd[g];
    const double n = end - start;
    const double gains = s.groupGain[g * s.gains + gainCol];
    const double positive = s.groupGain[g * s.gains + gainCol + 1];
    const double p = s.groupGain[g * s.gains + gainCol + 2];
    const double pairs = n > 1 ? (p * gains - positive) / (n * (n - 1)) : 0;
    double within = 0;
    double groupDcg = 0;
    for (double x = 1; x <= n; x++) {
      rank++;
      if (rank <= positives) ideal += walk.next() * s.discount[rank];
      const double d = s.discount[rank];
      if (p > 0) {
        const double term = ((p / n) * dcg + pairs * within + (positive / n) * d) / ideal - carry;
        const double next = sum + term;
        carry = plain ? 0 : next - sum - term;
        sum = next;
      }
      within += d;
      groupDcg += (gains / n) * d;
    }
    dcg += groupDcg;
    found += p;
    start = end;
  }
  // the ideal DCG of all its positive ranks, past the ranking's end
  while (rank < positives) ideal += walk.next() * s.discount[++rank];
  sum += ((positives - found) * dcg) / ideal;
  return sum > 0 ? sum / positives : 0;
}

}  // namespace tie_eval
