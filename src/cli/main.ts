import { packageVersion } from '../core/packageRoot.js';
import { Command, CommanderError } from 'commander';
import { addAnalysisCommands } from './analysisCommands.js';
import { addEvaluateCommand } from './evaluateCommand.js';
import { addDiversityCommand } from './diversityCommand.js';
import { addFeaturesCommand } from './featuresCommand.js';
import type { CliIo } from './io.js';
import { UsageError } from './usageError.js';

/**
 * Runs the `tie-eval` command line with `args` (without node and the script) and returns the
 * exit code: 0 on success, 1 on bad input (the error on stderr, nothing on stdout), 2 on a
 * bad command line.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const program = new Command('tie-eval')
    .version(packageVersion(), '-v, --version', 'print the version')
    .description('Information-retrieval measures that stay correct when scores tie.')
    .exitOverride()
    .enablePositionalOptions()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  addEvaluateCommand(program, io);
  addAnalysisCommands(program, io);
  addFeaturesCommand(program, io);
  addDiversityCommand(program, io);
  // no arguments at all: a newcomer's first try, answered with the usage and the commands
  if (args.length === 0) {
    io.stderr(`${program.helpInformation().split('\nOptions:')[0]!.trimEnd()}\n\nThe options, the measures and examples: tie-eval --help (docs/cli.md)\n`);
    return 2;
  }
  try {
    await program.parseAsync([...args], { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    io.stderr(`tie-eval: error: ${(e as Error).message}\n`);
    return e instanceof UsageError ? 2 : 1;
  }
}
