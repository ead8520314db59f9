import { describe, expect, it } from 'vitest';
import { evaluateBatch, measuresHaveSpread, prepare } from '../src/index.js';
import { compilePlan } from '../src/measures/plan.js';
import { estimateRefused, type EstimatedBatch } from '../src/estimate/estimateRefused.js';
import { AVERAGE, SD } from '../src/ties/modes.js';
import { rng } from '../src/util/random.js';
import { estimatedNote } from '../src/format/estimatedNote.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { runChild } from './support/child.js';
import { scratchFiles } from './support/scratchFiles.js';
import { allOrderings } from './oracle/orderings.js';
import { moreMeasures } from './oracle/more.js';
import { plainMeasures } from './oracle/plain.js';

/** One tie group of 600 documents, every other one relevant (R = 300). */
const n600 = 600;
const group600 = {
  scores: new Float64Array(n600).fill(1),
  labels: Int32Array.from({ length: n600 }, (_, i) => i % 2),
  offsets: Uint32Array.of(0, n600),
};
/** Their exact averages, from an exact recount outside the package (an independent program counting every placement's chance). */
const EXACT_600 = { 'IPrec@0.5': 0.5166096861774375, 'IPrec@0': 0.812073602610496 };

/** A batch of one query as EstimatedBatch, the judgements its labels. */
function single(scores: readonly number[], labels: readonly number[]): EstimatedBatch {
  const l = Int32Array.from(labels);
  return { scores: Float64Array.from(scores), labels: l, offsets: Uint32Array.of(0, l.length), ideal: l, idealOffsets: Uint32Array.of(0, l.length), relevant: null, describeQuery: (q) => `query ${q}` };
}

describe('values past the exact budget are estimated, labelled, and never cost the others', () => {
  const results = BACKENDS.map(({ name, options }) => ({ name, result: evaluateBatch(group600, ['IPrec@0.5', 'IPrec@0', 'AP', 'P@10'], options) }));

  it.each(BACKENDS.map((b, i) => [b.name, i] as const))('a group of 600, half relevant: IPrec@0.5 and IPrec@0 within 4 standard errors of their exact values (%s)', (_, i) => {
    const { result } = results[i]!;
    expect(result.estimated?.map((e) => e.measure)).toEqual(['IPrec@0.5', 'IPrec@0']);
    for (const e of result.estimated!) {
      const exact = EXACT_600[e.measure as keyof typeof EXACT_600];
      expect(e.standardError).toBeGreaterThan(0);
      expect(Math.abs(result.perQuery[e.measure]![0]! - exact)).toBeLessThan(4 * e.standardError);
      expect(result.meanError![e.measure]).toBe(e.standardError);
    }
    // the other measures are exact: AP's tie average over 300 of 600 relevant, P@10 = 1/2
    expect(result.perQuery['P@10']![0]).toBe(0.5);
    expect(result.meanError!.AP).toBeUndefined();
  });

  it('every backend and thread count gives the same estimates to the bit (one generator, seeded by the ties)', () => {
    for (const { result } of results.slice(1)) {
      expect(result.perQuery).toEqual(results[0]!.result.perQuery);
      expect(result.estimated).toEqual(results[0]!.result.estimated);
    }
    const threads = evaluateBatch(group600, ['IPrec@0.5', 'IPrec@0', 'AP', 'P@10'], { ...BACKENDS[0]!.options, threads: 2 });
    expect(threads.perQuery).toEqual(results[0]!.result.perQuery);
    expect(threads.estimated).toEqual(results[0]!.result.estimated);
  });

  it('the order of the lines inside the tie group does not move an estimate', () => {
    const labels = group600.labels.slice().reverse();
    const again = evaluateBatch({ ...group600, labels: Int32Array.from([...labels.subarray(300), ...labels.subarray(0, 300)]) }, ['IPrec@0.5', 'IPrec@0', 'AP', 'P@10'], BACKENDS[0]!.options);
    expect(again.perQuery).toEqual(results[0]!.result.perQuery);
  });

  it('exact: true refuses instead, naming the query and the measure; prepare estimates too', () => {
    const options = BACKENDS[0]!.options;
    expect(() => evaluateBatch({ ...group600, labels: group600.labels }, ['P@10', 'IPrec@0.5'], { ...options, exact: true, ties: 'average' })).toThrow(/query 0: IPrec@0\.5's exact average .* past its budget/);
    const evaluator = prepare(group600.labels, group600.offsets, ['P@10', 'IPrec@0.5'], options);
    const r = evaluator.evaluate(group600.scores);
    expect(r.perQuery['IPrec@0.5']![0]).toBe(results[0]!.result.perQuery['IPrec@0.5']![0]);
    expect(r.estimated?.length).toBe(1);
    // a score vector with no ties: everything exact again, the list gone
    const plain = evaluator.evaluate(Float64Array.from({ length: n600 }, (_, i) => n600 - i));
    expect(plain.estimated).toBeUndefined();
    expect(plain.perQuery['IPrec@0.5']![0]).toBe(0.5);
  });
});

describe('evaluate (one query) says when it estimated', () => {
  it('warns once per process, naming the measure and its standard error', () => {
    // one tie group of 2,000 documents, every hundredth relevant: IPrec@0.5 past its budget
    const r = runChild(
      "import { evaluate } from './src/index.ts'; const labels = Array.from({ length: 2000 }, (_, i) => (i % 100 === 0 ? 1 : 0)); const scores = labels.map(() => 1); for (let i = 0; i < 2; i++) console.log(evaluate({ scores, labels }, ['IPrec@0.5', 'P@10'])['P@10']);",
      { TIE_EVAL_BACKEND: undefined },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('0.01\n0.01\n');
    expect(r.stderr.match(/tie-eval: evaluate\(\) estimated IPrec@0\.5 ± [0-9.e-]+ from sampled tie orderings/g)).toHaveLength(1);
  });
});

describe('sampled estimates behave as their standard errors say', () => {
  // groups of 30 to 40 with 5 to 12 graded relevant documents: too many orderings to list, few
  // enough for the kernels' exact averages, which the estimates are checked against
  const cases = Array.from({ length: 120 }, (_, seed) => {
    const next = rng(9000 + seed);
    const top = 1 + Math.floor(next() * 4);
    const size = 30 + Math.floor(next() * 11);
    const relevant = 5 + Math.floor(next() * 8);
    const scores = [...Array.from({ length: top }, (_, i) => 10 - i), ...new Array<number>(size).fill(1)];
    const labels = [...Array.from({ length: top }, () => (next() < 0.5 ? 1 : 0)), ...Array.from({ length: size }, (_, i) => (i < relevant ? 1 + Math.floor(next() * 3) : 0))];
    return single(scores, labels);
  });
  const names = ['IPrec@0.3', 'IPrec@0.7', 'G'];
  const plan = compilePlan(names);

  it('the mean: 2 standard errors cover the exact average about 95% of the time, 5 always', () => {
    let within2 = 0;
    let count = 0;
    for (const batch of cases) {
      const exact = evaluateBatch({ scores: batch.scores, labels: batch.labels, offsets: batch.offsets }, names, { backend: 'js' });
      const out = new Float64Array(names.length).fill(NaN);
      const estimates = estimateRefused(batch, plan, AVERAGE, out, BACKENDS[0]!.name, 1, false, { target: 0.01, sampleRoom: 400 * batch.scores.length, enumerateRoom: 0 });
      expect(estimates.length).toBe(names.length);
      for (const e of estimates) {
        const error = Math.abs(out[names.indexOf(e.measure)]! - exact.perQuery[e.measure]![0]!);
        expect(error).toBeLessThanOrEqual(5 * e.standardError + 1e-12);
        if (error <= 2 * e.standardError) within2++;
        count++;
      }
    }
    expect(within2 / count).toBeGreaterThan(0.9);
  });
});

describe('ties sd answers every measure', () => {
  // the measures of the oracle whose spread has no closed form (ERR, infAP, IPrec, ...)
  const oracle = [...plainMeasures(8, [1, 3, 5], [1, 2]), ...moreMeasures([1, 3, 5])].filter((m) => !measuresHaveSpread([m.name], 1));
  const queries = Array.from({ length: 30 }, (_, seed) => {
    const next = rng(7100 + seed);
    const n = 4 + Math.floor(next() * 6);
    return { scores: Array.from({ length: n }, () => Math.floor(next() * 3)), labels: Array.from({ length: n }, () => Math.floor(next() * 4) - (next() < 0.15 ? 2 : 0)) };
  });
  const bruteSd = (m: (typeof oracle)[number], q: (typeof queries)[number]): number => {
    const values = allOrderings(q.scores, q.labels).map((ranked) => m.value({ ranked, ideal: q.labels.filter((l) => l >= 0) }));
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
  };

  it('has measures to check', () => expect(oracle.map((m) => m.name)).toEqual(expect.arrayContaining(['infAP', 'IPrec@0.5'])));

  it.each(BACKENDS.map((b) => [b.name, b.options] as const))('small cases: every ordering evaluated, equal to the brute-force spread (%s)', (_, options) => {
    for (const q of queries) {
      const labels = Int32Array.from(q.labels);
      const result = evaluateBatch({ scores: Float64Array.from(q.scores), labels, offsets: Uint32Array.of(0, labels.length), idealLabels: [q.labels.filter((l) => l >= 0)] }, oracle.map((m) => m.name), { ...options, ties: 'sd' });
      expect(result.estimated).toBeUndefined();
      for (const m of oracle) expect(result.perQuery[m.name]![0]).toBeCloseTo(bruteSd(m, q), 12);
    }
  });

  it('medium cases sampled: within 4 of their own standard errors of the brute-force spread', () => {
    const names = ['ERR@5', 'infAP', 'IPrec@0.5'];
    const measures = names.map((name) => oracle.find((m) => m.name === name)!);
    const plan = compilePlan(names);
    for (let seed = 0; seed < 20; seed++) {
      const next = rng(5300 + seed);
      const q = { scores: Array.from({ length: 9 }, (_, i) => (i < 2 ? 5 - i : 1)), labels: Array.from({ length: 9 }, () => Math.floor(next() * 3) - (next() < 0.2 ? 1 : 0)) };
      const batch = { ...single(q.scores, q.labels), ideal: Int32Array.from(q.labels.filter((l) => l >= 0)), idealOffsets: Uint32Array.of(0, q.labels.filter((l) => l >= 0).length) };
      const out = new Float64Array(names.length).fill(NaN);
      const estimates = estimateRefused(batch, plan, SD, out, BACKENDS[0]!.name, 1, false, { target: 0.005, sampleRoom: 3000 * 9, enumerateRoom: 0 });
      measures.forEach((m, row) => {
        const e = estimates.find((x) => x.measure === m.name);
        const exact = bruteSd(m, q);
        if (e === undefined) return;
        expect(Math.abs(out[row]! - exact)).toBeLessThanOrEqual(4 * e.standardError + 1e-9);
      });
    }
  });
});

describe('ties sd on all_trec', () => {
  it('answers every measure: text ones as text, a geometric mean\'s summary from its queries\' averages and sds (delta method)', async () => {
    const examples = ['examples/qrels.txt', 'examples/run.txt'].map((p) => new URL(`../${p}`, import.meta.url).pathname);
    const text = await cli('--ties', 'sd', '-q', '-m', 'all_trec', ...examples);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^runid +\tall\tindegree\tindegree$/m);
    const json = JSON.parse((await cli('--ties', 'sd', '-q', '--format', 'json', '-m', 'all_trec', ...examples)).stdout);
    for (const [name, v] of Object.entries(json.mean as Record<string, { average: number; sd: number }>)) {
      expect(Number.isFinite(v.sd), name).toBe(true);
      expect(v.sd, name).toBeGreaterThanOrEqual(0);
    }
    // gm_map: G / Q × sqrt(sum of (sd_q / AP_q)^2), from the per-query lines
    const queries = Object.values(json.perQuery as Record<string, Record<string, { average: number; sd: number }>>);
    const g = Math.exp(queries.reduce((s, q) => s + Math.log(Math.max(q.map!.average, 1e-5)), 0) / queries.length);
    const spread = (g / queries.length) * Math.sqrt(queries.reduce((s, q) => s + (q.map!.average > 1e-5 ? (q.map!.sd / q.map!.average) ** 2 : 0), 0));
    expect(json.mean.gm_map.sd).toBeCloseTo(spread, 14);
    // the library's batch and prepared paths give the same summary
    const batch = evaluateBatch(group600, ['gm_map'], { ties: 'sd' });
    const ap = evaluateBatch(group600, ['AP'], { ties: 'average' }).perQuery.AP![0]!;
    expect(batch.mean.gm_map).toBeCloseTo(batch.perQuery.gm_map![0]!, 15);
    expect(batch.perQuery.gm_map![0]).toBe(evaluateBatch(group600, ['AP'], { ties: 'sd' }).perQuery.AP![0]);
    expect(ap).toBeGreaterThan(1e-5);
    expect(prepare(group600.labels, group600.offsets, ['gm_map'], { ties: 'sd' }).evaluate(group600.scores).mean.gm_map).toBe(batch.mean.gm_map);
  });
});

describe('the command line', () => {
  const files = scratchFiles('estimates');
  const qrels = files.file('qrels', [...Array.from({ length: n600 }, (_, i) => `1 0 d${i} ${i % 2}`), ...Array.from({ length: 10 }, (_, i) => `2 0 e${i} ${i % 3 === 0 ? 1 : 0}`)].join('\n') + '\n');
  const run = files.file('run', [...Array.from({ length: n600 }, (_, i) => `1 Q0 d${i} ${i + 1} 1 r`), ...Array.from({ length: 10 }, (_, i) => `2 Q0 e${i} ${i + 1} ${10 - i} r`)].join('\n') + '\n');

  it('prints every value of both queries, each estimate between its bounds, lists the estimates in JSON, and says so on stderr', async () => {
    const { code, stdout, stderr } = await cli('-q', '--ties', 'range', '--format', 'json', '-m', 'P.10', '-m', 'iprec_at_recall.0.00,0.50', '-m', 'map', qrels, run);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json.perQuery)).toEqual(['1', '2']);
    for (const q of ['1', '2']) {
      for (const m of ['P_10', 'iprec_at_recall_0.00', 'iprec_at_recall_0.50', 'map']) {
        const v = json.perQuery[q][m];
        expect(v.pessimistic).toBeLessThanOrEqual(v.average);
        expect(v.average).toBeLessThanOrEqual(v.optimistic);
      }
    }
    expect(Object.keys(json.estimated.average)).toEqual(['1']);
    expect(Object.keys(json.estimated.average['1']).sort()).toEqual(['iprec_at_recall_0.00', 'iprec_at_recall_0.50']);
    expect(json.estimated.pessimistic).toEqual({});
    expect(json.meanError.average['iprec_at_recall_0.50']).toBeCloseTo(json.estimated.average['1']['iprec_at_recall_0.50'] / 2, 15);
    expect(Math.abs(json.perQuery['1']['iprec_at_recall_0.50'].average - EXACT_600['IPrec@0.5'])).toBeLessThan(4 * json.estimated.average['1']['iprec_at_recall_0.50']);
    expect(stderr).toMatch(/^tie-eval: note: 2 values estimated from sampled tie orderings \(largest standard error [0-9.e-]+(, 1 stopped at its sample cap)?\).*--exact refuses them/m);
  });

  it('one query of 3,000 tied graded documents and a normal one, -m official -m G: every value of both, each between its bounds, the estimated ones listed', async () => {
    const next = rng(3000);
    const grades = Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? 1 + Math.floor(next() * 3) : 0));
    const bigQrels = files.file('qrels3000', [...grades.map((g, i) => `1 0 d${i} ${g}`), ...Array.from({ length: 20 }, (_, i) => `2 0 e${i} ${i % 2}`)].join('\n') + '\n');
    const bigRun = files.file('run3000', [...grades.map((_, i) => `1 Q0 d${i} 0 1.0 r`), ...Array.from({ length: 20 }, (_, i) => `2 Q0 e${i} 0 ${20 - i} r`)].join('\n') + '\n');
    const { code, stdout, stderr } = await cli('-q', '--ties', 'range', '--format', 'json', '-m', 'official', '-m', 'G', bigQrels, bigRun);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    let values = 0;
    for (const q of ['1', '2']) {
      for (const [m, v] of Object.entries(json.perQuery[q] as Record<string, { pessimistic: number; average: number; optimistic: number }>)) {
        if (typeof v.average !== 'number') continue;
        values++;
        expect(v.pessimistic, `${q} ${m}`).toBeLessThanOrEqual(v.average + 1e-12);
        expect(v.average, `${q} ${m}`).toBeLessThanOrEqual(v.optimistic + 1e-12);
      }
    }
    expect(values).toBe(60);
    // query 1's interpolated precision at every level, and G, past their budgets; query 2 exact
    expect(Object.keys(json.estimated.average)).toEqual(['1']);
    expect(Object.keys(json.estimated.average['1'])).toEqual([...['0.00', '0.10', '0.20', '0.30', '0.40', '0.50', '0.60', '0.70', '0.80', '0.90', '1.00'].map((l) => `iprec_at_recall_${l}`), 'G']);
    expect(stderr).toMatch(/^tie-eval: note: 12 values estimated/m);
  });

  it('--exact refuses, naming the query and the measure', async () => {
    const { code, stderr } = await cli('-q', '--exact', '-m', 'P.10', '-m', 'iprec_at_recall.0.50', qrels, run);
    expect(code).toBe(1);
    expect(stderr).toMatch(/query '1' \(index 0\): IPrec@0\.5's exact average/);
  });

  it('the note counts every run and mode', () => {
    expect(estimatedNote([{}, { estimated: { average: [{ query: '1', measure: 'IPrec@0', standardError: 0.0012, samples: 27962, capped: true }] } }])).toBe('1 value estimated from sampled tie orderings (largest standard error 0.0012, 1 stopped at its sample cap)');
    expect(estimatedNote([{}])).toBe('');
    // more estimates than a call takes arguments (a large run in sd mode): no stack overflow
    const many = Array.from({ length: 1_000_000 }, (_, i) => ({ query: String(i), measure: 'ERR', standardError: i === 7 ? 0.002 : 0.0001, samples: 256, capped: false }));
    expect(estimatedNote([{ estimated: { sd: many } }])).toBe('1000000 values estimated from sampled tie orderings (largest standard error 0.0020)');
  });
});
