import { describe, expect, it } from 'vitest';
import { evaluateBatch, type Batch, type TieMode } from '../src/index.js';
import { resolveBackend } from '../src/backends/facade.js';
import { compilePlan, Row, ROW_SIZE } from '../src/measures/plan.js';
import { TIE_MODES } from '../src/ties/modes.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { COMPILED } from './backends.js';
import { selfCheckBatch } from '../src/api/selfCheck.js';
import { MEASURES } from '../src/measures/table.js';
import { hasSpread } from '../src/measures/spreads.js';

const MODES: TieMode[] = ['average', 'optimistic', 'pessimistic', 'trec', 'input'];

/** The measures of a list that have an exact sd (ties 'sd' refuses the others). */
const withSd = (measures: string[]): string[] => measures.filter((m) => hasSpread(compilePlan([m]).measures[0]!));
const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

/** Offsets of `queries` queries of 1 to `most` documents and their scores, whole numbers 0 to `top` (heavy ties). */
function tiedQueries(next: () => number, queries: number, most: number, top: number): { offsets: Uint32Array; scores: Float64Array } {
  const offsets = new Uint32Array(queries + 1);
  for (let q = 0; q < queries; q++) offsets[q + 1] = offsets[q]! + randInt(next, 1, most);
  return { offsets, scores: Float64Array.from({ length: offsets[queries]! }, () => randInt(next, 0, top)) };
}

/** A random batch: n from 0 to 2,000 (mostly small), heavy ties, unjudged and negative labels, relevant documents not retrieved. */
function randomBatch(next: () => number, queries: number): Batch {
  const offsets = new Uint32Array(queries + 1);
  for (let q = 0; q < queries; q++) {
    const u = next();
    offsets[q + 1] = offsets[q]! + (u < 0.7 ? randInt(next, 0, 30) : u < 0.95 ? randInt(next, 31, 300) : randInt(next, 301, 2000));
  }
  const total = offsets[queries]!;
  const scores = new Float64Array(total);
  const labels = new Float64Array(total);
  const docs: string[] = new Array(total);
  const ideal: number[][] = [];
  for (let q = 0; q < queries; q++) {
    const levels = pick(next, [1, 2, 4, 16, 1000, 2 ** 40]);
    const sign = pick(next, [1, -1]);
    for (let i = offsets[q]!; i < offsets[q + 1]!; i++) {
      scores[i] = sign * randInt(next, 0, levels) + pick(next, [0, 0, 0, 0.5]);
      labels[i] = pick(next, [-2, -1, 0, 0, 0, 1, 1, 2, 3, 4]);
      docs[i] = `D${randInt(next, 0, 99999)}#${i}`;
    }
    const extra = Array.from({ length: randInt(next, 0, 6) }, () => pick(next, [-1, 0, 1, 2, 3]));
    ideal.push([...labels.subarray(offsets[q], offsets[q + 1]), ...extra]);
  }
  return { scores, labels, offsets, docs, idealLabels: ideal };
}

function measuresFor(next: () => number): string[] {
  const k = pick(next, [1, 2, 3, 5, 10, 20, 50, 100, 500, 1000, 2500]);
  const rel = pick(next, [1, 1, 2]);
  const r = rel === 1 ? '' : `rel=${rel}`;
  const p = (extra: string): string => (r && extra ? `(${r},${extra})` : r || extra ? `(${r}${extra})` : '');
  const cut = [`P${p('')}@${k}`, `R${p('')}@${k}`, `F1${p('')}@${k}`, `AP${p('')}@${k}`, `AP${p('norm=min')}@${k}`, `AP${p('norm=found')}@${k}`, `RR${p('')}@${k}`, `DCG${p('gain=exp')}@${k}`, `nDCG${p('')}@${k}`, `RBP${p('p=0.9')}@${k}`, `Success${p('')}@${k}`];
  const whole = [`AP${p('')}`, `RR${p('')}`, `nDCG${p('gain=exp')}`, `RBP${p('')}`, `Rprec${p('')}`, `bpref${p('')}`, `AP${p('norm=found')}`];
  // cut-off measures alone take the partial ordering; with a whole-ranking measure, the full sort
  return next() < 0.5 ? cut : [...cut, ...whole];
}

describe('differential: the compiled backends against the TypeScript reference', () => {
  it.runIf(COMPILED.length > 0)('100,000 seeded random queries, every measure and tie mode, agree within 1e-12', () => {
    const next = rng(0xd1ff);
    let queries = 0;
    let values = 0;
    const worst = new Map(COMPILED.map((b) => [b.name, 0]));
    for (let b = 0; b < 100; b++) {
      const batch = randomBatch(next, 1000);
      // every sixth batch in sd mode, over the measures that have one
      const ties = b % 6 === 5 ? 'sd' : MODES[b % 6]!;
      const measures = ties === 'sd' ? withSd(measuresFor(next)) : measuresFor(next);
      const want = evaluateBatch(batch, measures, { ties, backend: 'js' });
      for (const { name } of COMPILED) {
        const got = evaluateBatch(batch, measures, { ties, backend: name });
        expect(got.backend).toBe(name);
        for (const m of measures) {
          const a = got.perQuery[m]!;
          const e = want.perQuery[m]!;
          for (let q = 0; q < a.length; q++) {
            worst.set(name, Math.max(worst.get(name)!, Math.abs(a[q]! - e[q]!) / Math.max(1, Math.abs(e[q]!))));
            if (!close(a[q]!, e[q]!)) expect.fail(`${name} ${m} (${ties}) query ${q} of batch ${b}: ${a[q]} vs reference ${e[q]}`);
            values++;
          }
        }
      }
      queries += batch.offsets.length - 1;
    }
    const report = [...worst].map(([name, w]) => `${name} ${w.toExponential(2)}`).join(', ');
    console.log(`differential: ${queries} queries, ${values} values compared, largest deviation ${report}`);
    expect(queries).toBe(100_000);
  });
});

describe('shared step-0 constants', () => {
  it('rows whose constants come from the same gain share one slot, and each value is the measure evaluated alone, on every backend', () => {
    const measures = ['G', 'ndcg_rel', 'Rndcg', 'G(gains={1:0,2:5})', 'nDCG@5', 'nDCG@10', 'nDCG(gains={1:0,2:5})@5'];
    const plan = compilePlan(measures);
    const slot = (m: string): number => plan.rows[measures.indexOf(m) * ROW_SIZE + Row.CONSTANT]!;
    expect([slot('ndcg_rel'), slot('Rndcg')]).toEqual([slot('G'), slot('G')]);
    expect(new Set(['G', 'G(gains={1:0,2:5})', 'nDCG@5', 'nDCG@10', 'nDCG(gains={1:0,2:5})@5'].map(slot)).size).toBe(5);
    const { batch } = selfCheckBatch(400, 0x51a7);
    for (const backend of ['js', ...COMPILED.map((b) => b.name)] as const) {
      for (const ties of MODES) {
        const together = evaluateBatch(batch, measures, { ties, backend }).perQuery;
        for (const m of measures) expect(Array.from(together[m]!), `${m} ${ties} ${backend}`).toEqual(Array.from(evaluateBatch(batch, [m], { ties, backend }).perQuery[m]!));
      }
    }
  });
});

describe.each(COMPILED)('differential: $name against the TypeScript reference', ({ name }) => {
  it('every measure of the table, at its cut-offs and parameter examples, in every tie mode, equals the reference to the bit', () => {
    const { batch, measures } = selfCheckBatch(1500, 0x5eed);
    let values = 0;
    for (const ties of MODES) {
      const want = evaluateBatch(batch, measures, { ties, backend: 'js' });
      const got = evaluateBatch(batch, measures, { ties, backend: name });
      for (const m of measures) {
        const a = got.perQuery[m]!;
        const e = want.perQuery[m]!;
        for (let q = 0; q < a.length; q++) {
          if (!Object.is(a[q], e[q])) expect.fail(`${m} (${ties}) query ${q}: ${a[q]} vs reference ${e[q]}`);
          values++;
        }
      }
    }
    const spread = withSd(measures);
    const want = evaluateBatch(batch, spread, { ties: 'sd', backend: 'js' });
    const got = evaluateBatch(batch, spread, { ties: 'sd', backend: name });
    for (const m of spread) expect(Array.from(got.perQuery[m]!), `${m} (sd)`).toEqual(Array.from(want.perQuery[m]!));
    expect(new Set(measures.map((m) => m.replace(/[(@].*/, ''))).size).toBe(MEASURES.length);
    expect(new Set(spread.map((m) => m.replace(/[(@].*/, ''))).size).toBe(MEASURES.filter((m) => m.sd === true).length);
    expect(values).toBe(5 * 1500 * measures.length);
  });

  it('discounts deep in long rankings (where the platforms\' log2 disagree) equal the reference to the bit, in every mode', () => {
    // one relevant document at each of the first ranks where V8's Math.log2 and the C library's
    // differ in the last bit, alone (DCG is then its discount) or in a tie group, and random rankings
    const ranks = [1374, 1620, 2749, 3241, 3392];
    const next = rng(1374);
    const parts = ranks.flatMap((rank) => [
      { scores: Array.from({ length: rank + 5 }, (_, i) => rank + 5 - i), labels: Array.from({ length: rank + 5 }, (_, i) => (i === rank - 1 ? 1 : 0)) },
      { scores: Array.from({ length: rank + 5 }, (_, i) => Math.max(rank + 5 - i, 4)), labels: Array.from({ length: rank + 5 }, (_, i) => (i === rank - 1 ? 2 : 0)) },
      { scores: Array.from({ length: 4000 }, () => randInt(next, 0, 3000)), labels: Array.from({ length: 4000 }, () => pick(next, [0, 0, 0, 1, 2])) },
    ]);
    const offsets = Uint32Array.from([0, ...parts.map((p) => p.scores.length)].map((_, i, a) => a.slice(0, i + 1).reduce((x, y) => x + y, 0)));
    const batch = { scores: Float64Array.from(parts.flatMap((p) => p.scores)), labels: Int32Array.from(parts.flatMap((p) => p.labels)), offsets };
    for (const ties of MODES.filter((m) => m !== 'trec')) {
      const measures = ['DCG', 'nDCG', 'nDCG@3000', 'G', 'binG'];
      const want = evaluateBatch(batch, measures, { ties, backend: 'js' });
      const got = evaluateBatch(batch, measures, { ties, backend: name });
      for (const m of measures) expect([...got.perQuery[m]!], `${m} (${ties})`).toEqual([...want.perQuery[m]!]);
    }
  });

  it('reads typed-array views at non-zero byte offsets', () => {
    const next = rng(77);
    const batch = randomBatch(next, 200);
    const n = batch.scores.length;
    const scoreBuf = new Float64Array(n + 3);
    scoreBuf.set(batch.scores, 3);
    const labelBuf = new Int32Array(n + 5);
    labelBuf.set(batch.labels, 5);
    const offsetBuf = new Uint32Array(batch.offsets.length + 7);
    offsetBuf.set(batch.offsets, 7);
    const u8 = new Uint8Array(n + 1);
    u8.set(Array.from(batch.labels, (l) => Math.max(0, l)), 1);
    const measures = ['AP', 'nDCG@10', 'P@5', 'RR', 'bpref'];
    const viewed = { scores: scoreBuf.subarray(3), labels: labelBuf.subarray(5), offsets: offsetBuf.subarray(7), docs: batch.docs! };
    for (const ties of MODES) {
      const want = evaluateBatch({ scores: batch.scores, labels: Int32Array.from(batch.labels), offsets: batch.offsets, docs: batch.docs! }, measures, { ties, backend: 'js' });
      const got = evaluateBatch(viewed, measures, { ties, backend: name });
      const wantU8 = evaluateBatch({ ...viewed, labels: u8.slice(1) }, measures, { ties, backend: 'js' });
      const gotU8 = evaluateBatch({ ...viewed, labels: u8.subarray(1) }, measures, { ties, backend: name });
      for (const m of measures) {
        expect(Array.from(got.perQuery[m]!)).toEqual(Array.from(want.perQuery[m]!));
        expect(Array.from(gotU8.perQuery[m]!)).toEqual(Array.from(wantU8.perQuery[m]!));
      }
    }
  });

  it('nDCG: ideal labels on few values (counted) and on many (sorted), in every label type, equal the reference to the bit', () => {
    const next = rng(64);
    const queries = 400;
    const { offsets, scores } = tiedQueries(next, queries, 70, 5);
    const total = offsets[queries]!;
    const wide: Record<string, number[]> = {
      f64: [-1, 0, 1, 3, 64, 1000, 2 ** 31 - 1],
      i32: [-(2 ** 31), -1, 0, 2, 63, 200, 2 ** 31 - 1],
      u8: [0, 1, 2, 63, 64, 200, 255],
    };
    const make = { f64: Float64Array, i32: Int32Array, u8: Uint8Array };
    for (const type of ['f64', 'i32', 'u8'] as const) {
      // per query, labels on at most 5 values or spread over the type's range
      const labels = new make[type](total);
      for (let q = 0; q < queries; q++) {
        const values = q % 2 === 0 ? [0, 1, 2, 3, 4] : wide[type]!;
        for (let i = offsets[q]!; i < offsets[q + 1]!; i++) labels[i] = pick(next, values);
      }
      const measures = ['nDCG@1', 'nDCG@5', 'nDCG@10', 'nDCG@40', 'nDCG', 'nDCG(rel=3)@10'];
      const batch = { scores, labels, offsets };
      const want = evaluateBatch(batch, measures, { backend: 'js' });
      const got = evaluateBatch(batch, measures, { backend: name });
      for (const m of measures) expect(Array.from(got.perQuery[m]!), `${m}, ${type} labels`).toEqual(Array.from(want.perQuery[m]!));
    }
  });

  it("gains of labels inside the grades' table (0-63) and beyond it (64 up, below 0), in every gain kind, equal the reference to the bit", () => {
    const next = rng(65);
    const { offsets, scores } = tiedQueries(next, 500, 60, 6);
    const labels = Int32Array.from({ length: offsets[500]! }, () => pick(next, [-2, -1, 0, 1, 2, 5, 62, 63, 64, 65, 90]));
    const measures = ['nDCG@10', 'nDCG(gain=exp)@10', 'nDCG(gain=exp)', 'DCG(gains={1:0,2:5,64:3})@20', 'ERR@10', 'RBP(p=0.8)', 'SDCG(max_rel=90)@10'];
    for (const ties of ['average', 'input'] as const) {
      const want = evaluateBatch({ scores, labels, offsets }, measures, { backend: 'js', ties });
      const got = evaluateBatch({ scores, labels, offsets }, measures, { backend: name, ties });
      for (const m of measures) expect(Array.from(got.perQuery[m]!), `${m}, ${ties}`).toEqual(Array.from(want.perQuery[m]!));
    }
  });

  it("the grades' table filled as far as each call's labels reach: calls with other gains after it, grades climbing from query to query, two gain columns", () => {
    // one thread, so that every call reuses the same table: a call must not read the gains of
    // the call before it, and a grade met in one gain column must be filled in all of them
    const next = rng(66);
    const queries = 40;
    const offsets = new Uint32Array(queries + 1);
    for (let q = 0; q < queries; q++) offsets[q + 1] = offsets[q]! + randInt(next, 1, 12);
    const total = offsets[queries]!;
    const scores = Float64Array.from({ length: total }, () => randInt(next, 0, 3));
    // query q's labels stay below q + 2: each query meets higher grades than those before it
    const labels = new Int32Array(total);
    for (let q = 0; q < queries; q++) for (let i = offsets[q]!; i < offsets[q + 1]!; i++) labels[i] = randInt(next, -1, q + 1);
    const low = Int32Array.from(labels, (l) => Math.min(l, 3));
    const calls: [Int32Array, string[]][] = [
      [low, ['nDCG(gain=exp)@10']],
      [low, ['DCG(gains={1:0,2:5,3:-1})@10']],
      [labels, ['nDCG@10', 'nDCG(gain=exp)@10', 'DCG(gains={2:7,30:1})']],
      [low, ['nDCG(gain=exp)@10', 'nDCG@5']],
    ];
    for (const [ls, measures] of calls) {
      const want = evaluateBatch({ scores, labels: ls, offsets }, measures, { backend: 'js' });
      const got = evaluateBatch({ scores, labels: ls, offsets }, measures, { backend: name, threads: 1 });
      for (const m of measures) expect(Array.from(got.perQuery[m]!), m).toEqual(Array.from(want.perQuery[m]!));
    }
  });

  it('ideal labels of each type beside labels of each type (every step-0 kernel), given or the labels themselves', () => {
    const next = rng(9);
    const queries = 300;
    const offsets = new Uint32Array(queries + 1);
    const idealOffsets = new Uint32Array(queries + 1);
    for (let q = 0; q < queries; q++) {
      offsets[q + 1] = offsets[q]! + randInt(next, 0, 40);
      idealOffsets[q + 1] = idealOffsets[q]! + (offsets[q + 1]! - offsets[q]!) + randInt(next, 0, 5);
    }
    const values = Array.from({ length: offsets[queries]! }, () => pick(next, [0, 0, 1, 2, 3]));
    const idealValues: number[] = [];
    for (let q = 0; q < queries; q++) {
      idealValues.push(...values.slice(offsets[q], offsets[q + 1]));
      while (idealValues.length < idealOffsets[q + 1]!) idealValues.push(pick(next, [0, 1, 2, 3, 4]));
    }
    const scores = Float64Array.from(values, () => randInt(next, 0, 4));
    const measures = ['nDCG@10', 'nDCG', 'AP', 'bpref', 'R@10', 'Rprec'];
    const make = [Float64Array, Int32Array, Uint8Array];
    for (const L of make) {
      const labels = L.from(values);
      const want = evaluateBatch({ scores, labels, offsets, idealLabels: { labels: Float64Array.from(idealValues), offsets: idealOffsets } }, measures, { backend: 'js' });
      for (const I of make) {
        const got = evaluateBatch({ scores, labels, offsets, idealLabels: { labels: I.from(idealValues), offsets: idealOffsets } }, measures, { backend: name });
        for (const m of measures) expect(Array.from(got.perQuery[m]!), `${m}, ${L.name} labels, ${I.name} ideal labels`).toEqual(Array.from(want.perQuery[m]!));
      }
      // no ideal labels: the ranking's own, read in place
      const own = evaluateBatch({ scores, labels, offsets }, measures, { backend: name });
      const ownWant = evaluateBatch({ scores, labels: Float64Array.from(values), offsets, idealLabels: { labels: Float64Array.from(values), offsets } }, measures, { backend: 'js' });
      for (const m of measures) expect(Array.from(own.perQuery[m]!), `${m}, ${L.name} labels, no ideal labels`).toEqual(Array.from(ownWant.perQuery[m]!));
    }
  });

  it('interleaved calls on two prepared batches give each its own values', () => {
    const backend = resolveBackend(name);
    const js = resolveBackend('js');
    const next = rng(5);
    const plan = compilePlan(['AP', 'nDCG@10', 'RR@5', 'bpref']);
    const batches = [randomBatch(next, 300), randomBatch(next, 50)].map((b) => ({
      labels: b.labels,
      offsets: b.offsets,
      ideal: b.labels,
      idealOffsets: b.offsets,
      relevant: null,
      scores: b.scores,
    }));
    const prepared = batches.map((b) => backend.prepare(b, plan));
    const reference = batches.map((b) => js.prepare(b, plan));
    for (let round = 0; round < 6; round++) {
      const i = round % 2;
      const q = batches[i]!.offsets.length - 1;
      const out = new Float64Array(4 * q);
      const want = new Float64Array(4 * q);
      const scores = batches[i]!.scores.map((s) => s + round * (i + 1));
      expect(prepared[i]!.evaluate(scores, null, TIE_MODES.average, out)).toBe(0);
      reference[i]!.evaluate(scores, null, TIE_MODES.average, want);
      expect(Array.from(out)).toEqual(Array.from(want));
    }
  });

  it('a batch of 10^7 documents (WASM memory grows) matches the reference', () => {
    const next = rng(10_000_000);
    const queries = 10_000;
    const offsets = new Uint32Array(queries + 1);
    for (let q = 0; q < queries; q++) offsets[q + 1] = (q + 1) * 1000;
    const scores = new Float64Array(10_000_000);
    const labels = new Uint8Array(10_000_000);
    for (let i = 0; i < scores.length; i++) {
      scores[i] = Math.floor(next() * 8) ** 2;
      labels[i] = next() < 0.05 ? 1 + Math.floor(next() * 3) : 0;
    }
    const measures = ['P@10', 'nDCG@10', 'RR@10', 'AP@100'];
    const want = evaluateBatch({ scores, labels, offsets }, measures, { backend: 'js' });
    const got = evaluateBatch({ scores, labels, offsets }, measures, { backend: name });
    for (const m of measures) {
      const a = got.perQuery[m]!;
      const e = want.perQuery[m]!;
      for (let q = 0; q < queries; q++) if (!close(a[q]!, e[q]!)) expect.fail(`${m} query ${q}: ${a[q]} vs ${e[q]}`);
    }
  });
});
