import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBatch } from '../src/index.js';
import { BACKENDS } from './backends.js';

const ALL = ['P@5', 'R@5', 'F1@5', 'AP', 'AP@5', 'AP(norm=min)@5', 'AP(norm=found)@5', 'RR', 'RR@3', 'DCG@5', 'nDCG', 'nDCG@5', 'RBP', 'Rprec', 'bpref', 'Success@5'];

/** Double-double arithmetic (Dekker, Knuth): about 32 significant digits, for the reference sums below. */
type DD = [number, number];
const twoSum = (a: number, b: number): DD => {
  const s = a + b;
  const v = s - a;
  return [s, a - (s - v) + (b - v)];
};
const split = (a: number): DD => {
  const c = 134217729 * a;
  const hi = c - (c - a);
  return [hi, a - hi];
};
const twoProd = (a: number, b: number): DD => {
  const p = a * b;
  const [ah, al] = split(a);
  const [bh, bl] = split(b);
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
};
const add = (x: DD, y: DD): DD => {
  const [s, e] = twoSum(x[0], y[0]);
  return twoSum(s, e + x[1] + y[1]);
};
const mul = (x: DD, y: DD): DD => {
  const [p, e] = twoProd(x[0], y[0]);
  return twoSum(p, e + x[0] * y[1] + x[1] * y[0]);
};
const div = (x: DD, y: DD): DD => {
  const q = x[0] / y[0];
  const r = add(x, mul([-q, 0], y));
  return twoSum(q, r[0] / y[0]);
};
const dd = (a: number): DD => [a, 0];

/** RR and AP of `before` non-relevant documents followed by one group of n holding r relevant, in double-double. */
function groupReference(before: number, n: number, r: number): { rr: number; ap: number } {
  let rr = dd(0);
  let none = dd(1);
  for (let x = 1; x <= n - r + 1; x++) {
    const left = dd(n - x + 1);
    rr = add(rr, div(div(mul(none, dd(r)), left), dd(before + x)));
    none = div(mul(none, dd(n - x + 1 - r)), left);
  }
  // AP = (1/r) sum_j (r/n)(1 + (j - 1)(r - 1)/(n - 1)) / (before + j)
  let ap = dd(0);
  const inner = div(dd(r - 1), dd(n - 1));
  for (let j = 1; j <= n; j++) ap = add(ap, div(add(dd(1), mul(dd(j - 1), inner)), dd(before + j)));
  ap = div(ap, dd(n));
  return { rr: rr[0] + rr[1], ap: ap[0] + ap[1] };
}

/** H_n by its asymptotic expansion (an independent closed form; exact to double precision for n >= 1e3). */
const harmonic = (n: number): number => Math.log(n) + 0.5772156649015329 + 1 / (2 * n) - 1 / (12 * n * n) + 1 / (120 * n ** 4);

describe.each(BACKENDS)('edge cases ($name backend)', ({ options }) => {
  it('n = 0: every measure is 0, with or without relevant documents', () => {
    for (const idealLabels of [[], [1, 0, 2]]) {
      const v = evaluate({ scores: [], labels: [], idealLabels }, ALL, options);
      for (const name of ALL) expect(v[name], name).toBe(0);
    }
  });

  it("n = 0 in trec mode: interpolated precision at a rank that rounds to 0 is trec_eval's 0 / 0, NaN; the other modes give 0", () => {
    // R = 2: IPrec@0.2 starts at rank round(0.4) = 0, IPrec@0.5 at rank 1
    const empty = { scores: [], labels: [], docs: [], idealLabels: [1, 0, 2] };
    const names = ['IPrec@0', 'IPrec@0.2', 'IPrec@0.5', '11pt_avg', 'P@5'];
    expect(Object.values(evaluate(empty, names, { ...options, ties: 'trec' }))).toEqual([NaN, NaN, 0, NaN, 0]);
    for (const ties of ['average', 'input', 'optimistic', 'pessimistic'] as const) expect(Object.values(evaluate(empty, names, { ...options, ties }))).toEqual([0, 0, 0, 0, 0]);
    // NaN carries into the mean, as in trec_eval's; a query with results has its value
    const batch = { scores: Float64Array.of(2, 1), labels: Int32Array.of(1, 0), offsets: Uint32Array.of(0, 0, 2), docs: ['a', 'b'], idealLabels: [[1], [1, 0]] };
    const r = evaluateBatch(batch, ['IPrec@0'], { ...options, ties: 'trec' });
    expect([...r.perQuery['IPrec@0']!]).toEqual([NaN, 1]);
    expect(r.mean['IPrec@0']).toBeNaN();
  });

  it('R = 0: recall, AP, Rprec, bpref, nDCG are 0; precision is 0', () => {
    const v = evaluate({ scores: [3, 2, 1], labels: [0, -1, 0] }, ALL, options);
    for (const name of ALL) expect(v[name], name).toBe(0);
  });

  it('IDCG = 0 gives nDCG 0 while AP is defined', () => {
    const v = evaluate({ scores: [2, 1], labels: [0, 1] }, ['nDCG(rel=2)', 'AP'], options);
    expect(v['nDCG(rel=2)']).toBe(0);
    expect(v.AP).toBe(0.5);
  });

  it('one document', () => {
    const v = evaluate({ scores: [0.3], labels: [2] }, ['P@1', 'P@3', 'AP', 'RR', 'nDCG', 'nDCG(gain=exp)@1', 'RBP(p=0.5)', 'bpref', 'Rprec'], options);
    expect(v).toEqual({ 'P@1': 1, 'P@3': 1 / 3, AP: 1, RR: 1, nDCG: 1, 'nDCG(gain=exp)@1': 1, 'RBP(p=0.5)': 0.5, bpref: 1, Rprec: 1 });
  });

  it('every document tied: the chance-level values', () => {
    // 4 tied documents, 1 relevant: the first relevant is equally likely at 1..4
    const v = evaluate({ scores: [1, 1, 1, 1], labels: [0, 0, 1, 0] }, ['RR', 'AP', 'P@2', 'Success@2', 'nDCG@1'], options);
    const h4 = 1 + 1 / 2 + 1 / 3 + 1 / 4;
    expect(v.RR).toBeCloseTo(h4 / 4, 15);
    expect(v.AP).toBeCloseTo(h4 / 4, 15);
    expect(v['P@2']).toBe(0.25);
    expect(v['Success@2']).toBe(0.5);
    expect(v['nDCG@1']).toBe(0.25);
  });

  it('Uint8Array and Int32Array labels count at every level as their values do, also at levels past the type', () => {
    // labels at the edges of the types; levels up to and past 255 and 2^31 - 1
    const scores = Float64Array.of(9, 8, 8, 7, 6, 6, 5, 4);
    const values = [255, 0, 254, 1, 255, 2, 0, 3];
    const signed = [2147483647, -1, 254, -5, 255, 2, 0, 2147483646];
    const offsets = Uint32Array.of(0, 8);
    const levels = [1, 2, 254, 255, 256, 2147483647, 2 ** 40];
    const measures = levels.flatMap((rel) => [`P(rel=${rel})@5`, `R(rel=${rel})@5`, `AP(rel=${rel})`, `Rprec(rel=${rel})`, `bpref(rel=${rel})`]);
    for (const [labels, plain] of [
      [Uint8Array.from(values), values],
      [Int32Array.from(signed), signed],
    ] as const) {
      const got = evaluateBatch({ scores, labels, offsets }, measures, options);
      const want = evaluateBatch({ scores, labels: Float64Array.from(plain), offsets }, measures, { backend: 'js' });
      for (const m of measures) expect(got.perQuery[m]![0], `${labels.constructor.name} ${m}`).toBe(want.perQuery[m]![0]);
    }
    // by hand: two bytes reach 255, one in the top 4 and one in the group {5, 6} crossing k = 5;
    // only 2147483647 reaches 2^31 - 1; no label reaches 256 as a byte, or 2^40
    const bytes = evaluateBatch({ scores, labels: Uint8Array.from(values), offsets }, ['R(rel=255)@5', 'R(rel=256)@5', 'AP(rel=2199023255552)'], options);
    expect([bytes.perQuery['R(rel=255)@5']![0], bytes.perQuery['R(rel=256)@5']![0], bytes.perQuery['AP(rel=2199023255552)']![0]]).toEqual([0.75, 0, 0]);
    // (2^32 + 1 is not 1: levels are not kept in 32 bits)
    const ints = evaluateBatch({ scores, labels: Int32Array.from(signed), offsets }, ['R(rel=2147483647)@5', 'P(rel=2147483647)@5', 'P(rel=4294967297)@5'], options);
    expect([ints.perQuery['R(rel=2147483647)@5']![0], ints.perQuery['P(rel=2147483647)@5']![0], ints.perQuery['P(rel=4294967297)@5']![0]]).toEqual([1, 0.2, 0]);
  });

  it('±Infinity are ordinary scores and -0 ties with +0', () => {
    const v = evaluate({ scores: [-Infinity, Infinity, 0, -0], labels: [1, 0, 1, 0] }, ['RR', 'P@3'], { ...options, ties: 'pessimistic' });
    expect(v.RR).toBe(1 / 3);
    expect(v['P@3']).toBe(1 / 3);
  });

  it('a group of 10^6 tied documents: RR and AP match independent high-precision values', () => {
    const n = 1_000_000;
    const worst = { rr: 0, ap: 0 };
    for (const [before, r] of [
      [0, 1],
      [0, 2],
      [10, 1],
      [0, 1000],
      [3, 250_000],
    ] as const) {
      const scores = new Float64Array(before + n).fill(0);
      const labels = new Float64Array(before + n);
      for (let i = 0; i < before; i++) scores[i] = 1;
      for (let i = 0; i < r; i++) labels[before + n - 1 - i] = 1;
      const v = evaluate({ scores, labels }, ['RR', 'AP'], options);
      const want = groupReference(before, n, r);
      worst.rr = Math.max(worst.rr, Math.abs(v.RR! - want.rr) / want.rr);
      worst.ap = Math.max(worst.ap, Math.abs(v.AP! - want.ap) / want.ap);
      if (before === 0 && r === 1) {
        expect(Math.abs(v.RR! - harmonic(n) / n) / v.RR!).toBeLessThan(1e-12);
        expect(Math.abs(v.AP! - harmonic(n) / n) / v.AP!).toBeLessThan(1e-12);
      }
      if (before === 0 && r === 2) {
        // P(first relevant at x) = 2(n - x) / (n(n - 1)), so RR = 2(n H_{n-1} - (n - 1)) / (n(n - 1))
        const rr = (2 * (n * harmonic(n - 1) - (n - 1))) / (n * (n - 1));
        expect(Math.abs(v.RR! - rr) / rr).toBeLessThan(1e-12);
      }
    }
    console.log(`10^6 tied documents: largest relative deviation RR ${worst.rr.toExponential(2)}, AP ${worst.ap.toExponential(2)}`);
    expect(worst.rr).toBeLessThan(1e-12);
    expect(worst.ap).toBeLessThan(1e-12);
  });
});
