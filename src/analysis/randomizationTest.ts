import { rng } from '../util/random.js';

/**
 * Two-sided paired randomization test: under the null hypothesis each query's difference
 * a - b is as likely to have the other sign, so the p-value is the share of random sign flips
 * whose mean difference is at least as far from 0 as the observed one, the observed signs
 * counted among them: (extreme + 1) / (permutations + 1), so never 0 (Phipson & Smyth 2010: an
 * estimate of 0 would claim more than the flips can show). Seeded, so repeatable; its
 * Monte-Carlo error is about sqrt(p (1 - p) / permutations).
 * @example randomizationTest([1, 1, 1], [0, 0, 0], 999) // about 0.25: 1 in 4 sign patterns is as extreme
 * @throws RangeError for arrays of different lengths or no permutations
 */
export function randomizationTest(a: ArrayLike<number>, b: ArrayLike<number>, permutations = 10_000, seed = 1): number {
  const n = a.length;
  if (n !== b.length) throw new RangeError(`randomization test: ${n} values against ${b.length}`);
  if (!(permutations >= 1) || !Number.isInteger(permutations)) throw new RangeError(`permutations must be a positive integer, got ${permutations}`);
  const d = new Float64Array(n);
  let observed = 0;
  for (let i = 0; i < n; i++) observed += d[i] = a[i]! - b[i]!;
  observed = Math.abs(observed);
  // sums that differ from the observed one only by rounding count as equal
  const slack = 1e-12 * Math.max(1, observed);
  const next = rng(seed);
  let extreme = 0;
  for (let p = 0; p < permutations; p++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += next() < 0.5 ? d[i]! : -d[i]!;
    if (Math.abs(sum) >= observed - slack) extreme++;
  }
  return (extreme + 1) / (permutations + 1);
}
