import { maxRankOption } from '../api/maxRankOption.js';
import { booleanOption } from '../api/booleanOption.js';
import { meanError, meanOf, summationOf, type Terms } from '../core/means.js';
import { InputError, InputTypeError } from '../core/errors.js';
import { compareIds } from '../ties/compareIds.js';
import { sortIds } from '../ties/sortIds.js';
import type { BackendChoice } from '../backends/backend.js';
import { DiversityBatchBuilder } from './diversityBatch.js';
import { diversityValues, singletons } from './diversityValues.js';
import { JudgementsBuilder, type DiversityQrels, type QueryJudgements } from './judgements.js';
import { parseDiversityMeasures, type DiversityMeasure } from './measures.js';
import { orderSpread, type OrderSpread } from './orderSpread.js';

/**
 * How tied documents are ordered for the diversity measures: `average`, the mean over every order
 * of each group of equal scores (exact); `trec`, ndeval -traditional's order (score descending,
 * then document id descending, which is trec_eval's); `input`, ndeval's default order (the rank
 * field ascending, the file's order among equal ranks; a run given as objects, the order given);
 * `sd`, the average and the standard deviation over the orders (see orderSpread).
 */
export type DiversityTies = 'average' | 'trec' | 'input' | 'sd';

export interface DiversityOptions {
  /** default `average` */
  readonly ties?: DiversityTies;
  /** cut each ranking after this many documents (ndeval's -M; default 0, none); in `average`, a tie group crossing the cut is cut in a random order */
  readonly maxRank?: number;
  /** ndeval's -c: average over every query of the qrels, 0 for one the run lacks (default false: the queries of both) */
  readonly allQueries?: boolean;
  /** which backend computes (default `auto`: see EvaluateOptions.backend) */
  readonly backend?: BackendChoice;
}

/** A run's query: its documents with their scores, and the rank field of each where the run has one. */
export interface RankedQuery {
  readonly docs: readonly string[];
  readonly scores: ArrayLike<number>;
  readonly ranks?: ArrayLike<number>;
}

/** The values of a run: per measure (its printed name), per query (in `queries`' order), and the mean over the queries. */
export interface DiversityResult {
  readonly measures: readonly string[];
  readonly queries: readonly string[];
  readonly perQuery: Readonly<Record<string, Float64Array>>;
  readonly mean: Readonly<Record<string, number>>;
  /** with ties `sd`: each query's sd over the orders of its ties, per measure, and their summary, sqrt(sum of sd^2) / queries (the sd of the mean, queries independent); perQuery and mean hold the averages */
  readonly sd?: { readonly perQuery: Readonly<Record<string, Float64Array>>; readonly mean: Readonly<Record<string, number>> };
  /** where an sd was estimated from sampled orders: per query id, per measure, its standard error */
  readonly estimated?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** per measure with an estimated sd, the standard error of its summary */
  readonly meanError?: Readonly<Record<string, number>>;
}

/** Subtopic judgements as objects or Maps: `{ query: { doc: { subtopic: judgment } } }`. */
export type SubtopicJudgements = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, number>>>>>> | ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, number>>>;

/** An object's or a Map's entries. @throws InputTypeError for anything else */
const entriesOf = (x: unknown, what: string): [string, unknown][] => {
  if (x instanceof Map) return [...(x as Map<string, unknown>).entries()];
  if (x === null || typeof x !== 'object') throw new InputTypeError(`${what} must be an object or a Map`);
  return Object.entries(x);
};

/**
 * Subtopic judgements from objects or Maps, `{ q1: { d1: { 1: 1, 2: 0 } } }` (query, document,
 * subtopic, judgment), read as ndeval reads a diversity qrels file (see readDiversityQrels).
 * @throws InputError for a judgment that is not an integer
 */
export function diversityQrels(judgements: SubtopicJudgements): DiversityQrels {
  const builder = new JudgementsBuilder();
  let position = 0;
  for (const [query, docs] of entriesOf(judgements, 'qrels')) {
    for (const [doc, subtopics] of entriesOf(docs, `qrels['${query}']`)) {
      for (const [subtopic, judgment] of entriesOf(subtopics, `qrels['${query}']['${doc}']`)) {
        if (typeof judgment !== 'number') throw new InputTypeError(`qrels: query ${query}, document ${doc}, subtopic ${subtopic}: the judgment is ${typeof judgment}, not a number`);
        if (!Number.isInteger(judgment)) throw new InputError(`qrels: query ${query}, document ${doc}, subtopic ${subtopic}: the judgment is not an integer (${judgment})`);
        if (builder.add(query, subtopic, doc, judgment, position++) >= 0) throw new InputError(`qrels: query ${query}, document ${doc}: subtopic ${subtopic} is judged twice`);
      }
    }
  }
  return builder.build();
}

/**
 * A query's positions in order and its tie groups' ends: by score descending, ties by document id
 * descending (trec; in average mode a group of equal scores, each position alone otherwise), or by
 * the rank field (input; without ranks, by score with ties in the order given).
 */
function ordered(ranked: RankedQuery, ties: Exclude<DiversityTies, 'sd'>): { order: ArrayLike<number>; groupEnds: Int32Array } {
  const n = ranked.docs.length;
  const { scores, ranks, docs } = ranked;
  if (ties === 'average') {
    // by score alone (the order inside a group does not matter): the distinct scores descending,
    // each document's group found among them, then the groups laid out one after another
    const sorted = Float64Array.from(scores).sort();
    const distinct = new Float64Array(n);
    let groups = 0;
    for (let i = n - 1; i >= 0; i--) if (groups === 0 || sorted[i] !== distinct[groups - 1]) distinct[groups++] = sorted[i]!;
    const groupOf = new Int32Array(n);
    const groupEnds = new Int32Array(groups);
    for (let i = 0; i < n; i++) {
      let lo = 0;
      let hi = groups - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (distinct[mid]! > scores[i]!) lo = mid + 1;
        else hi = mid;
      }
      groupOf[i] = lo;
      groupEnds[lo]!++;
    }
    for (let g = 1; g < groups; g++) groupEnds[g]! += groupEnds[g - 1]!;
    const order = new Int32Array(n);
    const next = Int32Array.from({ length: groups }, (_, g) => (g === 0 ? 0 : groupEnds[g - 1]!));
    for (let i = 0; i < n; i++) order[next[groupOf[i]!]!++] = i;
    return { order, groupEnds };
  }
  const order = Array.from({ length: n }, (_, i) => i);
  if (ties === 'input' && ranks !== undefined) order.sort((a, b) => ranks[a]! - ranks[b]! || a - b);
  else if (ties === 'input') order.sort((a, b) => scores[b]! - scores[a]! || a - b);
  else order.sort((a, b) => scores[b]! - scores[a]! || compareIds(docs[b]!, docs[a]!));
  return { order, groupEnds: singletons(n) };
}

/**
 * A query's average and sd over the orders of its ties, per measure (see orderSpread), with the
 * sd's standard errors where they were estimated (else null), on `backend` (default `auto`).
 * @throws InputError for a score that is NaN
 */
export function diversitySpread(judged: QueryJudgements, ranked: RankedQuery, measures: readonly DiversityMeasure[], maxRank: number, qid: string, backend?: BackendChoice): { average: number[] } & OrderSpread {
  const { ranking, groupEnds } = positions(judged, ranked, 'average', qid);
  const builder = new DiversityBatchBuilder(measures, maxRank);
  builder.add(judged, ranking, groupEnds);
  return { average: Array.from(diversityValues(builder, backend)), ...orderSpread(judged, ranking, groupEnds, measures, maxRank, backend) };
}

/** A query's documents' rows in `judged` in ranking order (-1: not judged), and its groups (see ordered). @throws InputError for a NaN score */
function positions(judged: QueryJudgements, ranked: RankedQuery, ties: Exclude<DiversityTies, 'sd'>, qid: string): { ranking: Int32Array; groupEnds: Int32Array } {
  const n = ranked.docs.length;
  const rows = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(ranked.scores[i])) throw new InputError(`query ${qid}: the score of document ${ranked.docs[i]} is NaN`);
    rows[i] = judged.rowOf.get(ranked.docs[i]!) ?? -1;
  }
  const { order, groupEnds } = ordered(ranked, ties);
  const ranking = new Int32Array(n);
  for (let p = 0; p < n; p++) ranking[p] = rows[order[p]!]!;
  return { ranking, groupEnds };
}

/**
 * Evaluates a run with ndeval's measures (see parseDiversityMeasure for the names; `ndeval` for
 * its 21 columns), tie-aware: per query of both the run and the qrels (every qrels query with
 * `allQueries`), and their mean (added exactly; under `trec` one after another in query order, as
 * the main command's trec mode; `--format ndeval` adds them in ndeval's topic order).
 * @param qrels subtopic judgements (diversityQrels, readDiversityQrels)
 * @param run per query id, its RankedQuery, or its documents' scores (`{ doc: score }` or a Map)
 * @example
 * const qrels = diversityQrels({ q1: { a: { 1: 1 }, b: { 2: 1 }, c: { 1: 1 } } });
 * evaluateDiversity(qrels, { q1: { a: 2, c: 2, b: 1 } }, ['alpha-nDCG@2']).mean['alpha-nDCG@2'] // 0.8066…
 * @throws MeasureNameError for a name; InputError for options, a NaN score, a document listed
 *   twice, no query of the run in the qrels
 */
export function evaluateDiversity(qrels: DiversityQrels, run: Readonly<Record<string, RankedQuery | Readonly<Record<string, number>>>> | ReadonlyMap<string, RankedQuery | ReadonlyMap<string, number>>, measureNames: readonly string[], options: DiversityOptions = {}): DiversityResult {
  const ranked = new Map<string, RankedQuery>();
  for (const [qid, entry] of entriesOf(run, 'run')) ranked.set(qid, rankedQuery(qid, entry));
  const queries = sortIds([...(booleanOption(options.allQueries, 'allQueries') ? qrels.keys() : [...ranked.keys()].filter((q) => qrels.has(q)))]);
  const tally = new DiversityTally(qrels, measureNames, queries, options);
  if (queries.length === 0) throw new InputError(`none of the run's ${ranked.size} queries is in the qrels: nothing to evaluate`);
  for (const [qid, entry] of ranked) if (qrels.has(qid)) tally.add(qid, entry);
  return tally.result();
}

/** A tally evaluates its queries in batches of about this many positions. */
const BATCH_POSITIONS = 1 << 16;

/**
 * A run's diversity values gathered query by query (a run streamed: memory holds the queries of
 * one batch, some BATCH_POSITIONS documents), on a list of queries fixed beforehand; a query never
 * added is 0 (ndeval -c).
 */
export class DiversityTally {
  private readonly measures: readonly DiversityMeasure[];
  private readonly ties: DiversityTies;
  private readonly maxRank: number;
  private readonly index: Map<string, number>;
  private readonly perQuery: Record<string, Float64Array>;
  private readonly spreads: Record<string, Float64Array> | null;
  private readonly estimated: Record<string, Record<string, number>> = {};
  private readonly errors = new Map<string, Map<number, number>>();
  private readonly backend: BackendChoice | undefined;
  /** the queries waiting in `pending` (average, trec, input), by their index in the list */
  private readonly pending: DiversityBatchBuilder;
  private waiting: number[] = [];

  /** @throws MeasureNameError for a name; InputError for an option */
  constructor(
    private readonly qrels: DiversityQrels,
    measureNames: readonly string[],
    private readonly queries: readonly string[],
    options: DiversityOptions,
  ) {
    this.measures = parseDiversityMeasures(measureNames);
    const ties = options.ties ?? 'average';
    if (ties !== 'average' && ties !== 'trec' && ties !== 'input' && ties !== 'sd') throw new InputError(`ties must be average, trec, input or sd for the diversity measures, not ${String(ties)}`);
    this.ties = ties;
    this.maxRank = maxRankOption(options.maxRank);
    this.index = new Map(queries.map((qid, q) => [qid, q]));
    const columns = (): Record<string, Float64Array> => Object.fromEntries(this.measures.map((m) => [m.name, new Float64Array(queries.length)]));
    this.perQuery = columns();
    this.spreads = ties === 'sd' ? columns() : null;
    this.backend = options.backend;
    this.pending = new DiversityBatchBuilder(this.measures, this.maxRank);
  }

  /** Evaluates query `qid` of the list (another is ignored). @throws InputError for a NaN score */
  add(qid: string, ranked: RankedQuery): void {
    const q = this.index.get(qid);
    if (q === undefined) return;
    const judged = this.qrels.get(qid)!;
    const { measures, ties } = this;
    if (ties !== 'sd') {
      const { ranking, groupEnds } = positions(judged, ranked, ties, qid);
      this.pending.add(judged, ranking, groupEnds);
      this.waiting.push(q);
      if (this.pending.positions >= BATCH_POSITIONS) this.flush();
      return;
    }
    const { average, sd, standardErrors } = diversitySpread(judged, ranked, measures, this.maxRank, qid, this.backend);
    measures.forEach(({ name }, i) => {
      this.perQuery[name]![q] = average[i]!;
      this.spreads![name]![q] = sd[i]!;
      if (standardErrors === null) return;
      (this.estimated[qid] ??= {})[name] = standardErrors[i]!;
      if (!this.errors.has(name)) this.errors.set(name, new Map());
      this.errors.get(name)!.set(q, standardErrors[i]!);
    });
  }

  /** Evaluates the queries waiting, in one batch. */
  private flush(): void {
    const { measures, waiting } = this;
    if (waiting.length === 0) return;
    const values = diversityValues(this.pending, this.backend);
    measures.forEach(({ name }, m) => waiting.forEach((q, i) => (this.perQuery[name]![q] = values[m * waiting.length + i]!)));
    this.waiting = [];
  }

  /** The values, their means (see evaluateDiversity), and with `sd` the sds and their estimates. */
  result(): DiversityResult {
    this.flush();
    const { measures, queries, spreads, errors } = this;
    const summary = (values: Record<string, Float64Array>, terms: Terms): Record<string, number> => Object.fromEntries(measures.map(({ name }) => [name, meanOf(values[name]!, 0, queries.length, terms, summationOf(this.ties))]));
    const result = { measures: measures.map((m) => m.name), queries: [...queries], perQuery: this.perQuery, mean: summary(this.perQuery, 'values') };
    if (spreads === null) return result;
    const meanErrors = Object.fromEntries([...errors].map(([name, byQuery]) => [name, meanError(spreads[name]!, 0, queries.length, byQuery, 'squares')]));
    return { ...result, sd: { perQuery: spreads, mean: summary(spreads, 'squares') }, ...(errors.size > 0 ? { estimated: this.estimated, meanError: meanErrors } : {}) };
  }
}

/** A run's score. @throws InputTypeError for one that is not a number */
function scoreOf(qid: string, doc: string, score: unknown): number {
  if (typeof score !== 'number') throw new InputTypeError(`run: query ${qid}, document ${doc}: the score is ${typeof score}, not a number`);
  return score;
}

/**
 * A run's query as a RankedQuery: as given (its documents checked distinct), or from `{ doc: score }` (an object or a Map).
 * @throws InputTypeError for a score that is not a number; InputError for a document listed twice
 */
function rankedQuery(qid: string, entry: unknown): RankedQuery {
  if (entry !== null && typeof entry === 'object' && 'docs' in entry && Array.isArray(entry.docs)) {
    const given = entry as RankedQuery;
    const seen = new Set<string>();
    for (const doc of given.docs) {
      if (seen.has(doc)) throw new InputError(`query ${qid}: document ${doc} is listed twice`);
      seen.add(doc);
    }
    return given;
  }
  if (entry instanceof Map) {
    const docs = [...(entry as Map<string, unknown>).keys()];
    const scores = new Float64Array(docs.length);
    let i = 0;
    for (const [doc, score] of entry as Map<string, unknown>) scores[i++] = scoreOf(qid, doc, score);
    return { docs, scores };
  }
  if (entry === null || typeof entry !== 'object') throw new InputTypeError(`run['${qid}'] must be an object or a Map`);
  const docs = Object.keys(entry);
  const scores = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i++) scores[i] = scoreOf(qid, docs[i]!, (entry as Record<string, unknown>)[docs[i]!]);
  return { docs, scores };
}
