/** trec_eval's floor for a geometric mean's values (MIN_GEO_MEAN): a 0 would make the mean 0. */
const MIN_GEO_MEAN = 0.00001;

/**
 * The sum of values[from..to), in order (trec_eval's summaries add the queries' values in
 * order, so the digits match even on exact halves). A plain indexed loop: no subarray, no closure.
 */
export function sumOf(values: ArrayLike<number>, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i]!;
  return sum;
}

/**
 * The mean of values[from..to) (NaN when empty); with `geometric`, exp of the mean of
 * log(max(value, 0.00001)), as trec_eval's gm_map and gm_bpref.
 * @example meanOf([0.5, 2], 0, 2, true) // 1
 */
export function meanOf(values: ArrayLike<number>, from: number, to: number, geometric = false): number {
  if (!geometric) return sumOf(values, from, to) / (to - from);
  let sum = 0;
  for (let i = from; i < to; i++) sum += Math.log(Math.max(values[i]!, MIN_GEO_MEAN));
  return Math.exp(sum / (to - from));
}
