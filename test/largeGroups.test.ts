import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { BACKENDS } from './backends.js';

/**
 * Tie groups far larger than any brute force: one query whose n documents all tie, m of them
 * relevant (binary labels). ERR(max=1) stops the reader at a relevant document with chance 1/2;
 * over a random order its expectation is, independently of the kernels' recurrences,
 *   sum over ranks j of (1/j) (m/n) (1/2) E[(1/2)^K_j],
 * K_j the relevant documents among the j - 1 above (hypergeometric: n - 1 documents, m - 1
 * relevant, j - 1 drawn), its probabilities stepped from P(K = 0) by their ratios.
 */
function expectedErr(n: number, m: number): number {
  let sum = 0;
  for (let j = 1; j <= n; j++) {
    const draws = j - 1;
    // the least K: draws past the n - m documents not relevant must take relevant ones
    const least = Math.max(0, draws - (n - m));
    let p = 1;
    if (least === 0) {
      // P(K = 0) = C(n - m, draws) / C(n - 1, draws)
      for (let i = 0; i < draws; i++) p *= (n - m - i) / (n - 1 - i);
    } else {
      // P(K = least) = C(m - 1, least) / C(n - 1, draws), and C(n - 1, draws) = C(n - 1, n - 1 - draws)
      for (let i = 0; i < least; i++) p *= (m - 1 - i) / (i + 1);
      for (let i = 0; i < n - 1 - draws; i++) p /= (n - 1 - i) / (i + 1);
    }
    let chance = 0;
    for (let k = least; k <= Math.min(draws, m - 1); k++) {
      chance += p * 0.5 ** k;
      p *= ((m - 1 - k) * (draws - k)) / ((k + 1) * (n - m - draws + k + 1));
    }
    const term = (m / n) * 0.5 * chance / j;
    sum += term;
    if (term < sum * 2 ** -70 && j > 64) break;
  }
  return sum;
}

const tiedQuery = (n: number, m: number) => ({ scores: new Float64Array(n), labels: Int32Array.from({ length: n }, (_, i) => (i < m ? 1 : 0)) });

describe.each(BACKENDS)('one tie group of thousands of documents ($name backend)', ({ options }) => {
  it('finding 2: ERR without a cut-off is exact and quick on 30,000 tied documents, half relevant or one in a thousand', () => {
    for (const [n, m] of [[30_000, 15_000], [30_000, 30], [600, 200]] as const) {
      const want = expectedErr(n, m);
      const got = evaluate(tiedQuery(n, m), ['ERR(max=1)'], { ...options, ties: 'average' })['ERR(max=1)']!;
      expect(Math.abs(got - want) / want, `n ${n}, m ${m}: ${got} against ${want}`).toBeLessThan(1e-12);
    }
  });
});

describe('large tie groups on every backend', () => {
  it('ERR with graded labels, with and without a cut-off, gives the same bits on every backend (groups read past FIRST_SLOTS, and dropped early)', () => {
    const n = 5000;
    // labels 0-4, 10% each of 1-4; a few groups: one of 4000, then smaller ones
    const labels = Int32Array.from({ length: n }, (_, i) => (i % 10 < 4 ? (i % 10) + 1 : 0));
    const scores = Float64Array.from({ length: n }, (_, i) => (i < 4000 ? 1 : 2 + (i % 3)));
    const measures = ['ERR', 'ERR@20', 'ERR(max=1)', 'ERR@1000'];
    const want = evaluate({ scores, labels }, measures, { backend: 'js' });
    for (const { options } of BACKENDS) expect(evaluate({ scores, labels }, measures, options)).toEqual(want);
    for (const name of measures) expect(want[name]).toBeGreaterThan(0);
  });
});

/**
 * infAP of one group of n tied documents (t = 0, nothing above), written from its definition: a
 * relevant document at slot x has s of the J other judged documents among the x - 1 above
 * (hypergeometric, every s), the relevant among them s (r - 1)/J and the pooled among the rest
 * (x - 1 - s) u/(u + o) on average; trec_eval's term (1 + (a + b + u)(a + e)/(a + b + 2e))/x.
 */
function expectedInfAP(n: number, r: number, m: number, u: number): number {
  const e = 0.00001;
  const others = r - 1 + m;
  const q = (r - 1) / others;
  const rho = u / (n - r - m);
  let added = 0;
  for (let x = 1; x <= n; x++) {
    const draws = x - 1;
    const least = Math.max(0, draws - (n - 1 - others));
    // P(s) up to a common factor, stepped by the hypergeometric's ratios from s = least and
    // normalised by their sum (rescaled by 2^-800, exactly, before they overflow)
    let weight = 1;
    let total = 0;
    let slot = 0;
    for (let s = least; s <= Math.min(draws, others); s++) {
      const count = s + (draws - s) * rho;
      total += weight;
      slot += weight * (1 + (count * (s * q + e)) / (s + 2 * e));
      weight *= ((others - s) * (draws - s)) / ((s + 1) * (n - 1 - others - draws + s + 1));
      if (weight > 2 ** 800) {
        weight *= 2 ** -800;
        total *= 2 ** -800;
        slot *= 2 ** -800;
      }
    }
    added += slot / total / x;
  }
  return (added * (r / n)) / r;
}

describe.each(BACKENDS)('infAP on one large tie group ($name backend)', ({ options }) => {
  it('finding 2: infAP on 3,000 tied documents (judged, pooled unjudged, unjudged) equals its definition summed over every s', () => {
    const n = 3000;
    // 600 relevant, 900 judged non-relevant, 500 pooled but unjudged (-2), the rest unjudged (-1)
    const labels = Int32Array.from({ length: n }, (_, i) => (i < 600 ? 1 : i < 1500 ? 0 : i < 2000 ? -2 : -1));
    const got = evaluate({ scores: new Float64Array(n), labels }, ['infAP'], { ...options, ties: 'average' }).infAP!;
    const want = expectedInfAP(n, 600, 900, 500);
    expect(Math.abs(got - want) / want, `${got} against ${want}`).toBeLessThan(1e-12);
  });
});
