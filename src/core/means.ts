/** trec_eval's floor for a geometric mean's values (MIN_GEO_MEAN): a 0 would make the mean 0. */
const MIN_GEO_MEAN = 0.00001;

/**
 * The sum of values[from..to), in order (trec_eval's summaries add the queries' values in
 * order, so the digits match even on exact halves). A plain indexed loop: no subarray, no closure.
 */
export function sumOf(values: ArrayLike<number>, from: number, to: number): number {
  return addTerms(0, values, from, to, false);
}

/**
 * `sum` plus the terms of values[from..to) a mean adds, in order: the values, or with
 * `geometric` their logs (floored as trec_eval's gm_map). Summing part after part in query
 * order gives the same double as one pass (see meanFromSum).
 */
export function addTerms(sum: number, values: ArrayLike<number>, from: number, to: number, geometric: boolean): number {
  if (geometric) for (let i = from; i < to; i++) sum += Math.log(Math.max(values[i]!, MIN_GEO_MEAN));
  else for (let i = from; i < to; i++) sum += values[i]!;
  return sum;
}

/** The mean of `count` values whose terms add up to `sum` (see addTerms); NaN when count is 0. */
export function meanFromSum(sum: number, count: number, geometric: boolean): number {
  return geometric ? Math.exp(sum / count) : sum / count;
}

/**
 * The mean of values[from..to) (NaN when empty); with `geometric`, exp of the mean of
 * log(max(value, 0.00001)), as trec_eval's gm_map and gm_bpref.
 * @example meanOf([0.5, 2], 0, 2, true) // 1
 */
export function meanOf(values: ArrayLike<number>, from: number, to: number, geometric = false): number {
  return meanFromSum(addTerms(0, values, from, to, geometric), to - from, geometric);
}
