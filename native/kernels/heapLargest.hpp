#pragma once
#include <cstdint>

namespace tie_eval {

/**
 * The k-th largest (1-based) of scores[start..start+n), for small k, left in heap[0]: one pass
 * that keeps the k largest seen so far in a min-heap (`heap`, k entries). A score enters only
 * when it beats the heap's smallest, so on scores that mostly tie low (in-degree) nearly every
 * document costs one well-predicted comparison, where a quickselect would keep swapping equal
 * values.
 * The pass also writes to `candidates` the positions that may end at or above the k-th largest:
 * the first k, then each score not below the heap's smallest when met (and each NaN, so that
 * the caller meets it). The smallest only rises, so every document at or above the final one is
 * a candidate; on in-degree scores a few dozen of thousands are. Returns how many there are.
 */
inline int heapLargest(const double* scores, int64_t start, int n, int k, double* heap, int32_t* candidates) {
  int size = 0;
  int count = 0;
  for (int i = 0; i < n; i++) {
    const double x = scores[start + i];
    if (size < k) {
      candidates[count++] = i;
      // sift up
      int c = size++;
      while (c > 0) {
        const int p = (c - 1) >> 1;
        if (heap[p] <= x) break;
        heap[c] = heap[p];
        c = p;
      }
      heap[c] = x;
    } else if (!(x < heap[0])) {
      candidates[count++] = i;
      if (!(x > heap[0])) continue;
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
  return count;
}

}  // namespace tie_eval
