import type { BackendName } from '../backends/backend.js';
import { FileError } from '../io/fileError.js';
import { inputName, type Input } from '../io/input.js';
import { latin1ToUtf8 } from '../io/latin1.js';
import type { TieMode } from '../ties/modes.js';
import { defaultThreads } from '../core/defaultThreads.js';
import { collectInParallel } from './collectInParallel.js';
import { collectRun } from './collectRun.js';
import type { MeasureRequest } from '../measures/expandNames.js';
import type { RunOptions } from './options.js';
import { summarize } from './summarize.js';
import { meanError, type Summation, sumOf, summaryTerms, summationOf } from '../core/means.js';
import { zeroedWhenMissing } from '../api/missingQuery.js';
import type { QrelsSource } from './qrelsSource.js';
import { stringKey, type RunCollector } from './runCollector.js';
import { counted } from '../util/counted.js';

/** A run's values: per tie mode and measure, one value per query (queries in byte order); M: the tie modes asked, whose `mean` and `perQuery` it surely has. */
export interface RunEvaluation<M extends TieMode = never> {
  readonly run: string;
  readonly runid: string;
  /** the backend of the run's last batch (see `backends`) */
  readonly backend: BackendName;
  /**
   * The queries each backend evaluated: under `auto` a batch of fewer than 32 documents runs on
   * the TypeScript reference, faster there than entering the compiled backends (a small run is
   * all `js`, though `backendInfo()` says native). The values are the same on every backend.
   */
  readonly backends: Partial<Record<BackendName, number>>;
  readonly queries: string[];
  /** the distinct measure names evaluated: the measure index of `values` */
  readonly names: string[];
  /** values[mode][measure][query] */
  readonly values: Map<TieMode, Float64Array[]>;
  /** per tie mode, the summary (`all`) value of each measure request, in the order asked (see summarize; NaN for runid and relstring) */
  readonly summary: Map<TieMode, number[]>;
  /**
   * Per tie mode and measure key (its label: the name as asked, or trec_eval's printed name, `P_5`
   * for `P.5`; the name evaluated where two measures print one label: see MeasureRequest.key), the
   * summary (`all`) value: the mean over the queries; for counts (num_q, num_ret, ...) the sum, for
   * gm_map and gm_bpref the geometric mean, as trec_eval prints them. E.g. `run.mean.average.AP`.
   * Text measures (runid, relstring) are in `runid` and `strings`.
   */
  readonly mean: Partial<Record<TieMode, Record<string, number>>> & Record<M, Record<string, number>>;
  /** Per tie mode and measure key, one value per query, in the order of `queries` (views of `values`). */
  readonly perQuery: Partial<Record<TieMode, Record<string, Float64Array>>> & Record<M, Record<string, Float64Array>>;
  /** per tie mode and relstring length (key: stringKey), each query's relstring, in query order */
  readonly strings: Map<string, string[]>;
  readonly warnings: string[];
  /**
   * Per tie mode, the values estimated from sampled tie orderings (no exact form within the
   * budget: see EvaluateOptions.exact), in query order, each with its query id, measure key and
   * standard error; absent when every value is exact.
   */
  readonly estimated?: Partial<Record<TieMode, RunEstimate[]>>;
  /** Per tie mode and measure key with an estimated value, the standard error of its summary (`mean`). */
  readonly meanError?: Partial<Record<TieMode, Record<string, number>>>;
  /** the threads that read the run: 1 also when a parallel read fell back to one thread */
  readonly threads: number;
  /**
   * With the `orderings` option: per measure (as `names`) and query (as `queries`), the query's
   * equally likely values over the distinct orderings of its ties (see tieOrderings): empty when
   * its ties cannot move it, null when they had more orderings than the option allows.
   */
  readonly orderings?: (Float64Array | null)[][];
}

/**
 * Evaluates one run against the qrels, streaming it query by query (see collectRun), in
 * parallel parts when `options.threads` asks for it (see collectInParallel), else read in one
 * thread and evaluated on `options.threads` (default: one per core, at most 4).
 * @throws FileError for a bad line (see forEachRunQuery) or a run none of whose queries is in the qrels
 */
export async function evaluateRunFile(input: Input, qrels: QrelsSource, measures: readonly MeasureRequest[], runOptions: RunOptions): Promise<RunEvaluation> {
  const runPath = inputName(input);
  const numeric = measures.filter((m) => m.text === undefined);
  const names = [...new Set(numeric.map((m) => m.name))];
  const relstrings = [...new Set(measures.flatMap((m) => (m.text?.kind === 'relstring' ? [m.text.length] : [])))];
  const options = relstrings.length > 0 ? { ...runOptions, relstrings } : runOptions;
  const parallel = await collectInParallel(input, qrels, names, options);
  // read in one thread, the run's evaluation takes the cores (a chunk splits only where each thread gets 32,768 entries)
  const alone = { ...options, evaluationThreads: options.threads ?? defaultThreads() };
  const { run, threads } = parallel?.run ? parallel : { run: await collectRun(input, qrels, names, alone), threads: 1 };
  const { collector, notes } = run;
  const judged = judgedQueries(qrels);
  const missing: string[] = [];
  for (let q = 0; q < judged.qids.length; q++) {
    const qid = judged.qids[q]!;
    if (collector.index.has(qid)) continue;
    missing.push(qid);
    if (options.allQueries) collector.queueMissing(qid, judged.labels(q));
  }
  collector.flush();

  const { index } = collector;
  const ignored = [...new Set(collector.ignored)];
  const warnings: string[] = [];
  if (parallel?.run === null && parallel.workerError !== null) {
    warnings.push(`${runPath}: a worker thread failed (${parallel.workerError}); the run was read in one thread`);
  }
  const example = (ids: string[]): string => `(e.g. ${ids.slice(0, 3).map(latin1ToUtf8).join(', ')})`;
  if (ignored.length > 0) warnings.push(`${runPath}: ${counted(ignored.length, 'query', 'queries')} of the run ${ignored.length === 1 ? 'is' : 'are'} not in the qrels and ${ignored.length === 1 ? 'was' : 'were'} ignored ${example(ignored)}`);
  if (missing.length > 0 && !options.allQueries) {
    warnings.push(`${runPath}: ${counted(missing.length, 'query', 'queries')} of the qrels ${missing.length === 1 ? 'has' : 'have'} no results and ${missing.length === 1 ? 'is' : 'are'} left out of the mean (-c counts them, as trec_eval -c does) ${example(missing)}`);
  }
  if (notes.misordered > 0) {
    warnings.push(
      `${runPath}: ${notes.misordered} lines score higher than the line before in their query while their rank is higher too (first at line ${notes.firstMisordered}); the file's order and ranks disagree with its scores (as when a run is sorted by its scores as text); tie-eval orders by score, not by line or rank`,
    );
  }
  if (index.size === 0) {
    throw new FileError(runPath, 0, `none of its ${ignored.length} queries is in the qrels ${example(ignored)}: nothing to evaluate`);
  }
  // in trec_eval's order (strcmp): the ids are latin1, a byte per unit, so the default sort,
  // which compares units without a call per comparison, gives compareIds' order
  const queries = [...index.keys()].sort();
  const order = new Int32Array(queries.length);
  for (let q = 0; q < queries.length; q++) order[q] = index.get(queries[q]!)!;
  // -c: a query without results was ranked one document the qrels lack (see queueMissing), and
  // trec_eval then sets its num_ret, unj, rbp_resid and utility to 0, the last by that name only
  // (a utility with parameters keeps the document's value), and clears relstring, by that name
  const addedAt: number[] = []; // where those queries are in `queries`
  if (options.allQueries && missing.length > 0) {
    const added = new Set(missing);
    queries.forEach((qid, q) => {
      if (added.has(qid)) addedAt.push(q);
    });
  }
  const zeroed = names.flatMap((name, m) => (measures.some((r) => r.name === name && zeroedWhenMissing(name, r.label)) ? [m] : []));
  let qrelsRelevant = 0;
  if (options.allQueries) {
    for (let q = 0; q < judged.qids.length; q++) {
      const labels = judged.labels(q);
      for (let i = 0; i < labels.length; i++) qrelsRelevant += labels[i]! > 0 ? 1 : 0;
    }
  }
  const values = new Map<TieMode, Float64Array[]>();
  const spare = new Float64Array(order.length);
  const summary = new Map<TieMode, number[]>();
  const sumsOf = new Map<TieMode, Float64Array>();
  for (const mode of options.modes) {
    const sums = new Float64Array(names.length);
    const columns = names.map((_, m) => {
      const column = collector.values.get(mode)?.[m]?.view() ?? new Float64Array(order.length);
      sums[m] = inOrder(column, order, spare, summationOf(mode));
      return column;
    });
    if (addedAt.length > 0) {
      for (const q of addedAt) for (const m of zeroed) columns[m]![q] = 0;
      for (const m of zeroed) sums[m] = sumOf(columns[m]!, 0, order.length, summationOf(mode));
    }
    values.set(mode, columns);
    sumsOf.set(mode, sums);
  }
  // after every mode's columns: the sd mode's summary of a geometric mean reads the averages
  for (const mode of options.modes) summary.set(mode, summarize(measures, names, values.get(mode)!, sumsOf.get(mode)!, options.allQueries, qrelsRelevant, summationOf(mode), mode === 'sd', values.get('average')));
  const strings = new Map([...collector.strings].map(([key, list]) => [key, Array.from(order, (i) => list[i]!)]));
  for (const m of measures) {
    if (addedAt.length === 0 || m.label !== 'relstring' || m.text?.kind !== 'relstring') continue;
    for (const mode of options.modes) {
      const list = strings.get(stringKey(mode, m.text.length));
      if (list !== undefined) for (const q of addedAt) list[q] = '';
    }
  }
  const mean: RunEvaluation['mean'] = {};
  const perQuery: RunEvaluation['perQuery'] = {};
  for (const mode of options.modes) {
    const all = summary.get(mode)!;
    const columns = values.get(mode)!;
    const means: Record<string, number> = (mean[mode] = {});
    const byQuery: Record<string, Float64Array> = (perQuery[mode] = {});
    measures.forEach((m, i) => {
      if (m.text !== undefined) return;
      means[m.key] = all[i]!;
      byQuery[m.key] = columns[names.indexOf(m.name)]!;
    });
  }
  const listed = (options.orderings ?? 0) > 0 ? Array.from(order, (i) => collector.orderings[i]!) : undefined;
  const orderings = listed && names.map((_, m) => listed.map((values) => values && values.subarray((m * values.length) / names.length, ((m + 1) * values.length) / names.length)));
  const estimates = runEstimates(collector, measures, names, queries, values);
  return { run: runPath, runid: notes.runid, backend: collector.backend, backends: collector.backends, queries: queries.map(latin1ToUtf8), names, values, summary, mean, perQuery, strings, warnings, threads, ...(orderings && { orderings }), ...estimates };
}

/** A run's value estimated from sampled orderings: its query, its measure key, and the estimate's standard error, samples and cap (see Estimate). */
export interface RunEstimate {
  readonly query: string;
  readonly measure: string;
  readonly standardError: number;
  readonly samples: number;
  readonly capped: boolean;
}

/**
 * Per tie mode, the collector's estimated values by query id and measure key, in query order,
 * and the standard errors of the summaries they enter (see meanError); null when none was.
 */
function runEstimates(collector: RunCollector, measures: readonly MeasureRequest[], names: readonly string[], queries: readonly string[], values: Map<TieMode, Float64Array[]>): Pick<RunEvaluation, 'estimated' | 'meanError'> | null {
  if ([...collector.estimated.values()].every((list) => list.length === 0)) return null;
  const position = new Map(queries.map((qid, q) => [qid, q]));
  const estimated: NonNullable<RunEvaluation['estimated']> = {};
  const meanErrors: NonNullable<RunEvaluation['meanError']> = {};
  // each evaluated name's numeric requests (two labels may evaluate one name), found once
  const requestsOf = names.map((name) => measures.filter((m) => m.text === undefined && m.name === name));
  for (const [mode, list] of collector.estimated) {
    if (list.length === 0) continue;
    const sorted = [...list].sort((a, b) => position.get(a.qid)! - position.get(b.qid)! || a.measure - b.measure);
    estimated[mode] = sorted.flatMap((e) => requestsOf[e.measure]!.map((m) => ({ query: latin1ToUtf8(e.qid), measure: m.key, standardError: e.standardError, samples: e.samples, capped: e.capped })));
    // per evaluated name, its queries' standard errors by query position
    const byName = names.map(() => new Map<number, number>());
    for (const e of sorted) byName[e.measure]!.set(position.get(e.qid)!, e.standardError);
    const errors: Record<string, number> = (meanErrors[mode] = {});
    requestsOf.forEach((requests, index) => {
      const own = byName[index]!;
      if (own.size === 0) return;
      for (const m of requests) errors[m.key] = meanError(values.get(mode)![index]!, 0, queries.length, own, summaryTerms(m.aggregate === 'geometric', mode === 'sd'));
    });
  }
  return { estimated, meanError: meanErrors };
}

/** The qrels' query ids, in order of first appearance, and the labels of query q (at index q) in file order. */
function judgedQueries(qrels: QrelsSource): { qids: readonly string[]; labels: (q: number) => ArrayLike<number> } {
  if (qrels.native !== undefined) return qrels.native;
  const queries = [...qrels.parsed!.queries.values()];
  return { qids: [...qrels.parsed!.queries.keys()], labels: (q) => queries[q]!.labels };
}

/**
 * Puts the column in query order in place, column[order[q]] at q, through `spare` (a new array
 * per column would cost its memory's first touch, more than the moves); returns the sum of its
 * values (see sumOf). A plain loop: Float64Array.from with a mapping function calls it per
 * element, several times slower.
 */
function inOrder(column: Float64Array, order: Int32Array, spare: Float64Array, summation: Summation): number {
  for (let q = 0; q < order.length; q++) spare[q] = column[order[q]!]!;
  column.set(spare);
  return sumOf(column, 0, order.length, summation);
}
