import { describe, expect, it } from 'vitest';
import { evaluateBatch, evaluateFeatures, FeatureEvaluator, InputError, type FeaturesEvaluation, type TieMode } from '../src/index.js';
import { letorLine, letorQuery } from '../bench/letor.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

const { file } = scratchFiles('features');
const FEATURES = 9;
const QUERIES = 30;
const samples = Array.from({ length: QUERIES }, (_, q) => letorQuery(q, FEATURES));
const data = file('gen.txt', `${samples.flatMap((s, q) => Array.from({ length: s.rows }, (_, r) => letorLine(s, q, r, FEATURES))).join('\n')}\n`);
const labels = Float64Array.from(samples.flatMap((s) => [...s.labels]));
const offsets = Uint32Array.from([0, ...samples.map((s) => s.rows)].map((_, i, a) => a.slice(0, i + 1).reduce((x, y) => x + y, 0)));
/** Feature f (from 1) of every row, query after query, times `sign`. */
const column = (f: number, sign = 1): Float64Array => Float64Array.from(samples.flatMap((s) => [...s.values.subarray((f - 1) * s.rows, f * s.rows)].map((x) => sign * x)));

/** The share of documents tied with their predecessor and the largest group, counted by sorting each query's values. */
function ties(f: number): { tiedPercent: number; largestGroup: number } {
  let tied = 0;
  let largest = 0;
  for (const s of samples) {
    const sorted = [...s.values.subarray((f - 1) * s.rows, f * s.rows)].sort((a, b) => a - b);
    let run = 1;
    largest = Math.max(largest, 1);
    for (let i = 1; i < sorted.length; i++) {
      run = sorted[i] === sorted[i - 1] ? run + 1 : 1;
      if (run > 1) tied++;
      largest = Math.max(largest, run);
    }
  }
  return { tiedPercent: (100 * tied) / labels.length, largestGroup: largest };
}

describe('evaluateFeatures', () => {
  for (const { name, options } of BACKENDS) {
    for (const ties_ of ['average', 'input', 'range'] as const) {
      it(`equals evaluateBatch per feature (${name}, ${ties_}, blocks of 500 rows)`, async () => {
        const measures = ['nDCG@10', 'AP', 'gm_map'];
        const got = await evaluateFeatures(data, { ...options, measures, ties: ties_, bothDirections: true, blockRows: 500 });
        expect(got).toMatchObject({ queries: QUERIES, documents: labels.length, measures, ties: ties_, backend: name });
        expect(got.features.map((f) => f.feature).sort((a, b) => a - b)).toEqual(Array.from({ length: FEATURES }, (_, f) => f + 1));
        const means = (f: number, sign: number, mode: TieMode): Record<string, number> => evaluateBatch({ scores: column(f, sign), labels, offsets }, measures, { ...options, ties: mode }).mean;
        const main = ties_ === 'range' ? 'average' : ties_;
        for (const r of got.features) {
          const up = means(r.feature, 1, main);
          const down = means(r.feature, -1, main);
          expect(r.direction).toBe(down['nDCG@10']! > up['nDCG@10']! ? 'lower' : 'higher');
          const sign = r.direction === 'higher' ? 1 : -1;
          expect(r.mean).toEqual(sign > 0 ? up : down);
          if (ties_ === 'range') {
            expect(r.pessimistic).toEqual(means(r.feature, sign, 'pessimistic'));
            expect(r.optimistic).toEqual(means(r.feature, sign, 'optimistic'));
          } else expect(r.pessimistic).toBeUndefined();
          expect({ tiedPercent: r.tiedPercent, largestGroup: r.largestGroup }).toEqual(ties(r.feature));
        }
        // best first by the first measure
        const first = got.features.map((f) => f.mean['nDCG@10']!);
        expect(first).toEqual([...first].sort((a, b) => b - a));
      });
    }
  }

  it('counts a feature absent from earlier queries (or blocks) as 0 there: all tied', async () => {
    const text = ['1 qid:1 1:2', '0 qid:1 1:1', '0 qid:1 1:1', '1 qid:2 1:1', '0 qid:2 1:3 3:1', '2 qid:3 1:0 3:5', '0 qid:3 1:1 3:4'].join('\n');
    const path = file('sparse.txt', text);
    const lab = Float64Array.of(1, 0, 0, 1, 0, 2, 0);
    const off = Uint32Array.of(0, 3, 5, 7);
    for (const blockRows of [1, 3, 100]) {
      const got = await evaluateFeatures(path, { measures: ['AP', 'P@1'], blockRows });
      const byIndex = (f: number): FeaturesEvaluation['features'][number] => got.features.find((x) => x.feature === f)!;
      for (const [f, scores] of [
        [1, [2, 1, 1, 1, 3, 0, 1]],
        [2, [0, 0, 0, 0, 0, 0, 0]],
        [3, [0, 0, 0, 0, 1, 5, 4]],
      ] as const) {
        expect(byIndex(f).mean).toEqual(evaluateBatch({ scores: Float64Array.from(scores), labels: lab, offsets: off }, ['AP', 'P@1']).mean);
      }
      // feature 2 never appears: every document ties with its predecessor but each query's first
      expect(byIndex(2)).toMatchObject({ tiedPercent: (100 * 4) / 7, largestGroup: 3 });
      expect(byIndex(3)).toMatchObject({ tiedPercent: (100 * 2) / 7, largestGroup: 3 });
    }
  });

  it('refuses the trec tie mode and a bad block size', async () => {
    expect(() => new FeatureEvaluator({ ties: 'trec' as 'average' })).toThrow(/needs document ids/);
    expect(() => new FeatureEvaluator({ blockRows: 0 })).toThrow(InputError);
  });

  it('documents its example', () => {
    const evaluator = new FeatureEvaluator({ measures: ['P@1'] });
    evaluator.add({ qid: '1', line: 0, rows: 2, labels: Float64Array.of(1, 0), features: 1, values: Float64Array.of(0, 5) });
    expect(evaluator.result().features[0]!.mean['P@1']).toBe(0);
  });
});

describe('tie-eval features', () => {
  it('prints JSON in the documented shape, and the same values as the library', async () => {
    const { code, stdout } = await cli('features', '-m', 'nDCG@10', '-m', 'AP', '--format', 'json', data);
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as FeaturesEvaluation;
    const lib = await evaluateFeatures(data);
    expect(json.queries).toBe(QUERIES);
    expect(json.documents).toBe(labels.length);
    expect(json.features).toEqual(lib.features);
    expect(Object.keys(json.features[0]!.mean)).toEqual(['nDCG@10', 'AP']);
  });

  it('prints a table and CSV, takes trec_eval names and a query-size file', async () => {
    const rows = file('rows.txt', '1 1:1 2:5\n0 1:2 2:5\n0 1:1 2:1\n1 1:3\n');
    const sizes = file('rows.query', '2\n2\n');
    const text = await cli('features', '--query-file', sizes, '-m', 'P.1', '--ties', 'range', rows);
    expect(text.code).toBe(0);
    // feature 1: P@1 0 and 1; feature 2: query 1 ties (0, 1/2, 1), query 2 ranks the relevant document (value 0) last
    expect(text.stdout.split('\n').slice(0, 4)).toEqual([
      '2 queries, 4 documents, 2 features, ties range',
      'feature  direction  tied%  largest-group  P_1 pessimistic  P_1     P_1 optimistic',
      '1        higher     0.00   1              0.5000           0.5000  0.5000',
      '2        higher     25.00  2              0.0000           0.2500  0.5000',
    ]);
    const csv = await cli('features', '--query-file', sizes, '-m', 'P.1', '--format', 'csv', '--both-directions', rows);
    // negated, feature 2 ranks query 2's relevant document first: 0.75; feature 1 is 0.5 both ways and keeps its direction
    expect(csv.stdout).toBe('feature,direction,tied%,largest-group,P_1\n2,lower,25,2,0.75\n1,higher,0,1,0.5\n');
  });

  it('exits 1 with file and line for a bad row', async () => {
    const bad = file('bad.txt', '1 qid:1 1:1\n0 qid:1 1:x\n');
    const { code, stdout, stderr } = await cli('features', bad);
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toMatch(/bad\.txt:2: the value of feature 1 is not a number/);
  });
});
