import { describe, expect, it } from 'vitest';
import { binomial as tableBinomial, COUNT_CELLS, FREE_ORDERS, freeOrdersRow } from '../src/reference/freeOrders.js';

/** C(m, j) in exact integers. */
function binomial(m: number, j: number): bigint {
  let c = 1n;
  for (let i = 0; i < j; i++) c = (c * BigInt(m - i)) / BigInt(i + 1);
  return c;
}

describe('the free orders of a counted group (IPrec)', () => {
  it('are C(e + j, j) exactly for every (j + 1)(e + 1) <= COUNT_CELLS', () => {
    let checked = 0;
    for (let j = 0; j < COUNT_CELLS; j++) {
      for (let e = 0; (j + 1) * (e + 1) <= COUNT_CELLS; e++) {
        const want = binomial(e + j, j);
        expect(want < 2n ** 53n).toBe(true);
        expect(FREE_ORDERS[freeOrdersRow(j) + e], `j ${j} e ${e}`).toBe(Number(want));
        checked++;
      }
    }
    expect(checked).toBe(FREE_ORDERS.length);
  });

  it('hold C(a, b) for every a <= 43 (the binomials of a counted G group)', () => {
    for (let a = 0; a <= 43; a++) {
      for (let b = 0; b <= a; b++) expect(tableBinomial(a, b), `C(${a}, ${b})`).toBe(Number(binomial(a, b)));
    }
    // C(44, 22) is past the table's rows: 43 is the largest group counted
    expect(23 * 23).toBeGreaterThan(COUNT_CELLS);
  });
});
