import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { allOrderings } from './oracle/orderings.js';
import { moreMeasures } from './oracle/more.js';
import { judgedOnlyOf, plainMeasures, type PlainQuery } from './oracle/plain.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';

interface RandomQuery {
  scores: number[];
  labels: number[];
  ideal: number[];
  cutoffs: number[];
}

/** Small queries with heavy ties, unjudged labels, relevant documents not retrieved, k from 1 to past n. */
function randomQuery(next: () => number, labelSet: readonly number[]): RandomQuery {
  const n = randInt(next, 0, 8);
  const levels = pick(next, [1, 2, 3, 4, 8]);
  const scores = Array.from({ length: n }, () => pick(next, [-Infinity, -0, 0, 0.5, 1, 2, 3, Infinity].slice(0, levels + 1)));
  const labels = Array.from({ length: n }, () => pick(next, labelSet));
  const extra = Array.from({ length: randInt(next, 0, 3) }, () => pick(next, labelSet));
  const cutoffs = [...new Set([1, 2, Math.max(1, n), n + 1, randInt(next, 1, n + 3)])].sort((a, b) => a - b);
  return { scores, labels, ideal: [...labels, ...extra], cutoffs };
}

const close = (got: number, want: number): boolean => Math.abs(got - want) <= 1e-12 * Math.max(1, Math.abs(want));

describe.each(BACKENDS)('brute force over every ordering ($name backend)', ({ options }) => {
  it('average equals the mean over all orderings, for every measure and parameter', () => {
    const next = rng(20080330);
    let worst = 0;
    let checked = 0;
    // the largest deviation per measure (the name before its parameters and cut-off)
    const byMeasure = new Map<string, number>();
    for (let t = 0; t < 3000; t++) {
      const q = randomQuery(next, [[-1, 0, 1], [-1, 0, 1, 2, 3], [-2, -1, 0, 1, 2, 3]][t % 3]!);
      const plain = plainMeasures(q.scores.length, q.cutoffs, [1, 2]);
      // judged_only on the measures that take it (beside nDCG's, in moreMeasures): in one call with the plain ones
      const judged = [...plain, ...moreMeasures(q.cutoffs)].filter((m) => /^(P|R|AP|RR|Rprec|Success|SetP|IPrec|11pt_avg)([(@]|$)/.test(m.name)).map(judgedOnlyOf);
      const measures = [...plain, ...moreMeasures(q.cutoffs), ...judged];
      const got = evaluate({ scores: q.scores, labels: q.labels, idealLabels: q.ideal }, measures.map((m) => m.name), options);
      const orderings = allOrderings(q.scores, q.labels);
      for (const m of measures) {
        let sum = 0;
        for (const ranked of orderings) sum += m.value({ ranked, ideal: q.ideal });
        const want = sum / orderings.length;
        const value = got[m.name]!;
        worst = Math.max(worst, Math.abs(value - want));
        const base = m.name.replace(/[(@].*/, '');
        byMeasure.set(base, Math.max(byMeasure.get(base) ?? 0, Math.abs(value - want)));
        if (!close(value, want)) expect.fail(`${m.name} on ${JSON.stringify(q)}: got ${value}, brute force ${want}`);
        checked++;
      }
    }
    console.log(`brute force: ${checked} measure values on 3000 queries, largest deviation ${worst.toExponential(2)}`);
    console.log(`largest deviation per measure: ${[...byMeasure].map(([name, d]) => `${name} ${d.toExponential(1)}`).join(', ')}`);
    expect(checked).toBeGreaterThan(100_000);
  });

  it('a caller-given R (relevant) counts relevant documents that are not retrieved', () => {
    const next = rng(7);
    for (let t = 0; t < 500; t++) {
      const q = randomQuery(next, [-1, 0, 1]);
      const relevant = q.ideal.filter((l) => l >= 1).length + randInt(next, 0, 2);
      const measures = plainMeasures(q.scores.length, q.cutoffs, [1]).filter((m) => !m.name.startsWith('bpref') && !m.name.startsWith('nDCG'));
      const got = evaluate({ scores: q.scores, labels: q.labels, relevant }, measures.map((m) => m.name), options);
      const orderings = allOrderings(q.scores, q.labels);
      for (const m of measures) {
        let sum = 0;
        for (const ranked of orderings) sum += m.value({ ranked, ideal: q.labels, relevant } satisfies PlainQuery);
        const want = sum / orderings.length;
        if (!close(got[m.name]!, want)) expect.fail(`${m.name} with R=${relevant} on ${JSON.stringify(q)}: got ${got[m.name]}, brute force ${want}`);
      }
    }
  });

  it('optimistic and pessimistic are the max and min over the orderings (binary labels; the measures monotone in the relevant documents\' ranks)', () => {
    const next = rng(4956);
    let checked = 0;
    for (let t = 0; t < 2000; t++) {
      const q = randomQuery(next, t % 2 === 0 ? [0, 1] : [-1, 0, 1]);
      const monotone = moreMeasures(q.cutoffs).filter((m) => /^(P\(relative|Rprec|IPrec|11pt_avg|binG|ERR|Set|Num|num_|utility)/.test(m.name));
      const measures = [...plainMeasures(q.scores.length, q.cutoffs, [1]).filter((m) => !m.name.includes('norm=found')), ...monotone];
      const names = measures.map((m) => m.name);
      const input = { scores: q.scores, labels: q.labels, idealLabels: q.ideal };
      const hi = evaluate(input, names, { ...options, ties: 'optimistic' });
      const lo = evaluate(input, names, { ...options, ties: 'pessimistic' });
      const orderings = allOrderings(q.scores, q.labels);
      for (const m of measures) {
        const values = orderings.map((ranked) => m.value({ ranked, ideal: q.ideal }));
        const max = Math.max(...values);
        const min = Math.min(...values);
        if (!close(hi[m.name]!, max)) expect.fail(`optimistic ${m.name} on ${JSON.stringify(q)}: got ${hi[m.name]}, max ${max}`);
        if (!close(lo[m.name]!, min)) expect.fail(`pessimistic ${m.name} on ${JSON.stringify(q)}: got ${lo[m.name]}, min ${min}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it('AP(norm=found) can fall when one more relevant document is found late, so its bounds are not the extremes', () => {
    // one group of [1, 0, 1]: the orderings give AP(norm=found)@3 of 1 (1,1,0), 0.8333 (1,0,1), 0.5833 (0,1,1)
    const q = { scores: [1, 1, 1, 0], labels: [1, 0, 1, 1] };
    const hi = evaluate(q, ['AP(norm=found)@2'], { ...options, ties: 'optimistic' });
    const lo = evaluate(q, ['AP(norm=found)@2'], { ...options, ties: 'pessimistic' });
    // pessimistic (0, 1) finds one relevant document at rank 2: 0.5; but (1, 0) finds one at rank 1: 1; optimistic (1, 1): 1
    expect(hi['AP(norm=found)@2']).toBe(1);
    expect(lo['AP(norm=found)@2']).toBe(0.5);
  });
});
