import { csvField } from './csvField.js';
import { formatTrecValue } from './trecValue.js';
import { TIE_MODE_MEANING, type TieMode } from '../ties/modes.js';
import type { RunEvaluation } from '../runs/evaluateRunFile.js';
import { stringKey } from '../runs/runCollector.js';
import type { MeasureRequest } from '../measures/expandNames.js';

/** Output formats of the evaluate command. */
export type Format = 'trec' | 'json' | 'csv';

/** What formatTrec prints: per-query lines (-q), the summary lines (unless -n). */
export interface TrecLayout {
  readonly perQuery: boolean;
  readonly summary: boolean;
}

/** A measure request's value for one query (or, q = -1, the summary): a number, or a text (runid, relstring). */
function valueOf(run: RunEvaluation, m: MeasureRequest, i: number, mode: TieMode, q: number): number | string {
  if (m.text?.kind === 'runid') return run.runid;
  if (m.text?.kind === 'relstring') return q < 0 ? '' : run.strings.get(stringKey(mode, m.text.length))![q]!;
  return q < 0 ? run.summary.get(mode)![i]! : run.values.get(mode)![run.names.indexOf(m.name)]![q]!;
}

/**
 * A value as trec_eval prints it: counts as integers (`%ld`), relstrings quoted, others `%6.4f`.
 * A count that is not a whole number (a tie average, an sd: trec_eval has none) prints as the
 * others do, never cut to its integer part.
 */
function trecText(m: MeasureRequest, value: number | string): string {
  if (m.text?.kind === 'relstring') return `'${value}'`;
  if (typeof value === 'string') return value;
  return m.aggregate === 'sum' && Number.isInteger(value) ? String(value) : formatTrecValue(value);
}

/**
 * trec_eval's layout, `%-22s\t%s\t%6.4f` (measure, query or `all`, value): with `perQuery`
 * the query blocks (queries in byte order) come first, then, with `summary`, the `all` block
 * (a measure prints where trec_eval prints it: num_q, gm_map and runid only in the summary,
 * relstring only per query; counts as integers). With several tie modes (`--ties range`)
 * each line carries one value per mode, under comment lines: one per mode saying what its value
 * is, then the columns (`# measure  query  pessimistic  average  optimistic`). With several runs, each run's lines
 * follow a `runid` line.
 */
export function formatTrec(runs: readonly RunEvaluation[], measures: readonly MeasureRequest[], modes: readonly TieMode[], layout: TrecLayout): string {
  const out: string[] = modes.length > 1 ? [...modes.map((mode) => `# ${mode}: ${TIE_MODE_MEANING[mode]}`), `${'# measure'.padEnd(22)}\tquery\t${modes.join('\t')}`] : [];
  for (const run of runs) {
    if (runs.length > 1) out.push(`${'runid'.padEnd(22)}\tall\t${run.runid}`);
    const line = (m: MeasureRequest, i: number, qid: string, q: number): string => `${m.label.padEnd(22)}\t${qid}\t${modes.map((mode) => trecText(m, valueOf(run, m, i, mode, q))).join('\t')}`;
    if (layout.perQuery) {
      run.queries.forEach((qid, q) => {
        measures.forEach((m, i) => {
          if (m.print !== 'summary') out.push(line(m, i, qid, q));
        });
      });
    }
    if (layout.summary) {
      measures.forEach((m, i) => {
        if (m.print !== 'query') out.push(line(m, i, 'all', -1));
      });
    }
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/**
 * One JSON object per run (an array for several): `{ run, runid, ties, backend, backends (the
 * queries each evaluated), measures,
 * queries, perQuery: { qid: { measure: value } }, mean: { measure: value } }`, full double
 * precision; `mean` holds the summary line's values (sums for counts, geometric for gm_map; no
 * relstring). With several tie modes each value is an object by mode.
 */
export function formatJson(runs: readonly RunEvaluation[], measures: readonly MeasureRequest[], modes: readonly TieMode[], ties: string): string {
  const objects = runs.map((run) => {
    const value = (m: MeasureRequest, i: number, q: number): number | string | Record<string, number | string> =>
      modes.length === 1 ? valueOf(run, m, i, modes[0]!, q) : Object.fromEntries(modes.map((mode) => [mode, valueOf(run, m, i, mode, q)]));
    const pick = (q: number, keep: (m: MeasureRequest) => boolean): Record<string, unknown> => Object.fromEntries(measures.flatMap((m, i) => (keep(m) ? [[m.key, value(m, i, q)]] : [])));
    return {
      run: run.run,
      runid: run.runid,
      ties,
      backend: run.backend,
      backends: run.backends,
      measures: measures.map((m) => m.key),
      queries: run.queries.length,
      perQuery: Object.fromEntries(run.queries.map((qid, q) => [qid, pick(q, (m) => m.text?.kind !== 'runid')])),
      mean: pick(-1, (m) => m.text === undefined),
      ...estimatedJson(run, modes),
    };
  });
  return `${JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2)}\n`;
}

/**
 * JSON's `estimated`, `{ query: { measure: standard error } }` (with several tie modes, by mode
 * first), and `meanError`, `{ measure: standard error of the mean }`, absent when every value
 * is exact.
 */
function estimatedJson(run: RunEvaluation, modes: readonly TieMode[]): { estimated?: unknown; meanError?: unknown } {
  if (run.estimated === undefined) return {};
  const byQuery = (mode: TieMode): Record<string, Record<string, number>> => {
    const out: Record<string, Record<string, number>> = {};
    for (const e of run.estimated![mode] ?? []) (out[e.query] ??= {})[e.measure] = e.standardError;
    return out;
  };
  if (modes.length === 1) return { estimated: byQuery(modes[0]!), meanError: run.meanError?.[modes[0]!] ?? {} };
  return { estimated: Object.fromEntries(modes.map((mode) => [mode, byQuery(mode)])), meanError: run.meanError };
}

/** CSV: a header, then one row per run and query, then one `all` row per run with the summary values. */
export function formatCsv(runs: readonly RunEvaluation[], measures: readonly MeasureRequest[], modes: readonly TieMode[]): string {
  // a last column, where a value was estimated: its measures' standard errors, `measure=error` (by mode too with several)
  const errors = runs.some((run) => run.estimated !== undefined);
  const header = ['run', 'query', ...measures.flatMap((m) => (modes.length === 1 ? [m.key] : modes.map((mode) => `${m.key} ${mode}`))), ...(errors ? ['standard errors'] : [])];
  const rows = [header.map(csvField).join(',')];
  for (const run of runs) {
    const tag = (mode: TieMode, measure: string): string => (modes.length === 1 ? measure : `${measure} ${mode}`);
    const byQuery = new Map<string, string[]>();
    for (const mode of modes) {
      for (const e of run.estimated?.[mode] ?? []) {
        const listed = byQuery.get(e.query);
        if (listed === undefined) byQuery.set(e.query, [`${tag(mode, e.measure)}=${e.standardError}`]);
        else listed.push(`${tag(mode, e.measure)}=${e.standardError}`);
      }
    }
    const ofMean = modes.flatMap((mode) => Object.entries(run.meanError?.[mode] ?? {}).map(([measure, error]) => `${tag(mode, measure)}=${error}`));
    const errorsOf = (qid: string, q: number): string[] => (errors ? [(q < 0 ? ofMean : (byQuery.get(qid) ?? [])).join(' ')] : []);
    const row = (qid: string, q: number): string => [run.run, qid, ...measures.flatMap((m, i) => modes.map((mode) => String(valueOf(run, m, i, mode, q)))), ...errorsOf(qid, q)].map(csvField).join(',');
    run.queries.forEach((qid, q) => rows.push(row(qid, q)));
    rows.push(row('all', -1));
  }
  return `${rows.join('\n')}\n`;
}
