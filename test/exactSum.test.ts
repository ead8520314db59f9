import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExactSum } from '../src/core/exactSum.js';
import { meanOf, sumOf } from '../src/core/means.js';
import { ROOT } from './support/child.js';

// Python's math.fsum of each list (test/fixtures/fsum/README.md says how it was made)
const SETS = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/fsum/sets.json'), 'utf8')) as { terms: number[]; fsum: number }[];

describe('ExactSum', () => {
  it('gives math.fsum\'s correctly rounded sum of 305 lists, in their order and reversed', () => {
    for (const { terms, fsum } of SETS) {
      for (const order of [terms, [...terms].reverse()]) {
        const sum = new ExactSum();
        for (const x of order) sum.add(x);
        expect(sum.value()).toBe(fsum);
      }
    }
  });

  it('a non-finite term or an overflow gives the plain sum; clear and clone go on from the terms', () => {
    const sum = new ExactSum();
    for (const x of [1e308, 1e308, -1e308]) sum.add(x);
    expect(sum.value()).toBe(Infinity);
    sum.clear();
    sum.add(Number.NaN);
    expect(sum.value()).toBeNaN();
    sum.clear();
    sum.add(0.1);
    const copy = sum.clone();
    copy.add(0.2);
    copy.add(0.3);
    expect([sum.value(), copy.value()]).toEqual([0.1, 0.6]);
  });

  it('means.ts\'s examples: exact by default, trec_eval\'s query order when ordered', () => {
    expect(sumOf([0.1, 0.2, 0.3], 0, 3)).toBe(0.6);
    expect(sumOf([0.1, 0.2, 0.3], 0, 3, 'ordered')).toBe(0.6000000000000001);
    expect(meanOf([0.1, 0.2, 0.3], 0, 3)).toBe(0.19999999999999998);
  });
});
