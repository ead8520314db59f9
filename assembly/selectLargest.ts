import { getF64, setF64 } from './memory';

/**
 * The k-th largest (1-based) of values[0..n), reordering them in place: Hoare's selection
 * with a median-of-three pivot, linear on average. Equal values split evenly, so heavy
 * ties stay fast; -0 and +0 compare equal.
 */
export function selectLargest(values: usize, n: i32, k: i32): f64 {
  const target = k - 1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const a = getF64(values, lo);
    const b = getF64(values, lo + ((hi - lo) >> 1));
    const c = getF64(values, hi);
    const pivot = a > b ? (b > c ? b : a > c ? c : a) : a > c ? a : b > c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (getF64(values, i) > pivot) i++;
      while (getF64(values, j) < pivot) j--;
      if (i <= j) {
        const t = getF64(values, i);
        setF64(values, i, getF64(values, j));
        setF64(values, j, t);
        i++;
        j--;
      }
    }
    // values[lo..j] >= pivot >= values[i..hi], and everything between equals the pivot
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return pivot;
  }
  return getF64(values, target);
}
