/**
 * cwl_eval's static measures as cwl_eval computes them (cwl/ruler/measures/cwl_metrics.py, with
 * ir_measures' gains), independently of the library: the C vector over cwl_eval's 1,000
 * positions, W_1 = 1 / sum_i prod_{j<i} C_j, W_i = W_1 prod_{j<i} C_j, and the expected utility
 * sum_i W_i g_i, the ranking's gains padded with 0 (or cut) to 1,000. A gain is the label
 * (an unjudged document's as 0) clipped to [minRel, maxRel], less minRel, over maxRel - minRel.
 */
const N = 1000;

function expectedUtility(c: (rank: number) => number, gains: readonly number[]): number {
  const products = [1];
  for (let i = 1; i < N; i++) products.push(products[i - 1]! * c(i));
  const w1 = 1 / products.reduce((a, b) => a + b, 0);
  let utility = 0;
  for (let i = 0; i < Math.min(N, gains.length); i++) utility += w1 * products[i]! * gains[i]!;
  return utility;
}

const scaled = (labels: readonly number[], minRel: number, maxRel: number): number[] =>
  labels.map((l) => (Math.min(Math.max(Math.max(l, 0), minRel), maxRel) - minRel) / (maxRel - minRel));

/** SDCG@k: C_i = log(i + 1) / log(i + 2) below rank k, 0 from k on. */
export function cwlSdcg(labels: readonly number[], k: number, minRel: number, maxRel: number): number {
  return expectedUtility((i) => (i < k ? Math.log(i + 1) / Math.log(i + 2) : 0), scaled(labels, minRel, maxRel));
}

/** INSQ(T): C_i = ((i + 2T - 1) / (i + 2T))^2. */
export function cwlInsq(labels: readonly number[], t: number, minRel: number, maxRel: number): number {
  return expectedUtility((i) => ((i + 2 * t - 1) / (i + 2 * t)) ** 2, scaled(labels, minRel, maxRel));
}
