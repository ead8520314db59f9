import { InputError, InputTypeError } from '../core/errors.js';
import { inLabelRange, LABEL_RANGE } from '../core/labels.js';
import { sortIds } from '../ties/sortIds.js';
import { scoreTieKeys } from '../ties/scoreTieKeys.js';
import { defaultThreads } from '../core/defaultThreads.js';
import { room } from '../util/grown.js';
import { evaluateModes } from './evaluateModes.js';
import { meanOf, summaryTerms, summationOf } from '../core/means.js';
import { zeroedWhenMissing } from './missingQuery.js';
import { RunChunks, type RunArrays } from './runChunks.js';
import { isMap, QueryDocuments, walksOwnKeys, type Documents } from './queryDocuments.js';
import type { BatchResult, EvaluateOptions } from './types.js';
import { booleanOption } from './booleanOption.js';

/** Per query id, per document id, a number: ranx's and pytrec_eval's shape of a run (scores) or qrels (integer labels), as objects or Maps. */
export type ScoresByQuery =
  | Readonly<Record<string, Readonly<Record<string, number>>>>
  | ReadonlyMap<string, ReadonlyMap<string, number> | Readonly<Record<string, number>>>;

/** Options of `evaluateRun`. */
export interface EvaluateRunOptions extends EvaluateOptions {
  /** also evaluate the qrels' queries the run lacks, as empty rankings (trec_eval's -c); default false */
  readonly allQueries?: boolean;
  /** as evaluateBatch's `threads`, but by default one per core (at most 4), as evaluateRuns evaluates a run */
  readonly threads?: number;
}

/** A run's values, query by query. */
export interface RunResult extends BatchResult {
  /** the queries evaluated, in byte order of their ids (as trec_eval prints them): the index of `perQuery` */
  readonly queries: string[];
  /** the run's queries the qrels lack, left out (as trec_eval does) */
  readonly ignored: string[];
}

/** A query of the qrels: its judgements, and its results where the run has it. */
interface QueryPair {
  readonly judgements: Documents;
  results: Documents | undefined;
}

/** Calls `each` with the queries of a ScoresByQuery, in the order given, each checked to be an object or a Map. */
function forEachQuery(data: ScoresByQuery, what: string, each: (qid: string, docs: Documents) => void): void {
  if (data === null || typeof data !== 'object') throw new InputTypeError(`${what} must be an object or a Map of queries, each an object or a Map of documents`);
  const add = (qid: string, docs: unknown): void => {
    if (docs === null || typeof docs !== 'object') throw new InputTypeError(`${what}: query ${qid} must be an object or a Map of documents`);
    each(qid, docs as Documents);
  };
  if (data instanceof Map) data.forEach((docs: unknown, qid: string) => add(qid, docs));
  else {
    const record = data as Record<string, unknown>;
    const own = walksOwnKeys(record);
    for (const qid in record) if (own || Object.hasOwn(record, qid)) add(qid, record[qid]);
  }
}

/**
 * The qrels' queries by id, each with the run's results for it (one Map, so that a query is
 * looked up once per side), and the run's queries the qrels lack, in the order given.
 */
function pairQueries(qrels: ScoresByQuery, run: ScoresByQuery): { pairs: Map<string, QueryPair>; ignored: string[]; ranked: number } {
  const pairs = new Map<string, QueryPair>();
  forEachQuery(qrels, 'qrels', (qid, judgements) => pairs.set(qid, { judgements, results: undefined }));
  const ignored: string[] = [];
  let ranked = 0;
  forEachQuery(run, 'run', (qid, results) => {
    ranked++;
    const pair = pairs.get(qid);
    if (pair === undefined) ignored.push(qid);
    else pair.results = results;
  });
  return { pairs, ignored, ranked };
}

/**
 * The last call's arrays, kept for the next one up to KEPT_ENTRIES (about 40 MB): allocating
 * them anew each call made the collector run a full collection every few calls on large runs.
 * A call made while another runs (from a getter of its objects) takes new ones.
 */
let kept: { arrays: RunArrays; documents: QueryDocuments } | null = null;
const KEPT_ENTRIES = 1 << 21;

/**
 * A query's judgements written to `ideal` from `at` (a negative label as -2: held but unjudged,
 * trec_eval's rule, as apart from a document the qrels lack, -1), checked. Returns how many.
 */
function readJudgements(docs: Documents, qid: string, documents: QueryDocuments, arrays: RunArrays, at: number): number {
  documents.read(docs, 'qrels');
  const { ids, values, count } = documents;
  arrays.ideal = room(arrays.ideal, at + count);
  for (let i = 0; i < count; i++) {
    const label = values[i]!;
    if (!Number.isInteger(label) || !inLabelRange(label)) throw notLabel(qid, ids[i]!, label);
    arrays.ideal[at + i] = label < 0 ? -2 : label;
  }
  if (documents.strayId !== null) throw notLabel(qid, documents.strayId, documents.strayValue);
  return count;
}

const notLabel = (qid: string, doc: string, value: unknown): InputError => new InputError(`qrels: query ${qid}, document ${doc}: the label is not ${LABEL_RANGE} (${String(value)})`);

/**
 * Evaluates a run against qrels, both held as objects or Maps in ranx's shape
 * (`{ q1: { d1: 1.5, d2: 0.3 } }`): the run's queries the qrels know, each document's label from
 * the qrels (a document they lack is unjudged; a negative label is judged unjudged, as trec_eval
 * reads it), R and the ideal gains from every qrels judgement of the query. The objects are read
 * straight into the kernels' flat arrays (no copy of them as Maps; the arrays, at most about
 * 40 MB, are kept for the next call); with `ties: 'trec'` the ids of results with equal scores
 * are compared there and then, into the kernels' tie keys (an object's or a Map's keys are
 * distinct: nothing to check). The kernels run on one thread per core (at most 4) by default.
 * @param qrels per query, per document, an integer label (>= 1 relevant by default)
 * @param run per query, per document, a score (higher first; ties handled by `options.ties`)
 * @param measures measure names (ir_measures or trec_eval spelling), e.g. `['AP', 'nDCG@10']`
 * @param options as evaluateBatch (`ties`, `backend`, `threads`, `maxRank`, `judgedOnly`), and `allQueries`
 * @throws InputError for a label that is not an integer or a score that is not a number (naming
 *   query and document), or a run none of whose queries the qrels know; InputTypeError for other shapes
 * @example
 * evaluateRun({ q1: { a: 1, b: 0 } }, { q1: { a: 1, b: 1 } }, ['P@1']).mean['P@1'] // 0.5: a and b tie
 */
export function evaluateRun(qrels: ScoresByQuery, run: ScoresByQuery, measures: readonly string[], options: EvaluateRunOptions = {}): RunResult {
  const allQueries = booleanOption(options.allQueries, 'allQueries');
  const { pairs, ignored, ranked } = pairQueries(qrels, run);
  const evaluated: string[] = [];
  for (const [qid, pair] of pairs) if (pair.results !== undefined || allQueries) evaluated.push(qid);
  const queries = sortIds(evaluated);
  if (queries.length === 0) throw new InputError(`none of the run's ${ranked} queries is in the qrels: nothing to evaluate`);
  const ties = options.ties ?? 'average';
  // allQueries: a query without results is ranked as trec_eval -c ranks it (see missingQuery.ts)
  const placeholder = !booleanOption(options.judgedOnly, 'judgedOnly');
  const offsets = new Uint32Array(queries.length + 1);
  const idealOffsets = new Uint32Array(queries.length + 1);
  const { arrays, documents } = kept ?? { arrays: { scores: new Float64Array(1024), labels: new Int32Array(1024), ideal: new Int32Array(1024), keys: new Int32Array(1024) }, documents: new QueryDocuments() };
  kept = null;
  // trec_eval's tie-break (ties: 'trec') as the kernels' keys, made as each query is read
  const trec = ties === 'trec';
  const missing: number[] = [];
  // one thread per core (at most 4) unless told, as evaluateRuns evaluates a run
  const threads = options.threads ?? defaultThreads();
  const chunks = RunChunks.open(measures, ties, options, threads);
  try {
    for (let q = 0; q < queries.length; q++) {
      const qid = queries[q]!;
      const { judgements, results } = pairs.get(qid)!;
      const judgedCount = readJudgements(judgements, qid, documents, arrays, idealOffsets[q]!);
      idealOffsets[q + 1] = idealOffsets[q]! + judgedCount;
      const at = offsets[q]!;
      if (results === undefined) {
        missing.push(q);
        offsets[q + 1] = at + (placeholder ? 1 : 0);
        if (placeholder) {
          grow(arrays, at + 1);
          arrays.scores[at] = 1;
          arrays.labels[at] = -1;
          arrays.keys[at] = 0;
        }
        continue;
      }
      // an object's own keys are those readJudgements read unless it has some for-in does not walk
      const onlyRead = isMap(judgements) || Object.getOwnPropertyNames(judgements).length === judgedCount;
      const n = readResults(results, qid, judgements, onlyRead, documents, arrays, at);
      offsets[q + 1] = at + n;
      if (trec) scoreTieKeys(arrays.scores, at, n, documents.ids, arrays.keys);
      chunks?.add(arrays, offsets, idealOffsets, q + 1);
    }
  } catch (error) {
    // a started chunk reads the arrays: it ends before they may go
    chunks?.wait();
    throw error;
  }
  const entries = offsets[queries.length]!;
  const { scores, labels, ideal, keys } = arrays;
  const batch = { scores: scores.subarray(0, entries), labels: labels.subarray(0, entries), offsets, idealLabels: { labels: ideal.subarray(0, idealOffsets[queries.length]!), offsets: idealOffsets }, queryIds: queries };
  const result = chunks?.finish(arrays, offsets, idealOffsets, queries.length, (q) => `query '${queries[q]!}' (index ${q})`) ?? evaluateModes(batch, measures, [ties], { ...options, threads }, trec ? keys.subarray(0, entries) : null).get(ties)!;
  if (scores.length <= KEPT_ENTRIES) {
    documents.forget();
    kept = { arrays, documents };
  }
  if (missing.length > 0) {
    for (const name of measures) {
      if (!zeroedWhenMissing(name, name)) continue;
      const values = result.perQuery[name]!;
      for (const q of missing) values[q] = 0;
      (result.mean as Record<string, number>)[name] = meanOf(values, 0, values.length, summaryTerms(false, ties === 'sd'), summationOf(ties));
    }
  }
  return { ...result, queries, ignored };
}

/** Grows the run's arrays (not `ideal`) to hold `size` entries. */
function grow(arrays: RunArrays, size: number): void {
  if (size <= arrays.scores.length) return;
  arrays.scores = room(arrays.scores, size);
  arrays.labels = room(arrays.labels, size);
  arrays.keys = room(arrays.keys, size);
}

/**
 * A query's results written to the run's arrays from `at`, in the order given: each score,
 * checked, and each document's label looked up in the query's judgements; the ids stay in
 * `documents`. Returns how many.
 */
function readResults(docs: Documents, qid: string, judgements: Documents, onlyRead: boolean, documents: QueryDocuments, arrays: RunArrays, at: number): number {
  documents.read(docs, 'run');
  const { ids, values, count } = documents;
  grow(arrays, at + count);
  // a label is looked up where the qrels hold it, among the entries readJudgements checked
  const judgedMap = isMap(judgements) ? judgements : null;
  const judgedRecord = judgements as Record<string, unknown>;
  for (let i = 0; i < count; i++) {
    const doc = ids[i]!;
    const score = values[i]!;
    if (Number.isNaN(score)) throw notScore(qid, doc, score);
    // an own key first (a miss on an object would walk its prototypes), enumerable where it may not be
    const label = judgedMap !== null ? judgedMap.get(doc) : Object.hasOwn(judgedRecord, doc) && (onlyRead || Object.prototype.propertyIsEnumerable.call(judgedRecord, doc)) ? judgedRecord[doc] : undefined;
    // read twice (a getter may answer differently): what readJudgements checked, or an error
    if (label !== undefined && ((label as number) | 0) !== label) throw new InputError(`qrels: query ${qid}, document ${doc}: the label changed while it was read (${String(label)})`);
    arrays.scores[at + i] = score;
    arrays.labels[at + i] = label === undefined ? -1 : (label as number) < 0 ? -2 : (label as number);
  }
  if (documents.strayId !== null) throw notScore(qid, documents.strayId, documents.strayValue);
  return count;
}

const notScore = (qid: string, doc: string, value: unknown): InputError => new InputError(`run: query ${qid}, document ${doc}: the score is not a number (${String(value)})`);
