import { describe, expect, it } from 'vitest';
import { evaluateBatch } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { randInt, rng } from '../src/util/random.js';

/** The check that idealLabels hold every retrieved judged label (a multiset inclusion), in each of its paths. */
describe.each(BACKENDS)('idealLabels must hold the retrieved judged labels ($name backend)', ({ options }) => {
  const batch = (labels: number[], ideal: number[][], offsets = [0, labels.length]) => ({
    scores: Float64Array.from(labels, (_, i) => labels.length - i),
    labels: Float64Array.from(labels),
    offsets: Uint32Array.from(offsets),
    idealLabels: ideal,
  });
  // the same ideal labels as one flat array with offsets
  const flatOf = (ideal: number[][]) => ({ labels: Float64Array.from(ideal.flat()), offsets: Uint32Array.from([0, ...ideal.map((_, q) => ideal.slice(0, q + 1).flat().length)]) });

  it('counts per query: a label held by the query before does not count for the next', () => {
    // query 0 holds two 2s; query 1 retrieves a 2 its judgements lack
    expect(() => evaluateBatch(batch([2, 2, 2], [[2, 2], [1]], [0, 2, 3]), ['nDCG'], options)).toThrow(/query 1: the label 2 at position 0 is not among its idealLabels/);
    // a label retrieved twice needs two in the ideal labels
    expect(() => evaluateBatch(batch([1, 1], [[1, 0]]), ['nDCG'], options)).toThrow(/query 0: the label 1 at position 1 is not among its idealLabels/);
    expect(evaluateBatch(batch([1, 1, 0], [[1, 1, 0, 3], [0]], [0, 3, 3]), ['nDCG'], options).perQuery.nDCG!.length).toBe(2);
  });

  it('ideal labels spanning 64 values or more are sorted, fewer counted (large but close labels too); unjudged labels need no ideal label', () => {
    expect(evaluateBatch(batch([5000, 3, -1], [[3, 5000, 7]]), ['P@2'], options).mean['P@2']).toBe(1);
    expect(() => evaluateBatch(batch([5000, 3], [[3, 5001]]), ['P@2'], options)).toThrow(/query 0: the label 5000 at position 0 is not among its idealLabels/);
    // a large retrieved label where the ideal labels are all small
    expect(() => evaluateBatch(batch([2000, 1], [[1, 0]]), ['P@2'], options)).toThrow(/query 0: the label 2000 at position 0 is not among its idealLabels/);
    // sorted: the second 7 retrieved takes the second 7 held, the third finds none
    expect(evaluateBatch(batch([7, 100, 7], [[100, 7, 0, 7]]), ['P@3'], options).mean['P@3']).toBe(1);
    expect(() => evaluateBatch(batch([7, 100, 7, 7], [[100, 7, 0, 7]]), ['P@3'], options)).toThrow(/query 0: the label 7 at position 3 is not among its idealLabels/);
    // counted from 5000: below and above the span, and a repeat
    expect(evaluateBatch(batch([5001, 5000], [[5000, 5003, 5001]]), ['P@2'], options).mean['P@2']).toBe(1);
    expect(() => evaluateBatch(batch([5001, 4999], [[5000, 5003, 5001]]), ['P@2'], options)).toThrow(/the label 4999 at position 1 is not/);
    expect(() => evaluateBatch(batch([5004], [[5000, 5003]]), ['P@2'], options)).toThrow(/the label 5004 at position 0 is not/);
    // no judged ideal label at all (unjudged ones only): the first judged label is lacking
    expect(() => evaluateBatch(batch([-1, 0], [[-1, -2]]), ['P@2'], options)).toThrow(/the label 0 at position 1 is not/);
    expect(evaluateBatch(batch([-1, -1], [[-2]]), ['P@2'], options).mean['P@2']).toBe(0);
  });

  it('finds the first lacking position a plain multiset count finds, for every kind of label array and span', () => {
    const next = rng(38);
    const kinds = [Float64Array, Int32Array, Uint8Array] as const;
    const seen = { lacking: 0, held: 0 };
    for (let trial = 0; trial < 400; trial++) {
      const queries = randInt(next, 1, 4);
      const span = [3, 63, 64, 200][trial % 4]!;
      const base = trial % 8 < 4 ? 0 : 150;
      const labels: number[] = [];
      const ideal: number[][] = [];
      const offsets = [0];
      let expected: RegExp | null = null;
      for (let q = 0; q < queries; q++) {
        const held = Array.from({ length: randInt(next, 0, 12) }, () => (next() < 0.15 ? -1 : base + randInt(next, 0, span - 1)));
        // the ranking: mostly held labels, now and then one more or one absent
        const ranking = held.filter(() => next() < 0.7).map((v) => (next() < 0.1 ? base + randInt(next, 0, span) : v));
        if (next() < 0.2) ranking.push(-1);
        ranking.sort(() => next() - 0.5);
        const left = new Map<number, number>();
        for (const v of held) left.set(v, (left.get(v) ?? 0) + 1);
        const lacking = ranking.findIndex((v) => v >= 0 && (left.set(v, (left.get(v) ?? 0) - 1).get(v)! < 0));
        if (lacking >= 0 && expected === null) expected = new RegExp(`query ${q}: the label ${ranking[lacking]} at position ${lacking} is not among its idealLabels`);
        labels.push(...ranking);
        ideal.push(held);
        offsets.push(labels.length);
      }
      const Kind = kinds[trial % 3]!;
      if (Kind === Uint8Array && (base + span > 255 || labels.some((v) => v < 0) || ideal.flat().some((v) => v < 0))) continue;
      const input = { scores: Float64Array.from(labels, (_, i) => -i), labels: Kind.from(labels), offsets: Uint32Array.from(offsets), idealLabels: ideal };
      if (expected === null) {
        // the arrays (flattened to the narrowest kind: bytes, int32 from a label past 255 or below 0 on) give the flat doubles' values
        const flat = { ...input, idealLabels: flatOf(ideal) };
        expect(evaluateBatch(input, ['P@5', 'nDCG@5', 'Rprec'], options).perQuery).toEqual(evaluateBatch(flat, ['P@5', 'nDCG@5', 'Rprec'], options).perQuery);
      } else expect(() => evaluateBatch(input, ['P@5'], options)).toThrow(expected);
      seen[expected === null ? 'held' : 'lacking']++;
    }
    // both outcomes, on every path (counted and sorted spans, each label type)
    expect(Math.min(seen.lacking, seen.held)).toBeGreaterThan(60);
  });

  it('arrays give the flat form\'s values call after call, and in a call nested in a getter of the arrays', () => {
    const measures = ['nDCG@3', 'R@2', 'Rprec'];
    const long = batch([3, 2, 1, 0, 2], [[3, 2, 1, 0, 2, 3, 3, 3, 1]]);
    const short = batch([1, 0], [[1, 0, 2]]);
    for (const input of [long, short, long, short]) expect(evaluateBatch(input, measures, options).perQuery).toEqual(evaluateBatch({ ...input, idealLabels: flatOf(input.idealLabels) }, measures, options).perQuery);
    // a getter among the ideal labels evaluates another batch while the first is being read
    let inner: Record<string, Float64Array> | null = null;
    const held = [2, 0, 1];
    Object.defineProperty(held, 1, { get: () => ((inner ??= evaluateBatch(short, measures, options).perQuery), 0), enumerable: true });
    const outer = batch([2, 1, 0], [held]);
    expect(evaluateBatch(outer, measures, options).perQuery).toEqual(evaluateBatch({ ...outer, idealLabels: flatOf([[2, 0, 1]]) }, measures, options).perQuery);
    expect(inner).toEqual(evaluateBatch({ ...short, idealLabels: flatOf(short.idealLabels) }, measures, options).perQuery);
  });

  it('ideal labels beyond int32 or not integers are refused as labels are', () => {
    expect(() => evaluateBatch(batch([1], [[1, 2 ** 40]]), ['nDCG'], options)).toThrow(/idealLabels at position 1 is 1099511627776, beyond the labels allowed/);
    expect(() => evaluateBatch(batch([1], [[1, 0.5]]), ['nDCG'], options)).toThrow(/query 0: idealLabels\[1\] is not a finite integer/);
  });

  it('a value that is not a number is named by query and index, whether it follows grades, int32 labels or doubles', () => {
    const three = (ideal: unknown[][]) => batch([1, 1, 1], ideal as number[][], [0, 1, 2, 3]);
    expect(() => evaluateBatch(three([[1], [2, 0], [0, '1']]), ['nDCG'], options)).toThrow(/query 2: idealLabels\[1\] is string, not a number/);
    expect(() => evaluateBatch(three([[1], [300, -1], [1, undefined]]), ['nDCG'], options)).toThrow(/query 2: idealLabels\[1\] is undefined, not a number/);
    expect(() => evaluateBatch(three([[1], [1, 2.5], [1, null]]), ['nDCG'], options)).toThrow(/query 2: idealLabels\[1\] is object, not a number/);
    // past the grades: 256 and -1 are int32 labels, read as given
    expect(evaluateBatch(three([[1, 256], [1, -1], [1]]), ['nDCG'], options).perQuery).toEqual(evaluateBatch({ ...three([[]]), idealLabels: flatOf([[1, 256], [1, -1], [1]]) }, ['nDCG'], options).perQuery);
  });
});
