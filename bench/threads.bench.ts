import { spawn } from 'node:child_process';
import { evaluateRun } from '../src/index.js';
import { printSection, results, type BenchResult } from './report.js';
import { MEASURES } from './objects.bench.js';

const ROUNDS = 12;

/** ranx-shaped objects as JSON.parse gives them: `queries` queries of `docs` documents, scores 0-19 (many ties), the first 20 judged 0-2. */
function objects(queries: number, docs: number): { qrels: Record<string, Record<string, number>>; run: Record<string, Record<string, number>> } {
  let x = 5;
  const r = (): number => (x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const run: Record<string, Record<string, number>> = {};
  const qrels: Record<string, Record<string, number>> = {};
  for (let q = 0; q < queries; q++) {
    const ranked: Record<string, number> = {};
    const judged: Record<string, number> = {};
    for (let d = 0; d < docs; d++) {
      ranked[`d${d}`] = Math.floor(r() * 20);
      if (d < 20) judged[`d${d}`] = Math.floor(r() * 3);
    }
    run[`q${q}`] = ranked;
    qrels[`q${q}`] = judged;
  }
  return { qrels: JSON.parse(JSON.stringify(qrels)), run: JSON.parse(JSON.stringify(run)) };
}

/**
 * evaluateRun's default threads (one per core, at most 4) against `threads: 1` (`--only threads`),
 * on objects of three sizes, average ties: on a quiet machine, and with another process keeping one
 * core busy (a spinning child, as a shared machine has). Medians over 12 alternating calls, the
 * first two of each dropped.
 */
export async function threadsBench(): Promise<void> {
  const rows: BenchResult[] = [];
  for (const busy of [false, true]) {
    const spinner = busy ? spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }) : null;
    try {
      if (spinner !== null) await new Promise((resolve) => setTimeout(resolve, 200));
      for (const [queries, docs] of [[20_000, 100], [2_000, 100], [20_000, 10]] as const) {
        const { qrels, run } = objects(queries, docs);
        const times: Record<string, number[]> = { default: [], '1': [] };
        for (let round = 0; round < ROUNDS; round++) {
          for (const threads of round % 2 === 0 ? ['default', '1'] : ['1', 'default']) {
            const start = performance.now();
            evaluateRun(qrels, run, MEASURES, threads === '1' ? { threads: 1 } : {});
            times[threads]!.push(performance.now() - start);
          }
        }
        for (const [threads, ms] of Object.entries(times)) {
          const kept = ms.slice(2).sort((a, b) => a - b);
          const median = kept[Math.floor(kept.length / 2)]!;
          rows.push({ name: `${queries} x ${docs}, threads ${threads}${busy ? ', one core busy' : ''}`, backend: 'auto', threads: threads === '1' ? 1 : 0, variant: `${queries} x ${docs} objects`, ties: 'average', measures: MEASURES, medianMs: median, p75Ms: kept[Math.floor(kept.length * 0.75)]!, samples: kept.length, docsPerSec: (queries * docs) / (median / 1000) });
        }
      }
    } finally {
      spinner?.kill();
    }
  }
  results.push(...rows);
  printSection(`evaluateRun on objects: the default threads against one, quiet and with one core busy (${MEASURES.join(' ')}, average; medians of ${ROUNDS - 2} alternating calls)`, rows);
}
