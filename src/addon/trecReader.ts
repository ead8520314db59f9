/**
 * The addon's byte-level TREC reader (native/reader/trecReader.hpp): the fast path of parseQrels
 * and forEachRunQuery, fed whole-line chunks. One object holds one qrels file and reads runs against it.
 */
export interface TrecReader {
  /** Reads qrels lines; returns a Problem. `info` is a Float64Array of Info.SIZE slots. */
  qrels(chunk: Uint8Array, info: Float64Array): number;
  /** Starts a run; judgedOnly (-J) keeps only documents with a label >= 0; tieKeys writes trec_eval's tie-break keys (see trecTieKeys). */
  startRun(judgedOnly: boolean, tieKeys: boolean): void;
  /** Reads run lines; returns a Problem. */
  run(chunk: Uint8Array, info: Float64Array): number;
  /** Ends the run: its last query goes to the output. */
  endRun(): void;
  /**
   * The queries read since the last take (qrels group, -1 when the qrels lack the query) with their
   * scores and labels cut at offsets, and their judged labels (none for group -1) cut at idealOffsets.
   * Only a query of group -1 has its id here (the others have a hole: map() would skip them): the
   * others' are judgements()' strings of their group.
   * With tie keys, each result's rank among its query's document ids, descending (else null).
   */
  take(): [qids: (string | undefined)[], groups: Int32Array, offsets: Uint32Array, scores: Float64Array, labels: Int32Array, idealOffsets: Uint32Array, ideal: Int32Array, tieKeys: Int32Array | null];
  /** The qrels' queries in order of first appearance (their groups; latin1 ids, a newline between them) and every query's labels; freezes them. */
  judgements(): [qids: string, offsets: Uint32Array, labels: Int32Array];
  /** Makes the judgements, frozen, available to readers on other threads of the process (attach) while this reader lives; returns their token. */
  share(): number;
  /** Reads runs against the judgements another reader shared instead of a qrels file. @throws TypeError when none live under `token` */
  attach(token: number): void;
  /**
   * The first reading of a run not grouped by query: checks its lines as run() does and counts
   * each query's bytes (the chunk of line 0 starts anew); returns a Problem. Then, for each pass,
   * startPass, gather over the file, runGathered (see readRunNative).
   */
  countRun(chunk: Uint8Array, info: Float64Array): number;
  /** The bytes of each query's lines that countRun counted, the queries in order of their first line. */
  runBytes(): Float64Array;
  /** Starts a pass keeping the lines of the queries whose value is 1 (one per query counted). */
  startPass(inPass: Uint8Array): void;
  /** Keeps the chunk's lines of the pass's queries. */
  gather(chunk: Uint8Array): void;
  /** Reads the pass's lines, each query's together, as run() reads a chunk (Problem.CHANGED when the file changed since it was counted), and frees them. */
  runGathered(info: Float64Array): number;
}

/** What a feed call stopped on (reader::Problem). */
export const Problem = { NONE: 0, FIELD_COUNT: 1, NOT_A_NUMBER: 2, LISTED_TWICE: 3, UNGROUPED: 4, CHANGED: 5 } as const;

/** The slots of the info array (reader::Info). */
export const Info = {
  /** lines read so far (set before the first chunk; the reader counts on) */
  LINE: 0,
  BAD_START: 1,
  BAD_END: 2,
  FIELDS: 3,
  FIRST_LINE: 4,
  RUNID_FOUND: 5,
  RUNID_START: 6,
  RUNID_END: 7,
  MISORDERED: 8,
  FIRST_MISORDERED: 9,
  RESULT_LINES: 10,
  /** in: the file's size in bytes when known, else 0: the reader reserves room for it after the first chunk */
  EXPECTED_BYTES: 11,
  SIZE: 12,
} as const;
