import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { SIX_AT_10 } from './backends.bench.js';
import { writeInDegreeTrec } from './indegree.js';
import { collect, printSection, results } from './report.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = `${ROOT}dist/cli/bin.js`;
const MEMORY = `${ROOT}test/support/reportMemory.mjs`;

/** Queries of the in-degree `full` shape (2,383 results each on average) that make about 10^8 run lines. */
const QUERIES = 42_000;

/**
 * A run of about 10^8 lines (grouped by query, 4 GB), the in-degree `full` shape over 42,000
 * queries, through the command line once: six @10 tie-aware. Wall time and peak RSS; the run
 * streams query by query, so memory stays that of the qrels and a chunk of results per reading
 * thread.
 */
export async function scaleBench(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const run = `${dir}/indegree-${QUERIES}.run`;
  const qrels = `${dir}/indegree-${QUERIES}.qrels`;
  if (!existsSync(run) || !existsSync(qrels)) await writeInDegreeTrec('full', run, qrels, QUERIES);
  if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run npm run build first');
  let peakMiB = 0;
  let lines = 0;
  const bench = new Bench({ name: 'scale', iterations: 1, time: 0, warmupIterations: 0 });
  bench.add('cli: six @10, a 10^8-line grouped run', () => {
    const r = spawnSync(process.execPath, ['--import', MEMORY, BIN, '-m', 'num_ret', '-m', SIX_AT_10.join(','), qrels, run], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    peakMiB = JSON.parse(/MEMORY (.*)/.exec(r.stderr)![1]!).maxRssMiB;
    lines = Number(/num_ret\s+all\s+(\d+)/.exec(r.stdout)![1]);
  });
  await bench.run();
  const before = results.length;
  collect(bench, lines, () => ({ backend: 'auto', threads: 0, variant: `full ${QUERIES}`, ties: 'average', measures: SIX_AT_10 }));
  printSection(`command line on a grouped run of ${lines} lines (peak RSS ${peakMiB} MiB)`, results.slice(before));
}
