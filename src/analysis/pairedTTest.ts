import tCdf from '@stdlib/stats-base-dists-t-cdf';

/** A paired t-test's result: the mean difference, t, degrees of freedom and p-value. */
export interface TTest {
  readonly meanDifference: number;
  readonly t: number;
  readonly df: number;
  readonly p: number;
}

/**
 * Paired t-test of a against b (per-query values of the same queries) on the differences
 * d = a - factor·b. `tail`: 'two' (H1: mean d ≠ 0), 'greater' (H1: mean d > 0). The Student-t
 * distribution is @stdlib's. When every difference is equal (their standard error below 1e-12
 * of their mean: equal but for rounding, as 0.3 - 0.1 and 0.5 - 0.3), t is ±Infinity (p 0) or,
 * for all zero, 0 (p 1).
 * @throws RangeError for fewer than two queries or arrays of different lengths
 */
export function pairedTTest(a: ArrayLike<number>, b: ArrayLike<number>, tail: 'two' | 'greater' = 'two', factor = 1): TTest {
  const n = a.length;
  if (n !== b.length) throw new RangeError(`paired t-test: ${n} values against ${b.length}`);
  if (n < 2) throw new RangeError(`a paired t-test needs at least two queries, got ${n}`);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += a[i]! - factor * b[i]!;
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (a[i]! - factor * b[i]! - mean) ** 2;
  const se = Math.sqrt(ss / (n - 1) / n);
  const df = n - 1;
  const t = se > 1e-12 * Math.abs(mean) ? mean / se : mean === 0 ? 0 : mean > 0 ? Infinity : -Infinity;
  const p = tail === 'two' ? Math.min(1, 2 * tCdf(-Math.abs(t), df)) : tCdf(-t, df);
  return { meanDifference: mean, t, df, p };
}
