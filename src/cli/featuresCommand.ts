import { type Command, Option } from 'commander';
import { evaluateFeatures, FEATURE_MEASURES, type FeaturesOptions } from '../features/evaluateFeatures.js';
import { formatFeaturesCsv, formatFeaturesText } from '../format/featuresOutput.js';
import type { BackendChoice } from '../backends/backend.js';
import { defaultThreads } from '../core/defaultThreads.js';
import type { CliIo } from './io.js';
import { positiveInteger, sources } from './runOptions.js';

interface FeaturesFlags {
  measure: string[];
  ties: NonNullable<FeaturesOptions['ties']>;
  queryFile?: string;
  bothDirections?: boolean;
  format: 'text' | 'json' | 'csv';
  backend: BackendChoice;
  threads?: number;
}

/** `tie-eval features`: every feature of a learning-to-rank file as a scoring function. */
export function addFeaturesCommand(program: Command, io: CliIo): void {
  program
    .command('features')
    .description('evaluate every feature of a LETOR / SVMlight file as a scoring function (higher values first), best first')
    .argument('<data>', "a LETOR / SVMlight file (label qid:ID idx:value ...), gzip too; '-' reads standard input")
    .addOption(new Option('-m, --measure <names>', 'measure (repeatable, comma lists); the features are sorted by the first').argParser((v: string, prev: string[]) => [...prev, v]).default([], FEATURE_MEASURES.join(', ')))
    .addOption(new Option('--ties <mode>', 'tie regime; range adds the pessimistic and optimistic means').choices(['average', 'optimistic', 'pessimistic', 'input', 'range']).default('average'))
    .option('--query-file <file>', 'query sizes (one row count per line), for a file without qid: columns')
    .option('--both-directions', 'also rank by each feature negated (lower values first) and report the better direction')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'csv']).default('text'))
    .addOption(new Option('--backend <name>', 'computing backend').choices(['auto', 'native', 'wasm', 'js']).default('auto'))
    .option('--threads <n>', 'threads of each evaluation (native and wasm; default: one per core, at most 4)', positiveInteger)
    .action(async (dataPath: string, flags: FeaturesFlags) => {
      const [data, querySizes] = sources(flags.queryFile === undefined ? [dataPath] : [dataPath, flags.queryFile], io.stdin);
      const evaluation = await evaluateFeatures(data!, {
        measures: flags.measure.length === 0 ? FEATURE_MEASURES : flags.measure,
        ties: flags.ties,
        bothDirections: flags.bothDirections === true,
        backend: flags.backend,
        ...(querySizes === undefined ? {} : { querySizes }),
        threads: flags.threads ?? defaultThreads(),
      });
      io.stdout(flags.format === 'json' ? `${JSON.stringify(evaluation, null, 2)}\n` : flags.format === 'csv' ? formatFeaturesCsv(evaluation) : formatFeaturesText(evaluation));
    });
}
