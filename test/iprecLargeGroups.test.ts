import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBatch } from '../src/index.js';
import { iprecAt } from './oracle/more.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';
import { IPREC_ROW_ROOM } from '../src/reference/scratch.js';

// Interpolated precision's exact average on tie groups too large for the brute force over
// every ordering (n <= 8 there). With binary labels an ordering of a group is the set of slots
// its relevant documents take: the oracle averages the plain measure over every such placement,
// C(n, r) per group. Groups of 16-28 documents with 1-3 relevant are counted exactly (r (n - r +
// 1) <= COUNT_CELLS, 512); groups of 1 relevant in 514-600 or 2 in 258-300 are beyond it, so
// the chances are stepped slot by slot, and where the checks lie more than STEP_SLOTS (16) slots
// apart, by a hypergeometric jump. A query of two dozen counted groups of 2 relevant in about
// 200 fills the room kept for the counted groups' rows (IPREC_ROW_ROOM numbers): the groups past it
// are counted over at every recount. Its groups are independent, so the oracle there takes each
// group's best over every placement of its own and combines them (the chance that the best is
// at most v is the product of the groups').

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

  it('average equals the mean over every placement on groups beyond exact counting', () => {
    const next = rng(1604);
    let compared = 0;
    for (let query = 0; query < 12; query++) {
      // relevant ranks (1-based) of a ranking: a few untied documents, the large group, a small one, a few more
      const head = Array.from({ length: randInt(next, 0, 3) }, () => next() < 0.5);
      const r = randInt(next, 1, 2);
      const big = { n: r === 1 ? randInt(next, 514, 600) : randInt(next, 258, 300), r };
      const small = { n: randInt(next, 2, 4), r: randInt(next, 0, 2) };
      const tail = Array.from({ length: randInt(next, 0, 3) }, () => next() < 0.5);
      const scores = [...head.map((_, i) => 100 - i), ...Array<number>(big.n).fill(50), ...Array<number>(small.n).fill(40), ...tail.map((_, i) => 30 - i)];
      const ranks = (bits: number[], from: number): number[] => bits.map((i) => from + i + 1);
      const slotsOf = (mask: number, n: number): number[] => Array.from({ length: n }, (_, i) => i).filter((i) => (mask >> i) & 1);
      const headRanks = head.flatMap((rel, i) => (rel ? [i + 1] : []));
      const tailFrom = head.length + big.n + small.n;
      const tailRanks = tail.flatMap((rel, i) => (rel ? [tailFrom + i + 1] : []));
      const bigs: number[][] = [];
      for (let a = 0; a < big.n; a++) {
        if (r === 1) bigs.push([a]);
        else for (let b = a + 1; b < big.n; b++) bigs.push([a, b]);
      }
      const smalls = placements(small.n, small.r).map((mask) => slotsOf(mask, small.n));
      const labels = [...head.map(Number), ...Array.from({ length: big.n }, (_, i) => Number(bigs[0]!.includes(i))), ...Array.from({ length: small.n }, (_, i) => Number(smalls[0]!.includes(i))), ...tail.map(Number)];
      const relevant = labels.filter((l) => l === 1).length;
      const got = evaluate({ scores, labels }, [...LEVELS.map((l) => `IPrec@${l}`)], { ...options, ties: 'average' });
      for (const level of LEVELS) {
        const c = Math.round(level * relevant);
        let sum = 0;
        for (const a of bigs) {
          for (const b of smalls) {
            // the best m / rank over the relevant documents m >= c
            const all = [...headRanks, ...ranks(a, head.length), ...ranks(b, head.length + big.n), ...tailRanks];
            let best = 0;
            all.forEach((rank, i) => {
              if (i + 1 >= c) best = Math.max(best, (i + 1) / rank);
            });
            sum += best;
          }
        }
        const mean = sum / (bigs.length * smalls.length);
        expect(Math.abs(got[`IPrec@${level}`]! - mean), `query ${query} level ${level}`).toBeLessThan(1e-12);
        compared++;
      }
    }
    expect(compared).toBe(132);
  });

  it('average equals the oracle on more counted groups than their kept rows have room for', () => {
    const next = rng(1605);
    let compared = 0;
    for (let query = 0; query < 2; query++) {
      const groups = Array.from({ length: 24 }, () => randInt(next, 180, 220));
      expect(groups.reduce((sum, n) => sum + 2 * (n - 1), 0)).toBeGreaterThan(IPREC_ROW_ROOM);
      const scores = groups.flatMap((n, g) => Array<number>(n).fill(100 - g));
      // each group's first two documents relevant (any two: the average is over their places)
      const labels = groups.flatMap((n) => Array.from({ length: n }, (_, i) => Number(i < 2)));
      const got = evaluate({ scores, labels }, LEVELS.map((l) => `IPrec@${l}`), { ...options, ties: 'average' });
      for (const level of LEVELS) {
        const c = Math.round(level * 2 * groups.length);
        // per candidate group, its best over the C(n, 2) placements of its two relevant documents
        const bests: Float64Array[] = [];
        let t = 0;
        groups.forEach((n, g) => {
          const before = 2 * g;
          if (before + 2 >= c) {
            const values: number[] = [];
            for (let a = 1; a <= n; a++) {
              for (let b = a + 1; b <= n; b++) values.push(Math.max(before + 1 >= c ? (before + 1) / (t + a) : 0, (before + 2) / (t + b)));
            }
            bests.push(Float64Array.from(values).sort());
          }
          t += n;
        });
        // E[max] = sum over the values v of v (P(max <= v) - P(max < v)), P(max <= v) the product over the groups
        const all = Float64Array.from(bests.flatMap((b) => Array.from(b))).sort();
        const seen = bests.map(() => 0);
        let expected = 0;
        let below = 0;
        for (let i = 0; i < all.length; i++) {
          const v = all[i]!;
          if (i + 1 < all.length && all[i + 1] === v) continue;
          let product = 1;
          bests.forEach((b, g) => {
            while (seen[g]! < b.length && b[seen[g]!]! <= v) seen[g]!++;
            product *= seen[g]! / b.length;
          });
          expected += v * (product - below);
          below = product;
        }
        expect(Math.abs(got[`IPrec@${level}`]! - expected), `query ${query} level ${level}`).toBeLessThan(1e-12);
        compared++;
      }
    }
    expect(compared).toBe(22);
  });

  it('ranks beyond the room of one sweep (IPREC_CACHE, 32) are swept again, with the same values', () => {
    // 40 relevant in tie groups of 20-40: 41 levels ask for 41 ranks (round(level 40)), more
    // than one sweep takes; each level alone is its own sweep
    const next = rng(2008);
    const scores: number[] = [];
    const labels: number[] = [];
    for (let group = 0; group < 8; group++) {
      const n = randInt(next, 20, 40);
      for (let i = 0; i < n; i++) scores.push(100 - group);
      const before = labels.length;
      for (let i = 0; i < n; i++) labels.push(i < 5 ? 1 : 0);
      labels.splice(before, n, ...labels.slice(before).sort(() => next() - 0.5));
    }
    const levels = Array.from({ length: 41 }, (_, i) => i / 40);
    const all = evaluate({ scores, labels }, [...levels.map((l) => `IPrec@${l}`), `11pt_avg(levels={${levels.join(',')}})`], { ...options, ties: 'average' });
    let sum = 0;
    for (const level of levels) {
      const alone = evaluate({ scores, labels }, [`IPrec@${level}`], { ...options, ties: 'average' })[`IPrec@${level}`]!;
      expect(Math.abs(all[`IPrec@${level}`]! - alone), `level ${level}`).toBeLessThan(1e-15);
      sum += alone;
    }
    expect(all[`11pt_avg(levels={${levels.join(',')}})`]).toBeCloseTo(sum / levels.length, 14);
    expect(new Set(levels.map((l) => all[`IPrec@${l}`])).size).toBeGreaterThan(30);
  });

  it('a tie group whose exact average costs more than IPREC_STEPS_MAX is estimated (refused with exact, naming the query and measure); other measures and modes still answer', () => {
    // 800 tied documents, every other one relevant: the sweep's values and recounts grow as
    // (r (n - r))^2, about 2^33 steps here (before the budget it ran for minutes)
    const labels = Array.from({ length: 800 }, (_, i) => (i % 2 === 0 ? 1 : 0));
    const run = { scores: labels.map(() => 1), labels };
    expect(() => evaluate(run, ['IPrec@0.5', 'AP'], { ...options, ties: 'average', exact: true })).toThrow(/^query 0: IPrec@0\.5's exact average over the orderings of its tied documents is past its budget/);
    const batch = { scores: Float64Array.from(run.scores), labels: Int32Array.from(labels), offsets: Uint32Array.of(0, 800) };
    const estimated = evaluateBatch(batch, ['IPrec@0.5', 'AP'], { ...options, ties: 'average' });
    expect(estimated.estimated?.map((e) => e.measure)).toEqual(['IPrec@0.5']);
    // between the bounds (1/2, 1), near the 600-document group's exact 0.5166
    expect(estimated.perQuery['IPrec@0.5']![0]).toBeGreaterThan(0.5);
    expect(estimated.perQuery['IPrec@0.5']![0]).toBeLessThan(0.53);
    // the bounds run trec_eval's loop: pessimistic puts the 400 non-relevant documents first, so
    // the m-th relevant one sits at rank 400 + m and the best of m / (400 + m), m >= 200, is 1/2
    const bounds = evaluate(run, ['IPrec@0.5'], { ...options, ties: 'pessimistic' });
    expect(bounds['IPrec@0.5']).toBe(0.5);
  });
});
