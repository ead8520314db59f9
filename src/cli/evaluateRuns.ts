import type { BackendChoice } from '../backends/backend.js';
import type { TieMode } from '../ties/modes.js';
import { evaluateRun, type RunEvaluation } from './evaluateRun.js';
import { DEFAULT_MEASURES, expandMeasures, type MeasureRequest } from '../measures/expandNames.js';
import { progressOver } from './progress.js';
import { readQrelsSource } from './qrelsSource.js';

/** The options the evaluating subcommands share. */
export interface RunFlags {
  measure: string[];
  c?: boolean;
  l: number;
  M?: number;
  J?: boolean;
  backend: BackendChoice;
  threads?: number;
}

/** Reads the qrels and evaluates each run in the given tie modes, with a progress bar for large runs. */
export async function evaluateRuns(qrelsPath: string, runPaths: readonly string[], flags: RunFlags, modes: readonly TieMode[], defaults = DEFAULT_MEASURES): Promise<{ measures: MeasureRequest[]; runs: RunEvaluation[] }> {
  const measures = (flags.measure.length > 0 ? flags.measure : defaults).flatMap((m) => expandMeasures(m, flags.l));
  const qrels = await readQrelsSource(qrelsPath, modes, flags.M ?? 0, flags.backend);
  const progress = progressOver(runPaths);
  const runs: RunEvaluation[] = [];
  try {
    for (const [i, run] of runPaths.entries()) {
      const onBytes = progress.forFile(i);
      runs.push(
        await evaluateRun(run, qrels, measures, {
          modes,
          backend: flags.backend,
          judgedOnly: flags.J === true,
          maxRank: flags.M ?? 0,
          allQueries: flags.c === true,
          ...(flags.threads === undefined ? {} : { threads: flags.threads }),
          ...(onBytes === undefined ? {} : { onBytes }),
        }),
      );
    }
  } finally {
    progress.stop();
  }
  return { measures, runs };
}

/** A table of text columns, left-aligned, two spaces apart. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return `${rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  ')).join('\n')}\n`;
}
