import { describe, expect, it } from 'vitest';
import { evaluateBatch } from '../src/index.js';
import { BACKENDS } from './backends.js';

/** The check that idealLabels hold every retrieved judged label (a multiset inclusion), in each of its paths. */
describe.each(BACKENDS)('idealLabels must hold the retrieved judged labels ($name backend)', ({ options }) => {
  const batch = (labels: number[], ideal: number[][], offsets = [0, labels.length]) => ({
    scores: Float64Array.from(labels, (_, i) => labels.length - i),
    labels: Float64Array.from(labels),
    offsets: Uint32Array.from(offsets),
    idealLabels: ideal,
  });

  it('counts per query: a label held by the query before does not count for the next', () => {
    // query 0 holds two 2s; query 1 retrieves a 2 its judgements lack
    expect(() => evaluateBatch(batch([2, 2, 2], [[2, 2], [1]], [0, 2, 3]), ['nDCG'], options)).toThrow(/query 1: the label 2 at position 0 is not among its idealLabels/);
    // a label retrieved twice needs two in the ideal labels
    expect(() => evaluateBatch(batch([1, 1], [[1, 0]]), ['nDCG'], options)).toThrow(/query 0: the label 1 at position 1 is not among its idealLabels/);
    expect(evaluateBatch(batch([1, 1, 0], [[1, 1, 0, 3], [0]], [0, 3, 3]), ['nDCG'], options).perQuery.nDCG!.length).toBe(2);
  });

  it('labels of 1024 and more are counted in a map, beside small ones; unjudged labels need no ideal label', () => {
    expect(evaluateBatch(batch([5000, 3, -1], [[3, 5000, 7]]), ['P@2'], options).mean['P@2']).toBe(1);
    expect(() => evaluateBatch(batch([5000, 3], [[3, 5001]]), ['P@2'], options)).toThrow(/query 0: the label 5000 at position 0 is not among its idealLabels/);
    // a large retrieved label where the ideal labels are all small
    expect(() => evaluateBatch(batch([2000, 1], [[1, 0]]), ['P@2'], options)).toThrow(/query 0: the label 2000 at position 0 is not among its idealLabels/);
  });

  it('ideal labels beyond int32 or not integers are refused as labels are', () => {
    expect(() => evaluateBatch(batch([1], [[1, 2 ** 40]]), ['nDCG'], options)).toThrow(/idealLabels at position 1 is 1099511627776, beyond the labels allowed/);
    expect(() => evaluateBatch(batch([1], [[1, 0.5]]), ['nDCG'], options)).toThrow(/query 0: idealLabels\[1\] is not a finite integer/);
  });
});
