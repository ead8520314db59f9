import { getF64, getI32, getLabel, setF64, setI32 } from './memory';

/** Labels spanning fewer values than this (largest - smallest + 1) are counted per value; others are sorted. */
export const COUNTED_LEVELS = 64;

/**
 * Writes the `count` largest of the values counted in counts[0..span) (i32; counts[v] of them
 * equal lo + v) to top[0..count) as f64, descending (count <= how many there are): from the
 * largest value down, each as many times as counted.
 */
export function countedDescending(counts: usize, lo: f64, span: i32, count: i32, top: usize): void {
  let filled = 0;
  for (let v = span - 1; filled < count; v--) {
    const level = lo + <f64>v;
    const end = min(count, filled + getI32(counts, v));
    for (; filled < end; filled++) setF64(top, filled, level);
  }
}

/**
 * Writes the `count` largest of values[0..m) (of type V: u8, i32 or f64) to top[0..count) as
 * f64, descending (0 < count <= m; `top` has room for m). Labels span few values (trec_eval's
 * 0-4 or so): they are counted per value in one pass (in `counts`, room for two tables of
 * COUNTED_LEVELS i32; the C++ kernel keeps them on its stack) and listed from the largest value
 * down, O(m) and no comparison sort, which mispredicts on such small, repetitive lists; values
 * spanning more are partially sorted.
 * The values must be integers (labels are checked), not NaN. f64 min and max are selects here:
 * WebAssembly's also order NaN and -0, which engines do slowly.
 */
export function largestDescending<V>(values: usize, m: i32, count: i32, top: usize, counts: usize): void {
  // integer labels are compared and counted as i32, as C++ does in the label's own type: an
  // f64 to i32 conversion per label is a round, a convert and a range check in the engine
  if (isInteger<V>()) largestDescendingAs<V, i32>(values, m, count, top, counts);
  else largestDescendingAs<V, f64>(values, m, count, top, counts);
}

/** largestDescending with the values read as W (i32 for integer labels, else f64). */
@inline function largestDescendingAs<V, W>(values: usize, m: i32, count: i32, top: usize, counts: usize): void {
  let lo = <W>load<V>(values);
  let hi = lo;
  for (let i = 1; i < m; i++) {
    const v = <W>load<V>(values + (<usize>i << alignof<V>()));
    lo = select<W>(v, lo, v < lo);
    hi = select<W>(v, hi, v > hi);
  }
  // the span in f64: the difference of two i32 labels may not fit an i32
  if (<f64>hi - <f64>lo >= COUNTED_LEVELS) {
    for (let i = 0; i < m; i++) setF64(top, i, getLabel<V>(values, i));
    partialSortDescending(top, m, count);
    return;
  }
  const span = <i32>(hi - lo) + 1;
  // two tables, for even and odd positions: a run of equal labels then adds to two counts in
  // turn, not to one count that waits on its own last store each time
  for (let v = 0; v < span; v++) {
    setI32(counts, v, 0);
    setI32(counts, COUNTED_LEVELS + v, 0);
  }
  for (let i = 0; i < m; i++) {
    const v = <i32>(<W>load<V>(values + (<usize>i << alignof<V>())) - lo) + (i & 1) * COUNTED_LEVELS;
    setI32(counts, v, getI32(counts, v) + 1);
  }
  for (let v = 0; v < span; v++) setI32(counts, v, getI32(counts, v) + getI32(counts, COUNTED_LEVELS + v));
  countedDescending(counts, <f64>lo, span, count, top);
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
