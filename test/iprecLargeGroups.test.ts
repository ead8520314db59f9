import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { iprecAt } from './oracle/more.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';

// Interpolated precision's exact average on tie groups too large for the brute force over
// every ordering (n <= 8 there): groups of 16-28 documents, whose checks lie more than
// STEP_SLOTS (16) slots apart, so the hypergeometric jump serves beside the slot-by-slot step.
// With binary labels an ordering of a group is the set of slots its relevant documents take:
// the oracle averages the plain measure over every such placement, C(n, r) per group.

const LEVELS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

/** Every r-subset of 0..n-1, as bit masks. */
function placements(n: number, r: number): number[] {
  const out: number[] = [];
  const walk = (from: number, left: number, mask: number): void => {
    if (left === 0) return void out.push(mask);
    for (let i = from; i <= n - left; i++) walk(i + 1, left - 1, mask | (1 << i));
  };
  walk(0, r, 0);
  return out;
}

describe.each(BACKENDS)('interpolated precision on large tie groups ($name backend)', ({ options }) => {
  it('average equals the mean over every placement of the relevant documents in the groups', () => {
    const next = rng(1603);
    let compared = 0;
    for (let query = 0; query < 40; query++) {
      // a few untied documents, a large group, a small one, a few more untied
      const head = Array.from({ length: randInt(next, 0, 3) }, () => (next() < 0.5 ? 1 : 0));
      const big = { n: randInt(next, 16, 28), r: randInt(next, 1, 3) };
      const small = { n: randInt(next, 2, 4), r: randInt(next, 0, 2) };
      const tail = Array.from({ length: randInt(next, 0, 3) }, () => (next() < 0.5 ? 1 : 0));
      const scores = [...head.map((_, i) => 100 - i), ...Array<number>(big.n).fill(50), ...Array<number>(small.n).fill(40), ...tail.map((_, i) => 30 - i)];
      const fixed = (bits: number, size: number): number[] => Array.from({ length: size }, (_, i) => (bits >> i) & 1);
      const bigs = placements(big.n, big.r);
      const smalls = placements(small.n, small.r);
      const labels = [...head, ...fixed(bigs[0]!, big.n), ...fixed(smalls[0]!, small.n), ...tail];
      const relevant = labels.filter((l) => l === 1).length;
      const got = evaluate({ scores, labels }, [...LEVELS.map((l) => `IPrec@${l}`), '11pt_avg'], { ...options, ties: 'average' });
      for (const level of LEVELS) {
        let sum = 0;
        for (const a of bigs) for (const b of smalls) sum += iprecAt({ ranked: [...head, ...fixed(a, big.n), ...fixed(b, small.n), ...tail], ideal: labels }, Math.round(level * relevant));
        const mean = sum / (bigs.length * smalls.length);
        expect(Math.abs(got[`IPrec@${level}`]! - mean), `query ${query} level ${level}`).toBeLessThan(1e-12);
        compared++;
      }
      expect(got['11pt_avg']).toBeCloseTo(LEVELS.reduce((s, l) => s + got[`IPrec@${l}`]!, 0) / LEVELS.length, 14);
    }
    expect(compared).toBe(440);
  });
});
