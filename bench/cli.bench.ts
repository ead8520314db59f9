import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { SIX_AT_10 } from './backends.bench.js';
import { writeInDegreeTrec, type Variant } from './indegree.js';
import { ROUNDS, addRounds, collectRounds, printSection, type Row } from './report.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = `${ROOT}dist/cli/bin.js`;
const MEMORY = `${ROOT}test/support/reportMemory.mjs`;

/** The lines of a file: the results of a generated run (no comments), for the docs/s column. */
async function countLines(path: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 24 }) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return lines;
}

/**
 * The command line end to end (process start to exit) on the generated TREC files of a
 * variant: six @10 tie-aware (the base row) and in trec_eval's order, `-m all_trec` both ways
 * (and without NODE_EXTRA_CA_CERTS where the environment sets it), and trec_eval itself on the
 * same files when TREC_EVAL names its binary (built from its public source with its Makefile). One run per row and round, the rows alternating, ROUNDS rounds:
 * each row's median, and the median over the rounds of `-m all_trec` against six @10 in the
 * same round (a burst of load on the shared machine moves both). Wall time per run, and the peak
 * resident memory of the six @10 run.
 */
export async function cliBench(variant: Variant, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const run = `${dir}/indegree-${variant}.run`;
  const qrels = `${dir}/indegree-${variant}.qrels`;
  if (!existsSync(run) || !existsSync(qrels)) await writeInDegreeTrec(variant, run, qrels);
  if (!existsSync(BIN)) throw new Error('dist/cli/bin.js is missing: run npm run build first');
  let peakMiB = 0;
  const command =
    (args: string[], file = process.execPath, env = process.env) =>
    (): void => {
      const r = spawnSync(file, args, { encoding: 'utf8', env });
      if (r.status !== 0) throw new Error(r.stderr);
    };
  const six: Row = {
    name: `cli: six @10 (${variant} TREC file)`,
    run: () => {
      const r = spawnSync(process.execPath, ['--import', MEMORY, BIN, '-m', SIX_AT_10.join(','), qrels, run], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
      peakMiB = JSON.parse(/MEMORY (.*)/.exec(r.stderr)![1]!).maxRssMiB;
    },
  };
  const allTrec: Row = { name: 'cli: -m all_trec', run: command([BIN, '-m', 'all_trec', qrels, run]) };
  const rows: Row[] = [six, { name: 'cli: six @10, --ties trec', run: command([BIN, '--ties', 'trec', '-m', SIX_AT_10.join(','), qrels, run]) }];
  // the full variant's interpolated precision in large tie groups takes minutes: judged only
  if (variant === 'judged') {
    rows.push(allTrec);
    rows.push({ name: 'cli: --ties trec -m all_trec', run: command([BIN, '--ties', 'trec', '-m', 'all_trec', qrels, run]) });
    // Node reads and parses that certificate bundle at every start, before any script runs (the
    // command line makes no connection): where the machine sets it, the row without it too
    if (process.env.NODE_EXTRA_CA_CERTS !== undefined) {
      const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
      rows.push({ name: 'cli: -m all_trec, NODE_EXTRA_CA_CERTS unset', run: command([BIN, '-m', 'all_trec', qrels, run], process.execPath, env) });
    }
    const trecEval = process.env.TREC_EVAL;
    if (trecEval !== undefined && existsSync(trecEval)) rows.push({ name: 'trec_eval -m all_trec', run: command(['-m', 'all_trec', qrels, run], trecEval) });
  }
  const bench = new Bench({ name: `cli ${variant}`, iterations: 1, time: 0, warmupIterations: 0 });
  // one warm-up run of each (file cache, compiled code), then the rounds
  for (const row of rows) row.run();
  addRounds(bench, rows);
  await bench.run();
  const collected = collectRounds(bench, rows, await countLines(run), () => ({ backend: 'auto', threads: 0, variant, ties: 'average', measures: SIX_AT_10 }));
  printSection(`command line end to end, ${variant} (peak RSS ${peakMiB} MiB; medians over ${ROUNDS} alternating rounds)`, collected);
  if (variant === 'judged') {
    // collectRounds checked that every task completed
    const round = (name: string, r: number): number => {
      const result = bench.getTask(`${name} #${r}`)!.result;
      return result.state === 'completed' ? result.latency.p50 : NaN;
    };
    const ratios = Array.from({ length: ROUNDS }, (_, r) => round(allTrec.name, r) / round(six.name, r)).sort((a, b) => a - b);
    console.log(`-m all_trec / six @10 in the same round: median ${ratios[ROUNDS >> 1]!.toFixed(3)} (rounds: ${ratios.map((x) => x.toFixed(2)).join(', ')})`);
  }
}
