/**
 * The mean of row `row` of a measures x queries result buffer (out[row * queries + q]): NaN for
 * no queries. A plain indexed loop over the buffer itself: no subarray, no closure.
 */
export function rowMean(out: Float64Array, row: number, queries: number): number {
  let sum = 0;
  for (let i = row * queries, end = i + queries; i < end; i++) sum += out[i]!;
  return sum / queries;
}
