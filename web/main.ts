// The web page (web/index.html; built by `npm run build:web` into web/dist): a qrels file and
// runs, dropped or chosen, evaluated in the page in every tie regime. It dispatches
// `tie-eval:rendered` (detail: the error message, or null) on the document after each evaluation.
import { rangeCells, tieStatsCells } from '../src/format/analysisRows.js';
import { evaluateRuns, RANGE_MODES, rangeMeans, rangePlotsSvg, ready, tieStats, type RangePoint, type RunsEvaluation, type TieStats } from '../src/index.js';

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const status = byId<HTMLElement>('status');
let qrels: File | null = null;
let runs: File[] = [];

/** A table of header and rows, its cells text (so no file content is ever read as HTML). */
function fillTable(table: HTMLTableElement, header: string[], rows: string[][], textColumns: number): void {
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  header.forEach((h, i) => {
    const th = head.appendChild(document.createElement('th'));
    th.textContent = h;
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

/** Whether a file's first line that is not a comment has the four fields of a qrels line. */
async function looksLikeQrels(file: File): Promise<boolean> {
  const head = new TextDecoder().decode(await file.slice(0, 4096).arrayBuffer());
  const line = head.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#'));
  return line !== undefined && line.trim().split(/\s+/).length === 4;
}

function showFiles(): void {
  byId('files').textContent = `qrels: ${qrels?.name ?? 'none'}; runs: ${runs.map((r) => r.name).join(', ') || 'none'}`;
}

const bytesOf = async (file: File): Promise<{ name: string; data: Uint8Array }> => ({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) });

async function evaluate(): Promise<void> {
  if (qrels === null || runs.length === 0) {
    status.textContent = 'give a qrels file and at least one run';
    return;
  }
  status.className = '';
  status.textContent = 'evaluating…';
  let error: string | null = null;
  try {
    const measures = byId<HTMLInputElement>('measures').value.split(',').map((m) => m.trim()).filter((m) => m !== '');
    const runBytes = await Promise.all(runs.map(bytesOf));
    const stats: TieStats[] = [];
    for (const run of runBytes) stats.push(await tieStats(run, { name: run.name }));
    const evaluation: RunsEvaluation = await evaluateRuns(await bytesOf(qrels), runBytes, { measures: measures.length > 0 ? measures : undefined, ties: RANGE_MODES });
    showResults(stats, evaluation);
    const warnings = evaluation.runs.flatMap((r) => r.warnings);
    status.textContent = `${evaluation.runs.length} run(s), ${evaluation.runs[0]!.queries.length} queries, on the ${evaluation.runs[0]!.backend} backend${warnings.length > 0 ? `; ${warnings.join('; ')}` : ''}`;
  } catch (e) {
    error = (e as Error).message;
    status.className = 'error';
    status.textContent = error;
  }
  document.dispatchEvent(new CustomEvent('tie-eval:rendered', { detail: error }));
}

function showResults(stats: TieStats[], evaluation: RunsEvaluation): void {
  fillTable(
    byId('ties'),
    ['run', 'lines', 'queries', 'tied', 'tied%', 'queries with ties', 'largest group', 'rising scores', 'rank contradictions'],
    stats.map(tieStatsCells),
    1,
  );
  const numeric = evaluation.measures.filter((m) => m.text === undefined);
  const rows: string[][] = [];
  const panels = numeric.map((m) => ({ measure: m.label, points: [] as RangePoint[] }));
  for (const run of evaluation.runs) {
    numeric.forEach((m, k) => {
      const r = rangeMeans(run, m.name);
      rows.push([run.run, m.label, ...rangeCells(r)]);
      panels[k]!.points.push({ run: run.run, ...r });
    });
  }
  fillTable(byId('ranges'), ['run', 'measure', 'pessimistic', 'average', 'trec', 'optimistic', 'range'], rows, 2);
  // the plot is our own SVG, its run names escaped by rangePlotsSvg
  byId('plot').innerHTML = rangePlotsSvg(panels);
  byId('results').hidden = false;
}

async function takeFiles(files: File[]): Promise<void> {
  for (const file of files) {
    if (qrels === null && (await looksLikeQrels(file))) qrels = file;
    else runs.push(file);
  }
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
  qrels = null;
  runs = [];
  void takeFiles([...(e.dataTransfer?.files ?? [])]);
});
byId<HTMLInputElement>('qrels-file').addEventListener('change', (e) => {
  qrels = (e.target as HTMLInputElement).files?.[0] ?? null;
  showFiles();
  void evaluate();
});
byId<HTMLInputElement>('run-files').addEventListener('change', (e) => {
  runs = [...((e.target as HTMLInputElement).files ?? [])];
  showFiles();
  void evaluate();
});
byId('evaluate').addEventListener('click', () => void evaluate());
byId('example').addEventListener('click', async () => {
  const fetchFile = async (name: string): Promise<File> => new File([await (await fetch(`./examples/${name}`)).arrayBuffer()], name);
  qrels = await fetchFile('qrels.txt');
  runs = [await fetchFile('run.txt')];
  showFiles();
  await evaluate();
});

// the WASM builds sit beside this bundle (see scripts/buildWeb.mjs)
const info = await ready({ wasmBase: new URL('./', import.meta.url) });
byId('backend').textContent = `ready: the ${info.selected} backend${info.selected === 'wasm' ? `, ${info.wasmThreads} thread(s)` : ` (${info.errors.wasm?.message ?? ''})`}`;
if (new URLSearchParams(location.search).has('example')) byId('example').click();
