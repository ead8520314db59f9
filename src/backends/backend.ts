import type { Plan } from '../measures/plan.js';
import type { LabelArray } from '../core/labels.js';

/** The backends: the TypeScript reference, AssemblyScript compiled to WebAssembly, the C++ addon. */
export type BackendName = 'js' | 'wasm' | 'native';

/** The `backend` option: a backend by name, or `auto` (the one chosen at load time). */
export type BackendChoice = 'auto' | BackendName;

/** The judgements of a batch: everything that does not depend on scores. */
export interface JudgedBatch {
  /** one label per entry */
  readonly labels: LabelArray;
  /** Q + 1 offsets into labels (and later scores) */
  readonly offsets: Uint32Array;
  /** every judged label per query (may be `labels` itself) */
  readonly ideal: LabelArray;
  /** Q + 1 offsets into ideal */
  readonly idealOffsets: Uint32Array;
  /** the caller's R per query, or null to count it */
  readonly relevant: Float64Array | null;
}

/** A batch's judgements after step 0, ready for any number of score vectors. */
export interface Prepared {
  /**
   * What the last step found, [code, query, position]: a Status code, and where it met bad
   * input (else -1). Step 0 writes it first; each evaluate overwrites it (no allocation).
   */
  readonly status: Int32Array;
  /**
   * Steps 1-3 for one score vector (one score per label entry): measure `row` of query q
   * goes to out[row * Q + q]. `tieKeys` (trec mode only) come from trecTieKeys.
   * Returns the status code (also status[0]).
   */
  evaluate(scores: Float64Array, tieKeys: Int32Array | null, mode: number, out: Float64Array): number;
}

/**
 * A backend: step 0 (prepare) and steps 1-3 (Prepared.evaluate) over the flat batch layout.
 * Every entry point checks its arguments (types, lengths, offsets, the plan) before a kernel
 * reads memory, and throws InputError / InputTypeError on bad ones.
 */
export interface Backend {
  readonly name: BackendName;
  /**
   * Step 0; `threads` (default 1) is how many threads the native and wasm backends may split
   * the queries among, in step 0 and in every evaluate (see EvaluateOptions.threads); js ignores it.
   */
  prepare(judged: JudgedBatch, plan: Plan, threads?: number): Prepared;
  /**
   * Step 0 and steps 1-3 at once, for a batch evaluated once (native and wasm): the values of
   * prepare then evaluate, computed chunk by chunk while a chunk's labels are in cache, in one
   * job for the threads. Returns the status code; on bad input the caller runs prepare and
   * evaluate, which name the error as every backend does (step 0's first).
   */
  evaluateBatch?(judged: JudgedBatch, plan: Plan, scores: Float64Array, tieKeys: Int32Array | null, mode: number, out: Float64Array, threads: number): number;
  /**
   * evaluateBatch started on the backend's threads (native), returning at once: the caller
   * goes on (evaluateRun reads its next queries) and calls the returned function, which waits
   * for the job (the calling thread helping) and returns its status code. Until then the
   * caller keeps the arrays and changes none; a call made meanwhile (from a getter) runs on the
   * calling thread alone. With one thread, or a small batch, the job runs before this returns.
   */
  startBatch?(judged: JudgedBatch, plan: Plan, scores: Float64Array, tieKeys: Int32Array | null, mode: number, out: Float64Array, threads: number): () => number;
  /**
   * The diversity measures of a batch (see DiversityBatch): measure m of query q goes to
   * out[m * Q + q]. Throws for a bad batch before a kernel reads it (InputError / InputTypeError;
   * the addon's, RangeError / TypeError).
   */
  diversity(batch: DiversityBatch, out: Float64Array): void;
}

/**
 * A batch of queries for the diversity measures (ndeval's), flat: each query's judged documents
 * are rows (a row's subtopics, 0..A-1 of its query, ascending), its ranking a list of rows (-1 for
 * a document not judged) in tie groups, its ideal candidates the rows of its relevant documents
 * in document id order. The measures share sums per (alpha, beta): a sum group.
 */
export interface DiversityBatch {
  /** rows + 1 offsets into subtopics */
  readonly rows: Uint32Array;
  /** each row's subtopics */
  readonly subtopics: Int32Array;
  /** A per query: its subtopics some document is relevant to */
  readonly subtopicCounts: Int32Array;
  /** Q + 1 offsets into ranking */
  readonly rankingOffsets: Uint32Array;
  /** each query's ranking, best first: a row per position, -1 for a document not judged */
  readonly ranking: Int32Array;
  /** Q + 1 offsets into groupEnds */
  readonly groupOffsets: Uint32Array;
  /** each query's tie groups: their ends (exclusive) from its first position, increasing to its ranking's length */
  readonly groupEnds: Int32Array;
  /** Q + 1 offsets into ideal */
  readonly idealOffsets: Uint32Array;
  /** each query's ideal candidates: the rows of its relevant documents, document id ascending */
  readonly ideal: Int32Array;
  /** no position from this one on counts (ndeval's -M; 0: none) */
  readonly maxRank: number;
  /** per sum group: alpha, beta, depth (the ranks its cut-off measures read, >= 1), and 1 when it has an NRBP measure else 0 */
  readonly sumGroups: Float64Array;
  /** per measure: its DiversityCode, its cut-off (0: none), its sum group (0 for MAP-IA, P-IA and strec) */
  readonly measures: Float64Array;
  /** ndeval's discount of each rank i below the deepest sum group's depth: ln 2 / ln(i + 2) */
  readonly discounts: Float64Array;
}
