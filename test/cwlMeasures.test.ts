import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';
import { cwlInsq, cwlSdcg } from './oracle/cwl.js';
import { allOrderings } from './oracle/orderings.js';

// cwl_eval's static measures (ir_measures' SDCG and INSQ) against cwl_eval's own computation
// (test/oracle/cwl.ts: the C vector's products over 1,000 positions), on untied queries and, over
// every ordering of the tied documents, on tied ones, on every backend.

const cases: { name: string; value: (labels: readonly number[]) => number }[] = [
  { name: 'SDCG(max_rel=3)@5', value: (l) => cwlSdcg(l, 5, 0, 3) },
  { name: 'SDCG(max_rel=2)@1', value: (l) => cwlSdcg(l, 1, 0, 2) },
  { name: 'SDCG(min_rel=1,max_rel=3)@10', value: (l) => cwlSdcg(l, 10, 1, 3) },
  { name: 'INSQ(max_rel=3)', value: (l) => cwlInsq(l, 1, 0, 3) },
  { name: 'INSQ(T=2.5,min_rel=1,max_rel=2)', value: (l) => cwlInsq(l, 2.5, 1, 2) },
];

describe.each(BACKENDS)("cwl_eval's SDCG and INSQ ($name backend)", ({ options }) => {
  it('average equals the mean of cwl_eval’s value over every ordering of the tied documents', () => {
    const next = rng(8911);
    let compared = 0;
    for (let query = 0; query < 200; query++) {
      const n = randInt(next, 0, 7);
      const labels = Array.from({ length: n }, () => randInt(next, -1, 4));
      const scores = labels.map(() => randInt(next, 0, 2));
      const got = evaluate({ scores, labels }, cases.map((c) => c.name), { ...options, ties: 'average' });
      const orders = allOrderings(scores, labels);
      for (const c of cases) {
        const mean = orders.reduce((s, ranked) => s + c.value(ranked), 0) / orders.length;
        expect(Math.abs(got[c.name]! - mean), `${c.name}: labels ${labels} scores ${scores}`).toBeLessThan(1e-12);
        compared++;
      }
    }
    expect(compared).toBe(200 * cases.length);
  });

  it('weighs only the first 1,000 ranks, as cwl_eval does', () => {
    const labels = Array.from({ length: 1200 }, (_, i) => (i >= 990 ? 3 : 0));
    const scores = labels.map((_, i) => 1200 - i);
    const got = evaluate({ scores, labels }, ['SDCG(max_rel=3)@1200', 'INSQ(max_rel=3)'], options);
    expect(got['SDCG(max_rel=3)@1200']).toBeCloseTo(cwlSdcg(labels, 1200, 0, 3), 14);
    expect(got['INSQ(max_rel=3)']).toBeCloseTo(cwlInsq(labels, 1, 0, 3), 14);
  });
});

describe('their names', () => {
  it('need max_rel above min_rel, as ir_measures does', () => {
    expect(() => evaluate({ scores: [1], labels: [1] }, ['SDCG@10'])).toThrow(/SDCG needs max_rel, e\.g\. SDCG\(max_rel=3\)@10/);
    expect(() => evaluate({ scores: [1], labels: [1] }, ['INSQ(min_rel=2,max_rel=2)'])).toThrow(/max_rel \(2\) must be above min_rel \(2\)/);
    expect(() => evaluate({ scores: [1], labels: [1] }, ['SDCG(max_rel=3)'])).toThrow(/SDCG needs a cut-off/);
  });
});
