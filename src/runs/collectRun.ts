import type { ByteRange } from '../io/byteRange.js';
import { parseQrels } from '../io/parseQrels.js';
import { forEachRunQuery, type RunNotes } from '../io/forEachRunQuery.js';
import { readRunNative, type NativeQueries } from '../io/readTrecNative.js';
import type { Input } from '../io/input.js';
import type { RunOptions } from './options.js';
import type { QrelsSource } from './qrelsSource.js';
import { CHUNK, RunCollector } from './runCollector.js';

/** A run (or a byte range of it) read and evaluated: its queries' values and the reader's notes. */
export interface CollectedRun {
  readonly collector: RunCollector;
  readonly notes: RunNotes;
}

/**
 * Reads a run (only the bytes of `range` when given) and evaluates its queries, in chunks:
 * with the addon's reader when the qrels were read by it (which writes trec_eval's tie keys for
 * the trec mode), else with forEachRunQuery; a range not grouped by query throws (see
 * collectInParallel). The collector is flushed.
 * @throws FileError for a bad line (see forEachRunQuery)
 */
export async function collectRun(run: Input, qrels: QrelsSource, names: string[], options: RunOptions, range?: ByteRange): Promise<CollectedRun> {
  let collector = new RunCollector(names, options);
  const native = qrels.native;
  let notes: RunNotes | null = null;
  // -J drops unjudged documents as they are read, unless -M cuts first (the kernels drop them after the cut)
  const dropUnjudged = options.judgedOnly && options.maxRank === 0;
  let restarted = false;
  const addNative = (queries: NativeQueries, ungrouped: boolean): void => {
    // a run not grouped by query is read again from its first query
    if (ungrouped && !restarted) {
      collector = new RunCollector(names, options);
      restarted = true;
    }
    collector.addNative(queries);
  };
  if (native !== undefined) {
    notes = await readRunNative(run, native, dropUnjudged, options.modes.includes('trec'), CHUNK, addNative, options.onBytes, range);
    if (notes === null && range !== undefined) throw new Error('a part of the run is not grouped by query');
  }
  if (notes === null) {
    collector = new RunCollector(names, options);
    const parsed = (qrels.parsed ??= await parseQrels(qrels.input));
    notes = await forEachRunQuery(run, (query) => collector.add(query, parsed), options.onBytes, range);
  }
  collector.flush();
  return { collector, notes };
}
