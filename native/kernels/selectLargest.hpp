#pragma once

namespace tie_eval {

/**
 * The k-th largest (1-based) of values[0..n), reordering them in place: Hoare's selection
 * with a median-of-three pivot, linear on average. Equal values split evenly, so heavy
 * ties stay fast; -0 and +0 compare equal.
 */
inline double selectLargest(double* values, int n, int k) {
  const int target = k - 1;
  int lo = 0;
  int hi = n - 1;
  while (lo < hi) {
    const double a = values[lo];
    const double b = values[lo + ((hi - lo) >> 1)];
    const double c = values[hi];
    const double pivot = a > b ? (b > c ? b : a > c ? c : a) : a > c ? a : b > c ? c : b;
    int i = lo;
    int j = hi;
    while (i <= j) {
      while (values[i] > pivot) i++;
      while (values[j] < pivot) j--;
      if (i <= j) {
        const double t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    // values[lo..j] >= pivot >= values[i..hi], and everything between equals the pivot
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return pivot;
  }
  return values[target];
}

}  // namespace tie_eval
