import type { ByteRange } from './byteRange.js';
import { fieldEquals, isSkippable, splitFields } from './fields.js';
import { FileError } from './fileError.js';
import { forEachLine } from './forEachLine.js';
import { inputName, type Input } from './input.js';
import { listedTwice, runFieldCount, scoreNotANumber } from './lineProblems.js';
import { parseScore } from './parseNumber.js';
import { RunQueryBuilder, type RunQuery } from './runQuery.js';

export type { RunQuery } from './runQuery.js';

/** What the reader noticed that is not an error. */
export interface RunNotes {
  /** the run tag of the first line */
  runid: string;
  /** lines whose score is higher than the line before in the same query while its rank field is higher too */
  misordered: number;
  /** the first such line */
  firstMisordered: number;
  /** whether some query's lines are not contiguous (the run was read again, buffered) */
  ungrouped: boolean;
}

class Ungrouped extends Error {}

/**
 * Streams a run file, `qid Q0 docno rank score runid` (tabs or spaces, `#` comment lines,
 * CRLF, gzip; fields past the sixth ignored, as trec_eval does), and hands over each query when its last line has been read, so a run grouped by
 * query (the usual case) is never held in memory whole. When a query's lines turn out not to be
 * contiguous, the file is read again and every query is buffered until the end.
 * Scores parse as decimal floats with exponents (`7.763e-05`); the rank field is only used to
 * count lines whose score rises while their rank rises (the exponent-format sorting bug).
 * The query handed to `onQuery` lives in memory the reader reuses: read what you need before returning.
 * `onQuery` gets the notes so far as well: the run id is known from the first query on, and
 * `notes.ungrouped` is true in the second reading (a caller that wrote the first reading's
 * queries somewhere starts over at its first such query).
 * @throws FileError (file, line, the line) for fewer than 6 fields (and qrels given as a run),
 *   a score that is not a number, a document listed twice in a query (naming both lines), an empty file
 * With `range`, only those bytes are read (see forEachLine: line numbers count from the range's start).
 */
export async function forEachRunQuery(input: Input, onQuery: (query: RunQuery, notes: RunNotes) => void, onBytes?: (bytes: number) => void, range?: ByteRange): Promise<RunNotes> {
  try {
    return await scan(input, false, onQuery, onBytes, range);
  } catch (e) {
    if (!(e instanceof Ungrouped)) throw e;
    return await scan(input, true, onQuery, onBytes, range);
  }
}

async function scan(input: Input, buffered: boolean, onQuery: (query: RunQuery, notes: RunNotes) => void, onBytes?: (bytes: number) => void, range?: ByteRange): Promise<RunNotes> {
  const path = inputName(input);
  const notes: RunNotes = { runid: '', misordered: 0, firstMisordered: 0, ungrouped: buffered };
  const bounds = new Int32Array(16);
  const done = new Set<string>();
  const held = new Map<string, RunQueryBuilder>();
  const streaming = new RunQueryBuilder();
  let current: RunQueryBuilder | undefined;
  let lastScore = 0;
  let lastRank = 0;
  let lines = 0;
  await forEachLine(
    input,
    (buf, start, end, line) => {
      if (isSkippable(buf, start, end)) return;
      // fields after the sixth are ignored, as trec_eval does (its own test runs carry some)
      const count = splitFields(buf, start, end, bounds, 7);
      if (count < 6) throw runFieldCount(path, line, count, buf, start, end);
      lines++;
      const score = parseScore(buf, bounds[8]!, bounds[9]!);
      if (Number.isNaN(score)) throw scoreNotANumber(path, line, buf, start, end);
      if (notes.runid === '') notes.runid = buf.toString('utf8', bounds[10], bounds[11]);
      const rank = parseScore(buf, bounds[6]!, bounds[7]!);
      if (current === undefined || !fieldEquals(buf, bounds[0]!, bounds[1]!, current.qid)) {
        const qid = buf.toString('latin1', bounds[0], bounds[1]);
        if (!buffered && current !== undefined) {
          done.add(current.qid);
          onQuery(current.view(), notes);
        }
        if (!buffered && done.has(qid)) throw new Ungrouped();
        if (!buffered) (current = streaming).reset(qid);
        else if ((current = held.get(qid)) === undefined) {
          held.set(qid, (current = new RunQueryBuilder()));
          current.reset(qid);
        }
      } else if (score > lastScore && rank > lastRank) {
        if (notes.misordered++ === 0) notes.firstMisordered = line;
      }
      lastScore = score;
      lastRank = rank;
      const first = current.push(buf, bounds[4]!, bounds[5]!, score, rank, line);
      if (first >= 0) throw listedTwice(path, buf.toString('latin1', bounds[4], bounds[5]), current.qid, first, line, buf, start, end);
    },
    onBytes,
    range,
  );
  if (lines === 0) throw new FileError(path, 0, 'the run file holds no results');
  if (buffered) held.forEach((q) => onQuery(q.view(), notes));
  else if (current !== undefined) onQuery(current.view(), notes);
  return notes;
}

