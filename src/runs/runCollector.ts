import { evaluateModes } from '../api/evaluateModes.js';
import { MISSING_QUERY_DOCUMENT } from '../api/missingQuery.js';
import type { Batch, BatchResult } from '../api/types.js';
import type { BackendName } from '../backends/backend.js';
import { latin1ToUtf8 } from '../io/latin1.js';
import type { ParsedQrels } from '../io/parseQrels.js';
import type { RunQuery } from '../io/forEachRunQuery.js';
import type { NativeQueries } from '../io/readTrecNative.js';
import { tieModeCode, type TieMode } from '../ties/modes.js';
import { trecTieKeys } from '../ties/trecTieKeys.js';
import type { RunOptions } from './options.js';
import { relstring } from './relstring.js';
import { tieOrderings } from './tieOrderings.js';
import { Column } from '../util/column.js';

/** A collector's queries and values as plain data, sent from a worker thread (see RunCollector.merge). */
export interface CollectedPart {
  /** the evaluated queries, in the order of `values` */
  readonly qids: string[];
  /** the run's queries the qrels lack */
  readonly ignored: string[];
  /** per tie mode, measure m of query i at values[m * qids.length + i] */
  readonly values: [TieMode, Float64Array<ArrayBuffer>][];
  /** per tie mode and relstring length (`${mode}\t${length}`), query i's relstring at [i] */
  readonly strings: [string, string[]][];
  /** with RunOptions.orderings, query i's values over its tie orderings at [i] (see tieOrderings) */
  readonly orderings: (Float64Array | null)[];
  /** per tie mode, the values estimated from sampled orderings (see RunCollector.estimated) */
  readonly estimated: [TieMode, CollectedEstimate[]][];
  readonly backend: BackendName;
  /** the queries each backend evaluated (see RunCollector.backends) */
  readonly backends: Partial<Record<BackendName, number>>;
}

/** A value of a run estimated from sampled tie orderings (see Estimate): its query's id and its measure's index in the collector's names. */
export interface CollectedEstimate {
  readonly qid: string;
  readonly measure: number;
  readonly standardError: number;
  readonly samples: number;
  readonly capped: boolean;
}


/** The documents all listed orderings of a run (RunOptions.orderings) may fill, about a million. */
const ORDERINGS_ROOM = 1 << 20;

/** Results per pending chunk before it is evaluated: about a million keeps memory bounded. */
export const CHUNK = 1 << 20;

interface Pending {
  qids: string[];
  scores: ArrayLike<number> & Iterable<number>;
  labels: ArrayLike<number> & Iterable<number>;
  docs: string[];
  /** trec_eval's tie keys from the addon's reader (else, for the trec mode, from docs) */
  tieKeys?: Int32Array | null;
  offsets: ArrayLike<number>;
  ideal: NonNullable<Batch['idealLabels']>;
}

interface GrowingPending extends Pending {
  scores: number[];
  labels: number[];
  offsets: number[];
  ideal: ArrayLike<number>[];
}

const emptyPending = (): GrowingPending => ({ qids: [], scores: [], labels: [], docs: [], offsets: [0], ideal: [] });

/** Gathers a run's queries with their labels and evaluates them chunk by chunk. */
export class RunCollector {
  /** the evaluated queries (once flushed): their index in `values` */
  readonly index = new Map<string, number>();
  /** per tie mode and measure m, query i's value at index i of values.get(mode)[m] */
  readonly values = new Map<TieMode, Column[]>();
  /** per tie mode and relstring length (stringKey), query i's relstring at [i] */
  readonly strings = new Map<string, string[]>();
  readonly ignored: string[] = [];
  /** with RunOptions.orderings, query i's values over its tie orderings at [i] (see tieOrderings) */
  readonly orderings: (Float64Array | null)[] = [];
  /** per tie mode, the values estimated from sampled orderings, in the order evaluated */
  readonly estimated = new Map<TieMode, CollectedEstimate[]>();
  backend: BackendName = 'js';
  /** the queries each backend evaluated: under `auto` a batch of fewer than ROUTE_TO_JS_BELOW documents runs on the reference */
  readonly backends: Partial<Record<BackendName, number>> = {};
  private pending = emptyPending();
  private readonly keepDocs: boolean;
  /** -J without -M drops unjudged documents as they are read; with -M the kernels drop them after the cut */
  private readonly dropUnjudged: boolean;
  private order = new Int32Array(0);
  /** the documents the listed orderings may still fill: a run with more would not convolve anyway (see exactFlip) */
  private orderingsRoom = ORDERINGS_ROOM;

  private readonly relstrings: readonly number[];

  constructor(
    private readonly names: string[],
    private readonly options: RunOptions,
  ) {
    this.relstrings = options.relstrings ?? [];
    this.keepDocs = options.modes.includes('trec');
    this.dropUnjudged = options.judgedOnly && options.maxRank === 0;
  }

  /** A query from forEachRunQuery: labels looked up in the parsed qrels. */
  add(query: RunQuery, qrels: ParsedQrels): void {
    const judged = qrels.queries.get(query.qid);
    if (judged === undefined) {
      this.ignored.push(query.qid);
      return;
    }
    const p = this.pending;
    for (let i = 0; i < query.scores.length; i++) {
      const at = qrels.docs.findIdOf(judged.group, query.docs, i);
      const label = at < 0 ? -1 : qrels.labels[at]!;
      if (this.dropUnjudged && label < 0) continue;
      p.scores.push(query.scores[i]!);
      p.labels.push(label);
      if (this.keepDocs) p.docs.push(query.docs.text(i));
    }
    this.queue(query.qid, judged.labels);
  }

  /** Queues a query's entries (added before) with its judged labels for the next flush. */
  queue(qid: string, ideal: ArrayLike<number>): void {
    const p = this.pending;
    p.qids.push(qid);
    p.offsets.push(p.scores.length);
    p.ideal.push(ideal);
    if (p.scores.length >= CHUNK) this.flush();
  }

  /**
   * Queues a qrels query the run lacks as trec_eval's -c evaluates it: a ranking of one document
   * the qrels lack (score 1), which -J drops as it is read (with -M, after the cut).
   */
  queueMissing(qid: string, ideal: ArrayLike<number>): void {
    if (!this.dropUnjudged) {
      const p = this.pending;
      p.scores.push(1);
      p.labels.push(-1);
      if (this.keepDocs) p.docs.push(MISSING_QUERY_DOCUMENT);
    }
    this.queue(qid, ideal);
  }

  /** Queries from the addon's reader, labelled already: evaluated at once (the reader batches them). */
  addNative(queries: NativeQueries): void {
    const { qids, groups, offsets, idealOffsets } = queries;
    // a query the qrels lack has no entries and no judged labels: dropping its offsets drops it
    const kept: string[] = [];
    const keptOffsets = new Uint32Array(qids.length + 1);
    const keptIdeal = new Uint32Array(qids.length + 1);
    for (let q = 0; q < qids.length; q++) {
      if (groups[q]! < 0) this.ignored.push(qids[q]!);
      else {
        keptOffsets[kept.length + 1] = offsets[q + 1]!;
        keptIdeal[kept.length + 1] = idealOffsets[q + 1]!;
        kept.push(qids[q]!);
      }
    }
    const ideal = { labels: queries.ideal, offsets: keptIdeal.subarray(0, kept.length + 1) };
    this.evaluate({ qids: kept, offsets: keptOffsets.subarray(0, kept.length + 1), ideal, scores: queries.scores, labels: queries.labels, docs: [], tieKeys: queries.tieKeys });
  }

  /** Evaluates the queued queries. */
  flush(): void {
    this.evaluate(this.pending);
    this.pending = emptyPending();
  }

  /** The evaluated and ignored queries with their values, for another thread to merge (flush first). */
  toPart(): CollectedPart {
    return {
      qids: [...this.index.keys()],
      ignored: this.ignored,
      values: this.options.modes.map((mode) => [mode, this.flatValues(mode)]),
      strings: [...this.strings],
      orderings: this.orderings,
      estimated: [...this.estimated],
      backend: this.backend,
      backends: this.backends,
    };
  }

  /**
   * Appends the queries of a part that follows in the file (both flushed). Returns false, and
   * leaves the collector unusable, when one of them was seen already: the run is not grouped by
   * query across the parts.
   */
  merge(part: CollectedPart): boolean {
    const ignored = new Set(this.ignored);
    for (const qid of part.ignored) {
      if (this.index.has(qid) || ignored.has(qid)) return false;
      this.ignored.push(qid);
    }
    for (const qid of part.qids) {
      if (this.index.has(qid) || ignored.has(qid)) return false;
      this.index.set(qid, this.index.size);
    }
    for (const [mode, values] of part.values) {
      const queries = part.qids.length;
      this.columns(mode).forEach((column, m) => column.append(values.subarray(m * queries, (m + 1) * queries)));
    }
    for (const listed of part.orderings) this.orderings.push(listed);
    // one at a time: push(...list) takes one argument per estimate, past the stack's reach on a large run
    for (const [mode, estimated] of part.estimated) for (const e of estimated) this.estimatesOf(mode).push(e);
    for (const [name, queries] of Object.entries(part.backends) as [BackendName, number][]) this.backends[name] = (this.backends[name] ?? 0) + queries;
    for (const [key, strings] of part.strings) {
      const mine = this.strings.get(key);
      if (mine === undefined) this.strings.set(key, strings);
      else mine.push(...strings);
    }
    return true;
  }

  private evaluate(p: Pending): void {
    if (p.qids.length === 0) return;
    const { maxRank, judgedOnly } = this.options;
    const batch = {
      scores: p.scores instanceof Float64Array ? p.scores : Float64Array.from(p.scores),
      labels: p.labels instanceof Int32Array ? p.labels : Int32Array.from(p.labels),
      offsets: p.offsets instanceof Uint32Array ? p.offsets : Uint32Array.from(p.offsets),
      idealLabels: p.ideal,
      queryIds: p.qids.map(latin1ToUtf8),
    };
    // trec_eval's tie-break: the addon's reader wrote the keys, else they come from the ids
    const tieKeys = p.tieKeys ?? (this.keepDocs ? trecTieKeys(p.docs, batch.scores, batch.offsets, (q) => `query ${latin1ToUtf8(p.qids[q]!)}`) : null);
    // each query's index in the values: one lookup, new queries taking the next (a plain loop:
    // Int32Array.from with a mapping function costs several times as much)
    const at = new Int32Array(p.qids.length);
    for (let q = 0; q < at.length; q++) {
      const known = this.index.get(p.qids[q]!);
      if (known === undefined) this.index.set(p.qids[q]!, this.index.size);
      at[q] = known ?? this.index.size - 1;
    }
    // relstrings alone (runid, relstring) evaluate no measure
    const results = this.names.length === 0 ? new Map<TieMode, BatchResult>() : evaluateModes(batch, this.names, this.options.modes, { backend: this.options.backend, maxRank, judgedOnly: judgedOnly && maxRank > 0, threads: this.options.evaluationThreads ?? 1, exact: this.options.exact === true }, tieKeys, false);
    const served = results.values().next().value?.backend;
    if (served !== undefined) this.backends[served] = (this.backends[served] ?? 0) + p.qids.length;
    for (const [mode, result] of results) {
      this.backend = result.backend;
      const columns = this.columns(mode);
      this.names.forEach((name, m) => columns[m]!.setAt(at, result.perQuery[name]!));
      for (const e of result.estimated ?? []) {
        this.estimatesOf(mode).push({ qid: p.qids[e.query]!, measure: this.names.indexOf(e.measure), standardError: e.standardError, samples: e.samples, capped: e.capped });
      }
    }
    const most = this.options.orderings ?? 0;
    if (most > 0 && this.names.length > 0) {
      const { listed, room } = tieOrderings({ ...batch, idealLabels: p.ideal }, this.names, most, this.orderingsRoom, { backend: this.options.backend, maxRank, judgedOnly: judgedOnly && maxRank > 0 });
      this.orderingsRoom = room;
      for (let q = 0; q < at.length; q++) this.orderings[at[q]!] = listed[q]!;
    }
    if (this.relstrings.length > 0) this.writeRelstrings(batch.scores, batch.labels, batch.offsets, tieKeys, p.qids);
  }

  /** A mode's estimated values, made empty on first use. */
  private estimatesOf(mode: TieMode): CollectedEstimate[] {
    let estimated = this.estimated.get(mode);
    if (estimated === undefined) this.estimated.set(mode, (estimated = []));
    return estimated;
  }

  /** A mode's columns, made empty on first use. */
  private columns(mode: TieMode): Column[] {
    let columns = this.values.get(mode);
    if (columns === undefined) this.values.set(mode, (columns = this.names.map(() => new Column())));
    return columns;
  }

  /** A mode's columns one after the other (see CollectedPart.values). */
  private flatValues(mode: TieMode): Float64Array<ArrayBuffer> {
    const columns = this.columns(mode);
    const queries = this.index.size;
    const flat = new Float64Array(columns.length * queries);
    columns.forEach((column, m) => flat.set(column.view(), m * queries));
    return flat;
  }

  /** Each query's relstrings, in each tie mode and length. */
  private writeRelstrings(scores: Float64Array, labels: Int32Array, offsets: Uint32Array, keys: Int32Array | null, qids: string[]): void {
    const { maxRank, judgedOnly } = this.options;
    for (const mode of this.options.modes) {
      // a relstring has no spread: the sd mode's is the average's (the tie groups marked)
      const code = tieModeCode(mode === 'sd' ? 'average' : mode);
      for (const length of this.relstrings) {
        const key = stringKey(mode, length);
        let strings = this.strings.get(key);
        if (strings === undefined) this.strings.set(key, (strings = []));
        for (let q = 0; q < qids.length; q++) {
          const start = offsets[q]!;
          const n = offsets[q + 1]! - start;
          if (this.order.length < n) this.order = new Int32Array(Math.max(n, 2 * this.order.length));
          strings[this.index.get(qids[q]!)!] = relstring(scores, labels, keys, start, n, code, maxRank, judgedOnly, length, this.order);
        }
      }
    }
  }
}

/** The key of a tie mode's relstrings of one length in RunCollector.strings. */
export function stringKey(mode: TieMode, length: number): string {
  return `${mode}\t${length}`;
}
