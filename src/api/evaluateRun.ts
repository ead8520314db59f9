import { InputError, InputTypeError } from '../core/errors.js';
import { inLabelRange, LABEL_RANGE } from '../core/labels.js';
import { compareIds } from '../ties/compareIds.js';
import { evaluateModes } from './evaluateModes.js';
import { meanOf, summaryTerms } from '../core/means.js';
import { zeroedWhenMissing } from './missingQuery.js';
import type { BatchResult, EvaluateOptions } from './types.js';

/** Per query id, per document id, a number: ranx's and pytrec_eval's shape of a run (scores) or qrels (integer labels), as objects or Maps. */
export type ScoresByQuery =
  | Readonly<Record<string, Readonly<Record<string, number>>>>
  | ReadonlyMap<string, ReadonlyMap<string, number> | Readonly<Record<string, number>>>;

/** Options of `evaluateRun`. */
export interface EvaluateRunOptions extends EvaluateOptions {
  /** also evaluate the qrels' queries the run lacks, as empty rankings (trec_eval's -c); default false */
  readonly allQueries?: boolean;
}

/** A run's values, query by query. */
export interface RunResult extends BatchResult {
  /** the queries evaluated, in byte order of their ids (as trec_eval prints them): the index of `perQuery` */
  readonly queries: string[];
  /** the run's queries the qrels lack, left out (as trec_eval does) */
  readonly ignored: string[];
}

/** One query's documents and values, as given: an object or a Map. */
type Documents = ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>;

/** The queries of a ScoresByQuery, in the order given, each checked to be an object or a Map. */
function queriesOf(data: ScoresByQuery, what: string): Map<string, Documents> {
  if (data === null || typeof data !== 'object') throw new InputTypeError(`${what} must be an object or a Map of queries, each an object or a Map of documents`);
  const queries = new Map<string, Documents>();
  const add = (qid: string, docs: unknown): void => {
    if (docs === null || typeof docs !== 'object') throw new InputTypeError(`${what}: query ${qid} must be an object or a Map of documents`);
    queries.set(qid, docs as Documents);
  };
  if (data instanceof Map) for (const [qid, docs] of data as Map<string, unknown>) add(qid, docs);
  else for (const qid of Object.keys(data)) add(qid, (data as Record<string, unknown>)[qid]);
  return queries;
}

/**
 * A query's documents as two reused arrays: ids and values, in the order given (an object's own
 * keys, read by for-in, which V8 reads fastest with its values). Returns how many.
 */
function readDocuments(docs: Documents, ids: string[], values: unknown[]): number {
  let n = 0;
  if (docs instanceof Map) {
    for (const [doc, value] of docs as Map<string, unknown>) {
      ids[n] = doc;
      values[n++] = value;
    }
    return n;
  }
  const record = docs as Record<string, unknown>;
  // for-in also walks the prototypes: a plain object's has no enumerable keys, others are checked
  const own = Object.getPrototypeOf(record) === Object.prototype || Object.getPrototypeOf(record) === null;
  for (const doc in record) {
    if (!own && !Object.hasOwn(record, doc)) continue;
    ids[n] = doc;
    values[n++] = record[doc];
  }
  return n;
}

/** A typed array at least `size` long, holding `array`'s values (doubled when it grows). */
function room<T extends Float64Array | Int32Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const grown = new (array.constructor as new (n: number) => T)(Math.max(size, 2 * array.length));
  grown.set(array);
  return grown;
}

/**
 * Evaluates a run against qrels, both held as objects or Maps in ranx's shape
 * (`{ q1: { d1: 1.5, d2: 0.3 } }`): the run's queries the qrels know, each document's label from
 * the qrels (a document they lack is unjudged; a negative label is judged unjudged, as trec_eval
 * reads it), R and the ideal gains from every qrels judgement of the query. The objects are read
 * straight into the kernels' flat arrays (no copy of them as Maps); with `ties: 'trec'` the ids
 * of results with equal scores are compared there and then, into the kernels' tie keys (an
 * object's or a Map's keys are distinct: nothing to check).
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
  const judged = queriesOf(qrels, 'qrels');
  const ranked = queriesOf(run, 'run');
  const ignored = [...ranked.keys()].filter((qid) => !judged.has(qid));
  const queries = [...judged.keys()].filter((qid) => ranked.has(qid) || options.allQueries === true).sort(compareIds);
  if (queries.length === 0) throw new InputError(`none of the run's ${ranked.size} queries is in the qrels: nothing to evaluate`);
  const ties = options.ties ?? 'average';
  const trec = ties === 'trec';
  // allQueries: a query without results is ranked as trec_eval -c ranks it (see missingQuery.ts)
  const placeholder = options.judgedOnly !== true;
  const offsets = new Uint32Array(queries.length + 1);
  const idealOffsets = new Uint32Array(queries.length + 1);
  let scores = new Float64Array(1024);
  let labels = new Int32Array(1024);
  let ideal = new Int32Array(1024);
  // trec_eval's tie-break (ties: 'trec') as the kernels' keys (see trecTieKeys): each result's
  // place in score order, ids descending in byte order where scores tie; the ids are compared
  // only there, and need no check (an object's or a Map's keys are distinct)
  let keys = trec ? new Int32Array(1024) : null;
  const order: number[] = [];
  const missing: number[] = [];
  // reused per query: the judgements' ids and labels, the results' ids and scores, and an index of
  // the judged ids where a query has many (few are found faster by scanning)
  const judgedIds: string[] = [];
  const judgedValues: unknown[] = [];
  const resultIds: string[] = [];
  const resultScores: unknown[] = [];
  const index = new Map<string, number>();
  for (let q = 0; q < queries.length; q++) {
    const qid = queries[q]!;
    const judgedCount = readDocuments(judged.get(qid)!, judgedIds, judgedValues);
    const idealAt = idealOffsets[q]!;
    idealOffsets[q + 1] = idealAt + judgedCount;
    ideal = room(ideal, idealAt + judgedCount);
    for (let j = 0; j < judgedCount; j++) {
      const value = judgedValues[j];
      if (!Number.isInteger(value) || !inLabelRange(value as number)) throw new InputError(`qrels: query ${qid}, document ${judgedIds[j]}: the label is not ${LABEL_RANGE} (${String(value)})`);
      // a negative label: held but unjudged (trec_eval's rule), as apart from a document the qrels lack (-1)
      ideal[idealAt + j] = (value as number) < 0 ? -2 : (value as number);
    }
    const results = ranked.get(qid);
    const at = offsets[q]!;
    if (results === undefined) {
      missing.push(q);
      offsets[q + 1] = at + (placeholder ? 1 : 0);
      scores = room(scores, at + 1);
      labels = room(labels, at + 1);
      if (placeholder) {
        scores[at] = 1;
        labels[at] = -1;
        if (keys !== null) {
          keys = room(keys, at + 1);
          keys[at] = 0;
        }
      }
      continue;
    }
    const indexed = judgedCount > 32;
    if (indexed) {
      index.clear();
      for (let j = 0; j < judgedCount; j++) index.set(judgedIds[j]!, j);
    }
    const n = readDocuments(results, resultIds, resultScores);
    offsets[q + 1] = at + n;
    scores = room(scores, at + n);
    labels = room(labels, at + n);
    for (let i = 0; i < n; i++) {
      const doc = resultIds[i]!;
      const score = resultScores[i];
      if (typeof score !== 'number' || Number.isNaN(score)) throw new InputError(`run: query ${qid}, document ${doc}: the score is not a number (${String(score)})`);
      scores[at + i] = score;
      let j = -1;
      if (indexed) j = index.get(doc) ?? -1;
      else for (let k = 0; k < judgedCount && j < 0; k++) if (judgedIds[k] === doc) j = k;
      labels[at + i] = j < 0 ? -1 : ideal[idealAt + j]!;
    }
    if (keys !== null) {
      order.length = n;
      for (let i = 0; i < n; i++) order[i] = i;
      order.sort((x, y) => (scores[at + x]! > scores[at + y]! ? -1 : scores[at + x]! < scores[at + y]! ? 1 : compareIds(resultIds[y]!, resultIds[x]!)));
      keys = room(keys, at + n);
      for (let rank = 0; rank < n; rank++) keys[at + order[rank]!] = rank;
    }
  }
  const entries = offsets[queries.length]!;
  const batch = { scores: scores.subarray(0, entries), labels: labels.subarray(0, entries), offsets, idealLabels: { labels: ideal.subarray(0, idealOffsets[queries.length]!), offsets: idealOffsets }, queryIds: queries };
  const result = evaluateModes(batch, measures, [ties], options, keys === null ? null : keys.subarray(0, entries)).get(ties)!;
  if (missing.length > 0) {
    for (const name of measures) {
      if (!zeroedWhenMissing(name, name)) continue;
      const values = result.perQuery[name]!;
      for (const q of missing) values[q] = 0;
      (result.mean as Record<string, number>)[name] = meanOf(values, 0, values.length, summaryTerms(false, ties === 'sd'));
    }
  }
  return { ...result, queries, ignored };
}
