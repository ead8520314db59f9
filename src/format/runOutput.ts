import { formatTrecValue } from './trecValue.js';
import type { TieMode } from '../ties/modes.js';
import type { RunEvaluation } from '../runs/evaluateRun.js';
import type { MeasureRequest } from '../measures/expandNames.js';

/** Output formats of the evaluate command. */
export type Format = 'trec' | 'json' | 'csv';

interface Column {
  readonly label: string;
  readonly index: number;
}

const columns = (run: RunEvaluation, measures: readonly MeasureRequest[]): Column[] => measures.map((m) => ({ label: m.label, index: run.names.indexOf(m.name) }));

/** The mean of per-query values. */
export function mean(values: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/**
 * trec_eval's layout, `%-22s\t%s\t%6.4f` (measure, query or `all`, value): with `perQuery`
 * the query blocks (queries in byte order) come first, then the `all` block; with several tie
 * modes (`--ties range`) each line carries one value per mode, under a first line that names
 * them (`# measure  query  pessimistic  average  optimistic`). With several runs, each run's
 * lines follow a `runid` line.
 */
export function formatTrec(runs: readonly RunEvaluation[], measures: readonly MeasureRequest[], modes: readonly TieMode[], perQuery: boolean): string {
  const out: string[] = modes.length > 1 ? [`${'# measure'.padEnd(22)}\tquery\t${modes.join('\t')}`] : [];
  for (const run of runs) {
    if (runs.length > 1) out.push(`${'runid'.padEnd(22)}\tall\t${run.runid}`);
    const cols = columns(run, measures);
    const line = (label: string, qid: string, values: number[]): string => `${label.padEnd(22)}\t${qid}\t${values.map(formatTrecValue).join('\t')}`;
    if (perQuery) {
      run.queries.forEach((qid, q) => {
        for (const c of cols) out.push(line(c.label, qid, modes.map((mode) => run.values.get(mode)![c.index]![q]!)));
      });
    }
    for (const c of cols) out.push(line(c.label, 'all', modes.map((mode) => mean(run.values.get(mode)![c.index]!))));
  }
  return `${out.join('\n')}\n`;
}

/**
 * One JSON object per run (an array for several): `{ run, ties, backend, measures, queries,
 * perQuery: { qid: { measure: value } }, mean: { measure: value } }`, full double precision.
 * With several tie modes each value is an object by mode.
 */
export function formatJson(runs: readonly RunEvaluation[], measures: readonly MeasureRequest[], modes: readonly TieMode[], ties: string): string {
  const objects = runs.map((run) => {
    const cols = columns(run, measures);
    const value = (c: Column, pick: (values: Float64Array) => number): number | Record<string, number> =>
      modes.length === 1 ? pick(run.values.get(modes[0]!)![c.index]!) : Object.fromEntries(modes.map((mode) => [mode, pick(run.values.get(mode)![c.index]!)]));
    return {
      run: run.run,
      runid: run.runid,
      ties,
      backend: run.backend,
      measures: cols.map((c) => c.label),
      queries: run.queries.length,
      perQuery: Object.fromEntries(run.queries.map((qid, q) => [qid, Object.fromEntries(cols.map((c) => [c.label, value(c, (v) => v[q]!)]))])),
      mean: Object.fromEntries(cols.map((c) => [c.label, value(c, mean)])),
    };
  });
  return `${JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2)}\n`;
}

const csvField = (text: string): string => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** CSV: a header, then one row per run and query, then one `all` row per run with the means. */
export function formatCsv(runs: readonly RunEvaluation[], measures: readonly MeasureRequest[], modes: readonly TieMode[]): string {
  const header = ['run', 'query', ...measures.flatMap((m) => (modes.length === 1 ? [m.label] : modes.map((mode) => `${m.label} ${mode}`)))];
  const rows = [header.map(csvField).join(',')];
  for (const run of runs) {
    const cols = columns(run, measures);
    const row = (qid: string, pick: (values: Float64Array) => number): string =>
      [run.run, qid, ...cols.flatMap((c) => modes.map((mode) => String(pick(run.values.get(mode)![c.index]!))))].map(csvField).join(',');
    run.queries.forEach((qid, q) => rows.push(row(qid, (v) => v[q]!)));
    rows.push(row('all', mean));
  }
  return `${rows.join('\n')}\n`;
}
