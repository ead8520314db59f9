import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { FeatureEvaluator, prepare, type LetorQuery } from '../src/index.js';
import { letorQuery, MSLR_FEATURES, MSLR_QUERIES, writeLetor } from './letor.js';
import { collect, printSection, results } from './report.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = `${ROOT}dist/cli/bin.js`;
const MEMORY = `${ROOT}test/support/reportMemory.mjs`;
const MEASURES = ['nDCG@10', 'AP'];

/**
 * Learning-to-rank at MSLR-WEB30K's size (bench/letor.ts; `queries` fewer for a quick look):
 * `tie-eval features -m nDCG@10 -m AP` end to end on the generated file (wall time, peak RSS);
 * the same evaluation from memory (every feature of every query through FeatureEvaluator, the
 * parsing left out), native on 1 thread and on every core; and one prepared evaluation of a new
 * score vector over the whole set (nDCG@10, native, 1 thread).
 */
export async function featuresBench(dir: string, time: number, queries = MSLR_QUERIES): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const path = `${dir}/letor-${queries}.txt`;
  if (!existsSync(path)) await writeLetor(path, queries);
  if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run npm run build first');
  const samples = Array.from({ length: queries }, (_, q) => letorQuery(q));
  const rows = samples.reduce((n, s) => n + s.rows, 0);
  const docScores = rows * MSLR_FEATURES;

  let peakMiB = 0;
  const cli = new Bench({ name: 'features cli', iterations: 1, time: 0, warmupIterations: 0 });
  cli.add('features: cli end to end, nDCG@10 + AP, every feature', () => {
    const r = spawnSync(process.execPath, ['--import', MEMORY, BIN, 'features', '-m', 'nDCG@10', '-m', 'AP', '--format', 'json', path], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(r.stderr);
    peakMiB = JSON.parse(/MEMORY (.*)/.exec(r.stderr)![1]!).maxRssMiB;
  });
  await cli.run();
  const before = results.length;
  collect(cli, docScores, () => ({ backend: 'auto', threads: 0, variant: `letor ${queries}`, ties: 'average', measures: MEASURES }));

  const memory = new Bench({ name: 'features memory', iterations: 1, time: 0, warmupIterations: 0 });
  for (const threads of [1, 2]) {
    memory.add(`features: from memory, native, ${threads} thread(s)`, () => {
      const evaluator = new FeatureEvaluator({ measures: MEASURES, backend: 'native', threads });
      samples.forEach((s, q) => evaluator.add({ qid: String(q + 1), line: 0, features: MSLR_FEATURES, ...s } satisfies LetorQuery));
      evaluator.result(MSLR_FEATURES);
    });
  }
  await memory.run();
  collect(memory, docScores, (task) => ({ backend: 'native', threads: task.includes('2 thread') ? 2 : 1, variant: `letor ${queries}`, ties: 'average', measures: MEASURES }));

  const labels = new Float64Array(rows);
  const offsets = new Uint32Array(queries + 1);
  const columns = [1, 2, 3].map(() => new Float64Array(rows));
  let at = 0;
  samples.forEach((s, q) => {
    labels.set(s.labels, at);
    // a count (feature 1), a two-decimal score (2), a continuous one (3)
    columns.forEach((c, f) => c.set(s.values.subarray(f * s.rows, (f + 1) * s.rows), at));
    at += s.rows;
    offsets[q + 1] = at;
  });
  samples.length = 0;
  const evaluator = prepare(labels, offsets, ['nDCG@10'], { backend: 'native', threads: 1 });
  const prepared = new Bench({ name: 'features prepared', time, warmupTime: Math.min(time, 500) });
  ['count', 'two decimals', 'continuous'].forEach((kind, f) => prepared.add(`prepared: one score vector, nDCG@10, native, 1 thread (a ${kind} feature)`, () => void evaluator.evaluate(columns[f]!)));
  await prepared.run();
  collect(prepared, rows, () => ({ backend: 'native', threads: 1, variant: `letor ${queries}`, ties: 'average', measures: ['nDCG@10'] }));
  printSection(`learning to rank, ${queries} queries, ${rows} rows, ${MSLR_FEATURES} features (features rows: docs/s counts document-feature pairs; peak RSS of the command ${peakMiB} MiB)`, results.slice(before));
}
