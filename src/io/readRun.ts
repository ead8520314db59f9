import { fieldEquals, isSkippable, splitFields } from './fields.js';
import { FileError } from './fileError.js';
import { forEachLine } from './forEachLine.js';
import { parseScore } from './parseNumber.js';

/** One query of a run, in file line order. Ids are latin1 strings (one char per byte: byte order = string order). */
export interface RunQuery {
  readonly qid: string;
  readonly docs: string[];
  readonly scores: number[];
  /** the rank field of each line (NaN where it is not a number) */
  readonly ranks: number[];
  /** the file line of each document */
  readonly lines: number[];
}

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
 * @throws FileError (file, line, the line) for fewer than 6 fields (and qrels given as a run),
 *   a score that is not a number, an empty file
 */
export async function readRun(path: string, onQuery: (query: RunQuery) => void, onBytes?: (bytes: number) => void): Promise<RunNotes> {
  try {
    return await scan(path, false, onQuery, onBytes);
  } catch (e) {
    if (!(e instanceof Ungrouped)) throw e;
    return await scan(path, true, onQuery, onBytes);
  }
}

async function scan(path: string, buffered: boolean, onQuery: (query: RunQuery) => void, onBytes?: (bytes: number) => void): Promise<RunNotes> {
  const notes: RunNotes = { runid: '', misordered: 0, firstMisordered: 0, ungrouped: buffered };
  const bounds = new Int32Array(16);
  const done = new Set<string>();
  const held = new Map<string, RunQuery>();
  let current: RunQuery | undefined;
  let lastScore = 0;
  let lastRank = 0;
  let lines = 0;
  await forEachLine(
    path,
    (buf, start, end, line) => {
      if (isSkippable(buf, start, end)) return;
      // fields after the sixth are ignored, as trec_eval does (its own test runs carry some)
      const count = splitFields(buf, start, end, bounds, 7);
      if (count < 6) {
        const hint = count === 4 ? ' (4 fields: this looks like a qrels file; give the qrels first, then the run)' : '';
        throw new FileError(path, line, `a run line has 6 fields (qid Q0 docno rank score runid), this one ${count}${hint}`, buf.toString('utf8', start, end));
      }
      lines++;
      const score = parseScore(buf, bounds[8]!, bounds[9]!);
      if (Number.isNaN(score)) throw new FileError(path, line, 'the score (5th field) is not a number', buf.toString('utf8', start, end));
      if (notes.runid === '') notes.runid = buf.toString('utf8', bounds[10], bounds[11]);
      const rank = parseScore(buf, bounds[6]!, bounds[7]!);
      if (current === undefined || !fieldEquals(buf, bounds[0]!, bounds[1]!, current.qid)) {
        const qid = buf.toString('latin1', bounds[0], bounds[1]);
        if (!buffered && current !== undefined) {
          done.add(current.qid);
          onQuery(current);
        }
        if (!buffered && done.has(qid)) throw new Ungrouped();
        current = buffered ? held.get(qid) : undefined;
        if (current === undefined) {
          current = { qid, docs: [], scores: [], ranks: [], lines: [] };
          if (buffered) held.set(qid, current);
        }
      } else if (score > lastScore && rank > lastRank) {
        if (notes.misordered++ === 0) notes.firstMisordered = line;
      }
      lastScore = score;
      lastRank = rank;
      current.docs.push(buf.toString('latin1', bounds[4], bounds[5]));
      current.scores.push(score);
      current.ranks.push(rank);
      current.lines.push(line);
    },
    onBytes,
  );
  if (lines === 0) throw new FileError(path, 0, 'the run file holds no results');
  if (buffered) held.forEach((q) => onQuery(q));
  else if (current !== undefined) onQuery(current);
  return notes;
}

