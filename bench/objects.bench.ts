import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { evaluateRun, evaluateRuns, readQrels } from '../src/index.js';
import { randInt, rng } from '../src/util/random.js';
import { ROUNDS, addRounds, collectRounds, printSection, type Row } from './report.js';

/** The measures and tie regime of the comparison with pytrec_eval. */
const MEASURES = ['nDCG@10', 'P@10', 'AP', 'RR'];

/**
 * Objects against files (`--only objects`): 20,000 queries of 100 documents (scores with ties,
 * labels 0-3 for 20 judged per query), `--ties trec`, every core: evaluateRun on plain objects
 * (built key by key, and as JSON.parse gives them) and on Maps (ranx's and pytrec_eval's shapes), against evaluateRuns on the same data as TREC
 * files in `dir`, read from disk, and on the qrels read once beforehand (as a caller evaluating
 * many runs holds them). Medians over ROUNDS alternating rounds.
 */
export async function objectsBench(dir: string, time: number): Promise<void> {
  const next = rng(36);
  const run: Record<string, Record<string, number>> = {};
  const qrels: Record<string, Record<string, number>> = {};
  let runText = '';
  let qrelsText = '';
  for (let q = 0; q < 20_000; q++) {
    const qid = `q${q}`;
    const docs: Record<string, number> = {};
    const judged: Record<string, number> = {};
    for (let d = 0; d < 100; d++) {
      const doc = `d${q}-${d}`;
      docs[doc] = randInt(next, 0, 40) / 4;
      runText += `${qid} Q0 ${doc} ${d + 1} ${docs[doc]} r\n`;
      if (d % 5 === 0) {
        judged[doc] = randInt(next, 0, 3);
        qrelsText += `${qid} 0 ${doc} ${judged[doc]}\n`;
      }
    }
    run[qid] = docs;
    qrels[qid] = judged;
  }
  const maps = (o: Record<string, Record<string, number>>): Map<string, Map<string, number>> => new Map(Object.entries(o).map(([k, v]) => [k, new Map(Object.entries(v))]));
  // JSON.parse makes objects V8 keeps in its fast form, where building them key by key (above)
  // leaves them as hash tables, which for-in walks about three times slower
  const parsedRun = JSON.parse(JSON.stringify(run)) as typeof run;
  const parsedQrels = JSON.parse(JSON.stringify(qrels)) as typeof qrels;
  const runMap = maps(run);
  const qrelsMap = maps(qrels);
  mkdirSync(dir, { recursive: true });
  const runPath = join(dir, 'objects.run');
  const qrelsPath = join(dir, 'objects.qrels');
  writeFileSync(runPath, runText);
  writeFileSync(qrelsPath, qrelsText);
  const held = await readQrels(qrelsPath);
  const options = { ties: 'trec' as const };
  const bench = new Bench({ name: 'objects', time: time / ROUNDS, iterations: 3, warmupTime: Math.min(time, 500) / ROUNDS, warmupIterations: 1 });
  const rows: Row[] = [
    { name: 'TREC files (evaluateRuns, read from disk)', run: () => evaluateRuns(qrelsPath, [runPath], { measures: MEASURES, ...options }) },
    { name: 'TREC run, qrels held (evaluateRuns)', run: () => evaluateRuns(held, [runPath], { measures: MEASURES, ...options }) },
    { name: 'objects (evaluateRun)', run: () => evaluateRun(qrels, run, MEASURES, options) },
    { name: 'objects from JSON.parse (evaluateRun)', run: () => evaluateRun(parsedQrels, parsedRun, MEASURES, options) },
    { name: 'Maps (evaluateRun)', run: () => evaluateRun(qrelsMap, runMap, MEASURES, options) },
  ];
  addRounds(bench, rows);
  await bench.run();
  const collected = collectRounds(bench, rows, 2_000_000, (name) => ({ backend: 'auto', threads: 0, variant: `20,000 x 100, ${name}`, ties: 'trec', measures: MEASURES }));
  printSection(`objects against files: 20,000 queries x 100 documents, ${MEASURES.join(' ')}, ties trec (medians over ${ROUNDS} alternating rounds; ratio to the first row)`, collected);
}
