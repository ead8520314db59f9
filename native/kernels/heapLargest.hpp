#pragma once
#include <cstdint>

namespace tie_eval {

/**
 * The k-th largest (1-based) of scores[start..start+n), for small k: one pass that keeps the k
 * largest seen so far in a min-heap (`heap`, k entries). A score enters only when it beats the
 * heap's smallest, so on scores that mostly tie low (in-degree) nearly every document costs one
 * well-predicted comparison, where a quickselect would keep swapping equal values.
 */
inline double heapLargest(const double* scores, int64_t start, int n, int k, double* heap) {
  int size = 0;
  for (int i = 0; i < n; i++) {
    const double x = scores[start + i];
    if (size < k) {
      // sift up
      int c = size++;
      while (c > 0) {
        const int p = (c - 1) >> 1;
        if (heap[p] <= x) break;
        heap[c] = heap[p];
        c = p;
      }
      heap[c] = x;
    } else if (x > heap[0]) {
      // replace the smallest, sift down
      int c = 0;
      for (;;) {
        int child = 2 * c + 1;
        if (child >= k) break;
        if (child + 1 < k && heap[child + 1] < heap[child]) child++;
        if (heap[child] >= x) break;
        heap[c] = heap[child];
        c = child;
      }
      heap[c] = x;
    }
  }
  return heap[0];
}

}  // namespace tie_eval
