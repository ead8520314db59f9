import normalCdf from '@stdlib/stats-base-dists-normal-cdf';

/** How the orders of tied documents could move a pair's difference of means. */
export interface TieFlip {
  /** P(mean of a > mean of b) over the orderings of both runs' ties (independent) */
  readonly probability: number;
  /** the standard deviation of the difference of means over those orderings */
  readonly sd: number;
  /** whether `probability` is the normal approximation from the exact mean and sd (else exact: from the orderings' law, or no tie moves the difference) */
  readonly approximate: boolean;
  /** whether ties could flip the pair: the probability lies strictly between 0.05 and 0.95 */
  readonly couldFlip: boolean;
}

/**
 * P(mean_a > mean_b) over tie orderings, from each query's exact sd in each run (tie mode `sd`)
 * and the difference of the tie-averaged means: the difference's variance is the sum of both
 * runs' per-query variances over Q² (runs and queries independent), and the probability the
 * normal approximation Φ(mean difference / sd) (@stdlib's normal CDF); with sd 0 it is exact:
 * 1 when a is above, else 0. Given `exact` (exactFlip's probability), that one, not approximate.
 * @param meanDifference the mean over the queries of a - b, in `average` mode
 * @param spreadsA each query's sd of a (the same queries, in the same order, as `spreadsB`)
 * @param exact P(mean_a > mean_b) computed exactly, where it could be (see exactFlip)
 * @example tieFlip(0.01, [0.02, 0], [0, 0]).probability // Φ(0.01 / 0.01) = 0.841...
 */
export function tieFlip(meanDifference: number, spreadsA: ArrayLike<number>, spreadsB: ArrayLike<number>, exact?: number): TieFlip {
  let variance = 0;
  for (let q = 0; q < spreadsA.length; q++) variance += spreadsA[q]! * spreadsA[q]! + spreadsB[q]! * spreadsB[q]!;
  const sd = Math.sqrt(variance) / spreadsA.length;
  const approximate = sd > 0 && exact === undefined;
  const probability = exact ?? (sd > 0 ? normalCdf(meanDifference / sd, 0, 1) : meanDifference > 0 ? 1 : 0);
  return { probability, sd, approximate, couldFlip: probability > 0.05 && probability < 0.95 };
}
