import { writeFileSync } from 'node:fs';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { describeMeasures } from '../measures/catalog.js';
import { readQrels } from '../io/readQrels.js';
import type { TieMode } from '../ties/modes.js';
import type { BackendChoice } from '../backends/facade.js';
import { evaluateRun, type RunEvaluation } from './evaluateRun.js';
import { DEFAULT_MEASURES, expandMeasures } from './measureNames.js';
import { formatCsv, formatJson, formatTrec, type Format } from './output.js';
import type { CliIo } from './main.js';
import { progressOver } from './progress.js';

interface EvaluateFlags {
  measure: string[];
  q?: boolean;
  c?: boolean;
  l: number;
  M?: number;
  J?: boolean;
  ties: TieMode | 'range';
  backend: BackendChoice;
  format: Format;
  output?: string;
}

export function positiveInteger(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) throw new InvalidArgumentError(`'${text}' is not a positive integer`);
  return n;
}

const EXAMPLES = `
Measures (ir_measures names; trec_eval names are aliases: map, map_cut.10, P.5,10, recip_rank,
ndcg, ndcg_cut.10, Rprec, bpref, success.1, recall.100):
${describeMeasures()}

Examples:
  tie-eval qrels.txt run.txt                           the default measures, tie-aware
  tie-eval -q -m map -m P.5,10 -m ndcg_cut.10 qrels.txt run.txt
  tie-eval -m 'nDCG(gain=exp)@10' -m 'AP(norm=found)@5' --ties range qrels.txt run.txt
  tie-eval --ties trec -c -l2 qrels.txt run.txt.gz     trec_eval's values and order
  tie-eval --format json -o out.json qrels.txt a.run b.run
`;

/** The main job: `tie-eval [options] QRELS RUN [RUN ...]`. */
export function addEvaluateCommand(program: Command, io: CliIo): void {
  program
    .argument('<qrels>', 'judgements: qid iter docno label')
    .argument('<runs...>', 'runs: qid Q0 docno rank score runid (gzip allowed)')
    .addOption(
      new Option('-m, --measure <names>', 'measure (repeatable, comma lists)')
        .argParser((v: string, prev: string[]) => [...prev, v])
        .default([], DEFAULT_MEASURES.join(', ')),
    )
    .option('-q', 'print per-query values too')
    .option('-c', 'average over every qrels query; queries without results count 0 (as trec_eval -c)')
    .option('-l <level>', 'relevance level: a label >= level is relevant (nDCG gains stay the labels)', positiveInteger, 1)
    .option('-M <n>', 'keep the top n per query after ordering (average mode keeps the tie group crossing n whole)', positiveInteger)
    .option('-J', 'judged documents only (labels >= 0 in the qrels)')
    .addOption(new Option('--ties <mode>', 'tie regime; range prints pessimistic, average and optimistic').choices(['average', 'optimistic', 'pessimistic', 'trec', 'input', 'range']).default('average'))
    .addOption(new Option('--backend <name>', 'computing backend').choices(['auto', 'native', 'wasm', 'js']).default('auto'))
    .addOption(new Option('--format <format>', 'output format').choices(['trec', 'json', 'csv']).default('trec'))
    .option('-o, --output <file>', 'write the output to a file instead of stdout')
    .addHelpText('after', EXAMPLES)
    .action(async (qrelsPath: string, runPaths: string[], flags: EvaluateFlags) => {
      const measures = (flags.measure.length > 0 ? flags.measure : DEFAULT_MEASURES).flatMap((m) => expandMeasures(m, flags.l));
      const modes: TieMode[] = flags.ties === 'range' ? ['pessimistic', 'average', 'optimistic'] : [flags.ties];
      const qrels = await readQrels(qrelsPath);
      const progress = progressOver(runPaths);
      const runs: RunEvaluation[] = [];
      try {
        for (const [i, run] of runPaths.entries()) {
          runs.push(
            await evaluateRun(run, qrels, measures, {
              modes,
              backend: flags.backend,
              judgedOnly: flags.J === true,
              maxRank: flags.M ?? 0,
              allQueries: flags.c === true,
              ...(progress.forFile(i) === undefined ? {} : { onBytes: progress.forFile(i)! }),
            }),
          );
        }
      } finally {
        progress.stop();
      }
      for (const run of runs) for (const w of run.warnings) io.stderr(`tie-eval: warning: ${w}\n`);
      const text =
        flags.format === 'json' ? formatJson(runs, measures, modes, flags.ties) : flags.format === 'csv' ? formatCsv(runs, measures, modes) : formatTrec(runs, measures, modes, flags.q === true);
      if (flags.output !== undefined) writeFileSync(flags.output, text);
      else io.stdout(text);
    });
}
