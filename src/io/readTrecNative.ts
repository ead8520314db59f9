import type { ByteRange } from './byteRange.js';
import { FileError } from './fileError.js';
import { splitFields } from './fields.js';
import { forEachChunk, inputSize } from './forEachChunk.js';
import { inputName, type Input } from './input.js';
import { judgedTwice, labelNotAnInteger, listedTwice, qrelsFieldCount, runFieldCount, scoreNotANumber } from './lineProblems.js';
import type { RunNotes } from './forEachRunQuery.js';
import { Info, Problem, type TrecReader } from '../addon/trecReader.js';

/** A qrels file read by the addon's reader, which keeps the judged documents. */
export interface NativeQrels {
  readonly reader: TrecReader;
  /** the query ids (latin1) by group, in order of first appearance */
  readonly qids: readonly string[];
  /** the labels of group `group`'s judged documents, in file order (a view) */
  labels(group: number): Int32Array;
}

/**
 * Queries of a run as the reader outputs them: group -1 marks a query the qrels lack (it has no
 * entries and no judged labels). Query q's judged labels are ideal[idealOffsets[q] .. idealOffsets[q + 1]).
 */
export interface NativeQueries {
  readonly qids: string[];
  readonly groups: Int32Array;
  readonly offsets: Uint32Array;
  readonly scores: Float64Array;
  readonly labels: Int32Array;
  readonly idealOffsets: Uint32Array;
  readonly ideal: Int32Array;
  /** trec_eval's tie-break keys of the entries (see trecTieKeys), when asked for */
  readonly tieKeys: Int32Array | null;
}

/** parseQrels with the addon's reader: the same checks and messages, at byte speed. */
export async function readQrelsNative(input: Input, reader: TrecReader): Promise<NativeQrels> {
  const path = inputName(input);
  const info = new Float64Array(Info.SIZE);
  info[Info.EXPECTED_BYTES] = await inputSize(input);
  await forEachChunk(input, (chunk) => {
    const problem = reader.qrels(chunk, info);
    if (problem !== Problem.NONE) throw lineProblem(path, false, problem, chunk, info);
  });
  return judgementsOf(reader, path);
}

/**
 * The qrels another thread's reader read and shared (TrecReader.share gave `token`), for a
 * reader on this thread: the documents and their hash tables are not copied, only each query's labels.
 * @throws TypeError when the sharing reader is gone
 */
export function attachQrelsNative(token: number, reader: TrecReader, name: string): NativeQrels {
  reader.attach(token);
  return judgementsOf(reader, name);
}

/** A reader's frozen judgements, by group. */
function judgementsOf(reader: TrecReader, path: string): NativeQrels {
  const [joined, offsets, labels] = reader.judgements();
  if (joined === '') throw new FileError(path, 0, 'the qrels file holds no judgements');
  // no map by id: a run's queries come with their group, and a map of 28k ids costs several ms
  return { reader, qids: joined.split('\n'), labels: (group) => labels.subarray(offsets[group], offsets[group + 1]) };
}

class Ungrouped extends Error {}

/**
 * forEachRunQuery with the addon's reader, which also looks up each document's label (-1: unjudged) and
 * applies -J, and with `tieKeys` writes trec_eval's tie-break keys (each result's rank among its
 * query's ids): the queries go to `onQueries` in batches of about `batchLines` result lines.
 * A run not grouped by query is read again, in passes (readUngrouped: `passBytes` of lines each,
 * by default at least 64 MiB): its queries go to `onQueries` again from the first (`ungrouped`
 * true: drop those handed before), and the notes say `ungrouped`. Returns null when such a run lists a document twice in a query (forEachRunQuery
 * gives the message, with both lines), or, with `range`, when the range is not grouped by query.
 * With `range`, only those bytes are read (line numbers count from the range's start).
 * @throws FileError as forEachRunQuery
 */
export async function readRunNative(
  input: Input,
  qrels: NativeQrels,
  judgedOnly: boolean,
  tieKeys: boolean,
  batchLines: number,
  onQueries: (queries: NativeQueries, ungrouped: boolean) => void,
  onBytes?: (bytes: number) => void,
  range?: ByteRange,
  passBytes?: number,
): Promise<RunNotes | null> {
  const { reader } = qrels;
  const path = inputName(input);
  const info = new Float64Array(Info.SIZE);
  info[Info.EXPECTED_BYTES] = range === undefined ? await inputSize(input) : range.end - range.start;
  const notes: RunNotes = { runid: '', misordered: 0, firstMisordered: 0, ungrouped: false };
  let ungrouped = false;
  const take = (): void => {
    const [ids, groups, offsets, scores, labels, idealOffsets, ideal, keys] = reader.take();
    // the same strings as the qrels' (no new string per query, and Map lookups reuse their hashes);
    // a loop, as map() would skip the holes the qrels' queries have for ids
    const qids = new Array<string>(groups.length);
    for (let q = 0; q < qids.length; q++) qids[q] = ids[q] ?? qrels.qids[groups[q]!]!;
    onQueries({ qids, groups, offsets, scores, labels, idealOffsets, ideal, tieKeys: keys }, ungrouped);
  };
  reader.startRun(judgedOnly, tieKeys);
  let taken = 0;
  try {
    await forEachChunk(
      input,
      (chunk) => {
        const problem = reader.run(chunk, info);
        keepRunid(chunk, info, notes);
        if (problem === Problem.UNGROUPED) throw new Ungrouped();
        if (problem !== Problem.NONE) throw lineProblem(path, true, problem, chunk, info);
        if (info[Info.RESULT_LINES]! - taken >= batchLines) {
          taken = info[Info.RESULT_LINES]!;
          take();
        }
      },
      onBytes,
      range,
    );
  } catch (e) {
    if (!(e instanceof Ungrouped)) throw e;
    // a part of a run read by several threads: the caller reads the whole run in one
    ungrouped = true;
    return range === undefined ? await readUngrouped(input, reader, judgedOnly, tieKeys, take, onBytes, passBytes) : null;
  }
  if (info[Info.RESULT_LINES] === 0) throw new FileError(path, 0, 'the run file holds no results');
  reader.endRun();
  take();
  notes.misordered = info[Info.MISORDERED]!;
  notes.firstMisordered = info[Info.FIRST_MISORDERED]!;
  return notes;
}

/** The lines a pass over a run not grouped by query holds: at least this many bytes' worth, */
const PASS_BYTES = 64 * 2 ** 20;
/** or the file's bytes over this many passes, when that is more (each pass reads the whole file). */
const MOST_PASSES = 32;

/**
 * A run not grouped by query, read again: one pass checks its lines and counts each query's
 * bytes (the addon's RunGrouping), then passes over the file each keep the lines of the next
 * queries (in order of first line) that fit in `passBytes`, grouped, and read them as a grouped
 * run. Memory is one pass's lines. Returns null when a document is listed twice (forEachRunQuery
 * reports it with both lines).
 * @throws FileError as readRunNative, and when the file changes between passes
 */
async function readUngrouped(input: Input, reader: TrecReader, judgedOnly: boolean, tieKeys: boolean, take: () => void, onBytes?: (bytes: number) => void, passBytes?: number): Promise<RunNotes | null> {
  const path = inputName(input);
  const info = new Float64Array(Info.SIZE);
  const notes: RunNotes = { runid: '', misordered: 0, firstMisordered: 0, ungrouped: true };
  await forEachChunk(
    input,
    (chunk) => {
      const problem = reader.countRun(chunk, info);
      keepRunid(chunk, info, notes);
      if (problem !== Problem.NONE) throw lineProblem(path, true, problem, chunk, info);
    },
    onBytes,
  );
  if (info[Info.RESULT_LINES] === 0) throw new FileError(path, 0, 'the run file holds no results');
  const bytes = reader.runBytes();
  const budget = passBytes ?? Math.max(PASS_BYTES, Math.ceil(bytes.reduce((a, b) => a + b, 0) / MOST_PASSES));
  reader.startRun(judgedOnly, tieKeys);
  const inPass = new Uint8Array(bytes.length);
  const passInfo = new Float64Array(Info.SIZE);
  // each pass: queries first..last-1 (at least one)
  for (let first = 0; first < bytes.length; ) {
    let last = first;
    for (let held = 0; last < bytes.length && (last === first || held + bytes[last]! <= budget); last++) held += bytes[last]!;
    inPass.fill(1, first, last);
    reader.startPass(inPass);
    await forEachChunk(input, (chunk) => reader.gather(chunk));
    const problem = reader.runGathered(passInfo);
    if (problem === Problem.CHANGED) throw new FileError(path, 0, 'the run file changed while it was read (a run not grouped by query is read once per pass)');
    if (problem !== Problem.NONE) return null;
    if (last === bytes.length) reader.endRun();
    take();
    inPass.fill(0, first, last);
    first = last;
  }
  notes.misordered = info[Info.MISORDERED]!;
  notes.firstMisordered = info[Info.FIRST_MISORDERED]!;
  return notes;
}

/** The run tag of the first result line into `notes`, once the reader found it in `chunk`. */
function keepRunid(chunk: Buffer, info: Float64Array, notes: RunNotes): void {
  if (info[Info.RUNID_FOUND] !== 1) return;
  notes.runid = chunk.toString('utf8', info[Info.RUNID_START], info[Info.RUNID_END]);
  info[Info.RUNID_FOUND] = 0;
}

/** The FileError for the reader's problem, worded as the TypeScript readers word it. */
function lineProblem(path: string, run: boolean, problem: number, chunk: Buffer, info: Float64Array): FileError {
  const line = info[Info.LINE]!;
  const start = info[Info.BAD_START]!;
  const end = info[Info.BAD_END]!;
  const count = info[Info.FIELDS]!;
  if (problem === Problem.FIELD_COUNT) return (run ? runFieldCount : qrelsFieldCount)(path, line, count, chunk, start, end);
  if (problem === Problem.NOT_A_NUMBER) return (run ? scoreNotANumber : labelNotAnInteger)(path, line, chunk, start, end);
  const bounds = new Int32Array(16);
  splitFields(chunk, start, end, bounds, 7);
  const doc = chunk.toString('latin1', bounds[4], bounds[5]);
  const qid = chunk.toString('latin1', bounds[0], bounds[1]);
  return (run ? listedTwice : judgedTwice)(path, doc, qid, info[Info.FIRST_LINE]!, line, chunk, start, end);
}
