import { describe, expect, it } from 'vitest';
import { log2 } from '../src/reference/log2.js';

const bits = (x: number): bigint => new BigInt64Array(Float64Array.of(x).buffer)[0]!;

describe('the kernels\' log2 (the same arithmetic in the three backends)', () => {
  it('is exact at powers of two, as the documented example says', () => {
    expect(log2(8)).toBe(3);
    for (let e = 0; e <= 40; e++) expect(log2(2 ** e)).toBe(e);
  });

  it('is within 2 ulps of Math.log2 over ranks 2..10^6 and large counts', () => {
    let worst = 0n;
    const check = (x: number): void => {
      const d = bits(log2(x)) - bits(Math.log2(x));
      const ulps = d < 0n ? -d : d;
      if (ulps > worst) worst = ulps;
    };
    for (let x = 2; x <= 1_000_000; x++) check(x);
    for (let x = 2 ** 31 - 1000; x < 2 ** 31; x++) check(x);
    expect(worst).toBeLessThanOrEqual(2n);
  });
});
