import { cFixed } from './cFixed.js';
import { csvField } from './csvField.js';
import { formatTrecValue } from './trecValue.js';
import type { DiversityResult } from '../diversity/evaluateDiversity.js';
import { TIE_MODE_MEANING } from '../ties/modes.js';

/** A run's diversity values with where they came from. */
export interface DiversityRunResult extends DiversityResult {
  /** the run's path or name */
  readonly run: string;
  /** the run tag of its first line */
  readonly runid: string;
  /** the queries the run ranks (with -c, the others are in `queries` too, at 0) */
  readonly ranked: ReadonlySet<string>;
}

/** Query ids as ndeval orders topics: numerically where every id is a whole number, else by their bytes (as given). */
function ndevalOrder(queries: readonly string[]): number[] {
  const order = queries.map((_, q) => q);
  if (queries.every((qid) => /^[0-9]+$/.test(qid))) order.sort((a, b) => Number(queries[a]) - Number(queries[b]));
  return order;
}

/**
 * ndeval's CSV: `runid,topic,<measures>` then a row per query (ndeval's topic order) and the
 * `amean` row, values `%.6f` (a query the run lacks has no row, as in ndeval -c's output, though
 * it counts in the mean). The mean is added as ndeval adds it, one topic after another in its
 * order, so that its last digit is ndeval's too.
 */
export function formatNdeval(runs: readonly DiversityRunResult[]): string {
  const out: string[] = [];
  for (const run of runs) {
    out.push(['runid', 'topic', ...run.measures].join(','));
    const order = ndevalOrder(run.queries);
    for (const q of order) if (run.ranked.has(run.queries[q]!)) out.push([run.runid, run.queries[q]!, ...run.measures.map((m) => cFixed(run.perQuery[m]![q]!, 6))].join(','));
    const amean = (m: string): number => order.reduce((sum, q) => sum + run.perQuery[m]![q]!, 0) / order.length;
    out.push([run.runid, 'amean', ...run.measures.map((m) => cFixed(amean(m), 6))].join(','));
  }
  return `${out.join('\n')}\n`;
}

/**
 * trec_eval's layout, `%-22s\t%s\t%6.4f`: with `perQuery` each query's lines (byte order of ids)
 * first, then the `all` lines; several runs each after a `runid` line. With sds (ties `sd`), two
 * values a line, average and sd, under comment lines saying so.
 */
export function formatDiversityTrec(runs: readonly DiversityRunResult[], perQuery: boolean): string {
  const spread = runs.some((run) => run.sd !== undefined);
  const out: string[] = spread ? [`# average: ${TIE_MODE_MEANING.average}`, `# sd: ${TIE_MODE_MEANING.sd}`, `${'# measure'.padEnd(22)}\tquery\taverage\tsd`] : [];
  for (const run of runs) {
    if (runs.length > 1) out.push(`${'runid'.padEnd(22)}\tall\t${run.runid}`);
    const line = (m: string, qid: string, value: number, sd: number | undefined): string => `${m.padEnd(22)}\t${qid}\t${formatTrecValue(value)}${sd === undefined ? '' : `\t${formatTrecValue(sd)}`}`;
    if (perQuery) run.queries.forEach((qid, q) => run.measures.forEach((m) => out.push(line(m, qid, run.perQuery[m]![q]!, run.sd?.perQuery[m]![q]))));
    for (const m of run.measures) out.push(line(m, 'all', run.mean[m]!, run.sd?.mean[m]));
  }
  return `${out.join('\n')}\n`;
}

/** How many sds were estimated, over every run, and the largest standard error; '' when none was. */
export function diversityEstimatedNote(runs: readonly DiversityRunResult[]): string {
  const errors = runs.flatMap((run) => Object.values(run.estimated ?? {}).flatMap((byMeasure) => Object.values(byMeasure)));
  if (errors.length === 0) return '';
  const largest = errors.reduce((most, e) => Math.max(most, e), 0);
  return `${errors.length} sd${errors.length > 1 ? 's' : ''} estimated from sampled tie orders (largest standard error ${largest.toPrecision(2)}); --format json lists them`;
}

/**
 * One JSON object per run (an array for several): `{ run, runid, ties, measures, queries,
 * perQuery: { qid: { measure: value } }, mean }`, full precision; with sds each value is
 * `{ average, sd }`, and `estimated` (query, measure: the standard error of an estimated sd) and
 * `meanError` (measure: of its summary) list the estimates.
 */
export function formatDiversityJson(runs: readonly DiversityRunResult[], ties: string): string {
  const objects = runs.map((run) => ({
    run: run.run,
    runid: run.runid,
    ties,
    measures: run.measures,
    queries: run.queries.length,
    perQuery: Object.fromEntries(run.queries.map((qid, q) => [qid, Object.fromEntries(run.measures.map((m) => [m, run.sd === undefined ? run.perQuery[m]![q] : { average: run.perQuery[m]![q], sd: run.sd.perQuery[m]![q] }]))])),
    mean: run.sd === undefined ? run.mean : Object.fromEntries(run.measures.map((m) => [m, { average: run.mean[m], sd: run.sd!.mean[m] }])),
    ...(run.estimated === undefined ? {} : { estimated: run.estimated, meanError: run.meanError }),
  }));
  return `${JSON.stringify(objects.length === 1 ? objects[0] : objects, null, 2)}\n`;
}

/** CSV: `run,query,<measures>` (with sds, `<measure> sd` after each), a row per run and query, then one `all` row per run; values as JSON writes them. */
export function formatDiversityCsv(runs: readonly DiversityRunResult[]): string {
  const spread = runs.some((run) => run.sd !== undefined);
  const out = [['run', 'query', ...(runs[0]?.measures ?? []).flatMap((m) => (spread ? [m, `${m} sd`] : [m]))].map(csvField).join(',')];
  for (const run of runs) {
    const cells = (q: number): string[] => run.measures.flatMap((m) => [String(q < 0 ? run.mean[m] : run.perQuery[m]![q]), ...(run.sd === undefined ? [] : [String(q < 0 ? run.sd.mean[m] : run.sd.perQuery[m]![q])])]);
    run.queries.forEach((qid, q) => out.push([run.run, qid, ...cells(q)].map(csvField).join(',')));
    out.push([run.run, 'all', ...cells(-1)].map(csvField).join(','));
  }
  return `${out.join('\n')}\n`;
}
