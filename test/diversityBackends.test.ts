import { describe, expect, it } from 'vitest';
import type { DiversityBatch } from '../src/backends/backend.js';
import { resolveBackend } from '../src/backends/facade.js';
import { diversityCheckBatches } from '../src/diversity/diversityCheckBatches.js';
import { diversityQrels, evaluateDiversity } from '../src/diversity/evaluateDiversity.js';
import { BACKENDS, COMPILED } from './backends.js';

const valuesOf = (batch: DiversityBatch, backend: string): Float64Array => {
  const out = new Float64Array((batch.measures.length / 3) * batch.subtopicCounts.length);
  resolveBackend(backend as 'js').diversity(batch, out);
  return out;
};

describe.each(COMPILED)('diversity kernels: $name against the TypeScript reference', ({ name }) => {
  it('every measure, cut-off, alpha and beta, with and without -M, tie groups and single documents, equals the reference to the bit', () => {
    let compared = 0;
    let positive = 0;
    for (const batch of diversityCheckBatches(1500, 0xbeef)) {
      const want = valuesOf(batch, 'js');
      const got = valuesOf(batch, name);
      for (let i = 0; i < want.length; i++) {
        if (!Object.is(got[i], want[i])) expect.fail(`value ${i}: ${got[i]} against the reference's ${want[i]}`);
        if (want[i]! > 0) positive++;
        compared++;
      }
    }
    // the batches hold real values, not zeros: most queries have relevant documents ranked
    expect(compared).toBeGreaterThan(90_000);
    expect(positive / compared).toBeGreaterThan(0.4);
  });

  it('evaluateDiversity on this backend gives the reference\'s values in every mode', () => {
    const judgements: Record<string, Record<string, Record<string, number>>> = {};
    const run: Record<string, Record<string, number>> = {};
    let x = 5;
    const r = (): number => (x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32;
    for (let q = 0; q < 200; q++) {
      judgements[`q${q}`] = {};
      run[`q${q}`] = {};
      for (let d = 0; d < 40; d++) {
        if (r() < 0.5) judgements[`q${q}`]![`d${d}`] = { 1: r() < 0.3 ? 1 : 0, 2: r() < 0.3 ? 1 : 0, 3: r() < 0.2 ? 1 : 0 };
        run[`q${q}`]![`d${d}`] = Math.floor(r() * 4);
      }
    }
    const qrels = diversityQrels(judgements);
    // sd on 30 of the queries (their orders are sampled: 2,000 evaluations each)
    const few = Object.fromEntries(Object.entries(run).slice(0, 30));
    for (const ties of ['average', 'trec', 'input', 'sd'] as const) {
      const options = { ties, maxRank: ties === 'input' ? 9 : 0 };
      const want = evaluateDiversity(qrels, ties === 'sd' ? few : run, ['ndeval'], { ...options, backend: 'js' });
      if (ties === 'sd') expect(Object.keys(want.estimated ?? {}).length).toBeGreaterThan(10);
      expect(evaluateDiversity(qrels, ties === 'sd' ? few : run, ['ndeval'], { ...options, backend: name })).toEqual(want);
    }
  });
});

describe.each(BACKENDS)('diversity kernels: $name refuses a bad batch before reading it', ({ name }) => {
  it('rows, subtopics, offsets, groups, measures, parameters and out each checked', () => {
    const [base] = diversityCheckBatches(30, 7);
    const good = base!;
    expect(() => valuesOf(good, name)).not.toThrow();
    const q = good.subtopicCounts.findIndex((A, i) => A > 1 && good.rankingOffsets[i + 1]! > good.rankingOffsets[i]! + 1);
    const first = good.rankingOffsets[q]!;
    const judgedAt = [...good.ranking.subarray(first, good.rankingOffsets[q + 1])].findIndex((row) => row >= 0 && good.rows[row + 1]! - good.rows[row]! >= 2);
    expect(judgedAt).toBeGreaterThanOrEqual(0);
    const row = good.ranking[first + judgedAt]!;
    const with_ = (change: Partial<Record<keyof DiversityBatch, unknown>>): DiversityBatch => ({ ...good, ...change }) as DiversityBatch;
    const edited = <T extends Int32Array | Uint32Array | Float64Array>(array: T, edit: (copy: T) => void): T => {
      const copy = array.slice() as T;
      edit(copy);
      return copy;
    };
    const bad: [string, DiversityBatch, Float64Array?][] = [
      ['a ranking row past the rows', with_({ ranking: edited(good.ranking, (a) => (a[first + judgedAt] = good.rows.length - 1)) })],
      ['a ranking row below -1', with_({ ranking: edited(good.ranking, (a) => (a[first + judgedAt] = -2)) })],
      ['a row ranked twice in a query (its pairs counted twice: a scratch past the subtopics listed)', with_({ ranking: edited(good.ranking, (a) => a.fill(row, first, good.rankingOffsets[q + 1])) })],
      ['an ideal row past the rows', with_({ ideal: edited(good.ideal, (a) => (a[0] = 1e9)) })],
      ["a subtopic past the query's count", with_({ subtopicCounts: edited(good.subtopicCounts, (a) => (a[q] = 1)) })],
      ['subtopics not ascending', with_({ subtopics: edited(good.subtopics, (a) => ([a[good.rows[row]!], a[good.rows[row]! + 1]] = [a[good.rows[row]! + 1]!, a[good.rows[row]!]!])) })],
      ['rows not rising', with_({ rows: edited(good.rows, (a) => (a[1] = good.subtopics.length + 1)) })],
      ['ranking offsets not ending at its length', with_({ rankingOffsets: edited(good.rankingOffsets, (a) => a[a.length - 1]!--) })],
      ["groups not reaching the ranking's end", with_({ groupEnds: edited(good.groupEnds, (a) => a[good.groupOffsets[q + 1]! - 1]!--) })],
      ['a group end of 0', with_({ groupEnds: edited(good.groupEnds, (a) => (a[good.groupOffsets[q]!] = 0)) })],
      ['an unknown measure code', with_({ measures: edited(good.measures, (a) => (a[0] = 9)) })],
      ["a cut-off past its group's depth", with_({ measures: edited(good.measures, (a) => (a[1] = 1e6)) })],
      ['a sum group past the groups', with_({ measures: edited(good.measures, (a) => (a[2] = good.sumGroups.length)) })],
      ['alpha above 1', with_({ sumGroups: edited(good.sumGroups, (a) => (a[0] = 1.5)) })],
      ['a depth past the discounts', with_({ sumGroups: edited(good.sumGroups, (a) => (a[2] = good.discounts.length + 1)) })],
      ['more sum groups than measures', with_({ sumGroups: Float64Array.from({ length: 4 * (good.measures.length / 3 + 1) }, (_, i) => [0.5, 0.5, 1, 0][i % 4]!) })],
      // 4,096 measures, each its own group of depth 2^15 + 1: sums of more than 2^27 ranks (a scratch of 8 GiB)
      ['sums of more than 2^27 ranks', with_({ measures: Float64Array.from({ length: 3 * 4096 }, (_, i) => [2, 1, Math.floor(i / 3)][i % 3]!), sumGroups: Float64Array.from({ length: 4 * 4096 }, (_, i) => [0.5, 0.5, 2 ** 15 + 1, 0][i % 4]!), discounts: new Float64Array(2 ** 15 + 1).fill(0.5) })],
      ['a negative maxRank', with_({ maxRank: -1 })],
      ['more subtopics than listed (a scratch of 2^31 doubles)', with_({ subtopicCounts: edited(good.subtopicCounts, (a) => (a[q] = 2 ** 31 - 1)) })],
      ['a ranking of doubles', with_({ ranking: Float64Array.from(good.ranking) })],
      ['out too short', good, new Float64Array(3)],
    ];
    for (const [what, batch, out] of bad) {
      expect(() => resolveBackend(name).diversity(batch, out ?? new Float64Array((batch.measures.length / 3) * batch.subtopicCounts.length)), what).toThrow();
    }
  });
});
