import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBatch } from '../src/index.js';
import { BACKENDS } from './backends.js';

const TIES = ['average', 'optimistic', 'pessimistic', 'input'] as const;

describe.each(BACKENDS)('worked examples of the source documents ($name backend)', ({ options }) => {
  // 004 (FLAGR): 8 items, relevant at ranks 1, 3, 4, 6; exponential gain; AP over the relevant found.
  // Rows as printed (2 decimals), with the document's slips corrected:
  // F1@3 is printed 0.62 (it is 0.571), F1@5 and F1@8 are truncated to 0.66 (they are 0.667).
  const table004 = {
    P: [1.0, 0.5, 0.67, 0.75, 0.6, 0.67, 0.57, 0.5],
    R: [0.25, 0.25, 0.5, 0.75, 0.75, 1.0, 1.0, 1.0],
    F1: [0.4, 0.33, 0.571, 0.75, 0.667, 0.8, 0.73, 0.667],
    DCG: [1.0, 1.0, 1.5, 1.93, 1.93, 2.29, 2.29, 2.29],
    IDCG: [1.0, 1.63, 2.13, 2.56, 2.56, 2.56, 2.56, 2.56],
    nDCG: [1.0, 0.61, 0.7, 0.75, 0.75, 0.89, 0.89, 0.89],
    AP: [1.0, 1.0, 0.83, 0.81, 0.81, 0.77, 0.77, 0.77],
  };
  const labels004 = [1, 0, 1, 1, 0, 1, 0, 0];
  const scores004 = [8, 7, 6, 5, 4, 3, 2, 1];

  it.each(TIES)("reproduces 004's table at k = 1..8 (ties: %s, no ties present)", (ties) => {
    for (let k = 1; k <= 8; k++) {
      const names = [`P@${k}`, `R@${k}`, `F1@${k}`, `DCG(gain=exp)@${k}`, `nDCG(gain=exp)@${k}`, `AP(norm=found)@${k}`];
      const v = evaluate({ scores: scores004, labels: labels004 }, names, { ...options, ties });
      const ideal = evaluate({ scores: scores004, labels: [...labels004].sort((a, b) => b - a) }, [`DCG(gain=exp)@${k}`], options);
      const got = [v[names[0]!], v[names[1]!], v[names[2]!], v[names[3]!], ideal[`DCG(gain=exp)@${k}`], v[names[4]!], v[names[5]!]];
      const want = [table004.P, table004.R, table004.F1, table004.DCG, table004.IDCG, table004.nDCG, table004.AP].map((row) => row[k - 1]!);
      got.forEach((g, i) => expect(Math.abs(g! - want[i]!), `column ${i} at k=${k}: ${g} vs ${want[i]}`).toBeLessThanOrEqual(0.005));
    }
  });

  it("reproduces 003's Recall@1..8 for relevant ranks {2, 4, 5, 7}", () => {
    const labels = [0, 1, 0, 1, 1, 0, 1, 0];
    const names = [1, 2, 3, 4, 5, 6, 7, 8].map((k) => `R@${k}`);
    const v = evaluate({ scores: [8, 7, 6, 5, 4, 3, 2, 1], labels }, names, options);
    expect(names.map((n) => v[n])).toEqual([0, 0.25, 0.25, 0.5, 0.75, 0.75, 1, 1]);
  });

  // 003's three queries: relevant ranks {2, 4, 5, 7}, {1, 4, 5, 7}, {5, 8} of 8 results
  const batch003 = () => {
    const rel = [
      [2, 4, 5, 7],
      [1, 4, 5, 7],
      [5, 8],
    ];
    const labels = new Int32Array(24);
    rel.forEach((ranks, q) => ranks.forEach((r) => (labels[q * 8 + r - 1] = 1)));
    const scores = new Float64Array(24).map((_, i) => 8 - (i % 8));
    return { scores, labels, offsets: Uint32Array.of(0, 8, 16, 24) };
  };

  it("reproduces 003's MRR 0.5667 and MAP@8 0.479 (AP 0.543, 0.668, 0.225)", () => {
    const result = evaluateBatch(batch003(), ['RR', 'AP@8'], options);
    expect(result.mean.RR).toBeCloseTo(0.5667, 4);
    expect(result.mean['AP@8']).toBeCloseTo(0.479, 3);
    expect(Array.from(result.perQuery['AP@8']!).map((x) => Number(x.toFixed(3)))).toEqual([0.543, 0.668, 0.225]);
  });

  it("reproduces 003's nDCG@2 0.4095 (linear gain, labels [0, 7, 2, 4, 6, 1, 4, 3])", () => {
    const v = evaluate({ scores: [8, 7, 6, 5, 4, 3, 2, 1], labels: [0, 7, 2, 4, 6, 1, 4, 3] }, ['nDCG@2'], options);
    expect(v['nDCG@2']).toBeCloseTo(0.4095, 4);
  });
});
