import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';

// trec_eval's G in average mode on one tie group too large for the brute force over every
// ordering (n <= 8 there): a group of at most 43 documents is counted in whole numbers, a larger
// one carries its chances slot to slot. The oracle takes, at each slot x, the expectation over
// the counts drawn of each gain (j_1, j_2, j_3) of (S / x) / log2(2 + C_x - S), S their gain sum
// and C_x the ideal costs through x, with the multivariate hypergeometric chance
// prod C(c_d, j_d) C(zeros, x - sum j) / C(n, x) in exact integers.

function binomial(m: number, j: number): bigint {
  let c = 1n;
  for (let i = 0; i < j; i++) c = (c * BigInt(m - i)) / BigInt(i + 1);
  return c;
}

/** G of a ranking that is one tie group of `labels` (gains 1, 2, 3 as the labels), averaged over its orderings. */
function averageG(labels: number[]): number {
  const n = labels.length;
  const ideal = labels.filter((l) => l > 0).sort((a, b) => b - a);
  const total = ideal.reduce((a, b) => a + b, 0);
  const c = [1, 2, 3].map((gain) => labels.filter((l) => l === gain).length);
  const zeros = n - c[0]! - c[1]! - c[2]!;
  let g = 0;
  let cost = 0;
  for (let x = 1; x <= n; x++) {
    cost += Math.max(ideal[x - 1] ?? 0, 1);
    const all = binomial(n, x);
    let expected = 0;
    for (let j1 = 0; j1 <= c[0]!; j1++) {
      for (let j2 = 0; j2 <= c[1]!; j2++) {
        for (let j3 = 0; j3 <= c[2]!; j3++) {
          const drawn = j1 + j2 + j3;
          const sum = j1 + 2 * j2 + 3 * j3;
          if (sum === 0 || drawn > x || x - drawn > zeros) continue;
          const ways = binomial(c[0]!, j1) * binomial(c[1]!, j2) * binomial(c[2]!, j3) * binomial(zeros, x - drawn);
          expected += (Number((ways * 10n ** 18n) / all) / 1e18) * (sum / x) / Math.log2(2 + cost - sum);
        }
      }
    }
    g += expected;
  }
  return g / total;
}

describe.each(BACKENDS)('G on one large tie group ($name backend)', ({ options }) => {
  it('average equals the expectation over the counts drawn, counted (n <= 43) and carried (n > 43)', () => {
    const next = rng(4343);
    let compared = 0;
    for (const n of [9, 20, 42, 43, 44, 45, 60, 90]) {
      for (let round = 0; round < 3; round++) {
        const labels = Array.from({ length: n }, () => (next() < 0.55 ? 0 : randInt(next, 1, 3)));
        const got = evaluate({ scores: labels.map(() => 1), labels }, ['G'], { ...options, ties: 'average' }).G!;
        const want = averageG(labels);
        expect(Math.abs(got - want), `n ${n} round ${round}: ${got} against ${want}`).toBeLessThan(1e-12);
        expect(want).toBeGreaterThan(0.05);
        compared++;
      }
    }
    expect(compared).toBe(24);
  });
});
