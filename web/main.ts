// The web page (web/index.html; built by `npm run build:web` into web/dist, served by `npm run
// serve:web`): a qrels file and runs, dropped or chosen in any order, evaluated in the page under
// every tie regime, with the command line's options, per-query values and downloads. It
// dispatches `tie-eval:rendered` (detail: the error message, or null) on the document after each
// evaluation.
import { rangeCells, tieStatsCells } from '../src/format/analysisRows.js';
import { hasGzipMagic } from '../src/io/input.js';
import { isDiversityName } from '../src/measures/diversityNames.js';
import { measureArgs } from '../src/measures/measureArgs.js';
import { DEFAULT_MEASURES, estimatedNote, evaluateRuns, formatCsv, formatJson, measuresHaveSpread, RANGE_MODES, rangeMeans, rangePlotsSvg, ready, tieStats, type RangePoint, type RunsEvaluation, type TieMode, type TieStats } from '../src/index.js';

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const status = byId<HTMLElement>('status');
let qrels: File | null = null;
let runs: File[] = [];
/** the object URLs of the current downloads, revoked when new results replace them */
let urls: string[] = [];
/** the backend ready() chose ('' until it has) */
let selected = '';

/** A table of header and rows, its cells text (so no file content is ever read as HTML). */
function fillTable(table: HTMLTableElement, header: string[], rows: string[][], textColumns: number): void {
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  header.forEach((h, i) => {
    const th = head.appendChild(document.createElement('th'));
    th.textContent = h;
    th.scope = 'col';
    th.tabIndex = 0;
    if (i < textColumns) th.className = 'text';
  });
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((cell, i) => {
      const td = tr.insertCell();
      td.textContent = cell;
      if (i < textColumns) td.className = 'text';
    });
  }
}

/** A file's first bytes, unzipped when it is gzip (by its magic number, whatever its name). */
async function headOf(file: File): Promise<Uint8Array> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  if (!hasGzipMagic(head)) return head;
  const reader = file.stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < 4096) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // a truncated or broken gzip: the reader says so when it reads the file
  }
  void reader.cancel().catch(() => {});
  const unzipped = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    unzipped.set(chunk, at);
    at += chunk.length;
  }
  return unzipped;
}

/** What a file holds, from its first line that is not a comment: qrels (4 fields), a run, or no text. */
async function kindOf(file: File): Promise<'qrels' | 'run' | 'binary'> {
  const head = await headOf(file);
  if (head.includes(0)) return 'binary';
  const line = new TextDecoder().decode(head).split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'));
  return line !== undefined && line.trim().split(/\s+/).length === 4 ? 'qrels' : 'run';
}

function showFiles(note = ''): void {
  byId('files').textContent = `qrels: ${qrels?.name ?? 'none'}; runs: ${runs.map((r) => r.name).join(', ') || 'none'}${note}`;
}

const bytesOf = async (file: File): Promise<{ name: string; data: Uint8Array }> => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) });

/** The options the page takes, as evaluateRuns and the command line take them. */
function options(): { ties: TieMode; relevanceLevel: number; allQueries: boolean; judgedOnly: boolean; maxRank: number } {
  const number = (id: string, fallback: number): number => {
    const x = Number(byId<HTMLInputElement>(id).value);
    return Number.isInteger(x) && x >= 0 ? x : fallback;
  };
  return {
    ties: byId<HTMLSelectElement>('tie-mode').value as TieMode,
    relevanceLevel: Math.max(1, number('level', 1)),
    allQueries: byId<HTMLInputElement>('all-queries').checked,
    judgedOnly: byId<HTMLInputElement>('judged-only').checked,
    maxRank: number('max-rank', 0),
  };
}

/** Hides the results and drops their downloads: a new evaluation starts from nothing. */
function clearResults(): void {
  byId('results').hidden = true;
  for (const id of ['ties', 'ranges', 'per-query']) byId<HTMLTableElement>(id).replaceChildren();
  byId('plot').replaceChildren();
  for (const url of urls) URL.revokeObjectURL(url);
  urls = [];
}

/** Shows an error in place of any results, and says the evaluation is over. */
function showError(message: string): void {
  clearResults();
  status.className = 'error';
  status.textContent = message;
  document.dispatchEvent(new CustomEvent('tie-eval:rendered', { detail: message }));
}

async function evaluate(): Promise<void> {
  clearResults();
  status.className = '';
  if (qrels === null || runs.length === 0) {
    status.textContent = qrels === null ? 'give a qrels file (and runs): drop them in any order, or choose them' : 'give one or more runs';
    document.dispatchEvent(new CustomEvent('tie-eval:rendered', { detail: status.textContent }));
    return;
  }
  status.textContent = 'evaluating…';
  try {
    const chosen = options();
    const measures = measureArgs(byId<HTMLInputElement>('measures').value);
    const runBytes = await Promise.all(runs.map(bytesOf));
    const stats: TieStats[] = [];
    for (const run of runBytes) stats.push(await tieStats(run, { name: run.name }));
    // the regimes of the means table, its sd where every measure has one, and the per-query one;
    // the diversity measures have no optimistic or pessimistic order: their table has average and trec
    const diversity = measures.some((m) => isDiversityName(m));
    const regimes: TieMode[] = diversity ? ['average', 'trec'] : measuresHaveSpread(measures.length > 0 ? measures : DEFAULT_MEASURES, chosen.relevanceLevel) ? [...RANGE_MODES, 'sd'] : [...RANGE_MODES];
    const modes: TieMode[] = regimes.includes(chosen.ties) ? regimes : [...regimes, chosen.ties];
    const evaluation: RunsEvaluation = await evaluateRuns(await bytesOf(qrels), runBytes, {
      measures: measures.length > 0 ? measures : undefined,
      ties: modes,
      relevanceLevel: chosen.relevanceLevel,
      allQueries: chosen.allQueries,
      judgedOnly: chosen.judgedOnly,
      maxRank: chosen.maxRank,
    });
    showResults(stats, evaluation, chosen.ties);
    const note = estimatedNote(evaluation.runs);
    const warnings = [...evaluation.runs.flatMap((r) => r.warnings), ...(note === '' ? [] : [`${note}: the JSON download lists them with their standard errors`])];
    const queries = evaluation.runs[0]!.queries.length;
    // small batches go to the reference: entering WebAssembly costs more than their evaluation
    const served = Object.entries(evaluation.runs[0]!.backends).map(([name, count]) => `${name} ${count}`).join(', ');
    const why = evaluation.runs[0]!.backends.js !== undefined && selected === 'wasm' ? ' (batches under 32 documents run faster on the TypeScript reference than through WebAssembly)' : '';
    status.textContent = `${evaluation.runs.length} run${evaluation.runs.length === 1 ? '' : 's'}, ${queries} quer${queries === 1 ? 'y' : 'ies'}, queries per backend: ${served}${why}${warnings.length > 0 ? `; ${warnings.join('; ')}` : ''}`;
  } catch (e) {
    showError((e as Error).message);
    return;
  }
  document.dispatchEvent(new CustomEvent('tie-eval:rendered', { detail: null }));
}

/** A download link for `text`. */
function offer(id: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  urls.push(url);
  byId<HTMLAnchorElement>(id).href = url;
}

function showResults(stats: TieStats[], evaluation: RunsEvaluation, ties: TieMode): void {
  fillTable(
    byId('ties'),
    ['run', 'lines', 'queries', 'tied', 'tied%', 'queries with ties', 'largest group', 'rising scores', 'rank contradictions'],
    stats.map(tieStatsCells),
    1,
  );
  const numeric = evaluation.measures.filter((m) => m.text === undefined);
  const rows: string[][] = [];
  const panels = numeric.map((m) => ({ measure: m.label, points: [] as RangePoint[] }));
  // without the bounds (the diversity measures), the table's other cells are '-' and there is no plot
  const bounded = evaluation.runs.every((run) => RANGE_MODES.every((mode) => run.mean[mode] !== undefined));
  for (const run of evaluation.runs) {
    numeric.forEach((m, k) => {
      if (!bounded) return void rows.push([run.run, m.label, '-', run.mean.average![m.key]!.toFixed(4), run.mean.trec![m.key]!.toFixed(4), '-', '-', run.mean.sd?.[m.key]?.toFixed(4) ?? '-']);
      const r = rangeMeans(run, m.key);
      rows.push([run.run, m.label, ...rangeCells(r)]);
      panels[k]!.points.push({ run: run.run, ...r });
    });
  }
  fillTable(byId('ranges'), ['run', 'measure', 'pessimistic', 'average', 'trec', 'optimistic', 'range', 'sd'], rows, 2);
  // per query, in the chosen regime
  const perQuery = evaluation.runs.flatMap((run) => run.queries.map((qid, q) => [qid, run.run, ...numeric.map((m) => run.perQuery[ties]![m.key]![q]!.toFixed(4))]));
  fillTable(byId('per-query'), ['query', 'run', ...numeric.map((m) => m.label)], perQuery, 2);
  byId<HTMLTableElement>('per-query').createCaption().textContent = `ties: ${ties}`;
  filterQueries();
  const svg = bounded ? rangePlotsSvg(panels) : '';
  // the plot is our own SVG, its run names escaped by rangePlotsSvg
  byId('plot').innerHTML = svg;
  if (!bounded) byId('plot').textContent = 'no range plot: the diversity measures have no optimistic or pessimistic order';
  // as the command line's --ties: sd prints the average beside it
  const modes: TieMode[] = ties === 'sd' ? ['average', 'sd'] : [ties];
  offer('download-csv', formatCsv(evaluation.runs, evaluation.measures, modes), 'text/csv');
  offer('download-json', formatJson(evaluation.runs, evaluation.measures, modes, ties), 'application/json');
  offer('download-svg', svg, 'image/svg+xml');
  byId('download-svg').hidden = !bounded;
  byId('results').hidden = false;
}

/** Shows the per-query rows whose query id holds the filter's text. */
function filterQueries(): void {
  const text = byId<HTMLInputElement>('query-filter').value.trim();
  for (const row of byId<HTMLTableElement>('per-query').tBodies[0]?.rows ?? []) row.hidden = text !== '' && !row.cells[0]!.textContent!.includes(text);
}

/** Sorts a table's body by a column: text columns as text, the others as numbers; again, the other way. */
function sortBy(table: HTMLTableElement, column: number): void {
  const body = table.tBodies[0];
  if (body === undefined) return;
  const numeric = !table.tHead!.rows[0]!.cells[column]!.classList.contains('text');
  const descending = table.dataset.sorted === `${column}`;
  const key = (row: HTMLTableRowElement): string | number => (numeric ? Number(row.cells[column]!.textContent) : row.cells[column]!.textContent!);
  const rows = [...body.rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * (descending ? -1 : 1);
  });
  table.dataset.sorted = descending ? '' : `${column}`;
  body.append(...rows);
  for (const [i, th] of [...table.tHead!.rows[0]!.cells].entries()) th.setAttribute('aria-sort', i !== column ? 'none' : descending ? 'descending' : 'ascending');
}

/**
 * Takes files dropped or chosen together, told apart by content: a qrels file replaces the
 * qrels, runs replace the runs; a file that is not text is an error, and nothing is taken.
 */
async function takeFiles(files: File[]): Promise<void> {
  const kinds = await Promise.all(files.map(kindOf));
  const binary = files.find((_, i) => kinds[i] === 'binary');
  if (binary !== undefined) return showError(`${binary.name} is not a text file (it holds NUL bytes): give TREC qrels and runs, gzip or not`);
  const given = files.filter((_, i) => kinds[i] === 'qrels');
  const rest = files.filter((_, i) => kinds[i] === 'run');
  if (given.length > 1) return showError(`${given.map((f) => f.name).join(', ')} all look like qrels (four fields a line): give one`);
  if (given.length === 1) qrels = given[0]!;
  if (rest.length > 0) runs = rest;
  showFiles();
  await evaluate();
}

const drop = byId('drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  void takeFiles([...(e.dataTransfer?.files ?? [])]);
});
for (const id of ['qrels-file', 'run-files']) {
  byId<HTMLInputElement>(id).addEventListener('change', (e) => void takeFiles([...((e.target as HTMLInputElement).files ?? [])]));
}
byId('evaluate').addEventListener('click', () => void evaluate());
for (const id of ['tie-mode', 'level', 'all-queries', 'judged-only', 'max-rank']) byId(id).addEventListener('change', () => void evaluate());
byId('query-filter').addEventListener('input', filterQueries);
for (const id of ['ranges', 'per-query']) {
  const table = byId<HTMLTableElement>(id);
  table.addEventListener('click', (e) => {
    const th = (e.target as HTMLElement).closest('th');
    if (th !== null) sortBy(table, th.cellIndex);
  });
  // from the keyboard too: a header takes the focus, Enter or Space sorts by it
  table.addEventListener('keydown', (e) => {
    const th = (e.target as HTMLElement).closest('th');
    if (th === null || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    sortBy(table, th.cellIndex);
  });
}

async function example(): Promise<void> {
  const fetchFile = async (name: string): Promise<File> => new File([await (await fetch(`./examples/${name}`)).arrayBuffer()], name);
  qrels = await fetchFile('qrels.txt');
  runs = [await fetchFile('run.txt')];
  for (const id of ['qrels-file', 'run-files']) byId<HTMLInputElement>(id).value = '';
  showFiles(' (the bundled example)');
  await evaluate();
}
byId('example').addEventListener('click', () => void example());

// the WASM builds sit beside this bundle (see scripts/buildWeb.mjs)
const info = await ready({ wasmBase: new URL('./', import.meta.url) });
selected = info.selected;
byId('backend').textContent =
  info.selected === 'wasm'
    ? `ready: WebAssembly on ${info.wasmThreads} thread${info.wasmThreads === 1 ? '' : 's'}${info.wasmThreads === 1 ? ' (one: the page is not cross-origin isolated; npm run serve:web serves it so)' : ''}`
    : `ready: the TypeScript reference (WebAssembly did not load: ${info.errors.wasm?.message ?? 'unknown'})`;
if (location.hash === '#example' || new URLSearchParams(location.search).has('example')) await example();
