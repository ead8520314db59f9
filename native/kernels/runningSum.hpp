#pragma once
#include <vector>

namespace tie_eval {

/**
 * A per-rank sum over the current query's groups (DCG, AP), kept as it walks: its value
 * after each rank, and where the walk stands. Rows of one column with several cut-offs
 * (nDCG@5 .. nDCG@1000, AP@5 ..) walk the ranking once and read their cut-off's value, the
 * number a walk to that cut-off alone gives (the same terms added in the same order).
 */
struct RunningSum {
  /** what is summed: column * 2 + 1 in the judged view; -1: nothing yet for this query */
  int key = -1;
  /** ranks summed */
  int rank = 0;
  /** the group of the last rank summed, its first rank - 1 and its end */
  int group = -1;
  double start = 0;
  double end = 0;
  /** the relevant documents before the group (AP) */
  double before = 0;
  /** whether the group adds terms, and its factors: mean gain (DCG); r / n and (r - 1) / (n - 1) (AP) */
  bool active = false;
  double share = 0;
  double inner = 0;
  /** the sum and its Kahan carry */
  double sum = 0;
  double carry = 0;
  /** values[j]: the sum through rank j */
  std::vector<double> values = std::vector<double>(1, 0.0);

  /** Starts the walk over for `what` at rank 0. */
  void restart(int what) {
    key = what;
    rank = 0;
    group = -1;
    start = 0;
    end = 0;
    before = 0;
    active = false;
    sum = 0;
    carry = 0;
  }
};

}  // namespace tie_eval
