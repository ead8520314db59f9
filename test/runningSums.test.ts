import { describe, expect, it } from 'vitest';
import { evaluateBatch, type EvaluateOptions } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { smallTieBatch } from './support/smallTieBatch.js';

// DCG, nDCG and AP rows of one column share the query's running sum (one walk for every
// cut-off), and the ideal DCGs of one gain column one running ideal sum. Each row must still
// give, bit for bit, what it gives alone: cut-offs asked in any order (a smaller one after a
// larger one reads a sum already made), columns and views taking turns (the sum starts over),
// norm=found reading the sum where a group crosses its cut-off, the judged view's empty groups.
const ROWS = [
  'nDCG@1000',
  'nDCG@5',
  'AP@10',
  'nDCG(gain=exp)@10',
  'nDCG@10',
  'AP(rel=2)@5',
  'AP@5',
  'nDCG(judged_only=true)@3',
  'nDCG@3',
  'AP(norm=found)@7',
  'DCG@4',
  'AP',
  'AP(norm=min)@20',
  'nDCG(judged_only=true)@10',
  'nDCG',
  'AP@2',
];

const SETTINGS: { name: string; options: EvaluateOptions }[] = [
  { name: 'average', options: { ties: 'average' } },
  { name: 'input', options: { ties: 'input' } },
  { name: 'optimistic', options: { ties: 'optimistic' } },
  { name: 'average, -M 9 -J', options: { ties: 'average', maxRank: 9, judgedOnly: true } },
];

describe.each(BACKENDS)('rows sharing a running sum ($name backend)', ({ options }) => {
  it.each(SETTINGS)('each row of one call equals the row alone ($name)', ({ options: setting }) => {
    const batch = smallTieBatch(77, 'int32');
    const together = evaluateBatch(batch, ROWS, { ...options, ...setting });
    let compared = 0;
    for (const row of ROWS) {
      const alone = evaluateBatch(batch, [row], { ...options, ...setting }).perQuery[row]!;
      const shared = together.perQuery[row]!;
      for (let q = 0; q < alone.length; q++) {
        if (!Object.is(shared[q], alone[q])) expect.fail(`${row}, query ${q}: ${shared[q]} in one call with the others, ${alone[q]} alone`);
      }
      compared += alone.length;
    }
    expect(compared).toBe(ROWS.length * 1500);
    // not all zero: the rows read real sums
    expect(together.mean['nDCG@5']).toBeGreaterThan(0.1);
    expect(together.mean['AP(norm=found)@7']).toBeGreaterThan(0.1);
  });
});
