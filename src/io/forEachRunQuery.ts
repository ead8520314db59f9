import type { ByteRange } from './byteRange.js';
import { fieldEquals, isSkippable, splitFields } from './fields.js';
import { FileError } from './fileError.js';
import { forEachLine } from './forEachLine.js';
import { inputName, type Input } from './input.js';
import { listedTwice, runFieldCount, scoreNotANumber } from './lineProblems.js';
import { parseScore } from './parseNumber.js';
import { room } from '../util/grown.js';
import { hashBytes, IdTable } from './idTable.js';
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

class Ungrouped extends Error {
  constructor() {
    super('the run is not grouped by query');
  }
}

/**
 * Streams a run file, `qid Q0 docno rank score runid` (tabs or spaces, `#` comment lines,
 * CRLF, gzip; fields past the sixth ignored, as trec_eval does), and hands over each query when its last line has been read, so a run grouped by
 * query (the usual case) is never held in memory whole. When a query's lines turn out not to be
 * contiguous, the file is read again, in passes that each hold the lines of some queries (at
 * most `linesPerPass`, see scanUngrouped).
 * Scores parse as decimal floats with exponents (`7.763e-05`); the rank field is only used to
 * count lines whose score rises while their rank rises (the exponent-format sorting bug).
 * The query handed to `onQuery` lives in memory the reader reuses: read what you need before returning.
 * `onQuery` gets the notes so far as well: the run id is known from the first query on, and
 * `notes.ungrouped` is true in the second reading (a caller that wrote the first reading's
 * queries somewhere starts over at its first such query).
 * @throws FileError (file, line, the line) for fewer than 6 fields (and qrels given as a run),
 *   a score that is not a number, a document listed twice in a query (naming both lines), an empty file
 * With `range`, only those bytes are read (see forEachLine: line numbers count from the range's start),
 * and a range not grouped by query throws (see collectInParallel).
 */
export async function forEachRunQuery(input: Input, onQuery: (query: RunQuery, notes: RunNotes) => void, onBytes?: (bytes: number) => void, range?: ByteRange, linesPerPass = LINES_PER_PASS): Promise<RunNotes> {
  try {
    return await scan(input, onQuery, onBytes, range);
  } catch (e) {
    // a part of a run read by several threads: the caller reads the whole run in one
    if (!(e instanceof Ungrouped) || range !== undefined) throw e;
    return await scanUngrouped(input, onQuery, onBytes, linesPerPass);
  }
}

/**
 * Splits run line buf[start..end) into `bounds` (fields after the sixth are ignored, as
 * trec_eval does: its own test runs carry some) and returns its score; the first line's run tag
 * becomes notes.runid.
 * @throws FileError for fewer than 6 fields or a score that is not a number
 */
function checkedScore(path: string, buf: Buffer, start: number, end: number, line: number, bounds: Int32Array, notes: RunNotes): number {
  const count = splitFields(buf, start, end, bounds, 7);
  if (count < 6) throw runFieldCount(path, line, count, buf, start, end);
  const score = parseScore(buf, bounds[8]!, bounds[9]!);
  if (Number.isNaN(score)) throw scoreNotANumber(path, line, buf, start, end);
  if (notes.runid === '') notes.runid = buf.toString('utf8', bounds[10], bounds[11]);
  return score;
}

async function scan(input: Input, onQuery: (query: RunQuery, notes: RunNotes) => void, onBytes?: (bytes: number) => void, range?: ByteRange): Promise<RunNotes> {
  const path = inputName(input);
  const notes: RunNotes = { runid: '', misordered: 0, firstMisordered: 0, ungrouped: false };
  const bounds = new Int32Array(16);
  const done = new Set<string>();
  const streaming = new RunQueryBuilder();
  let current: RunQueryBuilder | undefined;
  let lastScore = 0;
  let lastRank = 0;
  let lines = 0;
  await forEachLine(
    input,
    (buf, start, end, line) => {
      if (isSkippable(buf, start, end)) return;
      lines++;
      const score = checkedScore(path, buf, start, end, line, bounds, notes);
      const rank = parseScore(buf, bounds[6]!, bounds[7]!);
      if (current === undefined || !fieldEquals(buf, bounds[0]!, bounds[1]!, current.qid)) {
        const qid = buf.toString('latin1', bounds[0], bounds[1]);
        if (current !== undefined) {
          done.add(current.qid);
          onQuery(current.view(), notes);
        }
        if (done.has(qid)) throw new Ungrouped();
        (current = streaming).reset(qid);
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
  if (current !== undefined) onQuery(current.view(), notes);
  return notes;
}

/** A run's lines kept to be grouped by query: document ids end to end (ids[idEnds[i] .. idEnds[i + 1])), queries, scores, rank fields, lines. */
class HeldLines {
  size = 0;
  private ids: Uint8Array = new Uint8Array(1 << 16);
  private idEnds = new Int32Array(1025);
  private queries = new Int32Array(1024);
  private scores = new Float64Array(1024);
  private ranks = new Float64Array(1024);
  private lines = new Float64Array(1024);

  /** Keeps the line whose fields are at `bounds` in buf (see splitFields), of query q. */
  add(buf: Buffer, bounds: Int32Array, q: number, score: number, rank: number, line: number): void {
    const i = this.size++;
    this.idEnds = room(this.idEnds, i + 2);
    this.queries = room(this.queries, i + 1);
    this.scores = room(this.scores, i + 1);
    this.ranks = room(this.ranks, i + 1);
    this.lines = room(this.lines, i + 1);
    const at = this.idEnds[i]!;
    const length = bounds[5]! - bounds[4]!;
    if (at + length > this.ids.length) {
      const bigger = new Uint8Array(2 * (at + length));
      bigger.set(this.ids);
      this.ids = bigger;
    }
    this.ids.set(buf.subarray(bounds[4]!, bounds[5]!), at);
    this.idEnds[i + 1] = at + length;
    this.queries[i] = q;
    this.scores[i] = score;
    this.ranks[i] = rank;
    this.lines[i] = line;
  }

  /**
   * Hands over queries first..last-1 (all their lines held), each its lines in file order (a
   * counting sort by query), built in `builder`; a document listed twice in a query is found as
   * it is built, and its line read again for the message.
   */
  async hand(first: number, last: number, qids: IdTable, builder: RunQueryBuilder, onQuery: (query: RunQuery) => void, input: Input): Promise<void> {
    const starts = new Int32Array(last - first + 1);
    for (let i = 0; i < this.size; i++) starts[this.queries[i]! - first + 1]!++;
    for (let q = 0; q < last - first; q++) starts[q + 1]! += starts[q]!;
    const next = starts.slice(0, last - first);
    const order = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) order[next[this.queries[i]! - first]!++] = i;
    for (let q = first; q < last; q++) {
      builder.reset(qids.text(q));
      for (let k = starts[q - first]!; k < starts[q - first + 1]!; k++) {
        const i = order[k]!;
        const from = this.idEnds[i]!;
        const to = this.idEnds[i + 1]!;
        const twice = builder.push(this.ids, from, to, this.scores[i]!, this.ranks[i]!, this.lines[i]!);
        if (twice < 0) continue;
        const doc = Buffer.from(this.ids.subarray(from, to)).toString('latin1');
        let error: FileError | undefined;
        await forEachLine(input, (buf, start, end, line) => void (line === this.lines[i] && (error ??= listedTwice(inputName(input), doc, qids.text(q), twice, line, buf, start, end))));
        throw error!;
      }
      onQuery(builder.view());
    }
  }
}

/** The lines a pass over a run not grouped by query holds (about 40 bytes each besides the ids): 2^23, some 400 MB. */
export const LINES_PER_PASS = 1 << 23;

/**
 * A run whose queries' lines are not contiguous: one pass checks the fields and counts each
 * query's lines (a table of query ids: no string per line), keeping the lines too while they fit
 * in `linesPerPass` (then they are grouped by query and handed over: done). Past that, passes
 * over the file, each for the queries (in the order of their first line) whose lines fill
 * linesPerPass, keep their lines (HeldLines) and hand those queries over. Memory is bounded by
 * linesPerPass, not by the file.
 */
async function scanUngrouped(input: Input, onQuery: (query: RunQuery, notes: RunNotes) => void, onBytes?: (bytes: number) => void, linesPerPass = LINES_PER_PASS): Promise<RunNotes> {
  const path = inputName(input);
  const notes: RunNotes = { runid: '', misordered: 0, firstMisordered: 0, ungrouped: true };
  const bounds = new Int32Array(16);
  const qids = new IdTable();
  let lineCounts = new Int32Array(1024);
  /** the query of the line in `bounds`, added when `add` */
  const queryOf = (buf: Buffer, add: boolean): number => {
    const hash = hashBytes(buf, bounds[0]!, bounds[1]!);
    const q = qids.find(0, buf, bounds[0]!, bounds[1]!, hash);
    return q >= 0 || !add ? q : qids.add(0, buf, bounds[0]!, bounds[1]!, hash);
  };
  let held: HeldLines | null = new HeldLines();
  let lastQuery = -1;
  let lastScore = 0;
  let lastRank = 0;
  await forEachLine(
    input,
    (buf, start, end, line) => {
      if (isSkippable(buf, start, end)) return;
      const score = checkedScore(path, buf, start, end, line, bounds, notes);
      const rank = parseScore(buf, bounds[6]!, bounds[7]!);
      const q = queryOf(buf, true);
      lineCounts = room(lineCounts, q + 1);
      lineCounts[q]!++;
      if (q === lastQuery && score > lastScore && rank > lastRank && notes.misordered++ === 0) notes.firstMisordered = line;
      lastQuery = q;
      lastScore = score;
      lastRank = rank;
      if (held !== null && held.size === linesPerPass) held = null;
      held?.add(buf, bounds, q, score, rank, line);
    },
    onBytes,
  );
  if (qids.size === 0) throw new FileError(path, 0, 'the run file holds no results');
  const builder = new RunQueryBuilder();
  const hand = (query: RunQuery): void => onQuery(query, notes);
  if (held !== null) {
    await held.hand(0, qids.size, qids, builder, hand, input);
    return notes;
  }
  // each pass: queries first..last-1, their lines (at least one query a pass)
  const inPass = new Uint8Array(qids.size);
  for (let first = 0; first < qids.size; ) {
    let last = first;
    let lines = 0;
    while (last < qids.size && (last === first || lines + lineCounts[last]! <= linesPerPass)) lines += lineCounts[last++]!;
    inPass.fill(1, first, last);
    const pass = new HeldLines();
    await forEachLine(input, (buf, start, end, line) => {
      if (isSkippable(buf, start, end)) return;
      splitFields(buf, start, end, bounds, 7);
      const q = queryOf(buf, false);
      if (inPass[q] === 1) pass.add(buf, bounds, q, parseScore(buf, bounds[8]!, bounds[9]!), parseScore(buf, bounds[6]!, bounds[7]!), line);
    });
    inPass.fill(0, first, last);
    await pass.hand(first, last, qids, builder, hand, input);
    first = last;
  }
  return notes;
}
