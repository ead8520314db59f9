import type { BackendName } from '../backends/backend.js';
import type { BackendChoice } from '../backends/backend.js';
import type { Estimate } from '../estimate/estimateRefused.js';
import type { TieMode } from '../ties/modes.js';

/** Label arrays a batch may use. Negative labels mean unjudged; Uint8Array cannot hold them. */
export type BatchLabels = Float64Array | Int32Array | Uint8Array;

/** One ranked query for `evaluate`. All arrays have one entry per retrieved document. */
export interface Query {
  /** Scores; higher ranks first. NaN is an error; ±Infinity are ordinary scores. */
  readonly scores: ArrayLike<number>;
  /** Integer judgements: >= rel relevant, 0..rel-1 judged non-relevant, negative unjudged. */
  readonly labels: ArrayLike<number>;
  /** Document ids: needed for `ties: 'trec'`; when given, an id may appear only once. */
  readonly docs?: readonly string[];
  /** R, the relevant documents the judgements know (retrieved or not). Default: counted from `idealLabels`. */
  readonly relevant?: number;
  /** Every judged label of the query (for R, IDCG and bpref's N). Default: `labels`. */
  readonly idealLabels?: ArrayLike<number>;
}

/**
 * Many queries in flat arrays: query q owns entries offsets[q] .. offsets[q+1]-1 of `scores`,
 * `labels` and `docs`. The compiled backends read these arrays without copying.
 */
export interface Batch {
  readonly scores: Float64Array;
  readonly labels: BatchLabels;
  /** Q + 1 non-decreasing offsets, from 0 to scores.length. */
  readonly offsets: Uint32Array;
  /** R per query. Default: counted from the ideal labels. */
  readonly relevant?: Float64Array;
  /** Every judged label per query, as Q arrays or as flat labels with their own Q + 1 offsets. Default: `labels`. */
  readonly idealLabels?: readonly ArrayLike<number>[] | { readonly labels: BatchLabels; readonly offsets: Uint32Array };
  /** Document ids, one per entry: needed for `ties: 'trec'`. */
  readonly docs?: readonly string[];
  /** Query ids, one per query: used in error messages. */
  readonly queryIds?: readonly string[];
}

/** Options of `evaluate` and `evaluateBatch`. */
export interface EvaluateOptions {
  /** How tied scores are ordered; default `average` (the expectation over all orderings). */
  readonly ties?: TieMode;
  /**
   * Which backend computes: `auto` (default: the one chosen at load time, see `backendInfo`),
   * or `native`, `wasm`, `js` (an error when that one did not load).
   */
  readonly backend?: BackendChoice;
  /**
   * Threads the native and wasm backends share the queries among (an integer from 1 to 256,
   * default 1): they take chunks of queries (about 16k documents each) in turn, and a batch of
   * fewer than 32,768 documents per thread uses fewer threads (one for a small batch). The
   * threads beside the calling one are kept for the next call, and wait for it spinning for 2 ms
   * before they sleep: threads inside the addon, or worker threads for wasm (started at the first
   * call that needs them, some 50 ms each; they never keep the process alive). The values, and
   * the error bad input gets, do not depend on it. The `js` backend always runs on the calling
   * thread.
   */
  readonly threads?: number;
  /**
   * Keep the top `maxRank` documents of each query once ordered in the tie mode, as trec_eval's
   * `-M`: a whole number, default 0 (no cut). In `average` and `sd` modes, over which documents
   * of a tie group crossing it are in (docs/measures.md). R and the ideal DCG still count every judgement.
   */
  readonly maxRank?: number;
  /**
   * Leave out the documents the judgements do not judge (label < 0) after the maxRank cut, as
   * trec_eval's `-J` does: ranks close up. Default false.
   */
  readonly judgedOnly?: boolean;
  /**
   * Refuse a value that has no exact form within its budget (interpolated precision and G in
   * large tie groups, in `average` mode; in `sd` mode the spread of ERR, infAP, G, IPrec and a few
   * more over many orderings): an InputError naming the query and the measure. Default false:
   * such a value is estimated from sampled orderings and listed, with its standard error, in
   * the result's `estimated` (see docs/measures.md, "Estimates").
   */
  readonly exact?: boolean;
}

/** The values of a batch. */
export interface BatchResult {
  /** Per measure name (as given): one value per query. The arrays are views of one buffer owned by the caller. */
  readonly perQuery: Record<string, Float64Array>;
  /** Per measure name: the mean over the queries (NaN for an empty batch). */
  readonly mean: Record<string, number>;
  /** The backend that computed the values. */
  readonly backend: BackendName;
  /**
   * The values estimated from sampled tie orderings, with their standard errors, in query order;
   * absent when every value is exact (see EvaluateOptions.exact).
   */
  readonly estimated?: readonly Estimate[];
  /** Per measure with an estimated value, the standard error of its `mean`; absent when every value is exact. */
  readonly meanError?: Readonly<Record<string, number>>;
}
