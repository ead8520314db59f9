import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { evaluateBatch, prepare } from '../src/index.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';

function batch(seed: number, queries: number) {
  const next = rng(seed);
  const offsets = new Uint32Array(queries + 1);
  for (let q = 0; q < queries; q++) offsets[q + 1] = offsets[q]! + randInt(next, 0, 60);
  const labels = Int32Array.from({ length: offsets[queries]! }, () => randInt(next, -1, 3));
  const scores = () => Float64Array.from(labels, () => randInt(next, 0, 5));
  return { labels, offsets, scores, ideal: Array.from({ length: queries }, (_, q) => [...labels.subarray(offsets[q], offsets[q + 1]), 2]) };
}

const MEASURES = ['P@10', 'R@10', 'F1@10', 'AP@10', 'RR@10', 'nDCG@10', 'AP', 'bpref'];

describe.each(BACKENDS)('prepare: the evaluator for optimizers ($name backend)', ({ options }) => {
  it('gives evaluateBatch values for every new score vector, in the same result object', () => {
    const b = batch(3, 300);
    for (const ties of ['average', 'trec', 'optimistic'] as const) {
      const docs = Array.from(b.labels, (_, i) => `d${i}`);
      const evaluator = prepare(b.labels, b.offsets, MEASURES, { ...options, ties, idealLabels: b.ideal, docs });
      const first = evaluator.evaluate(b.scores());
      for (let round = 0; round < 4; round++) {
        const scores = b.scores();
        const got = evaluator.evaluate(scores);
        expect(got).toBe(first);
        const want = evaluateBatch({ scores, labels: b.labels, offsets: b.offsets, idealLabels: b.ideal, docs }, MEASURES, { ...options, ties });
        for (const m of MEASURES) {
          expect(Array.from(got.perQuery[m]!)).toEqual(Array.from(want.perQuery[m]!));
          expect(got.mean[m]).toBe(want.mean[m]);
        }
      }
      expect(JSON.parse(JSON.stringify(first.mean))).toEqual({ ...first.mean });
    }
  });

  it('rejects NaN scores and wrong lengths, and bad labels up front', () => {
    const b = batch(4, 20);
    const evaluator = prepare(b.labels, b.offsets, ['AP'], options);
    const scores = b.scores();
    scores[b.offsets[3]! + 1] = NaN;
    expect(() => evaluator.evaluate(scores)).toThrow(/query 3: score at position 1 is NaN/);
    expect(() => evaluator.evaluate(new Float64Array(2))).toThrow(/entries/);
    expect(() => prepare(Float64Array.of(0.5), Uint32Array.of(0, 1), ['AP'], options)).toThrow(/not a finite integer/);
  });
});

describe.each(BACKENDS.filter((b) => b.name !== 'js'))('prepare on the $name backend', ({ name }) => {
  it('allocates nothing per call but the means, a number per measure (JS heap per call over 300 calls after warm-up, the least of 5 rounds)', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const b = batch(5, 2000);
    const evaluator = prepare(b.labels, b.offsets, MEASURES, { backend: name });
    const scores = b.scores();
    const call = (): void => {
      scores[0] = scores[0]! + 1;
      evaluator.evaluate(scores);
    };
    // the least of 5 rounds: an allocation per call shows in every round, a stray one of the test runner's in one
    const perCall = (fn: () => void): number => {
      for (let i = 0; i < 200; i++) fn();
      let least = Infinity;
      for (let round = 0; round < 5; round++) {
        gc();
        const before = process.memoryUsage().heapUsed;
        for (let i = 0; i < 300; i++) fn();
        least = Math.min(least, (process.memoryUsage().heapUsed - before) / 300);
      }
      return least;
    };
    const baseline = perCall(() => {
      scores[0] = scores[0]! + 1;
    });
    const bytes = perCall(call);
    // `mean` holds plain numbers: a double stored by name from a loop is boxed (16 bytes); any
    // allocation per query (5,000 queries here) would be far more
    expect(bytes - baseline, `${bytes.toFixed(0)} heap bytes per call, an empty loop ${baseline.toFixed(0)}`).toBeLessThan(16 * MEASURES.length + 64);
  });
});
