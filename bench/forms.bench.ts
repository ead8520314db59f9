import { Bench } from 'tinybench';
import * as api from '../src/index.js';
import { SIX_AT_10 } from './backends.bench.js';
import { inDegreeBatch } from './indegree.js';
import { ROUNDS, addRounds, backendRuns, collectRounds, printSection, type Row } from './report.js';

/**
 * The shapes a batch's judgements come in, on the judged in-degree batch, six @10 tie-aware:
 * `idealLabels` as an array of arrays (the natural JavaScript form), as flat labels with their
 * own offsets, `relevant` (R per query, no ideal labels: the least to check), `relevant` with
 * document ids in trec_eval's tie mode (the ids ordered where scores tie), and the same data
 * as ranx-shaped objects through evaluateRun (where the build has it: `--against` an earlier
 * commit). Every backend, one thread and every core, in ROUNDS alternating rounds.
 */
export async function formsBench(time: number): Promise<void> {
  const batch = inDegreeBatch('judged');
  const queries = batch.offsets.length - 1;
  const { labels: ideal, offsets: idealOffsets } = batch.idealLabels;
  const arrays = Array.from({ length: queries }, (_, q) => Array.from(ideal.subarray(idealOffsets[q]!, idealOffsets[q + 1]!)));
  const relevant = new Float64Array(queries);
  for (let q = 0; q < queries; q++) for (let i = idealOffsets[q]!; i < idealOffsets[q + 1]!; i++) relevant[q]! += ideal[i]! >= 1 ? 1 : 0;
  const base = { scores: batch.scores, labels: batch.labels, offsets: batch.offsets };
  // document ids for trec_eval's tie-break (distinct per query, sharing a long prefix as TREC's do)
  const docs = Array.from({ length: batch.scores.length }, (_, i) => `clueweb09-en0000-${String(i).padStart(7, '0')}`);
  const forms = [
    ['idealLabels arrays', { ...base, idealLabels: arrays }, 'average'],
    ['idealLabels flat', { ...base, idealLabels: batch.idealLabels }, 'average'],
    ['relevant', { ...base, relevant }, 'average'],
    ['relevant, docs, ties trec', { ...base, relevant, docs }, 'trec'],
  ] as const;
  // the same queries as objects: the retrieved documents (ids by position) and every judgement
  const run: Record<string, Record<string, number>> = {};
  const qrels: Record<string, Record<string, number>> = {};
  for (let q = 0; q < queries; q++) {
    const docs: Record<string, number> = {};
    const judged: Record<string, number> = {};
    for (let i = batch.offsets[q]!; i < batch.offsets[q + 1]!; i++) {
      docs[`d${i}`] = batch.scores[i]!;
      judged[`d${i}`] = batch.labels[i]!;
    }
    run[`q${q}`] = docs;
    qrels[`q${q}`] = judged;
  }
  // an objects call takes most of a second: a few samples per round
  const bench = new Bench({ name: 'forms', time: time / ROUNDS, iterations: 3, warmupTime: Math.min(time, 500) / ROUNDS, warmupIterations: 1 });
  const runs = backendRuns();
  const evaluateRun = (api as Partial<typeof api>).evaluateRun;
  const rows: Row[] = runs.flatMap(({ backend, threads, label }) => [
    ...forms.map(([form, input, ties]): Row => ({ name: `${label}: ${form}`, run: () => api.evaluateBatch(input, SIX_AT_10, { backend, threads, ties }) })),
    ...(evaluateRun === undefined ? [] : [{ name: `${label}: objects (evaluateRun)`, run: () => evaluateRun(qrels, run, SIX_AT_10, { backend, threads }) }]),
  ]);
  addRounds(bench, rows);
  await bench.run();
  const collected = collectRounds(bench, rows, batch.scores.length, (name) => {
    const r = runs.find((x) => x.label === name.split(':')[0])!;
    const form = name.split(': ')[1]!;
    return { backend: r.backend, threads: r.threads, variant: `judged, ${form}`, ties: form.endsWith('ties trec') ? 'trec' : 'average', measures: SIX_AT_10 };
  });
  printSection(`six @10 by the shape of the judgements, judged (${queries} queries, ${batch.scores.length} results; medians over ${ROUNDS} alternating rounds)`, collected);
}
