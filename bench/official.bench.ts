import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { SIX_AT_10 } from './backends.bench.js';
import { writeInDegreeTrec } from './indegree.js';
import { ROUNDS, addRounds, collectRounds, printSection, type Row } from './report.js';

const BIN = fileURLToPath(new URL('../dist/cli/bin.js', import.meta.url));

/** The queries of the scaled copy: about 8M results, a 280 MB run file (the whole setting is 28,043 queries). */
const QUERIES = 3_000;

/**
 * trec_eval's own measure sets on the paper's full in-degree setting (every result retrieved, tie
 * groups of about 2,000 documents per query), scaled to its first QUERIES queries: `-m official`
 * and `-m all_trec` tie-aware (interpolated precision's exact sweep in large groups is most of
 * their cost) beside six @10, the command line end to end, and trec_eval itself on the same
 * files when TREC_EVAL names its binary. One run per row and round, the rows alternating.
 */
export async function officialBench(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const run = `${dir}/indegree-full-${QUERIES}.run`;
  const qrels = `${dir}/indegree-full-${QUERIES}.qrels`;
  if (!existsSync(run) || !existsSync(qrels)) await writeInDegreeTrec('full', run, qrels, QUERIES);
  if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run npm run build first');
  const command =
    (args: string[], file = process.execPath) =>
    (): void => {
      const r = spawnSync(file, args, { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
    };
  const rows: Row[] = [
    { name: `cli: six @10 (full in-degree, ${QUERIES} queries)`, run: command([BIN, '-m', SIX_AT_10.join(','), qrels, run]) },
    { name: 'cli: -m official', run: command([BIN, '-m', 'official', qrels, run]) },
    { name: 'cli: -m all_trec', run: command([BIN, '-m', 'all_trec', qrels, run]) },
  ];
  const trecEval = process.env.TREC_EVAL;
  if (trecEval !== undefined && existsSync(trecEval)) {
    rows.push({ name: 'trec_eval -m official', run: command(['-m', 'official', qrels, run], trecEval) });
    rows.push({ name: 'trec_eval -m all_trec', run: command(['-m', 'all_trec', qrels, run], trecEval) });
  }
  const bench = new Bench({ name: 'official', iterations: 1, time: 0, warmupIterations: 0 });
  // one warm-up run of each (file cache, compiled code), then the rounds
  for (const row of rows) row.run();
  addRounds(bench, rows);
  await bench.run();
  const lines = spawnSync('wc', ['-l', run], { encoding: 'utf8' });
  const collected = collectRounds(bench, rows, Number.parseInt(lines.stdout, 10), () => ({ backend: 'auto', threads: 0, variant: 'full', ties: 'average', measures: ['official'] }));
  printSection(`trec_eval's measure sets, full in-degree (${QUERIES} queries; medians over ${ROUNDS} alternating rounds)`, collected);
}
