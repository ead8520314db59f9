import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backendInfo, evaluate, evaluateBatch, evaluateFeatures, evaluateRun, evaluateRuns, prepare, readJsonQrels, readJsonRun, type TieMode } from '../../src/index.js';
import { parseAnyMeasure, requestMeasures } from '../../src/measures/expandNames.js';
import { runCli } from '../../src/cli/main.js';
import { sumOf, termsSum } from '../../src/core/means.js';
import { pick, randInt, rng } from '../../src/util/random.js';

/**
 * The every-path campaign's case (issue 34): one seeded collection of a few queries (ties,
 * unjudged documents, judgements the run lacks), measure names in every spelling, and the
 * command line's options (tie mode, -l, -M, -J), evaluated through every path that can express
 * it: evaluateBatch, evaluate per query, prepare, evaluateRun on objects and on Maps, JSON read by
 * readJsonRun and readJsonQrels, TREC text through evaluateRuns with both readers, the command
 * line's JSON (every 25th seed), the same TREC lines in other orders (each query's, the whole
 * file's) and objects listing the documents in another order (but in `input` mode), and the
 * features of the same data as LETOR rows (where LETOR can hold it). Every value must equal
 * evaluateBatch's to the bit.
 */
export interface PathFinding {
  readonly seed: number;
  readonly path: string;
  readonly query: string;
  readonly measure: string;
  readonly want: string;
  readonly got: string;
}

/** The measure names a case draws from: ir_measures', trec_eval's and ranx's spellings. */
const NAMES = ['AP', 'nDCG@5', 'P@3', 'RR', 'R@5', 'bpref', 'ERR@5', 'Rprec', 'infAP', 'Success@2', 'ndcg_cut.5', 'map', 'P.2,4', 'recip_rank', 'map@3', 'ndcg@4', 'hits@3', 'rbp.5', 'SDCG(max_rel=3)@4', 'INSQ(max_rel=3)', 'Judged@3', 'IPrec@0.5', '11pt_avg', 'binG', 'AP(judged_only=true)'];

const text = (x: number): string => (Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : String(x));

/** Runs one case; returns how many queries it compared and what differed. */
export async function pathCase(seed: number): Promise<{ queries: number; findings: PathFinding[] }> {
  const next = rng(seed ^ 0x9a7e);
  const queries = randInt(next, 1, 5);
  const qids = Array.from({ length: queries }, (_, q) => `q${q + 1}`);
  const docs: string[][] = [];
  const scores: number[][] = [];
  const labels: number[][] = [];
  const judged: [string, number][][] = [];
  for (let q = 0; q < queries; q++) {
    const n = randInt(next, 1, 12);
    docs.push(Array.from({ length: n }, (_, i) => `d${q}-${randInt(next, 0, 9)}${i}`));
    scores.push(Array.from({ length: n }, () => pick(next, [randInt(next, 0, 3), randInt(next, 0, 40) / 8, -randInt(next, 0, 2)])));
    const pairs: [string, number][] = [];
    labels.push(
      docs[q]!.map((doc) => {
        if (next() < 0.3) return -1;
        const label = randInt(next, 0, 3);
        pairs.push([doc, label]);
        return label;
      }),
    );
    const unretrieved = randInt(next, pairs.length === 0 ? 1 : 0, 3);
    for (let u = 0; u < unretrieved; u++) pairs.push([`u${q}-${u}`, randInt(next, 0, 3)]);
    judged.push(pairs);
  }
  const picked = Array.from({ length: randInt(next, 1, 5) }, () => pick(next, NAMES));
  const ties = pick(next, ['average', 'average', 'optimistic', 'pessimistic', 'trec', 'input', 'sd'] as const satisfies readonly TieMode[]);
  // sd: the names that have one (the others are refused alike on every path: tested in sd.test)
  const withSd = picked.filter((name) => requestMeasures([name], 1).every((r) => parseAnyMeasure(r.name).measure.sd === true));
  const names = ties === 'sd' ? (withSd.length > 0 ? withSd : ['RR']) : picked;
  const level = pick(next, [1, 1, 2]);
  const maxRank = pick(next, [0, 0, randInt(next, 1, 8)]);
  const judgedOnly = next() < 0.2;
  const requests = requestMeasures(names, level);
  const options = { ties, maxRank, judgedOnly };
  const findings: PathFinding[] = [];
  // evaluateBatch: what every other path must give, per query and measure key
  const flat = {
    scores: Float64Array.from(scores.flat()),
    labels: Float64Array.from(labels.flat()),
    offsets: Uint32Array.from([0, ...scores.map((_, q) => scores.slice(0, q + 1).flat().length)]),
    idealLabels: judged.map((pairs) => pairs.map(([, l]) => l)),
    docs: docs.flat(),
    queryIds: qids,
  };
  const evaluated = requests.map((r) => r.name);
  const batch = evaluateBatch(flat, evaluated, options);
  const want = new Map(qids.map((qid, q) => [qid, new Map(requests.map((r) => [r.key, batch.perQuery[r.name]![q]!]))]));
  const compare = (path: string, got: Map<string, Map<string, number>>): void => {
    for (const qid of qids) {
      for (const r of requests) {
        const a = want.get(qid)!.get(r.key)!;
        const b = got.get(qid)?.get(r.key);
        if (b === undefined || !Object.is(a, b)) findings.push({ seed, path, query: qid, measure: r.key, want: text(a), got: b === undefined ? 'missing' : text(b) });
      }
    }
  };
  const fromKeyed = (queriesOf: readonly string[], value: (key: string, name: string, q: number) => number): Map<string, Map<string, number>> =>
    new Map(queriesOf.map((qid, q) => [qid, new Map(requests.map((r) => [r.key, value(r.key, r.name, q)]))]));
  const attempt = async (path: string, run: () => Promise<Map<string, Map<string, number>>> | Map<string, Map<string, number>>): Promise<void> => {
    try {
      compare(path, await run());
    } catch (e) {
      findings.push({ seed, path, query: '', measure: '', want: 'values', got: `${(e as Error).constructor.name}: ${(e as Error).message}` });
    }
  };
  await attempt('evaluate', () =>
    fromKeyed(qids, (_, name, q) => evaluate({ scores: scores[q]!, labels: labels[q]!, idealLabels: judged[q]!.map(([, l]) => l), docs: docs[q]! }, evaluated, options)[name]!),
  );
  await attempt('prepare', () => {
    const result = prepare(flat.labels, flat.offsets, evaluated, { ...options, idealLabels: flat.idealLabels, docs: flat.docs, queryIds: qids }).evaluate(flat.scores);
    return fromKeyed(qids, (_, name, q) => result.perQuery[name]![q]!);
  });
  const qrelsObject = Object.fromEntries(qids.map((qid, q) => [qid, Object.fromEntries(judged[q]!)]));
  const runObject = Object.fromEntries(qids.map((qid, q) => [qid, Object.fromEntries(docs[q]!.map((d, i) => [d, scores[q]![i]!]))]));
  const viaRun = (qrels: Parameters<typeof evaluateRun>[0], run: Parameters<typeof evaluateRun>[1]): Map<string, Map<string, number>> => {
    const result = evaluateRun(qrels, run, evaluated, options);
    return fromKeyed(result.queries, (_, name, q) => result.perQuery[name]![q]!);
  };
  await attempt('evaluateRun objects', () => viaRun(qrelsObject, runObject));
  const maps = (o: Record<string, Record<string, number>>): Map<string, Map<string, number>> => new Map(Object.entries(o).map(([k, v]) => [k, new Map(Object.entries(v))]));
  await attempt('evaluateRun Maps', () => viaRun(maps(qrelsObject), maps(runObject)));
  const jsonl = (o: Record<string, Record<string, number>>): string => Object.entries(o).map(([k, v]) => JSON.stringify({ [k]: v })).join('\n');
  await attempt('JSON Lines', async () => viaRun(await readJsonQrels({ name: 'q.jsonl', data: Buffer.from(jsonl(qrelsObject)) }), await readJsonRun({ name: 'r.jsonl', data: Buffer.from(jsonl(runObject)) })));
  await attempt('JSON', async () => viaRun(await readJsonQrels({ name: 'q.json', data: Buffer.from(JSON.stringify(qrelsObject)) }), await readJsonRun({ name: 'r.json', data: Buffer.from(JSON.stringify(runObject)) })));
  const qrelsText = qids.flatMap((qid, q) => judged[q]!.map(([d, l]) => `${qid} 0 ${d} ${l}\n`)).join('');
  const runText = qids.flatMap((qid, q) => docs[q]!.map((d, i) => `${qid} Q0 ${d} ${i + 1} ${scores[q]![i]} r\n`)).join('');
  // the addon's reader where the addon loaded, and the TypeScript one
  for (const backend of backendInfo().available.includes('native') ? (['native', 'js'] as const) : (['js'] as const)) {
    await attempt(`TREC text, ${backend === 'native' ? "the addon's" : 'the TypeScript'} reader`, async () => {
      const { runs } = await evaluateRuns({ name: 'qrels', data: Buffer.from(qrelsText) }, [{ name: 'run', data: Buffer.from(runText) }], { measures: names, ties: [ties], relevanceLevel: level, maxRank, judgedOnly, backend });
      return fromKeyed(runs[0]!.queries, (key, _, q) => runs[0]!.perQuery[ties]![key]![q]!);
    });
  }
  // the same lines in another order: each query's shuffled (its ties met in another order), and
  // the whole file's (a run not grouped by query); `input` mode's values follow the order, by definition
  if (ties !== 'input') {
    const lines = runText.split('\n').slice(0, -1);
    const shuffle = (list: string[], from: number, to: number): void => {
      for (let i = to - 1; i > from; i--) {
        const j = randInt(next, from, i);
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
    };
    const within = lines.slice();
    for (let q = 0, at = 0; q < queries; at += docs[q]!.length, q++) shuffle(within, at, at + docs[q]!.length);
    const across = lines.slice();
    shuffle(across, 0, across.length);
    for (const [path, text] of [['TREC text, each query\'s lines shuffled', within], ['TREC text, every line shuffled (not grouped by query)', across]] as const) {
      await attempt(path, async () => {
        const { runs } = await evaluateRuns({ name: 'qrels', data: Buffer.from(qrelsText) }, [{ name: 'run', data: Buffer.from(`${text.join('\n')}\n`) }], { measures: names, ties: [ties], relevanceLevel: level, maxRank, judgedOnly });
        return fromKeyed(runs[0]!.queries, (key, _, q) => runs[0]!.perQuery[ties]![key]![q]!);
      });
    }
    const shuffledObject = Object.fromEntries(qids.map((qid, q) => {
      const order = docs[q]!.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i--) {
        const j = randInt(next, 0, i);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      return [qid, Object.fromEntries(order.map((i) => [docs[q]![i]!, scores[q]![i]!]))];
    }));
    await attempt('evaluateRun objects, documents in another order', () => viaRun(qrelsObject, shuffledObject));
  }
  if (seed % 25 === 0) {
    await attempt('command line (--format json)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tie-eval-paths-'));
      try {
        writeFileSync(join(dir, 'qrels'), qrelsText);
        writeFileSync(join(dir, 'run'), runText);
        let out = '';
        const args = ['--format', 'json', '--ties', ties, '-l', String(level), ...(maxRank > 0 ? ['-M', String(maxRank)] : []), ...(judgedOnly ? ['-J'] : []), ...names.flatMap((n) => ['-m', n]), join(dir, 'qrels'), join(dir, 'run')];
        const code = await runCli(args, { stdout: (t) => (out += typeof t === 'string' ? t : Buffer.from(t).toString()), stderr: () => {} });
        if (code !== 0) throw new Error(`exit ${code}`);
        // JSON has no NaN: the command line writes it null (docs/cli.md)
        // --ties sd prints average and sd side by side
        const json = JSON.parse(out) as { perQuery: Record<string, Record<string, number | null | { sd: number | null }>> };
        const value = (v: number | null | { sd: number | null }): number => (v !== null && typeof v === 'object' ? v.sd : v) ?? NaN;
        return new Map(Object.entries(json.perQuery).map(([qid, values]) => [qid, new Map(Object.entries(values).map(([k, v]) => [k, value(v)]))]));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
  // LETOR rows hold only judged documents, ranked and judged alike: the features of a collection
  // so made (unjudged as 0, no judgements the run lacks) against evaluateBatch on it
  // (features take neither -l, -M nor -J)
  if (ties !== 'trec' && !judgedOnly && level === 1 && maxRank === 0) {
    const letorLabels = labels.map((ls) => ls.map((l) => Math.max(l, 0)));
    const rows = qids.flatMap((qid, q) => scores[q]!.map((s, i) => `${letorLabels[q]![i]} qid:${qid} 1:${s}\n`)).join('');
    const plain = evaluateBatch({ scores: flat.scores, labels: Float64Array.from(letorLabels.flat()), offsets: flat.offsets }, evaluated, options);
    try {
      const features = await evaluateFeatures({ name: 'letor', data: Buffer.from(rows) }, { measures: names, ties });
      const mean = features.features[0]!.mean;
      for (const r of requests) {
        const values = plain.perQuery[r.name]!;
        // the features' summary: the main command's (sums for counts; in sd, of the squares)
        const want = r.aggregate !== 'sum' ? plain.mean[r.name]! : ties === 'sd' ? Math.sqrt(termsSum(values, 0, values.length, 'squares')) : sumOf(values, 0, values.length);
        if (!Object.is(mean[r.key], want)) findings.push({ seed, path: 'features (LETOR)', query: 'all', measure: r.key, want: text(want), got: text(mean[r.key]!) });
      }
    } catch (e) {
      findings.push({ seed, path: 'features (LETOR)', query: '', measure: '', want: 'values', got: `${(e as Error).constructor.name}: ${(e as Error).message}` });
    }
  }
  return { queries, findings };
}

/** Cases [from, to): the queries compared through every path, and the findings. */
export async function pathRange(from: number, to: number): Promise<{ calls: number; findings: PathFinding[] }> {
  let calls = 0;
  const findings: PathFinding[] = [];
  for (let seed = from; seed < to; seed++) {
    const r = await pathCase(seed);
    calls += r.queries;
    findings.push(...r.findings);
  }
  return { calls, findings };
}
