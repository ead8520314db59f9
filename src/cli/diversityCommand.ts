import { type Command, Option } from 'commander';
import type { BackendChoice } from '../backends/backend.js';
import { evaluateDiversity, type DiversityTies, type RankedQuery } from '../diversity/evaluateDiversity.js';
import { diversityEstimatedNote, formatDiversityCsv, formatDiversityJson, formatDiversityTrec, formatNdeval, type DiversityRunResult } from '../format/diversityOutput.js';
import { readDiversityQrels, readRun } from '../runs/read.js';
import type { CliIo } from './io.js';
import { positiveInteger, sources } from './runOptions.js';
import { UsageError } from './usageError.js';
import { writeOutput } from './writeOutput.js';

interface DiversityFlags {
  measure: string[];
  ties: DiversityTies;
  c?: boolean;
  M?: number;
  q?: boolean;
  format: 'trec' | 'ndeval' | 'json' | 'csv';
  output?: string;
  backend: BackendChoice;
}

const EXAMPLES = `
Measures (ndeval's names, or ir_measures'; any cut-off; alpha and beta as parameters):
  ERR-IA@k nERR-IA@k alpha-DCG@k alpha-nDCG@k NRBP nNRBP MAP-IA P-IA@k strec@k, and ndeval
  (its 21 columns, the default); alpha_nDCG@k ERR_IA@k AP_IA P_IA@k StRecall@k;
  alpha-nDCG(alpha=0.7)@10, NRBP(alpha=0.5,beta=0.8)

Examples:
  tie-eval diversity qrels.diversity run.txt              ndeval's measures, tie-aware
  tie-eval diversity --ties trec --format ndeval qrels.diversity run.txt   ndeval -traditional's CSV
  tie-eval diversity -q -m alpha-nDCG@10,ERR-IA@20 qrels.diversity run.txt
`;

/** `tie-eval diversity`: ndeval's novelty and diversity measures from subtopic qrels. */
export function addDiversityCommand(program: Command, io: CliIo): void {
  program
    .command('diversity')
    .description("ndeval's novelty and diversity measures (alpha-nDCG, ERR-IA, NRBP, MAP-IA, P-IA, strec) from subtopic qrels, tie-aware")
    .argument('<qrels>', 'subtopic judgements: topic subtopic docno judgment (gzip allowed)')
    .argument('<runs...>', 'runs: qid Q0 docno rank score runid (gzip allowed)')
    .addOption(new Option('-m, --measure <names>', 'measure (repeatable, comma lists)').argParser((v: string, prev: string[]) => [...prev, v]).default([], 'ndeval'))
    .addOption(new Option('--ties <mode>', "tie regime: average (the mean over every order of the ties), trec (ndeval -traditional: score, then document id descending), input (ndeval's default: the rank field), sd (average and the sd over the orders)").choices(['average', 'trec', 'input', 'sd']).default('average'))
    .option('-c', 'average over every qrels query, 0 for one the run lacks (ndeval -c)')
    .option('-M <n>', 'keep the top n per query after ordering (ndeval -M; in average mode a tie group crossing n is cut in a random order)', positiveInteger)
    .option('-q', 'print per-query values too (trec format)')
    .addOption(new Option('--format <format>', "output format (ndeval: ndeval's CSV)").choices(['trec', 'ndeval', 'json', 'csv']).default('trec'))
    .option('-o, --output <file>', 'write the output to a file instead of stdout')
    .addOption(new Option('--backend <name>', 'computing backend').choices(['auto', 'native', 'wasm', 'js']).default('auto'))
    .addHelpText('after', EXAMPLES)
    .action(async (qrelsPath: string, runPaths: string[], flags: DiversityFlags) => {
      if (flags.format === 'ndeval' && flags.ties === 'sd') throw new UsageError("--format ndeval prints one value a measure: --ties average, trec or input (sd: --format trec, json or csv)");
      const [qrelsSource, ...runSources] = sources([qrelsPath, ...runPaths], io.stdin);
      const qrels = await readDiversityQrels(qrelsSource!);
      const results: DiversityRunResult[] = [];
      for (const [i, source] of runSources.entries()) {
        const run = new Map<string, RankedQuery>();
        const notes = await readRun(
          source!,
          (query) => {
            const n = query.scores.length;
            run.set(query.qid, { docs: Array.from({ length: n }, (_, d) => query.docs.text(d)), scores: query.scores.slice(), ranks: query.ranks.slice() });
          },
          { onRestart: () => run.clear() },
        );
        const result = evaluateDiversity(qrels, run, flags.measure.length === 0 ? ['ndeval'] : flags.measure, { ties: flags.ties, maxRank: flags.M ?? 0, allQueries: flags.c === true, backend: flags.backend });
        results.push({ ...result, run: runPaths[i]!, runid: notes.runid, ranked: new Set(run.keys()) });
      }
      const text =
        flags.format === 'ndeval'
          ? formatNdeval(results)
          : flags.format === 'json'
            ? formatDiversityJson(results, flags.ties)
            : flags.format === 'csv'
              ? formatDiversityCsv(results)
              : formatDiversityTrec(results, flags.q === true);
      const note = diversityEstimatedNote(results);
      if (note !== '') io.stderr(`tie-eval: note: ${note} (docs/diversity.md)\n`);
      if (flags.output !== undefined) writeOutput(flags.output, text, [qrelsPath, ...runPaths]);
      else io.stdout(text);
    });
}
