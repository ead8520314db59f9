import { statSync } from 'node:fs';
import { defaultThreads } from '../core/defaultThreads.js';
import { splitRun } from '../io/splitRun.js';
import { collectRun, type CollectedRun } from './collectRun.js';
import type { Input } from '../io/input.js';
import type { RunOptions } from './options.js';
import { shareQrels, type QrelsSource } from './qrelsSource.js';
import { startRunWorker, type RunWorker } from './startRunWorker.js';

/** Runs at least this large are read by several threads unless --threads says otherwise. */
const AUTO_ABOVE = 64 * 2 ** 20;

/** The thread count for a run: the option, else defaultThreads for a large run (each holds a chunk of results and, with the TypeScript reader, its own qrels). */
function threadCount(runPath: string, options: RunOptions): number {
  if (options.threads !== undefined) return options.threads;
  try {
    return statSync(runPath).size > AUTO_ABOVE ? defaultThreads() : 1;
  } catch {
    return 1;
  }
}

/**
 * A parallel read: the run merged from `threads` parts, or (`run` null) a read to do again in one
 * thread, with the error of the first worker thread that failed, if one did.
 */
export type ParallelRun = { readonly run: CollectedRun; readonly threads: number } | { readonly run: null; readonly workerError: string | null };

/**
 * collectRun over byte ranges of the run (splitRun) at once: the first range in this thread,
 * each other in a worker thread, the parts merged in file order; the threads share the addon's
 * judgements, read once (shareQrels), or read the qrels themselves (the TypeScript reader's);
 * `threads` is the number of ranges.
 * Returns null when one thread is asked for or the run cannot be cut. Gives up (`run` null) when
 * a part fails, counts misordered lines, or shares a query with another part: the caller then
 * reads the run in one thread, which reports those with line numbers counted from the file's
 * start; a worker's error matters only if that read succeeds (the thread failed, not the file).
 */
export async function collectInParallel(run: Input, qrels: QrelsSource, names: string[], options: RunOptions): Promise<ParallelRun | null> {
  // only a file on disk is cut into byte ranges
  if (typeof run !== 'string') return null;
  const runPath = run;
  const threads = threadCount(runPath, options);
  if (threads <= 1) return null;
  const ranges = await splitRun(runPath, threads);
  if (ranges.length < 2) return null;
  const read = ranges.map(() => 0);
  const progress = (part: number): ((bytes: number) => void) | undefined =>
    options.onBytes &&
    ((bytes) => {
      read[part] = bytes;
      options.onBytes!(read.reduce((a, b) => a + b, 0));
    });
  const { modes, backend, judgedOnly, maxRank, exact, relstrings, orderings } = options;
  const workerOptions = { modes, backend, judgedOnly, maxRank, allQueries: false, threads: 1, ...(exact === undefined ? {} : { exact }), ...(relstrings === undefined ? {} : { relstrings }), ...(orderings === undefined ? {} : { orderings }) };
  const qrelsToken = shareQrels(qrels);
  const workers = ranges.slice(1).map((range, i) => startRunWorker({ runPath, qrels: qrels.input, qrelsToken, names, options: workerOptions, range }, progress(i + 1)));
  const again = (workerError: string | null = null): ParallelRun => ({ run: null, workerError });
  try {
    const onBytes = progress(0);
    const own = await collectRun(runPath, qrels, names, { ...options, ...(onBytes === undefined ? {} : { onBytes }) }, ranges[0]);
    const settled = await Promise.allSettled(workers.map((w) => w.result));
    const failed = settled.find((p) => p.status === 'rejected');
    if (failed !== undefined) return again(failed.reason instanceof Error ? failed.reason.message : String(failed.reason));
    const parts = settled.map((p) => (p as PromiseFulfilledResult<Awaited<RunWorker['result']>>).value);
    if (own.notes.misordered > 0 || parts.some((p) => p.notes.misordered > 0)) return again();
    for (const p of parts) if (!own.collector.merge(p.part)) return again();
    return { run: own, threads: ranges.length };
  } catch {
    return again();
  } finally {
    for (const w of workers) void w.terminate();
  }
}
