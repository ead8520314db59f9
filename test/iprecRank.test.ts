import { describe, expect, it } from 'vitest';
import { iprecRank } from '../src/reference/iprec.js';
import { ELEVEN_POINTS } from '../src/measures/params.js';
import { rng } from '../src/util/random.js';

// The kernels round level R as trec_eval's lround does (halves away from zero) without a library
// call: floor, one more from a half up. For level R >= 0, Math.round (halves up, exactly) is that.
describe('the relevant rank interpolated precision starts from (the same arithmetic in the three backends)', () => {
  it('is round(level R), halves away from zero, for the eleven points and every R to 5,000', () => {
    for (let relevant = 0; relevant <= 5000; relevant++) {
      for (const level of ELEVEN_POINTS) expect(iprecRank(level, relevant)).toBe(Math.round(level * relevant));
    }
  });

  it('keeps a product just below a half below it, and rounds exact halves up', () => {
    // 0.49999999999999994 + 0.5 is 1 in doubles: floor(x + 0.5) would give 1
    expect(iprecRank(0.49999999999999994, 1)).toBe(0);
    expect(iprecRank(0.5, 1)).toBe(1);
    expect(iprecRank(0.5, 5)).toBe(3);
    expect(iprecRank(0.1, 5)).toBe(1);
    expect(iprecRank(0.3, 5)).toBe(2);
    expect(iprecRank(1, 2 ** 53)).toBe(2 ** 53);
    expect(iprecRank(0.5, 2 ** 52 + 1)).toBe(2 ** 51 + 1);
  });

  it('agrees with Math.round on 200,000 seeded levels in [0, 1] and counts', () => {
    const next = rng(17);
    for (let i = 0; i < 200_000; i++) {
      const level = i % 2 === 0 ? next() : Math.round(next() * 20) / 20;
      const relevant = Math.floor(next() * 100_000);
      expect(iprecRank(level, relevant)).toBe(Math.round(level * relevant));
    }
  });
});
