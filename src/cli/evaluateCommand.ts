import { writeOutput } from './writeOutput.js';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_MEASURES } from '../measures/expandNames.js';
import { SD_DEFAULT_MEASURES } from '../measures/spreads.js';
import { describeMeasures } from '../measures/table.js';
import type { TieMode } from '../ties/modes.js';
import { formatCsv, formatJson, formatTrec, type Format } from '../format/runOutput.js';
import type { CliIo } from './io.js';
import { addRunOptions, evaluateFlags, withSpread, type RunFlags } from './runOptions.js';

interface EvaluateFlags extends RunFlags {
  q?: boolean;
  n?: boolean;
  ties: Exclude<TieMode, 'sd'> | 'range' | 'sd';
  format: Format;
  output?: string;
}

const EXAMPLES = `
Measures (ir_measures names, printed as written; trec_eval's names, as P.5,10 or map_cut.10,
printed as trec_eval prints them, P_5 and map_cut_10):
${describeMeasures()}
Diversity (ndeval's; the qrels then hold subtopics: topic subtopic docno judgment): alpha-nDCG@k,
alpha-DCG@k, ERR-IA@k, nERR-IA@k, NRBP, nNRBP, MAP-IA, P-IA@k, strec@k, or ndeval for its 21
columns (see tie-eval diversity --help, docs/diversity.md).

Examples:
  tie-eval qrels.txt run.txt                           the default measures, tie-aware
  tie-eval -q -m map -m P.5,10 -m ndcg_cut.10 qrels.txt run.txt
  tie-eval -m 'nDCG(gain=exp)@10' -m 'AP(norm=found)@5' --ties range qrels.txt run.txt
  tie-eval --ties trec -c -l2 qrels.txt run.txt.gz     trec_eval's values, layout and default measures
  tie-eval --ties trec -q -m all_trec qrels.txt run.txt every trec_eval measure
  tie-eval --format json -o out.json qrels.txt a.run b.run
  tie-eval -m alpha-nDCG@10,ERR-IA@20,map qrels.diversity run.txt
`;

/** -o's argument: a file name, not an option (trec_eval users may type -o as its old flag for the default layout). */
function outputFile(text: string): string {
  if (text.startsWith('-')) throw new InvalidArgumentError(`'${text}' looks like an option, not a file name (-o takes the output file; the trec_eval layout is the default)`);
  return text;
}

/** The main job: `tie-eval [options] QRELS RUN [RUN ...]`. */
export function addEvaluateCommand(program: Command, io: CliIo): void {
  addRunOptions(program.argument('<qrels>', 'judgements: qid iter docno label').argument('<runs...>', 'runs: qid Q0 docno rank score runid (gzip allowed)'))
    .option('-q', 'print per-query values too')
    .option('-n', 'no summary lines (with -q: per-query values only)')
    .addOption(new Option('--ties <mode>', 'tie regime; range prints pessimistic, average and optimistic (and the sd over tie orderings where every measure has one); sd prints average and sd').choices(['average', 'optimistic', 'pessimistic', 'trec', 'input', 'range', 'sd']).default('average'))
    .addOption(new Option('--format <format>', 'output format').choices(['trec', 'json', 'csv']).default('trec'))
    .addOption(new Option('-o, --output <file>', 'write the output to a file instead of stdout').argParser(outputFile))
    .addHelpText('after', EXAMPLES)
    .action(async (qrelsPath: string, runPaths: string[], flags: EvaluateFlags) => {
      // range: with sd where every measure has one
      const modes: TieMode[] = flags.ties === 'range' ? ['pessimistic', 'average', 'optimistic', ...(withSpread(flags, DEFAULT_MEASURES) ? (['sd'] as const) : [])] : flags.ties === 'sd' ? ['average', 'sd'] : [flags.ties];
      // --ties trec is trec_eval: its default measures, printed in its table's order
      const trec = flags.ties === 'trec';
      // relstring prints per query only: without -q its work would be thrown away
      const noRelstrings = flags.format === 'trec' && flags.q !== true;
      const { runs, measures } = await evaluateFlags(qrelsPath, runPaths, flags, modes, trec ? ['official'] : flags.ties === 'sd' ? SD_DEFAULT_MEASURES : DEFAULT_MEASURES, io, noRelstrings);
      const text =
        flags.format === 'json'
          ? formatJson(runs, measures, modes, flags.ties)
          : flags.format === 'csv'
            ? formatCsv(runs, measures, modes)
            : formatTrec(runs, measures, modes, { perQuery: flags.q === true, summary: flags.n !== true });
      if (flags.output !== undefined) writeOutput(flags.output, text, [qrelsPath, ...runPaths]);
      else io.stdout(text);
    });
}
