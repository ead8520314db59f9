import { getF64, setF64 } from './memory';

/** Sorts values[0..m) ascending in place: heap sort, O(m log m), no allocation. */
export function sortAscending(values: usize, m: i32): void {
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
