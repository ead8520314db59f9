#pragma once
#include <algorithm>

namespace tie_eval {

/** Up to this many values are sorted by counting ranks: n^2 compares, but no branch on the data. */
constexpr int RANK_SORT_MAX = 32;

/**
 * Sorts values[0..m) ascending in place, with `spare` (room for m values) as working memory.
 * A short list (an ideal ranking's few judged labels) is sorted by rank: value i goes to the
 * number of values below it, plus the equal ones before it, counted in one loop of m steps, so
 * no branch depends on the data (a comparison sort mispredicts on such small, repetitive lists,
 * and so do two loops split at i); a longer one by std::sort.
 */
inline void sortAscending(double* values, int m, double* spare) {
  if (m > RANK_SORT_MAX) {
    std::sort(values, values + m);
    return;
  }
  for (int i = 0; i < m; i++) {
    const double v = values[i];
    int rank = 0;
    for (int j = 0; j < m; j++) rank += (values[j] < v) | ((values[j] == v) & (j < i)) ? 1 : 0;
    spare[rank] = v;
  }
  for (int i = 0; i < m; i++) values[i] = spare[i];
}

}  // namespace tie_eval
