/** The most distinct sums the law of the difference keeps; beyond, exactFlip gives up (the normal approximation serves). */
const MOST_SUMS = 1 << 16;
/** The most sums one query's convolution step may form before merging equal ones. */
const MOST_PAIRS = 1 << 22;

/**
 * P(mean of a > mean of b) over the orderings of both runs' ties (independent, each query's
 * distinct orderings equally likely), exactly: the law of Σ_q (a_q - b_q) convolved query by
 * query from each query's values over its orderings (as tieOrderings lists them). Sums closer
 * than 1e-12 times the largest the sum could reach count as one (the first of them), so a
 * difference that is 0 in exact arithmetic is not taken for a win by a rounding error; the
 * result is P(sum > that tolerance).
 * @param valuesA each query's value in a (the tie average; it stands for a query whose ties cannot move it)
 * @param orderingsA each query's equally likely values over its orderings: empty when its ties
 *   cannot move it, null when they were too many to list
 * @returns the probability, or undefined when a query's orderings were not listed (null, or
 *   the list shorter than the queries) or the law would hold more than 65,536 distinct sums
 * @example exactFlip([0.5, 1], [0.5, 0.5], [[0, 1], []], [[], []]) // 0.5: a wins when its first query ranks the relevant document first
 */
export function exactFlip(valuesA: ArrayLike<number>, valuesB: ArrayLike<number>, orderingsA: readonly (ArrayLike<number> | null)[], orderingsB: readonly (ArrayLike<number> | null)[]): number | undefined {
  const laws: { values: ArrayLike<number>; other: ArrayLike<number> }[] = [];
  let shift = 0;
  let reach = 0;
  for (let q = 0; q < valuesA.length; q++) {
    const a = orderingsA[q];
    const b = orderingsB[q];
    // a query not listed (null, or missing from the list): no exact law
    if (a === null || a === undefined || b === null || b === undefined) return undefined;
    const as: ArrayLike<number> = a.length === 0 ? [valuesA[q]!] : a;
    const bs: ArrayLike<number> = b.length === 0 ? [valuesB[q]!] : b;
    reach += largestMagnitude(as) + largestMagnitude(bs);
    if (as.length === 1 && bs.length === 1) shift += as[0]! - bs[0]!;
    else laws.push({ values: as, other: bs });
  }
  const tolerance = 1e-12 * reach;
  let sums = Float64Array.of(shift);
  let chances = Float64Array.of(1);
  for (const { values, other } of laws) {
    const formed = sums.length * values.length * other.length;
    if (formed > MOST_PAIRS) return undefined;
    const next = new Float64Array(formed);
    const weight = 1 / (values.length * other.length);
    let k = 0;
    for (let s = 0; s < sums.length; s++) {
      for (let i = 0; i < values.length; i++) for (let j = 0; j < other.length; j++) next[k++] = sums[s]! + (values[i]! - other[j]!);
    }
    const order = Uint32Array.from({ length: formed }, (_, i) => i).sort((x, y) => next[x]! - next[y]!);
    const merged: number[] = [];
    const mergedChances: number[] = [];
    for (const i of order) {
      const chance = chances[Math.floor(i / (values.length * other.length))]! * weight;
      if (merged.length > 0 && next[i]! - merged[merged.length - 1]! <= tolerance) mergedChances[mergedChances.length - 1]! += chance;
      else {
        merged.push(next[i]!);
        mergedChances.push(chance);
      }
    }
    if (merged.length > MOST_SUMS) return undefined;
    sums = Float64Array.from(merged);
    chances = Float64Array.from(mergedChances);
  }
  let above = 0;
  for (let s = 0; s < sums.length; s++) if (sums[s]! > tolerance) above += chances[s]!;
  return above;
}

function largestMagnitude(values: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < values.length; i++) largest = Math.max(largest, Math.abs(values[i]!));
  return largest;
}
