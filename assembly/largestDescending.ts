import { getF64, setF64 } from './memory';

/** Lists up to this long are read level by level; longer ones are sorted. */
const LEVEL_PASS_MAX = 32;

/**
 * Writes the `count` largest of values[0..m) to top[0..count), descending (0 < count <= m;
 * `top` has room for m). A short list (an ideal ranking's few judged labels, on a handful of
 * levels) is read level by level: one pass finds how many hold the current level, the next the
 * largest value below it (a comparison sort mispredicts on such small, repetitive lists); a
 * longer one is partially sorted, by a heap. The values are f64 here (the glue widens ideal
 * labels); the C++ kernel reads them in their own type, which compilers vectorize.
 * The values must not be NaN (labels are checked integers).
 */
export function largestDescending(values: usize, m: i32, count: i32, top: usize): void {
  if (m > LEVEL_PASS_MAX) {
    for (let i = 0; i < m; i++) setF64(top, i, getF64(values, i));
    partialSortDescending(top, m, count);
    return;
  }
  let level = getF64(values, 0);
  for (let i = 1; i < m; i++) {
    const v = getF64(values, i);
    level = select<f64>(v, level, v > level);
  }
  for (let filled = 0; ; ) {
    // how many hold this level
    let same = 0;
    for (let i = 0; i < m; i++) same += <i32>(getF64(values, i) == level);
    const end = min(count, filled + same);
    for (; filled < end; filled++) setF64(top, filled, level);
    // every value is listed once its level is, so a level below the smallest is never sought
    if (filled == count) return;
    // the next level: the largest value below this one (a select: f64.max also orders NaN and -0, slowly)
    let next = -f64.MAX_VALUE;
    for (let i = 0; i < m; i++) {
      const v = getF64(values, i);
      next = select<f64>(v, next, (v < level) & (v > next));
    }
    level = next;
  }
}

/** Moves the `count` largest of values[0..m) to its front, descending: a max-heap popped `count` times, then reversed. */
function partialSortDescending(values: usize, m: i32, count: i32): void {
  for (let i = (m >> 1) - 1; i >= 0; i--) siftDown(values, i, m);
  for (let end = m - 1; end >= m - count; end--) {
    const t = getF64(values, 0);
    setF64(values, 0, getF64(values, end));
    setF64(values, end, t);
    siftDown(values, 0, end);
  }
  // the popped ones sit at the back, ascending
  for (let i = 0, j = m - 1; i < j; i++, j--) {
    const t = getF64(values, i);
    setF64(values, i, getF64(values, j));
    setF64(values, j, t);
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
