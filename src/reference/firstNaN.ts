/** The position of the first NaN among scores[start..start+n), or -1. */
export function firstNaN(scores: Float64Array, start: number, n: number): number {
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(scores[start + i]!)) return i;
  }
  return -1;
}
