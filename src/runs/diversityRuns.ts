import type { BackendChoice } from '../backends/backend.js';
import { InputError } from '../core/errors.js';
import { DiversityTally, type DiversityResult } from '../diversity/evaluateDiversity.js';
import type { DiversityQrels } from '../diversity/judgements.js';
import { parseDiversityMeasures } from '../diversity/measures.js';
import { ORDERS_SAMPLED } from '../diversity/orderSpread.js';
import type { Input } from '../io/input.js';
import { isDiversityName } from '../measures/diversityNames.js';
import type { MeasureRequest } from '../measures/expandNames.js';
import { splitOutsideBraces } from '../measures/parse.js';
import type { TieMode } from '../ties/modes.js';
import type { RunEstimate, RunEvaluation } from './evaluateRunFile.js';
import { forEachRunQuery } from '../io/forEachRunQuery.js';

/** The measure arguments split: ndeval's (each a name) and the others (as given, a list's other names joined again). */
export function splitDiversityNames(args: readonly string[]): { readonly ordinary: string[]; readonly diversity: string[] } {
  const ordinary: string[] = [];
  const diversity: string[] = [];
  for (const arg of args) {
    const parts = splitOutsideBraces(arg);
    const ndeval = parts.filter((p) => isDiversityName(p));
    diversity.push(...ndeval.map((p) => p.trim()));
    // a trec_eval name's values hold commas (P.5,10): the other parts go back together
    const rest = parts.filter((p) => !isDiversityName(p));
    if (ndeval.length === 0) ordinary.push(arg);
    else if (rest.some((p) => p.trim() !== '')) ordinary.push(rest.join(','));
  }
  return { ordinary, diversity };
}

/** The tie modes the diversity measures have (average, trec, input, sd). @throws InputError for another */
export function diversityModes(modes: readonly TieMode[]): void {
  const other = modes.filter((m) => m !== 'average' && m !== 'trec' && m !== 'input' && m !== 'sd');
  if (other.length > 0) throw new InputError(`the diversity measures have no ${other.join(' or ')} order (ordering ties by a label bounds nothing for them): ask average, trec, input or sd, or evaluate them apart (docs/diversity.md)`);
}

/**
 * Diversity qrels as ordinary qrels for the other measures: each judged document with its largest
 * judgement over its subtopics, as a qrels file's bytes (latin1, as the readers hold ids).
 */
export function largestJudgements(qrels: DiversityQrels, name: string): Input {
  const lines: string[] = [];
  for (const [qid, judged] of qrels) for (const [doc, label] of judged.largest) lines.push(`${qid} 0 ${doc} ${label}\n`);
  return { name, bytes: Buffer.from(lines.join(''), 'latin1') };
}

/** MeasureRequests for diversity measures, printed under their names, after the measures of trec_eval's table. */
export function diversityRequests(names: readonly string[], after: number): MeasureRequest[] {
  return parseDiversityMeasures(names).map((m, i) => ({ label: m.name, key: m.name, name: m.name, print: 'both', aggregate: 'mean', order: after + i }));
}

/**
 * A run's evaluation with its diversity measures added (values per mode, summaries, means, per
 * query, estimates), on the run's queries: the run read again (TREC file), `judgedOnly` dropping
 * the documents the qrels lack, as the other measures do under -J. `hidden`: the evaluation's
 * only measure, there for its queries and warnings alone (no other was asked), is taken out.
 * The run is streamed: memory holds one query's documents at a time.
 */
export async function addDiversity(evaluation: RunEvaluation, run: Input, qrels: DiversityQrels, requests: readonly MeasureRequest[], modes: readonly TieMode[], options: { readonly maxRank: number; readonly allQueries: boolean; readonly judgedOnly: boolean; readonly hidden: boolean; readonly backend?: BackendChoice | undefined }): Promise<RunEvaluation> {
  const names = requests.map((r) => r.name);
  const tallyOptions = { maxRank: options.maxRank, allQueries: options.allQueries, backend: options.backend };
  // sd gives the averages too; each other mode its own values
  const tallies = (): Map<TieMode, DiversityTally> => {
    const byMode = new Map<TieMode, DiversityTally>();
    if (modes.includes('sd')) byMode.set('sd', new DiversityTally(qrels, names, evaluation.queries, { ...tallyOptions, ties: 'sd' }));
    for (const mode of modes) if (mode !== 'sd' && !(mode === 'average' && byMode.has('sd'))) byMode.set(mode, new DiversityTally(qrels, names, evaluation.queries, { ...tallyOptions, ties: mode as 'average' | 'trec' | 'input' }));
    return byMode;
  };
  let byMode = tallies();
  let restarted = false;
  await forEachRunQuery(run, (query, notes) => {
    // a run not grouped by query is read again from its first query
    if (notes.ungrouped && !restarted) {
      byMode = tallies();
      restarted = true;
    }
    const judged = qrels.get(query.qid);
    if (judged === undefined) return;
    const docs: string[] = [];
    const scores: number[] = [];
    const ranks: number[] = [];
    for (let d = 0; d < query.scores.length; d++) {
      const doc = query.docs.text(d);
      if (options.judgedOnly && !judged.rowOf.has(doc)) continue;
      docs.push(doc);
      scores.push(query.scores[d]!);
      ranks.push(query.ranks[d]!);
    }
    for (const tally of byMode.values()) tally.add(query.qid, { docs, scores, ranks });
  });
  const results = new Map<TieMode, DiversityResult>();
  for (const [mode, tally] of byMode) {
    const result = tally.result();
    if (mode !== 'sd') results.set(mode, result);
    else {
      results.set('average', result);
      results.set('sd', { ...result, perQuery: result.sd!.perQuery, mean: result.sd!.mean });
    }
  }
  // the hidden measure's entries are the first of each
  const skip = options.hidden ? 1 : 0;
  const values = new Map<TieMode, Float64Array[]>();
  const summary = new Map<TieMode, number[]>();
  const mean: Partial<Record<TieMode, Record<string, number>>> = {};
  const perQuery: Partial<Record<TieMode, Record<string, Float64Array>>> = {};
  for (const mode of modes) {
    const result = results.get(mode)!;
    values.set(mode, [...evaluation.values.get(mode)!.slice(skip), ...names.map((n) => result.perQuery[n]!)]);
    summary.set(mode, [...evaluation.summary.get(mode)!.slice(skip), ...names.map((n) => result.mean[n]!)]);
    const kept = <T>(byKey: Record<string, T> | undefined): Record<string, T> => Object.fromEntries(Object.entries(byKey ?? {}).slice(skip));
    mean[mode] = { ...kept(evaluation.mean[mode]), ...Object.fromEntries(names.map((n) => [n, result.mean[n]!])) };
    perQuery[mode] = { ...kept(evaluation.perQuery[mode]), ...Object.fromEntries(names.map((n) => [n, result.perQuery[n]!])) };
  }
  const sd = results.get('sd');
  const estimates: RunEstimate[] = sd?.estimated === undefined ? [] : Object.entries(sd.estimated).flatMap(([query, byMeasure]) => Object.entries(byMeasure).map(([measure, standardError]) => ({ query, measure, standardError, samples: ORDERS_SAMPLED, capped: false })));
  const estimated = estimates.length === 0 ? evaluation.estimated : { ...evaluation.estimated, sd: [...(evaluation.estimated?.sd ?? []), ...estimates] };
  const meanError = sd?.meanError === undefined ? evaluation.meanError : { ...evaluation.meanError, sd: { ...evaluation.meanError?.sd, ...sd.meanError } };
  return { ...evaluation, names: [...evaluation.names.slice(skip), ...names], values, summary, mean: mean as RunEvaluation['mean'], perQuery: perQuery as RunEvaluation['perQuery'], ...(estimated === undefined ? {} : { estimated }), ...(meanError === undefined ? {} : { meanError }) };
}
