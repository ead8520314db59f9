#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>
#include "gain.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/** The weights of linearSpread's measures: DCG's discounts 1/log2(j + 1), RBP's p^(j-1), INSQ's 1/(j + 2T - 1)², a table in s.work (Rndcg's). */
constexpr int WEIGHTS_DISCOUNT = 0;
constexpr int WEIGHTS_PERSISTENCE = 1;
constexpr int WEIGHTS_INSQ = 2;
constexpr int WEIGHTS_TABLE = 3;

/** The weight of rank j: a discount, INSQ's for T = p, the table's, or the running product p^(j-1) (`running`). */
inline double weightOf(const Scratch& s, int weights, double j, double running, double p) {
  if (weights == WEIGHTS_DISCOUNT) return s.discount[static_cast<size_t>(j)];
  if (weights == WEIGHTS_TABLE) return s.work[static_cast<size_t>(j)];
  return weights == WEIGHTS_INSQ ? 1 / ((j + 2 * p - 1) * (j + 2 * p - 1)) : running;
}

/**
 * The standard deviation of a sum of weights times gains, sum_j w_j gain_j over ranks j <= k (DCG,
 * RBP, rbp_resid's unknown weight): within a group of n, the gains are permuted uniformly against
 * the group's weights, whose variance is the classical
 * (1 / (n - 1)) sum_i (g_i - mean g)² sum_j (w_j - mean w)², and groups are independent, so
 * their variances add. Weights past k are 0 (counted at once, not position by position).
 * Gains: `gainCol` >= 0 reads the documents' gains in that column over `norm` (their labels
 * through s.order); -1 the indicator of label >= the relevance column `col`'s level; -2 the
 * indicator of an unjudged document (label < 0), both from the group's counts.
 * Weights: `weights` (WEIGHTS_DISCOUNT, WEIGHTS_PERSISTENCE with persistence `p`, WEIGHTS_INSQ with T = `p`, WEIGHTS_TABLE).
 * Labels are of type L (uint8_t, int32_t or double).
 */
template <typename L>
double linearSpread(const Scratch& s, const L* labels, int64_t start, const Plan& plan, int col, int gainCol, double norm, int weights, double p, double k) {
  // the whole-ranking ends of each group, whatever the view: s.order lists their documents
  const std::vector<int32_t>& fullEnds = s.judgedView ? s.judgedEnd : s.groupEnd;
  double variance = 0;
  double weight = 1;
  double from = 0;
  int fullFrom = 0;
  for (int g = 0; g < s.groupCount && from < k; g++) {
    const double to = s.groupEnd[g];
    const int fullTo = fullEnds[g];
    const double n = to - from;
    const double last = std::min(to, k);
    // the weights' mean over the n slots, then their squared deviations (last - from of them nonzero)
    const double first = weight;
    double sum = 0;
    for (double j = from + 1; j <= last; j++) {
      sum += weightOf(s, weights, j, weight, p);
      weight *= p;
    }
    if (n > 1) {
      const double mean = sum / n;
      double spread = (n - (last - from)) * mean * mean;
      weight = first;
      for (double j = from + 1; j <= last; j++) {
        const double d = weightOf(s, weights, j, weight, p) - mean;
        spread += d * d;
        weight *= p;
      }
      double gains = 0;
      if (gainCol < 0) {
        const double c = gainCol == -1 ? s.groupRel[g * s.levels + col] : n - s.groupJudged[g];
        gains = (c * (n - c)) / n;
      } else {
        const double mean = s.groupGain[g * s.gains + gainCol] / n / norm;
        for (int i = fullFrom; i < fullTo; i++) {
          const double label = static_cast<double>(labels[start + s.order[i]]);
          if (s.judgedView && label < 0) continue;
          const double d = gainOf(label, plan, gainCol) / norm - mean;
          gains += d * d;
        }
      }
      variance += (gains * spread) / (n - 1);
    }
    from = to;
    fullFrom = fullTo;
  }
  return std::sqrt(variance);
}

}  // namespace tie_eval
