import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUNDS, printSection, results, type BenchResult } from './report.js';

/** The measures and tie regime of the comparison with pytrec_eval. */
export const MEASURES = ['nDCG@10', 'P@10', 'AP', 'RR'];

/** The rows each process of the objects suite times (see objectsBench). */
export const GROUPS = {
  /** the TREC files, the objects as JSON.parse gives them (V8's fast form), Maps */
  fast: ['TREC files (evaluateRuns, read from disk)', 'TREC run, qrels held (evaluateRuns)', 'objects from JSON.parse (evaluateRun)', 'Maps (evaluateRun)'],
  /** objects built key by key (V8 holds each as a hash table), and JSON.parse's in the same process */
  built: ['objects built key by key (evaluateRun)', 'objects from JSON.parse, in a process that also reads objects built key by key'],
} as const;

/**
 * Objects against files (`--only objects`): evaluateRun on plain objects (as JSON.parse gives
 * them, and built key by key) and on Maps (ranx's and pytrec_eval's shapes), against
 * evaluateRuns on the same data as TREC files in `dir` (read from disk, and with the qrels read
 * once beforehand, as a caller evaluating many runs holds them); see objectsProcess.ts.
 * The objects built key by key are timed in a process of their own: V8 keeps a loop's feedback
 * for the life of a process, and a loop that has walked objects it holds as hash tables walks
 * JSON.parse's slower from then on. A user's process usually holds its runs in one form; the
 * last row shows what one reading both pays.
 */
export function objectsBench(dir: string, time: number): void {
  const rows: BenchResult[] = [];
  const out = mkdtempSync(join(tmpdir(), 'tie-eval-objects-'));
  try {
    for (const group of Object.keys(GROUPS)) {
      const json = join(out, `${group}.json`);
      const script = fileURLToPath(new URL('objectsProcess.ts', import.meta.url));
      const child = spawnSync(process.execPath, ['--import', 'tsx', script, group, dir, String(time), json], { stdio: 'inherit' });
      if (child.status !== 0) throw new Error(`the objects suite's ${group} process failed (${child.status ?? child.signal})`);
      rows.push(...(JSON.parse(readFileSync(json, 'utf8')) as { results: BenchResult[] }).results);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  results.push(...rows);
  printSection(`objects against files: 20,000 queries x 100 documents, ${MEASURES.join(' ')}, ties trec (medians over ${ROUNDS} alternating rounds; a process per form of plain object; ratio to the first row)`, rows);
}
