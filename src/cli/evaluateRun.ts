import { evaluateBatch } from '../api/evaluateBatch.js';
import type { BackendName } from '../backends/backend.js';
import type { BackendChoice } from '../backends/facade.js';
import { FileError } from '../io/fileError.js';
import { latin1ToUtf8, type Qrels } from '../io/readQrels.js';
import { readRun, type RunNotes, type RunQuery } from '../io/readRun.js';
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
  scores: number[];
  labels: number[];
  docs: string[];
  offsets: number[];
  ideal: number[][];
}

const emptyPending = (): Pending => ({ qids: [], scores: [], labels: [], docs: [], offsets: [0], ideal: [] });

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

/**
 * Evaluates one run against the qrels, streaming it query by query and evaluating in chunks.
 * @throws FileError for a bad line, a document listed twice in a query (naming both lines), or a
 *   run none of whose queries is in the qrels
 */
export async function evaluateRun(runPath: string, qrels: Qrels, measures: readonly CliMeasure[], options: RunOptions): Promise<RunEvaluation> {
  const names = [...new Set(measures.map((m) => m.name))];
  const keepDocs = options.modes.includes('trec') || options.maxRank > 0;
  const perQuery = new Map<string, Map<TieMode, Float64Array>>();
  const ignored: string[] = [];
  const evaluated = new Set<string>();
  let backend: BackendName = 'js';
  let pending = emptyPending();

  const flush = (): void => {
    if (pending.qids.length === 0) return;
    for (const mode of options.modes) {
      const keep = options.maxRank > 0 ? pending.qids.map((_, q) => truncate(pending, q, options.maxRank, mode)) : null;
      const entries = keep === null ? null : keep.flat();
      const offsets = new Uint32Array(pending.qids.length + 1);
      for (let q = 0; q < pending.qids.length; q++) offsets[q + 1] = keep === null ? pending.offsets[q + 1]! : offsets[q]! + keep[q]!.length;
      const pick = <T>(a: T[]): T[] => (entries === null ? a : entries.map((i) => a[i]!));
      const result = evaluateBatch(
        {
          scores: Float64Array.from(pick(pending.scores)),
          labels: Int32Array.from(pick(pending.labels)),
          offsets,
          idealLabels: pending.ideal,
          ...(mode === 'trec' ? { docs: pick(pending.docs) } : {}),
          queryIds: pending.qids.map(latin1ToUtf8),
        },
        names,
        { ties: mode, backend: options.backend },
      );
      backend = result.backend;
      pending.qids.forEach((qid, q) => {
        const row = new Float64Array(names.length);
        names.forEach((name, m) => (row[m] = result.perQuery[name]![q]!));
        let modes = perQuery.get(qid);
        if (modes === undefined) perQuery.set(qid, (modes = new Map()));
        modes.set(mode, row);
      });
    }
    pending = emptyPending();
  };

  const seen = new Map<string, number>();
  const add = (query: RunQuery): void => {
    const judged = qrels.get(query.qid);
    if (judged === undefined) {
      ignored.push(query.qid);
      return;
    }
    seen.clear();
    for (let i = 0; i < query.docs.length; i++) {
      const doc = query.docs[i]!;
      const first = seen.get(doc);
      if (first !== undefined) {
        throw new FileError(runPath, query.lines[i]!, `document ${latin1ToUtf8(doc)} appears twice in query ${latin1ToUtf8(query.qid)}, at lines ${query.lines[first]} and ${query.lines[i]}`);
      }
      seen.set(doc, i);
      const at = judged.index.get(doc);
      const label = at === undefined ? -1 : judged.labels[at]!;
      if (options.judgedOnly && label < 0) continue;
      pending.scores.push(query.scores[i]!);
      pending.labels.push(label);
      if (keepDocs) pending.docs.push(doc);
    }
    evaluated.add(query.qid);
    pending.qids.push(query.qid);
    pending.offsets.push(pending.scores.length);
    pending.ideal.push(judged.labels);
    if (pending.scores.length >= CHUNK) flush();
  };

  const notes: RunNotes = await readRun(runPath, add, options.onBytes);
  const missing = [...qrels.keys()].filter((qid) => !evaluated.has(qid));
  if (options.allQueries) for (const qid of missing) add({ qid, docs: [], scores: [], ranks: [], lines: [] });
  flush();

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
  if (perQuery.size === 0) {
    throw new FileError(runPath, 0, `none of its ${ignored.length} queries is in the qrels ${example(ignored)}: nothing to evaluate`);
  }
  const queries = [...perQuery.keys()].sort(compareIds);
  const values = new Map<TieMode, Float64Array[]>();
  for (const mode of options.modes) {
    values.set(
      mode,
      names.map((_, m) => Float64Array.from(queries, (qid) => perQuery.get(qid)!.get(mode)![m]!)),
    );
  }
  return { run: runPath, runid: notes.runid, backend, queries: queries.map(latin1ToUtf8), names, values, warnings };
}
