import type { BackendChoice } from '../backends/backend.js';
import { forEachRunQuery, type RunNotes, type RunQuery } from '../io/forEachRunQuery.js';
import { readQrelsSource, type QrelsSource } from './qrelsSource.js';
import { toInput, type Source } from './source.js';

/** Qrels read for evaluating runs (see readQrels). */
export type Qrels = QrelsSource;

/**
 * Reads a qrels file, `qid iter docno label` (tabs or spaces, `#` comment lines, CRLF, gzip;
 * labels are integers, negative meaning unjudged), with the addon's byte-level reader when the
 * native backend serves, for evaluateRuns (give the same object for many runs).
 * @param options `backend` (default `auto`); `name` for messages when the source is not a path
 * @throws FileError (file, line, the line) for a wrong field count (and a run given as qrels),
 *   a label that is not an integer, a document judged twice for a query, an empty file
 */
export async function readQrels(source: Source, options: { readonly backend?: BackendChoice; readonly name?: string } = {}): Promise<Qrels> {
  return readQrelsSource(await toInput(source, options.name ?? 'qrels'), options.backend ?? 'auto');
}

/**
 * Streams a run file, `qid Q0 docno rank score runid` (tabs or spaces, `#` comment lines, CRLF,
 * gzip; fields past the sixth ignored, as trec_eval does), handing each query to `onQuery` when
 * its last line has been read; a run not grouped by query is read again and held whole. The
 * query lives in memory the reader reuses: read what you need before returning.
 * @returns the run id and what the reader noticed (lines whose score rises with their rank)
 * @throws FileError (file, line, the line) for fewer than 6 fields, a score that is not a
 *   number, a document listed twice in a query, an empty file
 * @example
 * await readRun('run.txt', (q) => console.log(q.qid, q.scores.length))
 */
export async function readRun(source: Source, onQuery: (query: RunQuery) => void, options: { readonly name?: string; readonly onBytes?: (bytes: number) => void } = {}): Promise<RunNotes> {
  return forEachRunQuery(await toInput(source, options.name ?? 'run'), onQuery, options.onBytes);
}
