import { describe, expect, it } from 'vitest';
import { evaluateBatch } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { smallTieBatch } from './support/smallTieBatch.js';

// Interpolated precision sweeps every level of a query at once, and a candidate that only
// levels with a higher floor read starts just below the lowest of those floors, its group
// recounted when such a level opens. Each level must still give, bit for bit, what it gives
// alone: sparse sets (the lowest level's floor is often 1, a relevant document first, where the
// highest level's is low), dense ones, levels sharing a head group, two relevance columns.
const SETS = [
  ['IPrec@0', 'IPrec@1'],
  ['IPrec@0.2', 'IPrec@0.8'],
  ['IPrec@0', 'IPrec@0.5', 'IPrec@1'],
  ['IPrec@0.3', 'IPrec@0.35', 'IPrec@0.4', 'IPrec@0.9'],
  ['IPrec@0.1', 'IPrec(rel=2)@0', 'IPrec(rel=2)@1', 'IPrec@0.7'],
  ['11pt_avg', 'IPrec@0.55', 'IPrec@1'],
];

describe.each(BACKENDS)('interpolated precision levels swept at once ($name backend)', ({ options }) => {
  it.each(SETS.map((set) => ({ set, name: set.join(' ') })))('each level of one call equals the level alone ($name)', ({ set }) => {
    const batch = smallTieBatch(1729, 'int32');
    const together = evaluateBatch(batch, set, { ...options, ties: 'average' });
    let differing = 0;
    for (const measure of set) {
      const alone = evaluateBatch(batch, [measure], { ...options, ties: 'average' }).perQuery[measure]!;
      const shared = together.perQuery[measure]!;
      expect(shared.length).toBe(1500);
      for (let q = 0; q < alone.length; q++) {
        if (!Object.is(shared[q], alone[q])) expect.fail(`${measure}, query ${q}: ${shared[q]} with ${set.join(', ')}, ${alone[q]} alone`);
      }
      // the levels differ from each other on many queries: each reads its own ranks
      if (measure !== set[0]) for (let q = 0; q < alone.length; q++) differing += shared[q] !== together.perQuery[set[0]!]![q] ? 1 : 0;
    }
    expect(differing).toBeGreaterThan(300);
    expect(together.mean[set[0]!]).toBeGreaterThan(0.1);
  });
});
