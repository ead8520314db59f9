#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "scratch.hpp"

namespace tie_eval {

/**
 * E[documents the judgements hold among the top k]: judged ones (label >= 0) and, with `poolCol`
 * >= 0, those judged unjudged (label <= -2, the pool gain column; none in the judged view, which
 * left every label < 0 out). Groups wholly above k count all of theirs; the group crossing k
 * holds each in (k - t_c) / n_c of its slots on average.
 */
inline double heldInTop(const Scratch& s, int poolCol, double k) {
  double sum = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k; g++) {
    const double end = s.groupEnd[g];
    const double held = s.groupJudged[g] + (poolCol >= 0 && !s.judgedView ? s.groupGain[g * s.gains + poolCol] : 0);
    sum += end <= k ? held : ((k - start) * held) / (end - start);
    start = end;
  }
  return sum;
}

/** Judged@k: the share of the top min(k, n) documents the judgements hold, with any label (0 for an empty ranking). */
TIE_EVAL_INLINE double judged(const Scratch& s, int poolCol, double cutoff) {
  const double k = std::min<double>(cutoff > 0 ? cutoff : s.n, s.n);
  return k > 0 ? heldInTop(s, poolCol, k) / k : 0;
}

/** unj@k: the unjudged documents (label < 0) in the top k, over k (trec_eval's unj). */
TIE_EVAL_INLINE double unjudged(const Scratch& s, double cutoff) { return (std::min<double>(cutoff, s.n) - heldInTop(s, -1, cutoff)) / cutoff; }

}  // namespace tie_eval
