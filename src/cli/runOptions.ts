import { type Command, InvalidArgumentError, Option } from 'commander';
import type { BackendChoice } from '../backends/backend.js';
import type { CliIo } from './io.js';
import { DEFAULT_MEASURES, requestMeasures } from '../measures/expandNames.js';
import { measuresHaveSpread } from '../measures/spreads.js';
import { evaluateRuns, type RunsEvaluation } from '../runs/evaluateRuns.js';
import { splitDiversityNames } from '../runs/diversityRuns.js';
import { estimatedNote } from '../format/estimatedNote.js';
import type { Source } from '../runs/source.js';
import type { TieMode } from '../ties/modes.js';
import { progressOver } from './progress.js';
import { UsageError } from './usageError.js';

export function positiveInteger(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) throw new InvalidArgumentError(`'${text}' is not a positive integer`);
  return n;
}

/** The options of every command that evaluates runs: measures, -c, -l, -M, -J, --backend, --threads. */
export function addRunOptions(command: Command, defaults: readonly string[] = DEFAULT_MEASURES): Command {
  return command
    .addOption(
      new Option('-m, --measure <names>', 'measure (repeatable, comma lists)').argParser((v: string, prev: string[]) => [...prev, v]).default([], defaults.join(', ')),
    )
    .option('-c', 'average over every qrels query; one without results is evaluated as trec_eval -c evaluates it')
    .option('-l <level>', 'relevance level: a label >= level is relevant (nDCG gains stay the labels)', positiveInteger, 1)
    .option('-M <n>', 'keep the top n per query after ordering (average mode keeps the tie group crossing n whole)', positiveInteger)
    .option('-J', 'judged documents only (labels >= 0 in the qrels)')
    .option('--exact', 'refuse a value with no exact form within its budget (interpolated precision, G, some sds in large tie groups) instead of estimating it from sampled orderings')
    .addOption(new Option('--backend <name>', 'computing backend').choices(['auto', 'native', 'wasm', 'js']).default('auto'))
    .option('--threads <n>', 'threads per run: reading it in parts cut at query boundaries (an uncompressed run over 64 MiB), else sharing its evaluation (default: one per core, at most 4)', positiveInteger);
}

/** The options addRunOptions parses. */
export interface RunFlags {
  measure: string[];
  c?: boolean;
  l: number;
  M?: number;
  J?: boolean;
  exact?: boolean;
  backend: BackendChoice;
  threads?: number;
}

/**
 * The file a command-line path names: `-` is standard input (one of the files at most), any
 * other a path.
 * @throws UsageError for `-` twice or without a standard input
 */
export function sources(paths: readonly string[], stdin: AsyncIterable<Uint8Array> | undefined): Source[] {
  if (paths.filter((p) => p === '-').length > 1) throw new UsageError("only one file can be '-' (standard input)");
  return paths.map((p) => {
    if (p !== '-') return p;
    if (stdin === undefined) throw new UsageError("'-' (standard input) is not available here");
    return { name: 'stdin', data: stdin };
  });
}

/**
 * The numeric measures a command that compares numbers (range, compare, plot) is asked for:
 * runid and relstring, text, are left out (as `official` brings runid).
 * @throws UsageError when none is left; MeasureNameError for an unknown name
 */
export function requireNumbers(args: readonly string[], relLevel: number, command: string): void {
  // the diversity measures are numbers (evaluateRuns refuses the tie modes they lack)
  const { ordinary, diversity } = splitDiversityNames(args);
  const requests = requestMeasures(ordinary, relLevel);
  if (diversity.length === 0 && requests.every((r) => r.text !== undefined)) {
    throw new UsageError(`${command} compares numbers: ${requests.map((r) => r.label).join(', ')} ${requests.length > 1 ? 'are' : 'is'} text; give a numeric measure`);
  }
}

/** Evaluates the runs of a command line with the library's evaluateRuns, drawing a progress bar for large runs; a path `-` reads standard input. */
export async function evaluateFlags(qrelsPath: string, runPaths: readonly string[], flags: RunFlags, modes: readonly TieMode[], defaults: readonly string[], io: CliIo, noRelstrings = false, orderings = 0): Promise<RunsEvaluation> {
  const [qrels, ...runs] = sources([qrelsPath, ...runPaths], io.stdin);
  const progress = await progressOver(runPaths);
  try {
    const bars = runPaths.map((_, i) => progress.forFile(i));
    const evaluation = await evaluateRuns(qrels!, runs, {
      measures: flags.measure.length > 0 ? flags.measure : defaults,
      ties: modes,
      relevanceLevel: flags.l,
      maxRank: flags.M ?? 0,
      judgedOnly: flags.J === true,
      allQueries: flags.c === true,
      exact: flags.exact === true,
      trecOrder: modes.length === 1 && modes[0] === 'trec',
      noRelstrings,
      orderings,
      backend: flags.backend,
      ...(flags.threads === undefined ? {} : { threads: flags.threads }),
      ...(bars.some((b) => b !== undefined) ? { onBytes: (run: number, bytes: number) => bars[run]?.(bytes) } : {}),
    });
    for (const run of evaluation.runs) for (const w of run.warnings) io.stderr(`tie-eval: warning: ${w}\n`);
    const note = estimatedNote(evaluation.runs);
    if (note !== '') io.stderr(`tie-eval: note: ${note}: no exact form within the budget; --format json lists them, --exact refuses them instead (docs/measures.md, "Estimates")\n`);
    return evaluation;
  } finally {
    progress.stop();
  }
}

/** Whether every measure the flags ask for (else the defaults) has an sd over tie orderings (a text measure has none): range, plot, compare and the main command's --ties range then show it. */
export function withSpread(flags: RunFlags, defaults: readonly string[]): boolean {
  const { ordinary, diversity } = splitDiversityNames(flags.measure.length > 0 ? flags.measure : defaults);
  // the diversity measures have no range: evaluateRuns says so
  return diversity.length === 0 && measuresHaveSpread(ordinary, flags.l);
}
