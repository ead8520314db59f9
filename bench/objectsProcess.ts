import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { evaluateRun, evaluateRuns, readQrels } from '../src/index.js';
import { randInt, rng } from '../src/util/random.js';
import { GROUPS, MEASURES } from './objects.bench.js';
import { ROUNDS, addRounds, collectRounds, writeJson, type Row } from './report.js';

/** The same data as TREC files in `dir` (ranks in the objects' order), for the rows that read files. */
function writeTrec(run: Record<string, Record<string, number>>, qrels: Record<string, Record<string, number>>, dir: string): { runPath: string; qrelsPath: string } {
  let runText = '';
  let qrelsText = '';
  for (const qid of Object.keys(run)) {
    Object.entries(run[qid]!).forEach(([doc, score], d) => (runText += `${qid} Q0 ${doc} ${d + 1} ${score} r\n`));
    for (const [doc, label] of Object.entries(qrels[qid]!)) qrelsText += `${qid} 0 ${doc} ${label}\n`;
  }
  mkdirSync(dir, { recursive: true });
  const runPath = join(dir, 'objects.run');
  const qrelsPath = join(dir, 'objects.qrels');
  writeFileSync(runPath, runText);
  writeFileSync(qrelsPath, qrelsText);
  return { runPath, qrelsPath };
}

/**
 * One process of the objects suite: `node --import tsx bench/objectsProcess.ts GROUP DIR TIME
 * JSON` times GROUP's rows on 20,000 queries of 100 documents (scores with ties, labels 0-3 for 20
 * judged per query; the same data in every process), `--ties trec`, every core, and writes them
 * to JSON. Medians over ROUNDS alternating rounds.
 */
async function objectsProcess(group: keyof typeof GROUPS, dir: string, time: number, json: string): Promise<void> {
  const next = rng(36);
  const run: Record<string, Record<string, number>> = {};
  const qrels: Record<string, Record<string, number>> = {};
  for (let q = 0; q < 20_000; q++) {
    const qid = `q${q}`;
    const docs: Record<string, number> = {};
    const judged: Record<string, number> = {};
    for (let d = 0; d < 100; d++) {
      const doc = `d${q}-${d}`;
      docs[doc] = randInt(next, 0, 40) / 4;
      if (d % 5 === 0) judged[doc] = randInt(next, 0, 3);
    }
    run[qid] = docs;
    qrels[qid] = judged;
  }
  const maps = (o: Record<string, Record<string, number>>): Map<string, Map<string, number>> => new Map(Object.entries(o).map(([k, v]) => [k, new Map(Object.entries(v))]));
  const parsedRun = JSON.parse(JSON.stringify(run)) as typeof run;
  const parsedQrels = JSON.parse(JSON.stringify(qrels)) as typeof qrels;
  const options = { ties: 'trec' as const };
  const calls: Record<string, () => unknown> = {};
  if (group === 'fast') {
    const { runPath, qrelsPath } = writeTrec(run, qrels, dir);
    const held = await readQrels(qrelsPath);
    const runMap = maps(run);
    const qrelsMap = maps(qrels);
    const [files, heldRow, parsedRow, mapsRow] = GROUPS.fast;
    calls[files] = () => evaluateRuns(qrelsPath, [runPath], { measures: MEASURES, ...options });
    calls[heldRow] = () => evaluateRuns(held, [runPath], { measures: MEASURES, ...options });
    calls[parsedRow] = () => evaluateRun(parsedQrels, parsedRun, MEASURES, options);
    calls[mapsRow] = () => evaluateRun(qrelsMap, runMap, MEASURES, options);
  } else {
    const [builtRow, mixedRow] = GROUPS.built;
    calls[builtRow] = () => evaluateRun(qrels, run, MEASURES, options);
    calls[mixedRow] = () => evaluateRun(parsedQrels, parsedRun, MEASURES, options);
  }
  const rows: Row[] = GROUPS[group].map((name) => ({ name, run: calls[name]! }));
  const bench = new Bench({ name: `objects ${group}`, time: time / ROUNDS, iterations: 3, warmupTime: Math.min(time, 500) / ROUNDS, warmupIterations: 1 });
  addRounds(bench, rows);
  await bench.run();
  collectRounds(bench, rows, 2_000_000, (name) => ({ backend: 'auto', threads: 0, variant: `20,000 x 100, ${name}`, ties: 'trec', measures: MEASURES }));
  writeJson(json);
}

const [group, dir, time, json] = process.argv.slice(2);
if (group === undefined || !(group in GROUPS) || dir === undefined || json === undefined) throw new Error('usage: objectsProcess.ts fast|built DIR TIME JSON');
await objectsProcess(group as keyof typeof GROUPS, dir, Number(time), json);
