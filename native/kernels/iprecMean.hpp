#pragma once
#include "iprec.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * trec_eval's 11pt_avg: the mean of the interpolated precision at the recall levels
 * pool[at .. at + count) (0, 0.1, ..., 1 by default), summed from the last level to the first, as
 * trec_eval sums them. Tie-aware, the mean of the levels' expectations. Returns -1 when a level's
 * exact average is too costly (see iprec).
 */
inline double iprecMean(Scratch& s, const Plan& plan, int col, double relevant, int at, int count, int mode) {
  double sum = 0;
  for (int l = count - 1; l >= 0; l--) {
    const double value = iprec(s, plan, col, relevant, plan.pool(at + l), mode);
    if (value < 0) return -1;
    sum += value;
  }
  return sum / count;
}

}  // namespace tie_eval
