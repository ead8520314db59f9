import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diversityQrels, diversitySpread, evaluateDiversity, type DiversityTies, type RankedQuery } from '../src/diversity/evaluateDiversity.js';
import { parseDiversityMeasure, parseDiversityMeasures, type DiversityMeasure } from '../src/diversity/measures.js';
import type { QueryJudgements } from '../src/diversity/judgements.js';
import { formatNdeval } from '../src/format/diversityOutput.js';
import { readDiversityQrels, readQrels, readRun } from '../src/runs/read.js';
import { evaluateRuns } from '../src/runs/evaluateRuns.js';
import { ExactSum } from '../src/core/exactSum.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { DiversityScratch } from '../src/reference/diversityScratch.js';
import { idealRanking } from '../src/reference/idealRanking.js';
import type { BackendName } from '../src/backends/backend.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

const { file } = scratchFiles('diversity');

interface NdevalCase {
  readonly args: string[];
  readonly qrels: string;
  readonly run: string;
  readonly ndeval: string;
}
const CASES = JSON.parse(readFileSync(new URL('fixtures/ndeval/cases.json', import.meta.url), 'utf8')) as NdevalCase[];

/** ndeval's columns, with its -alpha and -beta as the measures' parameters. */
function columns(alpha: string | undefined, beta: string | undefined): string[] {
  return parseDiversityMeasures(['ndeval']).map((m) => {
    const params = [...(alpha !== undefined && m.kind !== 'MAP-IA' && m.kind !== 'P-IA' && m.kind !== 'strec' ? [`alpha=${alpha}`] : []), ...(beta !== undefined && (m.kind === 'NRBP' || m.kind === 'nNRBP') ? [`beta=${beta}`] : [])];
    return `${m.kind}${params.length > 0 ? `(${params.join(',')})` : ''}${m.cutoff > 0 ? `@${m.cutoff}` : ''}`;
  });
}

/** What the diversity command prints in ndeval's format for a case, computed in this process. */
async function ndevalText(c: NdevalCase): Promise<string> {
  const option = (flag: string): string | undefined => (c.args.includes(flag) ? c.args[c.args.indexOf(flag) + 1] : undefined);
  const qrels = await readDiversityQrels(Buffer.from(c.qrels));
  const run = new Map<string, RankedQuery>();
  const notes = await readRun(Buffer.from(c.run), (q) => run.set(q.qid, { docs: Array.from(q.scores, (_, d) => q.docs.text(d)), scores: q.scores.slice(), ranks: q.ranks.slice() }));
  const result = evaluateDiversity(qrels, run, columns(option('-alpha'), option('-beta')), { ties: c.args.includes('-traditional') ? 'trec' : 'input', maxRank: Number(option('-M') ?? 0), allQueries: c.args.includes('-c') });
  return formatNdeval([{ ...result, run: 'run', runid: notes.runid, ranked: new Set(run.keys()) }]);
}

/** A run's text as the objects evaluateDiversity takes (`{ query: { doc: score } }`). */
function runOf(text: string): Record<string, Record<string, number>> {
  const run: Record<string, Record<string, number>> = {};
  for (const line of text.trim().split('\n')) {
    const [q, , d, , score] = line.split(' ');
    (run[q!] ??= {})[d!] = Number(score);
  }
  return run;
}

/** A run's text with its rank fields (ndeval's default order). */
function rankedRunOf(text: string): Map<string, RankedQuery> {
  const run = new Map<string, { docs: string[]; scores: number[]; ranks: number[] }>();
  for (const line of text.trim().split('\n')) {
    const [q, , d, rank, score] = line.split(' ');
    if (!run.has(q!)) run.set(q!, { docs: [], scores: [], ranks: [] });
    const query = run.get(q!)!;
    query.docs.push(d!);
    query.scores.push(Number(score));
    query.ranks.push(Number(rank));
  }
  return run;
}

/** One query's value of each measure through evaluateDiversity, on a backend (default auto). */
function queryValues(judged: QueryJudgements, ranked: RankedQuery, measures: readonly DiversityMeasure[], ties: Exclude<DiversityTies, 'sd'>, maxRank: number, backend?: BackendName): number[] {
  const result = evaluateDiversity(new Map([['q', judged]]), { q: ranked }, measures.map((m) => m.name), { ties, maxRank, ...(backend === undefined ? {} : { backend }) });
  return measures.map((m) => result.perQuery[m.name]![0]!);
}

/** A query's values with its documents in this order, each alone (the brute force's one order). */
function inOrder(judged: QueryJudgements, docs: readonly string[], measures: readonly DiversityMeasure[], maxRank: number): number[] {
  return queryValues(judged, { docs, scores: docs.map((_, i) => -i) }, measures, 'input', maxRank);
}

/** Every order of each tie group of `groupEnds` over positions 0..n-1, as position lists. */
function everyOrder(groupEnds: readonly number[]): number[][] {
  let orders: number[][] = [[]];
  let start = 0;
  for (const end of groupEnds) {
    const members = Array.from({ length: end - start }, (_, i) => start + i);
    const perms: number[][] = [];
    const permute = (left: number[], done: number[]): void => {
      if (left.length === 0) perms.push(done);
      left.forEach((x, i) => permute([...left.slice(0, i), ...left.slice(i + 1)], [...done, x]));
    };
    permute(members, []);
    orders = orders.flatMap((o) => perms.map((p) => [...o, ...p]));
    start = end;
  }
  return orders;
}

describe('diversity measures (ndeval 4.5)', () => {
  it("print ndeval 4.5's bytes on 161 generated cases (-traditional as --ties trec, its rank order as input; -c, -M, -alpha, -beta)", async () => {
    expect(CASES.length).toBe(161);
    for (const [i, c] of CASES.entries()) {
      const params = c.args.includes('-alpha') || c.args.includes('-beta');
      const ours = await ndevalText(c);
      // with -alpha or -beta the header names the parameters: the rows must agree
      const body = (text: string): string => (params ? text.split('\n').slice(1).join('\n') : text);
      expect(body(ours), `case ${i}: ndeval ${c.args.join(' ')}`).toBe(body(c.ndeval));
    }
  });

  it('the command line prints the same bytes', async () => {
    for (const i of [0, 1, 6, 10]) {
      const c = CASES[i]!;
      const flags = [c.args.includes('-traditional') ? '--ties=trec' : '--ties=input', ...(c.args.includes('-c') ? ['-c'] : []), ...(c.args.includes('-M') ? ['-M', c.args[c.args.indexOf('-M') + 1]!] : [])];
      expect(c.args.filter((a) => a === '-alpha' || a === '-beta')).toEqual([]);
      const out = await cli('diversity', '--format', 'ndeval', ...flags, file(`c${i}.qrels`, c.qrels), file(`c${i}.run`, c.run));
      expect(out.stderr).toBe('');
      expect(out.stdout).toBe(c.ndeval);
    }
  });

  it('average mode is the mean over every order of the tied documents, every measure, cut-off, alpha, beta and -M (1e-12)', () => {
    const next = rng(54);
    const measures = parseDiversityMeasures(['ndeval', 'alpha-nDCG@1', 'ERR-IA@3', 'nERR-IA@2', 'alpha-DCG@4', 'P-IA@3', 'strec@2', 'strec@4', 'alpha-nDCG(alpha=0.8)@3', 'nERR-IA(alpha=0.2)@4', 'NRBP(alpha=0.3,beta=0.9)', 'nNRBP(alpha=0,beta=1)', 'alpha-DCG(alpha=1)@3', 'nERR-IA(alpha=1)@5']);
    let checked = 0;
    let tied = 0;
    for (let trial = 0; trial < 400; trial++) {
      const subtopics = randInt(next, 1, 4);
      const n = randInt(next, 1, 7);
      const docs = Array.from({ length: n + 2 }, (_, d) => `d${d}`);
      const judgements: Record<string, Record<string, number>> = {};
      for (const d of docs) {
        if (next() < 0.2) continue;
        const subs: Record<string, number> = {};
        for (let s = 1; s <= subtopics; s++) if (next() < 0.5) subs[String(s)] = randInt(next, 0, 2);
        judgements[d] = subs;
      }
      judgements.extra = { 1: 1 };
      const judged = diversityQrels({ q: judgements }).get('q')!;
      const levels = randInt(next, 1, 3);
      const ranked: RankedQuery = { docs: docs.slice(0, n), scores: Array.from({ length: n }, () => randInt(next, 0, levels)) };
      const maxRank = next() < 0.3 ? randInt(next, 1, n) : 0;
      // on every backend (a call this small goes to the reference under auto)
      const averages = BACKENDS.map(({ name }) => queryValues(judged, ranked, measures, 'average', maxRank, name));
      // the orders: by score descending, each group in every order
      const byScore = Array.from({ length: n }, (_, i) => i).sort((a, b) => ranked.scores[b]! - ranked.scores[a]!);
      const ends: number[] = [];
      for (let i = 1; i <= n; i++) if (i === n || ranked.scores[byScore[i]!] !== ranked.scores[byScore[i - 1]!]) ends.push(i);
      if (ends.length < n) tied++;
      const orders = everyOrder(ends);
      const sums = measures.map(() => 0);
      for (const order of orders) {
        inOrder(judged, order.map((p) => ranked.docs[byScore[p]!]!), measures, maxRank).forEach((v, i) => (sums[i]! += v));
      }
      for (const [b, average] of averages.entries()) {
        measures.forEach((m, i) => {
          expect(average[i], `trial ${trial} ${m.name} ${BACKENDS[b]!.name}`).toBeCloseTo(sums[i]! / orders.length, 12);
          checked++;
        });
      }
    }
    expect(tied).toBeGreaterThan(250);
    expect(checked).toBe(400 * measures.length * BACKENDS.length);
  });

  it('large tie groups: the truncated sums agree with brute force where it is feasible and stay in [0, 1]', () => {
    // one group of 8 (8! orders) with many documents relevant to one subtopic: alpha near 1 truncates early
    const judgements: Record<string, Record<string, number>> = {};
    for (let d = 0; d < 8; d++) judgements[`d${d}`] = d % 3 === 2 ? { 2: 1 } : { 1: 1 };
    const judged = diversityQrels({ q: judgements }).get('q')!;
    const ranked = { docs: Object.keys(judgements), scores: new Array<number>(8).fill(1) };
    const measures = parseDiversityMeasures(['alpha-nDCG(alpha=0.99)@5', 'ERR-IA(alpha=0.5)@8', 'NRBP(alpha=0.9,beta=0.7)', 'strec@1', 'MAP-IA']);
    const averages = BACKENDS.map(({ name }) => queryValues(judged, ranked, measures, 'average', 0, name));
    const orders = everyOrder([8]);
    // 8! terms: added exactly, so that the oracle's own rounding stays below the tolerance
    const sums = measures.map(() => new ExactSum());
    for (const order of orders) inOrder(judged, order.map((p) => `d${p}`), measures, 0).forEach((v, i) => sums[i]!.add(v));
    for (const [b, average] of averages.entries()) measures.forEach((m, i) => expect(average[i], `${m.name} ${BACKENDS[b]!.name}`).toBeCloseTo(sums[i]!.value() / orders.length, 12));
    // 20,000 tied documents, half relevant to one of three subtopics: the laws stay near-linear in the group, values in range
    const many: Record<string, Record<string, number>> = {};
    for (let d = 0; d < 20000; d++) many[`d${d}`] = { [String(1 + (d % 3))]: d % 2 };
    const big = diversityQrels({ q: many }).get('q')!;
    const values = queryValues(big, { docs: Object.keys(many), scores: new Float64Array(20000) }, parseDiversityMeasures(['ndeval']), 'average', 0);
    for (const v of values) expect(v >= 0 && v <= 1 + 1e-12).toBe(true);
  });

  it('sd: over every order where there are at most 5,040 (exact), else estimated from sampled orders within its standard error', () => {
    const measures = parseDiversityMeasures(['alpha-nDCG@3', 'ERR-IA@5', 'NRBP', 'MAP-IA', 'P-IA@2', 'strec@2']);
    const judgements: Record<string, Record<string, number>> = {};
    for (let d = 0; d < 10; d++) judgements[`d${d}`] = { [String(1 + (d % 3))]: d % 4 === 0 ? 0 : 1, ...(d % 5 === 0 ? { 2: 1 } : {}) };
    const judged = diversityQrels({ q: judgements }).get('q')!;
    const population = (scores: number[]): number[][] => {
      const n = scores.length;
      const byScore = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
      const ends: number[] = [];
      for (let i = 1; i <= n; i++) if (i === n || scores[byScore[i]!] !== scores[byScore[i - 1]!]) ends.push(i);
      return everyOrder(ends).map((order) => {
        return inOrder(judged, order.map((p) => `d${byScore[p]!}`), measures, 0);
      });
    };
    const sdOf = (values: number[][], m: number): number => {
      const mean = values.reduce((a, v) => a + v[m]!, 0) / values.length;
      return Math.sqrt(values.reduce((a, v) => a + (v[m]! - mean) ** 2, 0) / values.length);
    };
    // 4! x 3! = 144 orders: exact
    const small = [3, 3, 3, 3, 2, 2, 2, 1, 0, 0];
    const exact = diversitySpread(judged, { docs: Object.keys(judgements), scores: small }, measures, 0, 'q');
    expect(exact.standardErrors).toBeNull();
    const all = population(small);
    measures.forEach((m, i) => expect(exact.sd[i], m.name).toBeCloseTo(sdOf(all, i), 12));
    expect(exact.sd.some((s) => s > 0.01)).toBe(true);
    // 7! x 3! = 30,240 orders: sampled, within 4 standard errors of the sd over all of them
    const large = [2, 2, 2, 2, 2, 2, 2, 1, 1, 1];
    const estimate = diversitySpread(judged, { docs: Object.keys(judgements), scores: large }, measures, 0, 'q');
    const every = population(large);
    measures.forEach((m, i) => {
      const truth = sdOf(every, i);
      expect(estimate.standardErrors![i]!, m.name).toBeGreaterThan(0);
      expect(Math.abs(estimate.sd[i]! - truth), m.name).toBeLessThan(4 * estimate.standardErrors![i]!);
    });
    // the run's summary: sqrt(sum of sd^2) / queries, the estimates listed
    const result = evaluateDiversity(diversityQrels({ a: judgements, b: judgements }), { a: Object.fromEntries(large.map((s, d) => [`d${d}`, s])), b: Object.fromEntries(small.map((s, d) => [`d${d}`, s])) }, ['alpha-nDCG@3'], { ties: 'sd' });
    expect(result.sd!.mean['alpha-nDCG@3']).toBeCloseTo(Math.hypot(estimate.sd[0]!, exact.sd[0]!) / 2, 15);
    expect(result.perQuery['alpha-nDCG@3']).toEqual(Float64Array.of(estimate.average[0]!, exact.average[0]!));
    expect(Object.keys(result.estimated!)).toEqual(['a']);
    expect(result.meanError!['alpha-nDCG@3']).toBeGreaterThan(0);
  });

  it('the command line prints average and sd in two columns, says how many sds were estimated, and refuses sd in ndeval format', async () => {
    const c = CASES[0]!;
    const q = file('sd.qrels', c.qrels);
    const r = file('sd.run', c.run);
    const out = await cli('diversity', '--ties', 'sd', '-m', 'alpha-nDCG@5,MAP-IA', q, r);
    expect(out.code).toBe(0);
    expect(out.stdout.split('\n').slice(0, 3)).toEqual(['# average: the mean over every ordering of the tied documents', '# sd: the standard deviation over every ordering of the tied documents', `${'# measure'.padEnd(22)}\tquery\taverage\tsd`]);
    expect(out.stdout).toMatch(/^alpha-nDCG@5 +\tall\t0\.\d{4}\t0\.\d{4}$/m);
    const json = JSON.parse((await cli('diversity', '--ties', 'sd', '--format', 'json', '-m', 'alpha-nDCG@5,MAP-IA', q, r)).stdout) as { mean: Record<string, { average: number; sd: number }> };
    const direct = evaluateDiversity(await readDiversityQrels(Buffer.from(c.qrels)), runOf(c.run), ['alpha-nDCG@5', 'MAP-IA'], { ties: 'sd' });
    expect(json.mean['MAP-IA']).toEqual({ average: direct.mean['MAP-IA'], sd: direct.sd!.mean['MAP-IA'] });
    expect(direct.estimated).toBeDefined();
    expect(out.stderr).toMatch(new RegExp(`^tie-eval: note: ${Object.values(direct.estimated!).length * 2} sds estimated from sampled tie orders`));
    const refused = await cli('diversity', '--ties', 'sd', '--format', 'ndeval', q, r);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--format ndeval prints one value a measure/);
  });

  it("the main command and evaluateRuns take them beside the other measures, which see each document's largest judgement", async () => {
    const c = CASES.find((x) => x.args.length === 0 && x.qrels.split('\n').length > 40)!;
    const q = file('main.qrels', c.qrels);
    const r = file('main.run', c.run);
    const subtopics = await readDiversityQrels(q);
    // the other measures' qrels, written by hand: each judged document's largest judgement
    const largest = new Map<string, number>();
    for (const line of c.qrels.trim().split('\n')) {
      const [topic, , doc, j] = line.split(' ');
      const key = `${topic} 0 ${doc}`;
      largest.set(key, Math.max(largest.get(key) ?? -Infinity, Number(j)));
    }
    const plain = file('main-largest.qrels', [...largest].map(([key, j]) => `${key} ${j}\n`).join(''));
    for (const ties of ['average', 'trec', 'input', 'sd'] as const) {
      for (const allQueries of [false, true]) {
        const modes = ties === 'sd' ? (['average', 'sd'] as const) : ([ties] as const);
        const both = await evaluateRuns(q, r, { measures: ['AP,alpha-nDCG@5', 'P.5,10', 'NRBP'], ties: [...modes], allQueries });
        expect(both.measures.map((m) => m.key)).toEqual(['AP', 'P_5', 'P_10', 'alpha-nDCG@5', 'NRBP']);
        const others = await evaluateRuns(plain, r, { measures: ['AP', 'P.5,10'], ties: [...modes], allQueries });
        const direct = evaluateDiversity(subtopics, rankedRunOf(c.run), ['alpha-nDCG@5', 'NRBP'], { ties, allQueries });
        const run = both.runs[0]!;
        expect(run.queries).toEqual(direct.queries);
        for (const mode of modes) {
          for (const key of ['AP', 'P_5', 'P_10']) expect(run.perQuery[mode]![key], `${ties} ${key}`).toEqual(others.runs[0]!.perQuery[mode]![key]);
          for (const key of ['alpha-nDCG@5', 'NRBP']) {
            expect(run.perQuery[mode]![key], `${ties} ${mode} ${key}`).toEqual(mode === 'sd' ? direct.sd!.perQuery[key] : direct.perQuery[key]);
            expect(run.mean[mode]![key]).toBe(mode === 'sd' ? direct.sd!.mean[key] : direct.mean[key]);
          }
        }
      }
    }
    // -J: the documents the qrels lack leave the ranking, for these measures too
    const judgedOnly = await evaluateRuns(q, r, { measures: ['alpha-nDCG@5', 'MAP-IA'], judgedOnly: true });
    const judgedRun = new Map([...rankedRunOf(c.run)].map(([qid, query]) => {
      const keep = query.docs.map((d) => subtopics.get(qid)?.rowOf.has(d) === true);
      const pick = <T>(xs: ArrayLike<T>): T[] => Array.from(xs).filter((_, i) => keep[i]);
      return [qid, { docs: pick(query.docs), scores: pick(query.scores), ranks: pick(query.ranks!) }];
    }));
    const judgedDirect = evaluateDiversity(subtopics, judgedRun, ['alpha-nDCG@5', 'MAP-IA']);
    expect(judgedOnly.runs[0]!.mean.average).toEqual(judgedDirect.mean);
    expect(judgedDirect.mean['MAP-IA']).not.toBe(evaluateDiversity(subtopics, rankedRunOf(c.run), ['MAP-IA']).mean['MAP-IA']);
    // only diversity measures: no other measure shows
    const alone = await evaluateRuns(q, r, { measures: ['alpha-nDCG@5'] });
    expect(alone.measures.map((m) => m.key)).toEqual(['alpha-nDCG@5']);
    expect(Object.keys(alone.runs[0]!.mean.average)).toEqual(['alpha-nDCG@5']);
    expect(alone.runs[0]!.names).toEqual(['alpha-nDCG@5']);
    const printed = await cli('-q', '-m', 'alpha-nDCG@5', '--format', 'json', q, r);
    expect((JSON.parse(printed.stdout) as { mean: unknown }).mean).toEqual({ 'alpha-nDCG@5': alone.runs[0]!.mean.average['alpha-nDCG@5'] });
    // no range for them; readQrels' result has no subtopics
    await expect(evaluateRuns(q, r, { measures: ['alpha-nDCG@5'], ties: ['pessimistic', 'average', 'optimistic'] })).rejects.toThrow(/no pessimistic or optimistic order/);
    expect((await cli('--ties', 'range', '-m', 'alpha-nDCG@5', q, r)).stderr).toMatch(/no pessimistic or optimistic order/);
    await expect(evaluateRuns(await readQrels(plain), r, { measures: ['alpha-nDCG@5'] })).rejects.toThrow(/give evaluateRuns the qrels themselves/);
  });

  it('objects and Maps give the values of the TREC files', async () => {
    const c = CASES[3]!;
    const qrelsFile = await readDiversityQrels(Buffer.from(c.qrels));
    const objects: Record<string, Record<string, Record<string, number>>> = {};
    for (const line of c.qrels.trim().split('\n')) {
      const [q, s, d, j] = line.split(' ');
      ((objects[q!] ??= {})[d!] ??= {})[s!] = Number(j);
    }
    const run = runOf(c.run);
    const maps = new Map(Object.entries(run).map(([q, docs]) => [q, new Map(Object.entries(docs))]));
    const want = evaluateDiversity(qrelsFile, run, ['ndeval']);
    expect(evaluateDiversity(diversityQrels(objects), run, ['ndeval'])).toEqual(want);
    expect(evaluateDiversity(qrelsFile, maps, ['ndeval'])).toEqual(want);
  });

  it("takes ndeval's and ir_measures' names with any cut-off, and refuses the rest with the reason", () => {
    expect(parseDiversityMeasure('alpha_nDCG(alpha=0.7)@10').name).toBe('alpha-nDCG(alpha=0.7)@10');
    expect(parseDiversityMeasure('ERR_IA@20').name).toBe('ERR-IA@20');
    expect(parseDiversityMeasure('AP_IA').name).toBe('MAP-IA');
    expect(parseDiversityMeasure('P_IA@7').name).toBe('P-IA@7');
    expect(parseDiversityMeasure('StRecall@3').name).toBe('strec@3');
    expect(parseDiversityMeasure('NRBP(beta=0.8)').name).toBe('NRBP(beta=0.8)');
    expect(parseDiversityMeasure('alpha-nDCG(alpha=0.5)@10').name).toBe('alpha-nDCG@10');
    expect(parseDiversityMeasures(['ndeval', 'MAP-IA,alpha-nDCG@3']).length).toBe(22);
    expect(() => parseDiversityMeasure('alpha-nDCG')).toThrow(/takes a cut-off/);
    expect(() => parseDiversityMeasure('MAP-IA@5')).toThrow(/takes no cut-off/);
    expect(parseDiversityMeasure('alpha-nDCG@1048576').cutoff).toBe(2 ** 20);
    expect(() => parseDiversityMeasure('alpha-nDCG@1048577')).toThrow(/takes a cut-off from 1 to 1,048,576/);
    expect(() => parseDiversityMeasure('alpha-nDCG(alpha=2)@5')).toThrow(/alpha must be a number from 0 to 1/);
    expect(() => parseDiversityMeasure('P-IA(alpha=0.2)@5')).toThrow(/P-IA takes no alpha/);
    expect(() => parseDiversityMeasure('alpha-nDCG(gamma=1)@5')).toThrow(/unknown parameter 'gamma'/);
    expect(() => parseDiversityMeasure('nDCG@5')).toThrow(/not a diversity measure/);
  });

  it('the example of evaluateDiversity', () => {
    const qrels = diversityQrels({ q1: { a: { 1: 1 }, b: { 2: 1 }, c: { 1: 1 } } });
    // a and c (subtopic 1) tie above b (subtopic 2): either order gives 1 + 0.5 / log2(3); the ideal (c, b) 1 + 1 / log2(3)
    expect(evaluateDiversity(qrels, { q1: { a: 2, c: 2, b: 1 } }, ['alpha-nDCG@2']).mean['alpha-nDCG@2']).toBeCloseTo((1 + 0.5 / Math.log2(3)) / (1 + 1 / Math.log2(3)), 15);
  });

  it('bad input: a subtopic judged twice (both lines), a bad field count, no common query, a tie mode it has no form for', async () => {
    await expect(readDiversityQrels({ name: 'q', data: Buffer.from('1 1 a 1\n1 2 a 0\n1 1 a 0\n') })).rejects.toThrow(/q:3: document a is judged twice for subtopic 1 of query 1, at lines 1 and 3/);
    await expect(readDiversityQrels({ name: 'q', data: Buffer.from('1 1 a 1\n1 a 1\n') })).rejects.toThrow(/q:2: /);
    await expect(readDiversityQrels({ name: 'q', data: Buffer.from('1 1 a x\n') })).rejects.toThrow(/q:1: /);
    await expect(readDiversityQrels({ name: 'q', data: Buffer.from('1 1 a 1\n1 1 b 4294967296\n') })).rejects.toThrow(/q:2: the label \(4th field\) is not an integer from -2147483648 to 2147483647/);
    const qrels = diversityQrels({ q1: { a: { 1: 1 } } });
    expect(() => evaluateDiversity(qrels, { q2: { a: 1 } }, ['MAP-IA'])).toThrow(/none of the run's 1 queries is in the qrels/);
    expect(() => evaluateDiversity(qrels, { q1: { a: 1 } }, ['MAP-IA'], { ties: 'range' as 'trec' })).toThrow(/ties must be average, trec, input or sd/);
    expect(() => evaluateDiversity(qrels, { q1: { a: Number.NaN } }, ['MAP-IA'])).toThrow(/score of document a is NaN/);
    // range has no bounds for them
    const range = await cli('range', '-m', 'alpha-nDCG@10', file('plain.qrels', '1 0 a 1\n'), file('plain.run', '1 Q0 a 1 1 r\n'));
    expect(range.stderr).toMatch(/the diversity measures have no (pessimistic or optimistic|optimistic or pessimistic) order/);
    const out = await cli('diversity', file('bad.qrels', '1 1 a 1\n1 1 a 1\n'), file('bad.run', '1 Q0 a 1 1 r\n'));
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/bad\.qrels:2: document a is judged twice for subtopic 1 of query 1, at lines 1 and 2/);
  });

  it('the bundled example (examples/qrels.diversity.txt, examples/run.txt): each query\'s average is the mean over every order of its ties (576, 5,040 and 2 orders), on the main command and diversity alike', async () => {
    const root = new URL('../examples/', import.meta.url);
    const qrels = await readDiversityQrels({ name: 'qrels', data: readFileSync(new URL('qrels.diversity.txt', root)) });
    const run = rankedRunOf(readFileSync(new URL('run.txt', root), 'utf8'));
    const measures = parseDiversityMeasures(['ndeval']);
    const average = evaluateDiversity(qrels, run, ['ndeval']);
    const counts: number[] = [];
    for (const [qid, ranked] of run) {
      const judged = qrels.get(qid)!;
      const byScore = Array.from(ranked.docs.keys()).sort((a, b) => ranked.scores[b]! - ranked.scores[a]!);
      const ends: number[] = [];
      for (let i = 1; i <= byScore.length; i++) if (i === byScore.length || ranked.scores[byScore[i]!] !== ranked.scores[byScore[i - 1]!]) ends.push(i);
      const orders = everyOrder(ends);
      counts.push(orders.length);
      const sums = measures.map(() => new ExactSum());
      for (const order of orders) inOrder(judged, order.map((p) => ranked.docs[byScore[p]!]!), measures, 0).forEach((v, i) => sums[i]!.add(v));
      const q = average.queries.indexOf(qid);
      measures.forEach((m, i) => expect(average.perQuery[m.name]![q], `${qid} ${m.name}`).toBeCloseTo(sums[i]!.value() / orders.length, 12));
    }
    expect(counts).toEqual([576, 5040, 2]);
    const paths = [new URL('qrels.diversity.txt', root).pathname, new URL('run.txt', root).pathname];
    const json = JSON.parse((await cli('diversity', '--format', 'json', ...paths)).stdout) as { mean: Record<string, number> };
    const main = JSON.parse((await cli('--format', 'json', '-m', 'ndeval', ...paths)).stdout) as { mean: Record<string, number> };
    for (const m of measures) {
      expect(json.mean[m.name]).toBe(average.mean[m.name]);
      expect(main.mean[m.name]).toBe(average.mean[m.name]);
    }
  });

  it('compare takes the diversity measures: the means and per-query differences of evaluateDiversity, in average, trec and input ties', async () => {
    const root = new URL('../examples/', import.meta.url);
    const qrelsPath = new URL('qrels.diversity.txt', root).pathname;
    const runText = readFileSync(new URL('run.txt', root), 'utf8');
    // a second run: the same documents, scores rounded to even numbers (more ties)
    const other = runText.replace(/^(\S+ \S+ \S+ \S+) (\S+) indegree$/gm, (_, head: string, score: string) => `${head} ${2 * Math.floor(Number(score) / 2)} rounded`);
    const qrels = await readDiversityQrels({ name: 'qrels', data: readFileSync(qrelsPath) });
    for (const ties of ['average', 'trec', 'input'] as const) {
      const out = await cli('compare', '--format', 'json', '--ties', ties, '-m', 'alpha-nDCG@5,ERR-IA@10', qrelsPath, file('a.run', runText), file('b.run', other));
      expect(out.stderr).toBe('');
      const results = JSON.parse(out.stdout) as { measure: string; means: { run: string; mean: number }[]; pairs: { meanDifference: number }[] }[];
      expect(results.map((r) => r.measure)).toEqual(['alpha-nDCG@5', 'ERR-IA@10']);
      const a = evaluateDiversity(qrels, rankedRunOf(runText), ['alpha-nDCG@5', 'ERR-IA@10'], { ties });
      const b = evaluateDiversity(qrels, rankedRunOf(other), ['alpha-nDCG@5', 'ERR-IA@10'], { ties });
      for (const r of results) {
        expect(r.means.map((m) => m.mean)).toEqual([a.mean[r.measure], b.mean[r.measure]]);
        const differences = a.perQuery[r.measure]!.map((x, q) => x - b.perQuery[r.measure]![q]!);
        expect(r.pairs[0]!.meanDifference).toBeCloseTo(differences.reduce((s, d) => s + d, 0) / differences.length, 14);
      }
    }
  });

  it("the ideal ranking by lists of subtopics is ndeval's greedy loop over every candidate, ties to the larger id", () => {
    const next = rng(909);
    let alike = 0;
    for (let trial = 0; trial < 300; trial++) {
      const A = randInt(next, 1, 4);
      const count = randInt(next, 1, 40);
      // few subtopics: many candidates share a list, and many gains tie
      const lists = Array.from({ length: count }, () => {
        const list = Array.from({ length: A }, (_, j) => j).filter(() => next() < 0.5);
        return list.length > 0 ? list : [randInt(next, 0, A - 1)];
      });
      alike += count - new Set(lists.map((l) => l.join())).size;
      const rows = Uint32Array.from([0, ...lists.map((_, i) => lists.slice(0, i + 1).reduce((n, l) => n + l.length, 0))]);
      const q = pick(next, [1, 0.5, 0, 0.3, 0.9]);
      // ndeval's loop: every candidate left, the largest gain, the later (larger id) of equal ones
      const gain = new Float64Array(A).fill(1);
      const used = new Array<boolean>(count).fill(false);
      const want: number[] = [];
      for (let rank = 0; rank < count; rank++) {
        let where = -1;
        let best = 0;
        for (let i = 0; i < count; i++) {
          if (used[i]) continue;
          let score = 0;
          for (const j of lists[i]!) score += gain[j]!;
          if (where === -1 || score >= best) [best, where] = [score, i];
        }
        used[where] = true;
        want.push(where);
        for (const j of lists[where]!) gain[j]! *= q;
      }
      const s = new DiversityScratch();
      s.reserve(A, count, count, 0, 0, 0);
      s.rows = rows;
      s.subtopics = Int32Array.from(lists.flat());
      s.subtopicCount = A;
      idealRanking(s, Int32Array.from(lists, (_, i) => i), 0, count, q);
      expect(Array.from(s.idealRows.subarray(0, count)), `trial ${trial}`).toEqual(want);
    }
    expect(alike).toBeGreaterThan(3000);
  });

  it('NRBP over one group of 3,000 tied documents equals the hypergeometric sum term by term (laws cut at 2^-60 and dropped once spent), on every backend', () => {
    const n = 3000;
    const judgements: Record<string, Record<string, number>> = {};
    for (let d = 0; d < n; d++) judgements[`d${d}`] = { [String(1 + (d % 3))]: d % 2 };
    const judged = diversityQrels({ q: judgements }).get('q')!;
    const ranked = { docs: Object.keys(judgements), scores: new Float64Array(n) };
    // beta near 1: the deep slots, where the laws are spent, still weigh
    const [alpha, beta] = [0.5, 0.999];
    const measures = parseDiversityMeasures([`NRBP(alpha=${alpha},beta=${beta})`]);
    // the oracle: E[(1 - alpha)^X] from the hypergeometric law itself (log-factorials), every x
    const logFactorial = new Float64Array(n + 1);
    for (let i = 1; i <= n; i++) logFactorial[i] = logFactorial[i - 1]! + Math.log(i);
    const logChoose = (a: number, b: number): number => logFactorial[a]! - logFactorial[b]! - logFactorial[a - b]!;
    const counts = [1, 2, 3].map((j) => Object.values(judgements).filter((subs) => subs[String(j)] === 1).length);
    const N = n - 1;
    let sum = 0;
    for (let p = 0; p < n; p++) {
      let slot = 0;
      for (const m of counts) {
        const K = m - 1;
        let expected = 0;
        for (let x = Math.max(0, p - (N - K)); x <= Math.min(p, K); x++) expected += Math.exp(logChoose(K, x) + logChoose(N - K, p - x) - logChoose(N, p)) * (1 - alpha) ** x;
        slot += (m / n) * expected;
      }
      sum += slot * beta ** p;
    }
    const want = (sum * (1 - (1 - alpha) * beta)) / 3;
    for (const { name } of BACKENDS) expect(queryValues(judged, ranked, measures, 'average', 0, name)[0], name).toBeCloseTo(want, 11);
  });
});
