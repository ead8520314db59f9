/**
 * The k-th largest (1-based) of values[0..n), reordering them in place: Hoare's selection
 * with a median-of-three pivot, linear on average. Equal values split evenly, so heavy
 * ties stay fast; -0 and +0 compare equal.
 */
export function selectLargest(values: Float64Array, n: number, k: number): number {
  const target = k - 1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const a = values[lo]!;
    const b = values[lo + ((hi - lo) >> 1)]!;
    const c = values[hi]!;
    const pivot = a > b ? (b > c ? b : a > c ? c : a) : a > c ? a : b > c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
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
  return values[target]!;
}
