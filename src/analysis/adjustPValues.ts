/** How the p-values of many comparisons are corrected for their number. */
export type Correction = 'holm' | 'bonferroni' | 'none';

/**
 * p-values adjusted for multiple comparisons (family-wise error): `bonferroni` multiplies each
 * by the number of tests m; `holm` (Holm 1979, uniformly more powerful) multiplies the i-th
 * smallest by m - i + 1 and keeps the sequence non-decreasing; `none` returns them as they are.
 * Adjusted values are capped at 1 and keep the input order.
 * @example adjustPValues([0.01, 0.04, 0.03], 'holm') // [0.03, 0.06, 0.06]
 */
export function adjustPValues(ps: readonly number[], correction: Correction): number[] {
  const m = ps.length;
  if (correction === 'none') return [...ps];
  if (correction === 'bonferroni') return ps.map((p) => Math.min(1, p * m));
  const order = ps.map((_, i) => i).sort((a, b) => ps[a]! - ps[b]!);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((i, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * ps[i]!));
    adjusted[i] = running;
  });
  return adjusted;
}
