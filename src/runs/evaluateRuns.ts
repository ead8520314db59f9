import type { BackendChoice } from '../backends/backend.js';
import { cores } from '../core/cores.js';
import { InputError } from '../core/errors.js';
import { DEFAULT_MEASURES, requestMeasures, TREC_ORDER, type MeasureRequest } from '../measures/expandNames.js';
import { parseDiversityQrels } from '../diversity/parseDiversityQrels.js';
import type { DiversityQrels } from '../diversity/judgements.js';
import { inputName } from '../io/input.js';
import { addDiversity, diversityModes, diversityRequests, largestJudgements, splitDiversityNames } from './diversityRuns.js';
import { parsePositiveInteger } from '../measures/params.js';
import type { TieMode } from '../ties/modes.js';
import { evaluateRunFile, type RunEvaluation } from './evaluateRunFile.js';
import { readQrelsSource, type QrelsSource } from './qrelsSource.js';
import { toInput, type Source } from './source.js';
import { booleanOption } from '../api/booleanOption.js';

/** Options of evaluateRuns: the command line's, by name (M: the tie modes asked). */
export interface EvaluateRunsOptions<M extends TieMode = TieMode> {
  /**
   * Measure names: ir_measures spellings (`nDCG@10`, `AP(norm=found)@5`) printed as written, or
   * trec_eval's (`map`, `P.5,10`, printed `P_5`, `P_10`); comma lists allowed. Default: AP, RR,
   * P@10, R@100, nDCG@10, nDCG.
   */
  readonly measures?: readonly string[];
  /** The tie mode, or several (each gets its values: `['pessimistic', 'average', 'optimistic']` for a range). Default `average`. */
  readonly ties?: M | readonly M[];
  /** trec_eval's `-l`: the relevance level of every measure that does not set one (not DCG, nDCG: their gains stay the labels). Default 1. */
  readonly relevanceLevel?: number;
  /** trec_eval's `-M`: keep the top maxRank documents per query once ordered, in every mode (see EvaluateOptions.maxRank). Default 0: all. */
  readonly maxRank?: number;
  /** trec_eval's `-J`: only documents the qrels judge (label >= 0). */
  readonly judgedOnly?: boolean;
  /** trec_eval's `-c`: every qrels query counts, those without results as trec_eval evaluates them (see docs/cli.md). */
  readonly allQueries?: boolean;
  /** Refuse a value with no exact form within its budget instead of estimating it (see EvaluateOptions.exact). Default false. */
  readonly exact?: boolean;
  /** List the measures in trec_eval's table order, as it prints them (ir_measures names after, as asked). Default: as asked. */
  readonly trecOrder?: boolean;
  /** Leave out `relstring` (trec_eval prints it per query only): for output without queries. Default false. */
  readonly noRelstrings?: boolean;
  readonly backend?: BackendChoice;
  /**
   * Threads per run (see RunOptions.threads): reading a large run file in parts, else sharing the
   * evaluation of a run read in one thread; an integer from 1 to 4 x the cores. Default: one per
   * core, at most 4 (reading in parts only an uncompressed file over 64 MiB).
   */
  readonly threads?: number;
  /**
   * List each query's values over the distinct orderings of its ties when there are at most
   * this many (RunEvaluation.orderings, for compareRuns' exact chance that ties flip a pair):
   * each ordering is evaluated, so keep it small (compare uses 1,000). Default 0: none.
   */
  readonly orderings?: number;
  /** Progress: the run's index and the bytes of it read so far. */
  readonly onBytes?: (run: number, bytes: number) => void;
}

/** The measures asked for, with their printed labels, and each run's values (M: the tie modes asked, whose values every run has). */
export interface RunsEvaluation<M extends TieMode = never> {
  readonly measures: MeasureRequest[];
  readonly runs: RunEvaluation<M>[];
}

const isQrels = (x: Source | QrelsSource): x is QrelsSource => typeof x === 'object' && 'input' in x;

/**
 * Evaluates runs against qrels as the command line does, streaming each run query by query in
 * bounded memory (a run not grouped by query is held whole). Queries are in byte order; a run
 * query the qrels lack is left out, and so is a qrels query without results unless
 * `allQueries` (each with a warning in `warnings`).
 * @param qrels a qrels source, or qrels read once with readQrels
 * @param runs a run source (a path, bytes, a stream; see Source), or an array of them
 * @throws FileError for a bad line (file, line, the line), or a run none of whose queries the
 *   qrels hold; MeasureNameError for an unknown measure; InputError for a bad option
 * @example
 * const { runs } = await evaluateRuns('qrels.txt', ['run.txt'], { measures: ['P@10'] });
 * runs[0].values.get('average')[0] // P@10 of each query
 */
export async function evaluateRuns<const M extends TieMode = 'average'>(qrels: Source | QrelsSource, runs: Source | readonly Source[], options: EvaluateRunsOptions<M> = {}): Promise<RunsEvaluation<M>> {
  // one run as itself, or several in an array (a stream or bytes are one source, not a list)
  const sources: readonly Source[] = Array.isArray(runs) ? runs : [runs as Source];
  const asked: readonly TieMode[] = typeof options.ties === 'string' ? [options.ties] : (options.ties ?? ['average']);
  const level = options.relevanceLevel ?? 1;
  if (parsePositiveInteger(String(level)) !== level) throw new InputError(`relevanceLevel must be a positive integer, not ${level}`);
  // more reading threads than 4 per core only cost memory (each holds a chunk of results, and the
  // TypeScript reader's own qrels)
  const most = 4 * cores();
  if (options.threads !== undefined && !(Number.isInteger(options.threads) && options.threads >= 1 && options.threads <= most)) {
    throw new InputError(`threads must be an integer from 1 to ${most} (4 per core), not ${options.threads}`);
  }
  if (options.orderings !== undefined && !(Number.isInteger(options.orderings) && options.orderings >= 0)) throw new InputError(`orderings must be a whole number, not ${options.orderings}`);
  // ndeval's measures read the qrels with their subtopics; the others see each document's largest judgement
  const { ordinary, diversity } = splitDiversityNames(options.measures ?? DEFAULT_MEASURES);
  const hidden = diversity.length > 0 && ordinary.length === 0;
  // with none of the others, one evaluated for the queries and warnings alone, then taken out
  const requested = requestMeasures(hidden ? ['P@1'] : ordinary, level);
  // a geometric mean's sd summary reads the queries' averages too (geometricSpread)
  const modes = asked.includes('sd') && !asked.includes('average') && requested.some((r) => r.aggregate === 'geometric') ? [...asked, 'average' as const] : asked;
  const kept = booleanOption(options.noRelstrings, 'noRelstrings') ? requested.filter((r) => r.text?.kind !== 'relstring') : requested;
  const measures = booleanOption(options.trecOrder, 'trecOrder') ? kept.sort((a, b) => a.order - b.order) : kept;
  let subtopics: DiversityQrels | null = null;
  let judgements: QrelsSource;
  if (diversity.length > 0) {
    diversityModes(modes);
    if (isQrels(qrels)) throw new InputError("the diversity measures read the qrels with their subtopics: give evaluateRuns the qrels themselves, not readQrels' result");
    const input = await toInput(qrels, 'qrels');
    subtopics = await parseDiversityQrels(input);
    judgements = await readQrelsSource(largestJudgements(subtopics, inputName(input)), options.backend ?? 'auto');
  } else judgements = isQrels(qrels) ? qrels : await readQrelsSource(await toInput(qrels, 'qrels'), options.backend ?? 'auto');
  const diversityMeasures = diversityRequests(diversity, TREC_ORDER.length + requested.length);
  const evaluations: RunEvaluation[] = [];
  for (const [i, run] of sources.entries()) {
    const onBytes = options.onBytes;
    const runInput = await toInput(run, `run ${i + 1}`);
    const evaluation = await evaluateRunFile(runInput, judgements, measures, {
      modes,
      backend: options.backend ?? 'auto',
      judgedOnly: booleanOption(options.judgedOnly, 'judgedOnly'),
      maxRank: options.maxRank ?? 0,
      allQueries: booleanOption(options.allQueries, 'allQueries'),
      exact: booleanOption(options.exact, 'exact'),
      orderings: options.orderings ?? 0,
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(onBytes === undefined ? {} : { onBytes: (bytes: number) => onBytes(i, bytes) }),
    });
    const diversityOptions = { maxRank: options.maxRank ?? 0, allQueries: booleanOption(options.allQueries, 'allQueries'), judgedOnly: booleanOption(options.judgedOnly, 'judgedOnly'), hidden, backend: options.backend };
    evaluations.push(subtopics === null ? evaluation : await addDiversity(evaluation, runInput, subtopics, diversityMeasures, modes, diversityOptions));
  }
  // each run has the values of every mode asked (`M`; 'average' when none is)
  return { measures: [...(hidden ? [] : measures), ...diversityMeasures], runs: evaluations as RunEvaluation<M>[] };
}
