import { getF64, setF64 } from './memory';

/** Up to this many values are sorted by counting ranks: n^2 compares, but no branch on the data. */
const RANK_SORT_MAX = 32;

/**
 * Sorts values[0..m) ascending in place, with `spare` (room for m values) as working memory.
 * A short list (an ideal ranking's few judged labels) is sorted by rank: value i goes to the
 * number of values below it, plus the equal ones before it, counted in one loop of m steps, so
 * no branch depends on the data (a comparison sort mispredicts on such small, repetitive lists,
 * and so do two loops split at i); a longer one by heap sort, O(m log m), no allocation.
 */
export function sortAscending(values: usize, m: i32, spare: usize): void {
  if (m > RANK_SORT_MAX) {
    heapSort(values, m);
    return;
  }
  for (let i = 0; i < m; i++) {
    const v = getF64(values, i);
    let rank = 0;
    for (let j = 0; j < m; j++) rank += <i32>((getF64(values, j) < v) | ((getF64(values, j) == v) & (j < i)));
    setF64(spare, rank, v);
  }
  for (let i = 0; i < m; i++) setF64(values, i, getF64(spare, i));
}

function heapSort(values: usize, m: i32): void {
  for (let i = (m >> 1) - 1; i >= 0; i--) siftDown(values, i, m);
  for (let end = m - 1; end > 0; end--) {
    const t = getF64(values, 0);
    setF64(values, 0, getF64(values, end));
    setF64(values, end, t);
    siftDown(values, 0, end);
  }
}

function siftDown(values: usize, root: i32, size: i32): void {
  const x = getF64(values, root);
  let i = root;
  while (true) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && getF64(values, child + 1) > getF64(values, child)) child++;
    if (getF64(values, child) <= x) break;
    setF64(values, i, getF64(values, child));
    i = child;
  }
  setF64(values, i, x);
}
