import { InputError, InputTypeError } from '../core/errors.js';
import { inLabelRange, LABEL_RANGE } from '../core/labels.js';
import { compareIds } from '../ties/compareIds.js';
import { evaluateModes } from './evaluateModes.js';
import { meanOf } from '../core/means.js';
import { MISSING_QUERY_DOCUMENT, zeroedWhenMissing } from './missingQuery.js';
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

const entries = (data: ScoresByQuery | ReadonlyMap<string, number> | Readonly<Record<string, number>>): [string, unknown][] =>
  data instanceof Map ? [...(data as Map<string, unknown>)] : Object.entries(data);

/**
 * Evaluates a run against qrels, both held as objects or Maps in ranx's shape
 * (`{ q1: { d1: 1.5, d2: 0.3 } }`): the run's queries the qrels know, each document's label from
 * the qrels (a document they lack is unjudged; a negative label is judged unjudged, as trec_eval
 * reads it), R and the ideal gains from every qrels judgement of the query.
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
  const judged = new Map<string, Map<string, number>>();
  for (const [qid, docs] of shapeOf(qrels, 'qrels')) {
    const labels = new Map<string, number>();
    for (const [doc, label] of docs) {
      if (!Number.isInteger(label) || !inLabelRange(label as number)) throw new InputError(`qrels: query ${qid}, document ${doc}: the label is not ${LABEL_RANGE} (${String(label)})`);
      // a negative label: held but unjudged (trec_eval's rule), as apart from a document the qrels lack (-1)
      labels.set(doc, (label as number) < 0 ? -2 : (label as number));
    }
    judged.set(qid, labels);
  }
  const ranked = new Map(shapeOf(run, 'run'));
  const ignored = [...ranked.keys()].filter((qid) => !judged.has(qid));
  const queries = [...judged.keys()].filter((qid) => ranked.has(qid) || options.allQueries === true).sort(compareIds);
  // allQueries: a query without results is ranked as trec_eval -c ranks it (see missingQuery.ts)
  const missing: number[] = [];
  if (queries.length === 0) throw new InputError(`none of the run's ${ranked.size} queries is in the qrels: nothing to evaluate`);
  const scores: number[] = [];
  const labels: number[] = [];
  const docs: string[] = [];
  const offsets = new Uint32Array(queries.length + 1);
  const ideal: (readonly number[])[] = [];
  queries.forEach((qid, q) => {
    const judgements = judged.get(qid)!;
    const results = ranked.get(qid);
    if (results === undefined) {
      missing.push(q);
      if (options.judgedOnly !== true) {
        scores.push(1);
        labels.push(-1);
        docs.push(MISSING_QUERY_DOCUMENT);
      }
    }
    for (const [doc, score] of results ?? []) {
      if (typeof score !== 'number' || Number.isNaN(score)) throw new InputError(`run: query ${qid}, document ${doc}: the score is not a number (${String(score)})`);
      scores.push(score);
      labels.push(judgements.get(doc) ?? -1);
      docs.push(doc);
    }
    offsets[q + 1] = scores.length;
    ideal.push([...judgements.values()]);
  });
  const ties = options.ties ?? 'average';
  const batch = { scores: Float64Array.from(scores), labels: Float64Array.from(labels), offsets, docs, idealLabels: ideal, queryIds: queries };
  const result = evaluateModes(batch, measures, [ties], options).get(ties)!;
  if (missing.length > 0) {
    for (const name of measures) {
      if (!zeroedWhenMissing(name, name)) continue;
      const values = result.perQuery[name]!;
      for (const q of missing) values[q] = 0;
      (result.mean as Record<string, number>)[name] = meanOf(values, 0, values.length);
    }
  }
  return { ...result, queries, ignored };
}

/** The (query, documents) pairs of a ScoresByQuery, each documents' (id, value) pairs. */
function shapeOf(data: ScoresByQuery, what: string): [string, [string, unknown][]][] {
  if (data === null || typeof data !== 'object') throw new InputTypeError(`${what} must be an object or a Map of queries, each an object or a Map of documents`);
  return entries(data).map(([qid, docs]) => {
    if (docs === null || typeof docs !== 'object') throw new InputTypeError(`${what}: query ${qid} must be an object or a Map of documents`);
    return [qid, entries(docs as Readonly<Record<string, number>>)];
  });
}
