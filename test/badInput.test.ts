import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBatch, InputError, InputTypeError, MeasureNameError } from '../src/index.js';
import { BACKENDS } from './backends.js';

describe.each(BACKENDS)('bad input gives a clear error ($name backend)', ({ options }) => {
  const ok = { scores: [3, 2, 1], labels: [1, 0, 1] };

  it('NaN score: names the position', () => {
    expect(() => evaluate({ scores: [3, NaN, 1], labels: [1, 0, 1] }, ['AP'], options)).toThrow(/query 0: score at position 1 is NaN/);
    expect(() => evaluate({ scores: [3, NaN, 1], labels: [1, 0, 1] }, ['AP'], options)).toThrow(InputError);
  });

  it('NaN score in a large query: found on every ordering path, the first one named', () => {
    // 200 documents: a cut-off of 10 selects with a heap, 100 by partition, none sorts them all
    const scores = Array.from({ length: 200 }, (_, i) => (i * 37) % 11);
    const labels = scores.map((_, i) => i % 3);
    for (const at of [0, 57, 199]) {
      const bad = scores.map((x, i) => (i === at || i === at + 5 ? NaN : x));
      for (const ties of ['average', 'optimistic', 'trec', 'input'] as const) {
        for (const measure of ['P@10', 'P@100', 'AP', 'nDCG@10']) {
          const docs = ties === 'trec' ? { docs: scores.map((_, i) => `d${i}`) } : {};
          expect(() => evaluate({ scores: bad, labels, ...docs }, [measure], { ...options, ties }), `${ties} ${measure} ${at}`).toThrow(new RegExp(`score at position ${at} is NaN`));
        }
      }
    }
  });

  it('non-finite and fractional labels', () => {
    for (const bad of [Infinity, NaN, 0.5, -Infinity]) {
      expect(() => evaluate({ scores: [3, 2, 1], labels: [1, bad, 1] }, ['AP'], options)).toThrow(/label at position 1 is .*not a finite integer/);
    }
    expect(() => evaluate({ ...ok, idealLabels: [1, 1.5] }, ['AP'], options)).toThrow(/idealLabels\[1\] is not a finite integer/);
  });

  it('arrays of different lengths and values that are not numbers', () => {
    expect(() => evaluate({ scores: [3, 2], labels: [1, 0, 1] }, ['AP'], options)).toThrow(/labels has 3 entries, scores 2/);
    expect(() => evaluate({ scores: [3, '2' as unknown as number], labels: [1, 0] }, ['AP'], options)).toThrow(InputTypeError);
    expect(() => evaluate(null as never, ['AP'], options)).toThrow(TypeError);
  });

  it('k that is not a positive integer, unknown measures and parameters: the message says why and where every name is', () => {
    for (const name of ['P@0', 'P@-1', 'P@1.5', 'P@x', 'P', 'Rprec@5', 'MAPX', 'AP(norm=max)', 'P(foo=1)@5', 'RBP(p=1)', 'RBP(p=0)', 'P(rel=0)@5', 'P(rel=1.5)@5', 'P(rel=1,rel=2)@5', 'nDCG(gain=cubic)']) {
      expect(() => evaluate(ok, [name], options), name).toThrow(MeasureNameError);
      expect(() => evaluate(ok, [name], options), name).toThrow(/\nevery measure and its parameters: tie-eval --help, docs\/names\.md/);
    }
    expect(() => evaluate(ok, [], options)).toThrow(/non-empty array/);
    // a misspelt name gets the nearest known one, in any tool's spelling
    expect(() => evaluate(ok, ['mapp'], options)).toThrow(/^unknown measure 'mapp': no measure is called 'mapp' \(did you mean map\?\)/);
    expect(() => evaluate(ok, ['recip_rnk'], options)).toThrow(/did you mean recip_rank\?/);
    expect(() => evaluate(ok, ['nDCG(gain=cubic)'], options)).not.toThrow(/did you mean/);
  });

  it("ties: 'trec' without docs, an unknown tie mode, duplicate document ids", () => {
    expect(() => evaluate(ok, ['AP'], { ...options, ties: 'trec' })).toThrow(/give docs/);
    expect(() => evaluate(ok, ['AP'], { ...options, ties: 'random' as never })).toThrow(/ties must be one of average, optimistic, pessimistic, trec, input/);
    expect(() => evaluate({ ...ok, docs: ['a', 'b', 'a'] }, ['AP'], options)).toThrow(/query 0: document 'a' appears twice, at positions 0 and 2/);
  });

  it('document ids are checked alike in every tie mode (sorted in trec, counted in the others)', () => {
    const scores = Float64Array.of(4, 3, 2, 1, 4, 3, 2, 1, 0);
    const labels = Int32Array.of(1, 0, 1, 0, 1, 0, 1, 0, 1);
    const offsets = Uint32Array.of(0, 4, 9);
    const cases: [unknown[], RegExp][] = [
      [['a', 'b', 'c', 'd', 'x', 'b', 'a', 'a', 'b'], /query 1: document 'b' appears twice, at positions 1 and 4 /],
      [['a', 'b', 'c', 'd', 'x', 'y', 'x', 'z', 'x'], /query 1: document 'x' appears twice, at positions 0 and 2 /],
      [['a', 'a', 'c', 'c', 'x', 'y', 'z', 'w', 'v'], /query 0: document 'c' appears twice, at positions 2 and 3 /],
      [['a', 'b', 'c', 'd', 'x', 'x', 7, 'z', 'w'], /query 1: docs\[6\] is number, not a string/],
      // ids of one length and last character are compared in full
      [['q1', 'r1', 's1', 't1', 'xy9', 'zy9', 'xy9', 'zx9', 'wy9'], /query 1: document 'xy9' appears twice, at positions 0 and 2 /],
      [['', 'b', '', 'd', 'x', 'y', 'z', 'w', 'v'], /query 0: document '' appears twice, at positions 0 and 2 /],
    ];
    for (const [docs, message] of cases) {
      for (const ties of ['trec', 'average', 'input', 'optimistic'] as const) {
        expect(() => evaluateBatch({ scores, labels, offsets, docs: docs as string[] }, ['AP'], { ...options, ties }), `${docs.join(' ')} ${ties}`).toThrow(message);
      }
    }
    for (const ties of ['trec', 'average'] as const) {
      const docs = ['ab1', 'cb1', 'db1', 'eb1', 'x9', 'y9', 'z9', 'w9', 'v9'];
      expect(evaluateBatch({ scores, labels, offsets, docs }, ['AP'], { ...options, ties }).perQuery.AP!.length).toBe(2);
    }
  });

  it('R smaller than the relevant documents retrieved, ideal labels that miss judged documents', () => {
    expect(() => evaluate({ ...ok, relevant: 1 }, ['AP'], options)).toThrow(/relevant \(R\) is smaller/);
    expect(() => evaluate({ ...ok, relevant: 2.5 }, ['AP'], options)).toThrow(/non-negative integer/);
    expect(() => evaluate({ ...ok, idealLabels: [1] }, ['AP'], options)).toThrow(/idealLabels must hold every judged label/);
    expect(() => evaluate({ ...ok, relevant: 3 }, ['AP', 'P(rel=2)@2'], options)).toThrow(/one relevance level/);
  });

  it('batch: wrong array types, offsets that decrease, overrun or fall short; the query id in the message', () => {
    const scores = Float64Array.of(1, 2, 3, 4);
    const labels = Int32Array.of(0, 1, 0, 1);
    const good = { scores, labels, offsets: Uint32Array.of(0, 2, 4) };
    expect(() => evaluateBatch({ ...good, scores: [1, 2, 3, 4] as never }, ['AP'], options)).toThrow(InputTypeError);
    expect(() => evaluateBatch({ ...good, labels: Int16Array.of(0, 1, 0, 1) as never }, ['AP'], options)).toThrow(/Float64Array, Int32Array or Uint8Array/);
    expect(() => evaluateBatch({ ...good, offsets: [0, 2, 4] as never }, ['AP'], options)).toThrow(/Uint32Array/);
    expect(() => evaluateBatch({ ...good, offsets: Uint32Array.of(0, 3, 2, 4) }, ['AP'], options)).toThrow(/must not decrease/);
    expect(() => evaluateBatch({ ...good, offsets: Uint32Array.of(0, 2, 5) }, ['AP'], options)).toThrow(/must end at 4/);
    expect(() => evaluateBatch({ ...good, offsets: Uint32Array.of(1, 2, 4) }, ['AP'], options)).toThrow(/\[0\] must be 0/);
    expect(() => evaluateBatch({ ...good, labels: Int32Array.of(0, 1, 0) }, ['AP'], options)).toThrow(/labels has 3 entries/);
    expect(() => evaluateBatch({ ...good, relevant: Float64Array.of(1) }, ['AP'], options)).toThrow(/relevant has 1 values for 2 queries/);
    expect(() => evaluateBatch({ ...good, scores: Float64Array.of(1, 2, NaN, 4), queryIds: ['q1', 'q2'] }, ['AP'], options)).toThrow(
      /query 'q2' \(index 1\): score at position 0 is NaN/,
    );
    expect(() => evaluateBatch({ ...good, docs: ['a', 'b', 'c', 'c'] }, ['AP'], { ...options, ties: 'trec' })).toThrow(/query 1: document 'c' appears twice/);
  });

  it('an empty batch has NaN means and empty per-query values', () => {
    const r = evaluateBatch({ scores: new Float64Array(0), labels: new Uint8Array(0), offsets: Uint32Array.of(0) }, ['AP'], options);
    expect(r.perQuery.AP!.length).toBe(0);
    expect(r.mean.AP).toBeNaN();
  });
});
