import { evaluateBatch } from '../api/evaluateBatch.js';
import type { BackendName } from '../backends/backend.js';
import type { BackendChoice } from '../backends/facade.js';
import { FileError } from '../io/fileError.js';
import { latin1ToUtf8 } from '../io/latin1.js';
import { readQrels, type Qrels } from '../io/readQrels.js';
import { readRun, type RunNotes, type RunQuery } from '../io/readRun.js';
import { readRunNative, type NativeQrels, type NativeQueries } from '../io/readTrecNative.js';
import { compareIds } from '../ties/compareIds.js';
import type { TieMode } from '../ties/modes.js';
import type { CliMeasure } from './measureNames.js';

/** How a run is evaluated (the command line's options). */
export interface RunOptions {
  /** the tie modes to compute: one, or pessimistic, average, optimistic for `--ties range` */
  readonly modes: readonly TieMode[];
  readonly backend: BackendChoice;
  /** -J: only documents with a label >= 0 in the qrels */
  readonly judgedOnly: boolean;
  /** -M: keep the top N per query after ordering (average mode keeps the tie group crossing N whole) */
  readonly maxRank: number;
  /** -c: every qrels query counts, those without results as 0 */
  readonly allQueries: boolean;
  /** reports progress in bytes of the run file */
  readonly onBytes?: (bytes: number) => void;
}

/**
 * The judgements runs are evaluated against: read by the addon's reader (`native`) when it
 * serves, else by readQrels (`parsed`), which a run that is not grouped by query also needs.
 */
export interface QrelsSource {
  readonly path: string;
  readonly native?: NativeQrels;
  parsed?: Qrels;
}

/** A run's values: per tie mode and measure, one value per query (queries in byte order). */
export interface RunEvaluation {
  readonly run: string;
  readonly runid: string;
  readonly backend: BackendName;
  readonly queries: string[];
  /** the distinct measure names evaluated: the measure index of `values` */
  readonly names: string[];
  /** values[mode][measure][query] */
  readonly values: Map<TieMode, Float64Array[]>;
  readonly warnings: string[];
}

/** Results per pending chunk before it is evaluated: about a million keeps memory bounded. */
const CHUNK = 1 << 20;

interface Pending {
  qids: string[];
  scores: ArrayLike<number> & Iterable<number>;
  labels: ArrayLike<number> & Iterable<number>;
  docs: string[];
  offsets: ArrayLike<number>;
  ideal: ArrayLike<number>[];
}

interface GrowingPending extends Pending {
  scores: number[];
  labels: number[];
  offsets: number[];
}

const emptyPending = (): GrowingPending => ({ qids: [], scores: [], labels: [], docs: [], offsets: [0], ideal: [] });

/** The query's entries kept by -M in one tie mode: the top `maxRank` after ordering, in average mode every document scoring at least the maxRank-th score. */
function truncate(p: Pending, q: number, maxRank: number, mode: TieMode): number[] {
  const start = p.offsets[q]!;
  const n = p.offsets[q + 1]! - start;
  const idx = Array.from({ length: n }, (_, i) => start + i);
  if (n <= maxRank) return idx;
  idx.sort((a, b) => {
    if (p.scores[a] !== p.scores[b]) return p.scores[b]! - p.scores[a]!;
    if (mode === 'optimistic') return p.labels[b]! - p.labels[a]!;
    if (mode === 'pessimistic') return p.labels[a]! - p.labels[b]!;
    if (mode === 'trec') return compareIds(p.docs[b]!, p.docs[a]!);
    return a - b;
  });
  if (mode !== 'average') return idx.slice(0, maxRank);
  const cut = p.scores[idx[maxRank - 1]!]!;
  return idx.filter((i) => p.scores[i]! >= cut);
}

/** Gathers a run's queries with their labels and evaluates them chunk by chunk. */
class RunCollector {
  /** the evaluated queries: their index in `values` */
  readonly index = new Map<string, number>();
  /** per tie mode, measure m of query i at values[i * names.length + m] */
  readonly values = new Map<TieMode, number[]>();
  readonly ignored: string[] = [];
  readonly evaluated = new Set<string>();
  backend: BackendName = 'js';
  private pending = emptyPending();
  private readonly keepDocs: boolean;

  constructor(
    private readonly names: string[],
    private readonly options: RunOptions,
  ) {
    this.keepDocs = options.modes.includes('trec') || options.maxRank > 0;
  }

  /** A query from readRun: labels looked up in the parsed qrels. */
  add(query: RunQuery, qrels: Qrels): void {
    const judged = qrels.queries.get(query.qid);
    if (judged === undefined) {
      this.ignored.push(query.qid);
      return;
    }
    const p = this.pending;
    for (let i = 0; i < query.scores.length; i++) {
      const at = qrels.docs.findIdOf(judged.group, query.docs, i);
      const label = at < 0 ? -1 : qrels.labels[at]!;
      if (this.options.judgedOnly && label < 0) continue;
      p.scores.push(query.scores[i]!);
      p.labels.push(label);
      if (this.keepDocs) p.docs.push(query.docs.text(i));
    }
    this.queue(query.qid, judged.labels);
  }

  /** Queues a query's entries (added before) with its judged labels for the next flush. */
  queue(qid: string, ideal: ArrayLike<number>): void {
    const p = this.pending;
    this.evaluated.add(qid);
    p.qids.push(qid);
    p.offsets.push(p.scores.length);
    p.ideal.push(ideal);
    if (p.scores.length >= CHUNK) this.flush();
  }

  /** Queries from the addon's reader, labelled already: evaluated at once (the reader batches them). */
  addNative(queries: NativeQueries, qrels: NativeQrels): void {
    const { qids, groups, offsets } = queries;
    // a query the qrels lack has no entries: dropping its offset drops it
    const kept = { qids: [] as string[], offsets: [0], ideal: [] as Int32Array[] };
    for (let q = 0; q < qids.length; q++) {
      if (groups[q]! < 0) this.ignored.push(qids[q]!);
      else {
        this.evaluated.add(qids[q]!);
        kept.qids.push(qids[q]!);
        kept.offsets.push(offsets[q + 1]!);
        kept.ideal.push(qrels.groups[groups[q]!]!.labels);
      }
    }
    this.evaluate({ ...kept, scores: queries.scores, labels: queries.labels, docs: [] });
  }

  /** Evaluates the queued queries. */
  flush(): void {
    this.evaluate(this.pending);
    this.pending = emptyPending();
  }

  private evaluate(p: Pending): void {
    if (p.qids.length === 0) return;
    const { maxRank } = this.options;
    for (const mode of this.options.modes) {
      const keep = maxRank > 0 ? p.qids.map((_, q) => truncate(p, q, maxRank, mode)) : null;
      const entries = keep === null ? null : keep.flat();
      const offsets = new Uint32Array(p.qids.length + 1);
      for (let q = 0; q < p.qids.length; q++) offsets[q + 1] = keep === null ? p.offsets[q + 1]! : offsets[q]! + keep[q]!.length;
      const pick = <T>(a: ArrayLike<T> & Iterable<T>): T[] | ArrayLike<T> => (entries === null ? a : entries.map((i) => a[i]!));
      const result = evaluateBatch(
        {
          scores: p.scores instanceof Float64Array && entries === null ? p.scores : Float64Array.from(pick(p.scores) as Iterable<number>),
          labels: p.labels instanceof Int32Array && entries === null ? p.labels : Int32Array.from(pick(p.labels) as Iterable<number>),
          offsets,
          idealLabels: p.ideal,
          ...(mode === 'trec' ? { docs: pick(p.docs) as string[] } : {}),
          queryIds: p.qids.map(latin1ToUtf8),
        },
        this.names,
        { ties: mode, backend: this.options.backend },
      );
      this.backend = result.backend;
      let values = this.values.get(mode);
      if (values === undefined) this.values.set(mode, (values = []));
      const columns = this.names.map((name) => result.perQuery[name]!);
      p.qids.forEach((qid, q) => {
        let i = this.index.get(qid);
        if (i === undefined) this.index.set(qid, (i = this.index.size));
        columns.forEach((column, m) => (values[i * columns.length + m] = column[q]!));
      });
    }
  }
}

/**
 * Evaluates one run against the qrels, streaming it query by query and evaluating in chunks:
 * with the addon's reader when the qrels were read by it, else (and for a run not grouped by
 * query) with readRun.
 * @throws FileError for a bad line (see readRun) or a run none of whose queries is in the qrels
 */
export async function evaluateRun(runPath: string, qrels: QrelsSource, measures: readonly CliMeasure[], options: RunOptions): Promise<RunEvaluation> {
  const names = [...new Set(measures.map((m) => m.name))];
  let collector = new RunCollector(names, options);
  const native = qrels.native;
  let notes: RunNotes | null = null;
  if (native !== undefined) notes = await readRunNative(runPath, native, options.judgedOnly, CHUNK, (queries) => collector.addNative(queries, native), options.onBytes);
  if (notes === null) {
    collector = new RunCollector(names, options);
    const parsed = (qrels.parsed ??= await readQrels(qrels.path));
    notes = await readRun(runPath, (query) => collector.add(query, parsed), options.onBytes);
  }
  const judged = (qrels.parsed ?? native!).queries;
  const missing = [...judged.keys()].filter((qid) => !collector.evaluated.has(qid));
  if (options.allQueries) for (const qid of missing) collector.queue(qid, judged.get(qid)!.labels);
  collector.flush();

  const { ignored, index } = collector;
  const warnings: string[] = [];
  const example = (ids: string[]): string => `(e.g. ${ids.slice(0, 3).map(latin1ToUtf8).join(', ')})`;
  if (ignored.length > 0) warnings.push(`${runPath}: ${ignored.length} queries of the run are not in the qrels and were ignored ${example(ignored)}`);
  if (missing.length > 0 && !options.allQueries) {
    warnings.push(`${runPath}: ${missing.length} queries of the qrels have no results and are left out of the mean (-c counts them as 0) ${example(missing)}`);
  }
  if (notes.misordered > 0) {
    warnings.push(
      `${runPath}: ${notes.misordered} lines score higher than the line before in their query while their rank is higher too (first at line ${notes.firstMisordered}); the run was probably sorted by scores as text (exponent format); tie-eval orders by score`,
    );
  }
  if (index.size === 0) {
    throw new FileError(runPath, 0, `none of its ${ignored.length} queries is in the qrels ${example(ignored)}: nothing to evaluate`);
  }
  const queries = [...index.keys()].sort(compareIds);
  const order = queries.map((qid) => index.get(qid)!);
  const values = new Map<TieMode, Float64Array[]>();
  for (const mode of options.modes) {
    const flat = collector.values.get(mode)!;
    values.set(
      mode,
      names.map((_, m) => Float64Array.from(order, (i) => flat[i * names.length + m]!)),
    );
  }
  return { run: runPath, runid: notes.runid, backend: collector.backend, queries: queries.map(latin1ToUtf8), names, values, warnings };
}
