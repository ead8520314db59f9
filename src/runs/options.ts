import type { BackendChoice } from '../backends/backend.js';
import type { TieMode } from '../ties/modes.js';

/** How runs are evaluated: the command line's options as data (see evaluateRuns for the public form). */
export interface RunOptions {
  /** the tie modes to compute: one, or several (pessimistic, average, optimistic for a range) */
  readonly modes: readonly TieMode[];
  readonly backend: BackendChoice;
  /** -J: only documents with a label >= 0 in the qrels */
  readonly judgedOnly: boolean;
  /** -M: keep the top N per query after ordering (average mode keeps the tie group crossing N whole); 0: all */
  readonly maxRank: number;
  /** -c: every qrels query counts, those without results as 0 */
  readonly allQueries: boolean;
  /** --exact: refuse a value with no exact form within its budget instead of estimating it */
  readonly exact?: boolean;
  /** the lengths of the relstrings (trec_eval's relstring.N) to write per query and tie mode; none by default */
  readonly relstrings?: readonly number[];
  /**
   * Threads reading the run: its bytes are cut at query boundaries, the first part read here,
   * each other one in a worker thread, and the parts merged in file order. Default: one per
   * core, at most 4, for an uncompressed run file over 64 MiB, else 1. When a part meets a bad
   * line, misordered scores or a query another part has too, the run is read again in one
   * thread, so errors and warnings (with their line numbers) are the same whatever the thread
   * count.
   */
  readonly threads?: number;
  /**
   * Threads each chunk of queries read is evaluated on (the backend's `threads`); set by
   * evaluateRunFile: a run read in one thread shares its evaluation among `threads`, else one
   * per core (at most 4); a part read in parallel is evaluated on its reading thread. Default 1.
   */
  readonly evaluationThreads?: number;
  /** list each query's values over the distinct orderings of its ties when they are at most this many (see tieOrderings); 0 or absent: none */
  readonly orderings?: number;
  /** reports progress in bytes of the run */
  readonly onBytes?: (bytes: number) => void;
}
