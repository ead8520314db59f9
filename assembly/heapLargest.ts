import { getF64, setF64, setI32 } from './memory';

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
export function heapLargest(scores: usize, start: i32, n: i32, k: i32, heap: usize, candidates: usize): i32 {
  let size = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x = getF64(scores, start + i);
    if (size < k) {
      setI32(candidates, count++, i);
      // sift up
      let c = size++;
      while (c > 0) {
        const p = (c - 1) >> 1;
        if (getF64(heap, p) <= x) break;
        setF64(heap, c, getF64(heap, p));
        c = p;
      }
      setF64(heap, c, x);
    } else if (!(x < getF64(heap, 0))) {
      setI32(candidates, count++, i);
      if (!(x > getF64(heap, 0))) continue;
      // replace the smallest, sift down
      let c = 0;
      while (true) {
        let child = 2 * c + 1;
        if (child >= k) break;
        if (child + 1 < k && getF64(heap, child + 1) < getF64(heap, child)) child++;
        if (getF64(heap, child) >= x) break;
        setF64(heap, c, getF64(heap, child));
        c = child;
      }
      setF64(heap, c, x);
    }
  }
  return count;
}
