import { describe, expect, it } from 'vitest';
import { compareRuns, evaluateBatch, evaluateRun, evaluateRuns, prepare } from '../src/index.js';
import { rangePlotSvg } from '../src/analysis/rangePlot.js';
import { tieFlip } from '../src/analysis/tieFlip.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';

/** Every measure with an exact sd, in the variants its kernel distinguishes (cut-offs, gains, levels, views). */
const SD_NAMES = [
  'P@1', 'P@3', 'P(relative=true)@4', 'P(rel=2)@2', 'P(judged_only=true)@2', 'R@2', 'F1@3', 'Rprec', 'Rprec(mult=0.5)', 'NumRet(rel=1)@3',
  'AP', 'AP@3', 'AP(norm=min)@2', 'AP(rel=2)', 'AP(judged_only=true)', 'AP(norm=found)', 'AP(norm=found)@2', 'AP(norm=found)@4', 'AP(norm=found,rel=2)@3', 'AP(norm=found,judged_only=true)@3', 'RR', 'RR@2', 'RR(rel=2)', 'Success@1', 'Success@3', 'Judged@3', 'unj@2',
  'DCG', 'DCG@2', 'nDCG', 'nDCG@3', 'nDCG(gain=exp)@4', 'nDCG(judged_only=true)', 'nDCG(gains={1:2,2:0,3:5})@3',
  'RBP(p=0.8)', 'RBP(p=0.5,rel=2)@3', 'RBP(p=0.7,gain=label)', 'rbp_resid(p=0.6)', 'SDCG(max_rel=3)@3', 'INSQ(max_rel=3)', 'INSQ(T=2,max_rel=2)', 'Rndcg', 'Rndcg(gains={1:3,2:1})', 'bpref', 'bpref(rel=2)', 'binG',
  'ideal_dcg', 'NumQ', 'NumRet', 'NumRel', 'num_nonrel_judged_ret', 'SetP', 'SetR', 'SetF', 'SetAP', 'utility',
];

/** A small random query: scores in few levels (ties), labels with unjudged ones (-1, -2), extra judgements. */
function randomQuery(next: () => number): { scores: number[]; labels: number[]; ideal: number[] } {
  const n = randInt(next, 1, 7);
  const levels = randInt(next, 1, 3);
  const scores = Array.from({ length: n }, () => randInt(next, 0, levels - 1));
  const labels = Array.from({ length: n }, () => [-2, -1, 0, 0, 1, 2, 3][randInt(next, 0, 6)]!);
  const ideal = [...labels.filter((l) => l >= 0), ...Array.from({ length: randInt(next, 0, 2) }, () => randInt(next, 0, 3))];
  return { scores, labels, ideal };
}

/** Every ordering of the query's tie groups (each group's permutations, groups in score order): position lists. */
function orderings(scores: number[]): number[][] {
  const levels = [...new Set(scores)].sort((a, b) => b - a);
  const permutations = (items: number[]): number[][] => (items.length <= 1 ? [items] : items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest])));
  let all: number[][] = [[]];
  for (const level of levels) {
    const group = permutations(scores.flatMap((s, i) => (s === level ? [i] : [])));
    all = all.flatMap((head) => group.map((tail) => [...head, ...tail]));
  }
  return all;
}

describe.each(BACKENDS)('ties sd ($name backend)', ({ options }) => {
  it("equals the standard deviation of the input-mode values over every ordering of the tie groups, per measure (brute force)", () => {
    const next = rng(35);
    const worst = new Map<string, number>();
    const varied = new Set<string>();
    for (let trial = 0; trial < 150; trial++) {
      const query = randomQuery(next);
      const sd = evaluateBatch({ scores: Float64Array.from(query.scores), labels: Int32Array.from(query.labels), offsets: Uint32Array.of(0, query.scores.length), idealLabels: [query.ideal] }, SD_NAMES, { ...options, ties: 'sd' });
      // each ordering as a query of its own, in that order, with strictly falling scores
      const all = orderings(query.scores);
      const n = query.scores.length;
      const labels = Int32Array.from(all.flatMap((order) => order.map((i) => query.labels[i]!)));
      const scores = Float64Array.from(all.flatMap(() => Array.from({ length: n }, (_, j) => n - j)));
      const offsets = Uint32Array.from({ length: all.length + 1 }, (_, q) => q * n);
      const each = evaluateBatch({ scores, labels, offsets, idealLabels: all.map(() => query.ideal) }, SD_NAMES, { ...options, ties: 'input' });
      for (const name of SD_NAMES) {
        const values = each.perQuery[name]!;
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
        const got = sd.perQuery[name]![0]! ** 2;
        // the values' own rounding (a few ulps of the mean) bounds what brute force can resolve
        const floor = 1e-14 * Math.max(mean * mean, 1e-300);
        const deviation = Math.abs(got - variance) / Math.max(variance, floor);
        if (variance > 1e-9) {
          varied.add(name);
          worst.set(name, Math.max(worst.get(name) ?? 0, Math.abs(got - variance) / variance));
        }
        expect(deviation, `${name} on ${JSON.stringify(query)}: sd² ${got}, brute force ${variance}`).toBeLessThan(1e-12);
      }
    }
    // every order-dependent measure varied in some query; the others never do
    expect([...varied].sort()).toEqual(SD_NAMES.slice(0, SD_NAMES.indexOf('ideal_dcg')).sort());
    if (process.env.SD_WORST !== undefined) process.stderr.write(`${JSON.stringify(Object.fromEntries([...worst].map(([k, v]) => [k, v.toExponential(1)])))}\n`);
  });

  it('with -M (maxRank), average and sd over the orderings of the ranking cut at exactly M (a group crossing M partly in), every measure', () => {
    const next = rng(3501);
    const names = ['P@2', 'AP', 'nDCG', 'RR', 'R@3', 'SetP', 'NumRet(rel=1)', 'RBP(p=0.7)', 'AP(norm=found)@3', 'bpref', 'Rprec', 'ERR', 'infAP', 'IPrec@0.5', 'G', 'ndcg_rel', 'num_ret', 'AP(judged_only=true)'];
    let crossed = 0;
    for (let trial = 0; trial < 80; trial++) {
      const query = randomQuery(next);
      const n = query.scores.length;
      const maxRank = randInt(next, 1, n);
      const sorted = [...query.scores].sort((a, b) => b - a);
      if (maxRank < n && sorted[maxRank] === sorted[maxRank - 1]) crossed++;
      const batch = { scores: Float64Array.from(query.scores), labels: Int32Array.from(query.labels), offsets: Uint32Array.of(0, n), idealLabels: [query.ideal] };
      const sd = evaluateBatch(batch, names, { ...options, ties: 'sd', maxRank });
      const average = evaluateBatch(batch, names, { ...options, ties: 'average', maxRank });
      expect(sd.estimated ?? []).toEqual([]);
      const all = orderings(query.scores);
      const each = evaluateBatch(
        { scores: Float64Array.from(all.flatMap(() => Array.from({ length: n }, (_, j) => n - j))), labels: Int32Array.from(all.flatMap((order) => order.map((i) => query.labels[i]!))), offsets: Uint32Array.from({ length: all.length + 1 }, (_, q) => q * n), idealLabels: all.map(() => query.ideal) },
        names,
        { ...options, ties: 'input', maxRank },
      );
      for (const name of names) {
        const values = each.perQuery[name]!;
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
        const got = sd.perQuery[name]![0]! ** 2;
        expect(Math.abs(average.perQuery[name]![0]! - mean), `${name} average, -M ${maxRank} on ${JSON.stringify(query)}`).toBeLessThan(1e-12);
        expect(Math.abs(got - variance) / Math.max(variance, 1e-14 * Math.max(mean * mean, 1e-300)), `${name}, -M ${maxRank} on ${JSON.stringify(query)}`).toBeLessThan(1e-12);
      }
    }
    expect(crossed).toBeGreaterThan(10);
  });

  it('with -M and -J (unjudged documents leave after the cut), average and sd over the orderings of the cut ranking', () => {
    const next = rng(77);
    const names = ['AP', 'nDCG', 'P@3', 'bpref', 'num_ret', 'Rprec', 'RR', 'ERR', 'infAP'];
    for (let trial = 0; trial < 60; trial++) {
      const query = randomQuery(next);
      const n = query.scores.length;
      const maxRank = randInt(next, 1, n);
      const batch = { scores: Float64Array.from(query.scores), labels: Int32Array.from(query.labels), offsets: Uint32Array.of(0, n), idealLabels: [query.ideal] };
      const all = orderings(query.scores);
      const each = evaluateBatch(
        { scores: Float64Array.from(all.flatMap(() => Array.from({ length: n }, (_, j) => n - j))), labels: Int32Array.from(all.flatMap((order) => order.map((i) => query.labels[i]!))), offsets: Uint32Array.from({ length: all.length + 1 }, (_, q) => q * n), idealLabels: all.map(() => query.ideal) },
        names,
        { ...options, ties: 'input', maxRank, judgedOnly: true },
      );
      const average = evaluateBatch(batch, names, { ...options, ties: 'average', maxRank, judgedOnly: true });
      const sd = evaluateBatch(batch, names, { ...options, ties: 'sd', maxRank, judgedOnly: true });
      for (const name of names) {
        const values = each.perQuery[name]!;
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const spread = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
        expect(Math.abs(average.perQuery[name]![0]! - mean), `${name} average, -M ${maxRank} -J on ${JSON.stringify(query)}`).toBeLessThan(1e-12);
        expect(Math.abs(sd.perQuery[name]![0]! - spread), `${name} sd, -M ${maxRank} -J on ${JSON.stringify(query)}`).toBeLessThan(1e-9);
      }
    }
  });

  it("AP's sd in a large group deep in the ranking equals a dynamic program over (slot, relevant so far), within 1e-12", () => {
    // the group's share of AP's sum: from x slots with c relevant, the rest adds F; its mean and
    // variance by the law of total variance (a sum of non-negative terms, no cancellation)
    const groupVariance = (t: number, n: number, r: number, m: number, before: number): number => {
      let mean = new Float64Array(r + 2);
      let variance = new Float64Array(r + 2);
      for (let x = m - 1; x >= 0; x--) {
        const nextMean = new Float64Array(r + 2);
        const nextVariance = new Float64Array(r + 2);
        for (let c = 0; c <= Math.min(x, r); c++) {
          const q = (r - c) / (n - x);
          const hit = (before + c + 1) / (t + x + 1) + (c + 1 <= r ? mean[c + 1]! : 0);
          const miss = mean[c]!;
          nextMean[c] = q * hit + (1 - q) * miss;
          nextVariance[c] = q * (c + 1 <= r ? variance[c + 1]! : 0) + (1 - q) * variance[c]! + q * (1 - q) * (hit - miss) ** 2;
        }
        mean = nextMean;
        variance = nextVariance;
      }
      return variance[0]!;
    };
    for (const [t, n, r, k, above] of [[500, 60, 25, 0, 40], [2000, 80, 3, 2040, 7], [0, 50, 49, 0, 0], [30, 200, 100, 130, 10], [1, 5, 2, 0, 1]] as const) {
      // `above` relevant documents among t distinct scores, then the group, then 5 more
      const labels = [...Array.from({ length: t }, (_, i) => (i < above ? 1 : 0)), ...Array.from({ length: n }, (_, i) => (i < r ? 1 : 0)), 1, 0, 0, 1, 0];
      const scores = [...Array.from({ length: t }, (_, i) => 1e6 - i), ...Array.from({ length: n }, () => 10), 5, 4, 3, 2, 1];
      const relevant = labels.filter((l) => l > 0).length;
      const name = k > 0 ? `AP@${k}` : 'AP';
      const got = evaluateBatch({ scores: Float64Array.from(scores), labels: Int32Array.from(labels), offsets: Uint32Array.of(0, labels.length) }, [name], { ...options, ties: 'sd' }).perQuery[name]![0]!;
      const want = Math.sqrt(groupVariance(t, n, r, k > 0 ? Math.min(n, k - t) : n, above)) / relevant;
      if (process.env.SD_WORST !== undefined) process.stderr.write(`${name} t ${t} n ${n} r ${r}: ${(Math.abs(got - want) / want).toExponential(1)}\n`);
      expect(Math.abs(got - want) / want, `${name}, t ${t}, n ${n}, r ${r}`).toBeLessThan(1e-12);
    }
  });

  it('sums independent queries: the summary is sqrt(sum of variances) / Q (a sum for counts), prepared or not', () => {
    const batch = { scores: Float64Array.of(1, 1, 1, 2, 2), labels: Int32Array.of(1, 0, 0, 1, 0), offsets: Uint32Array.of(0, 3, 5) };
    const result = evaluateBatch(batch, ['P@1', 'RR', 'NumRet(rel=1)@1'], { ...options, ties: 'sd' });
    // P@1: a relevant one first with chance 1/3 (sd sqrt(2)/3), 1/2 (sd 1/2)
    expect(result.perQuery['P@1']![0]).toBeCloseTo(Math.sqrt(2) / 3, 15);
    expect(result.perQuery['P@1']![1]).toBe(0.5);
    expect(result.mean['P@1']).toBeCloseTo(Math.sqrt(2 / 9 + 1 / 4) / 2, 15);
    // RR of query 0: 1, 1/2, 1/3 with chances 1/3 each
    const rr = [1, 1 / 2, 1 / 3];
    const m = (1 + 1 / 2 + 1 / 3) / 3;
    expect(result.perQuery.RR![0]).toBeCloseTo(Math.sqrt(rr.reduce((a, v) => a + (v - m) ** 2, 0) / 3), 15);
    const prepared = prepare(batch.labels, batch.offsets, ['P@1', 'RR'], { ...options, ties: 'sd' }).evaluate(batch.scores);
    expect(prepared.mean['P@1']).toBe(result.mean['P@1']);
    expect(prepared.perQuery.RR![0]).toBe(result.perQuery.RR![0]);
  });

  it('answers a measure without a closed-form sd from every ordering where they are few (infAP, ERR@5: two orderings)', () => {
    const batch = { scores: Float64Array.of(1, 1), labels: Int32Array.of(1, 0), offsets: Uint32Array.of(0, 2) };
    // infAP is about 1 or 1/2 (as AP, everything judged; trec_eval's smoothing moves it by 1e-5),
    // ERR@5 1/16 or 1/32: sds about 1/4, and 1/64 (the brute-force check of every measure is in estimates.test.ts)
    const result = evaluateBatch(batch, ['P@1', 'infAP', 'ERR@5'], { ...options, ties: 'sd' });
    expect([...result.perQuery['ERR@5']!, ...result.perQuery['P@1']!]).toEqual([1 / 64, 0.5]);
    expect(result.perQuery.infAP![0]).toBeCloseTo(0.25, 4);
    expect(result.estimated).toBeUndefined();
    expect(prepare(batch.labels, batch.offsets, ['infAP'], { ...options, ties: 'sd' }).evaluate(batch.scores).perQuery.infAP![0]).toBe(result.perQuery.infAP![0]);
  });
});

describe('ties sd on every path', () => {
  it('the command line prints average and sd side by side; its summary sd is sqrt(sum of squares) / Q; files, objects and JSON agree to the bit', async () => {
    const { file } = scratchFiles('tie-eval-sd-');
    const qrels = file('qrels', 'q1 0 a 1\nq1 0 b 0\nq1 0 c 2\nq2 0 x 1\nq2 0 y 1\nq2 0 z 0\n');
    const run = file('run', 'q1 Q0 a 1 2 r\nq1 Q0 b 2 2 r\nq1 Q0 c 3 1 r\nq2 Q0 x 1 5 r\nq2 Q0 y 2 5 r\nq2 Q0 z 3 5 r\n');
    const measures = ['P@1', 'RR', 'nDCG@2'];
    const text = await cli('--ties', 'sd', '-q', ...measures.flatMap((m) => ['-m', m]), qrels, run);
    expect(text.stderr).toBe('');
    expect(text.stdout.split('\n').slice(0, 3)).toEqual(['# average: the mean over every ordering of the tied documents', '# sd: the standard deviation over every ordering of the tied documents', expect.stringMatching(/^# measure\s+\tquery\taverage\tsd$/)]);
    const json = JSON.parse((await cli('--ties', 'sd', '--format', 'json', ...measures.flatMap((m) => ['-m', m]), qrels, run)).stdout) as { perQuery: Record<string, Record<string, { average: number; sd: number }>>; mean: Record<string, { average: number; sd: number }> };
    const objects = evaluateRun({ q1: { a: 1, b: 0, c: 2 }, q2: { x: 1, y: 1, z: 0 } }, { q1: { a: 2, b: 2, c: 1 }, q2: { x: 5, y: 5, z: 5 } }, measures, { ties: 'sd' });
    const files = (await evaluateRuns(qrels, [run], { measures, ties: 'sd' })).runs;
    for (const m of measures) {
      const perQuery = ['q1', 'q2'].map((q) => json.perQuery[q]![m]!.sd);
      expect(perQuery).toEqual(Array.from(objects.perQuery[m]!));
      expect(Array.from(files[0]!.perQuery.sd![m]!)).toEqual(perQuery);
      expect(json.mean[m]!.sd).toBe(Math.sqrt(perQuery[0]! ** 2 + perQuery[1]! ** 2) / 2);
      expect(objects.mean[m]).toBe(json.mean[m]!.sd);
      expect(files[0]!.mean.sd![m]).toBe(json.mean[m]!.sd);
      // the text prints both to 4 decimals
      expect(text.stdout).toContain(`${m.padEnd(22)}\tall\t${json.mean[m]!.average.toFixed(4)}\t${json.mean[m]!.sd.toFixed(4)}`);
    }
    // P@1 of q1: a or b first (a relevant) with chance 1/2 each; q2: a relevant one first with chance 2/3
    expect(json.perQuery.q1!['P@1']!.sd).toBe(0.5);
    expect(json.perQuery.q2!['P@1']!.sd).toBeCloseTo(Math.sqrt(2) / 3, 15);
  });

  it('the command line answers every measure, a geometric mean by the delta method, and its defaults have one', async () => {
    const { file } = scratchFiles('tie-eval-sd-');
    const qrels = file('qrels', 'q1 0 a 1\n');
    const run = file('run', 'q1 Q0 a 1 2 r\nq1 Q0 b 2 2 r\n');
    // AP is 1 or 1/2: average 0.75, sd 0.25; gm_map's one query gives its sd: 0.75 x 0.25 / 0.75
    const answered = await cli('--ties', 'sd', '-m', 'map', '-m', 'gm_map', '-m', 'infAP', qrels, run);
    expect(answered.code).toBe(0);
    expect(answered.stdout).toMatch(/^gm_map +\tall\t0\.7500\t0\.2500$/m);
    const defaults = await cli('--ties', 'sd', qrels, run);
    expect(defaults.stdout.split('\n').filter((line) => !line.startsWith('#')).map((line) => line.split('\t')[0]!.trim()).filter((x) => x !== '')).toEqual(['AP', 'RR', 'P@10', 'R@100', 'nDCG@10', 'nDCG']);
  });
});

describe('the chance that ties flip a pair (compare)', () => {
  /** The standard normal CDF by Simpson's rule over [-12, x] (independent of the library's). */
  const phi = (x: number): number => {
    const a = -12;
    const steps = 20_000;
    const h = (x - a) / steps;
    const pdf = (t: number): number => Math.exp((-t * t) / 2) / Math.sqrt(2 * Math.PI);
    let sum = pdf(a) + pdf(x);
    for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * pdf(a + i * h);
    return (sum * h) / 3;
  };

  it('tieFlip: the normal approximation from the exact sd of the difference of means; exact where no tie moves it', () => {
    const flip = tieFlip(0.01, [0.02, 0], [0, 0]);
    expect(flip.sd).toBeCloseTo(0.01, 15);
    expect(flip.probability).toBeCloseTo(phi(1), 10);
    expect(flip).toMatchObject({ approximate: true, couldFlip: true });
    expect(tieFlip(0.1, [0, 0], [0, 0])).toEqual({ probability: 1, sd: 0, approximate: false, couldFlip: false });
    expect(tieFlip(0, [0, 0], [0, 0]).probability).toBe(0);
    expect(tieFlip(0.05, [0.01, 0.01], [0.01, 0.01]).couldFlip).toBe(false);
  });

  it("compare gives P(a>b) over tie orderings, approximated from each run's per-query sd where the orderings are many, and names the pairs ties could flip", async () => {
    const { file } = scratchFiles('tie-eval-flip-');
    const qrels = file('qrels', 'q1 0 a 1\nq1 0 b 0\nq1 0 c 1\nq2 0 x 1\nq2 0 y 0\nq2 0 z 0\nq3 0 u 1\nq3 0 v 0\n');
    const a = file('a', 'q1 Q0 a 1 2 r\nq1 Q0 b 2 2 r\nq1 Q0 c 3 1 r\nq2 Q0 x 1 5 r\nq2 Q0 y 2 5 r\nq2 Q0 z 3 1 r\nq3 Q0 u 1 1 r\nq3 Q0 v 2 1 r\n');
    const b = file('b', 'q1 Q0 a 1 1 r\nq1 Q0 b 2 1 r\nq1 Q0 c 3 1 r\nq2 Q0 y 1 6 r\nq2 Q0 x 2 5 r\nq2 Q0 z 3 5 r\nq3 Q0 u 1 2 r\nq3 Q0 v 2 1 r\n');
    const sd = async (run: string) => JSON.parse((await cli('--ties', 'sd', '--format', 'json', '-m', 'P@1', qrels, run)).stdout) as { perQuery: Record<string, { 'P@1': { average: number; sd: number } }> };
    const [ja, jb] = [await sd(a), await sd(b)];
    const queries = ['q1', 'q2', 'q3'];
    const difference = queries.reduce((s, q) => s + ja.perQuery[q]!['P@1'].average - jb.perQuery[q]!['P@1'].average, 0) / 3;
    const spread = Math.sqrt(queries.reduce((s, q) => s + ja.perQuery[q]!['P@1'].sd ** 2 + jb.perQuery[q]!['P@1'].sd ** 2, 0)) / 3;
    // the normal approximation, where the orderings are not listed
    const scores = [ja, jb].map((j, r) => ({ run: `${r}`, queries, values: queries.map((q) => j.perQuery[q]!['P@1'].average), spreads: queries.map((q) => j.perQuery[q]!['P@1'].sd) }));
    expect(compareRuns(scores, { permutations: 10 }).pairs[0]!.tieFlip).toMatchObject({ approximate: true, probability: expect.closeTo(phi(difference / spread), 10) });
    // compare lists them (few here): exact (see exactFlip.test.ts)
    const text = await cli('compare', '-m', 'P@1', '--permutations', '100', qrels, a, b);
    expect(text.stderr).toBe('');
    const row = text.stdout.split('\n').find((line) => line.startsWith(a) && line.includes(b))!;
    expect(row.trim().split(/\s+/).at(-1)).toBe('0.2500');
    expect(text.stdout).toContain(`ties could flip (P(a>b) ties between 0.05 and 0.95): ${a} vs ${b}`);
    const json = JSON.parse((await cli('compare', '-m', 'P@1', '--permutations', '100', '--format', 'json', qrels, a, b)).stdout) as { pairs: { tieFlip: { probability: number; sd: number } }[] }[];
    expect(json[0]!.pairs[0]!.tieFlip.sd).toBeCloseTo(spread, 15);
    // docs/cli.md's example: the bundled run against a banded copy of it
    const banded = file('banded.txt', '');
    expect((await cli('band', '--phi', '3', '-o', banded, 'examples/run.txt')).code).toBe(0);
    const example = (await cli('compare', '-m', 'nDCG@10', 'examples/qrels.txt', 'examples/run.txt', banded)).stdout;
    expect(example).toMatch(/examples\/run\.txt\s+\S*banded\.txt\s+-0\.0284\s+-0\.294\s+0\.7965\s+1\.0000\s+2\/0\/1\s+0\.3776\s+0\.3141~/);
    expect(example).toContain(`ties could flip (P(a>b) ties between 0.05 and 0.95): examples/run.txt vs ${banded}`);
    // a measure without an sd: no such column
    expect((await cli('compare', '-m', 'infAP', '--permutations', '100', qrels, a, b)).stdout).not.toContain('P(a>b) ties');
  });
});

describe('sd in range and plot', () => {
  it('plot draws average ± 2 sd within the segment, and says so in its key, only where a run has an sd', () => {
    const svg = rangePlotSvg([{ run: 'a', pessimistic: 0.2, average: 0.3, trec: 0.25, optimistic: 0.5, sd: 0.04 }, { run: 'b', pessimistic: 0.1, average: 0.15, trec: 0.12, optimistic: 0.2, sd: 0.05 }], 'AP');
    const spreads = [...svg.matchAll(/<line class="spread" data-sd="([^"]+)" x1="([^"]+)" y1="[^"]+" x2="([^"]+)"/g)].map((m) => m.slice(1).map(Number));
    const ranges = [...svg.matchAll(/<line class="range" [^>]*x1="([^"]+)" y1="[^"]+" x2="([^"]+)"/g)].map((m) => m.slice(1).map(Number));
    expect(spreads).toHaveLength(2);
    // a: 0.22 to 0.38 inside 0.2 to 0.5; b: 0.05 to 0.25, clipped to 0.1 to 0.2 (its whole segment)
    const [[, ax1, ax2], [, bx1, bx2]] = spreads as [number[], number[]];
    expect(ax1! > ranges[0]![0]! && ax2! < ranges[0]![1]!).toBe(true);
    expect([bx1, bx2]).toEqual(ranges[1]);
    // the key says which colour is which, and the band lies beneath its segment (drawn first)
    expect(svg).toContain('<tspan fill="steelblue">━</tspan> pessimistic to optimistic mean; <tspan fill="darkorange">▲</tspan> tie average; <tspan fill="#fcd9a8">▬</tspan> band: average ± 2 sd');
    expect(svg.indexOf('class="spread"')).toBeLessThan(svg.indexOf('class="range"'));
    const plain = rangePlotSvg([{ run: 'a', pessimistic: 0.2, average: 0.3, trec: 0.25, optimistic: 0.5 }], 'AP');
    expect(plain).not.toContain('class="spread"');
    expect(plain).not.toContain('± 2 sd');
    // one run: its range beside its name
    expect(plain).toContain('>a (range 0.3000)</text>');
  });
});
