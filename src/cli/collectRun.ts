import type { ByteRange } from '../io/byteRange.js';
import { readQrels } from '../io/readQrels.js';
import { readRun, type RunNotes } from '../io/readRun.js';
import { readRunNative } from '../io/readTrecNative.js';
import type { RunOptions } from './evaluateRun.js';
import type { QrelsSource } from './qrelsSource.js';
import { CHUNK, RunCollector } from './runCollector.js';

/** A run (or a byte range of it) read and evaluated: its queries' values and the reader's notes. */
export interface CollectedRun {
  readonly collector: RunCollector;
  readonly notes: RunNotes;
}

/**
 * Reads a run (only the bytes of `range` when given) and evaluates its queries, in chunks:
 * with the addon's reader when the qrels were read by it, else (and for a run not grouped by
 * query) with readRun. The collector is flushed.
 * @throws FileError for a bad line (see readRun)
 */
export async function collectRun(runPath: string, qrels: QrelsSource, names: string[], options: RunOptions, range?: ByteRange): Promise<CollectedRun> {
  let collector = new RunCollector(names, options);
  const native = qrels.native;
  let notes: RunNotes | null = null;
  if (native !== undefined) notes = await readRunNative(runPath, native, options.judgedOnly, CHUNK, (queries) => collector.addNative(queries), options.onBytes, range);
  if (notes === null) {
    collector = new RunCollector(names, options);
    const parsed = (qrels.parsed ??= await readQrels(qrels.path));
    notes = await readRun(runPath, (query) => collector.add(query, parsed), options.onBytes, range);
  }
  collector.flush();
  return { collector, notes };
}
