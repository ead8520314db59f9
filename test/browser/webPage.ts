// Drives the web page (web/index.html with its bundle) as a person would, in headless Chromium:
// drops files with real drag events, types in its boxes, clicks its buttons and headers, reads
// what it shows and what its download links hold, and POSTs all that to /report
// (test/webPage.test.ts). At #example it reports what the page shows after loading alone.

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** Resolves after the page's next evaluation, to its error (or null). */
const rendered = (): Promise<string | null> => new Promise((resolve) => document.addEventListener('tie-eval:rendered', (e) => resolve((e as CustomEvent<string | null>).detail), { once: true }));

async function file(path: string, name: string): Promise<File> {
  return new File([await (await fetch(path)).arrayBuffer()], name);
}

/** Drops `files` on the drop zone, as a drag from the desktop does; resolves after the evaluation. */
async function dropFiles(files: File[]): Promise<string | null> {
  const data = new DataTransfer();
  for (const f of files) data.items.add(f);
  const done = rendered();
  $('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  return done;
}

const rows = (id: string): string[][] => [...$<HTMLTableElement>(id).rows].map((r) => [...r.cells].map((c) => c.textContent ?? ''));
const visibleRows = (id: string): string[][] => [...($<HTMLTableElement>(id).tBodies[0]?.rows ?? [])].filter((r) => !r.hidden).map((r) => [...r.cells].map((c) => c.textContent ?? ''));
const text = (id: string): string => $(id).textContent ?? '';
const download = async (id: string): Promise<string> => (await fetch($<HTMLAnchorElement>(id).href)).text();

/** What the page shows now. */
function shown(): Record<string, unknown> {
  return { status: text('status'), files: text('files'), resultsHidden: $('results').hidden, ties: rows('ties'), ranges: rows('ranges'), perQuery: rows('per-query').length, plot: $('plot').innerHTML.length };
}

async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20));
}

async function main(): Promise<Record<string, unknown>> {
  await until(() => text('backend').startsWith('ready'));
  const backend = text('backend');
  if (location.hash === '#example') {
    await until(() => text('status') !== '' && text('status') !== 'evaluating…');
    return { backend, example: shown() };
  }
  const report: Record<string, unknown> = { backend };
  // gzip runs first, then the gzip qrels alone: the page tells them apart by content
  report.runsAlone = { error: await dropFiles([await file('/data/a.run.gz', 'a.run.gz'), await file('/data/b.run.gz', 'b.run.gz')]), ...shown() };
  report.qrelsAfter = { error: await dropFiles([await file('/data/qrels.gz', 'qrels.gz')]), ...shown() };
  report.csv = await download('download-csv');
  report.json = await download('download-json');
  report.svg = await download('download-svg');
  // the options: trec's order, relevance level 2, -c, -J, -M 5; downloads follow them
  $<HTMLSelectElement>('tie-mode').value = 'trec';
  $<HTMLInputElement>('level').value = '2';
  $<HTMLInputElement>('judged-only').checked = true;
  $<HTMLInputElement>('max-rank').value = '5';
  $<HTMLInputElement>('all-queries').checked = true;
  let done = rendered();
  $('all-queries').dispatchEvent(new Event('change'));
  report.optionsError = await done;
  report.optionsCsv = await download('download-csv');
  report.perQueryCaption = $<HTMLTableElement>('per-query').caption?.textContent;
  // measure names as trec_eval writes them, with its commas, and ir_measures' with spaces in parentheses
  $<HTMLTextAreaElement>('measures').value = 'P.5,10 map\nnDCG(dcg=exp-log2, rel=2)@10';
  done = rendered();
  $('evaluate').click();
  report.measuresError = await done;
  report.measureLabels = [...new Set(rows('ranges').slice(1).map((r) => r[1]))];
  // filter by query; sort by a column, twice
  $<HTMLInputElement>('query-filter').value = '1';
  $('query-filter').dispatchEvent(new Event('input'));
  report.filtered = visibleRows('per-query').map((r) => r[0]);
  const header = [...$<HTMLTableElement>('per-query').tHead!.rows[0]!.cells];
  const map = header.findIndex((th) => th.textContent === 'map');
  header[map]!.click();
  report.ascending = visibleRows('per-query').map((r) => Number(r[map]));
  // the second sort from the keyboard: the header takes the focus, Enter sorts
  header[map]!.focus();
  header[map]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  report.focused = document.activeElement === header[map];
  report.descending = visibleRows('per-query').map((r) => Number(r[map]));
  // the diversity measures: subtopic qrels and a run dropped together, the same options
  $<HTMLSelectElement>('tie-mode').value = 'average';
  $<HTMLTextAreaElement>('measures').value = 'alpha-nDCG@5 ERR-IA@10';
  const diversityError = await dropFiles([await file('/data/qrels.diversity.txt', 'qrels.diversity.txt'), await file('/data/run.txt', 'run.txt')]);
  report.diversity = { error: diversityError, ...shown(), csv: await download('download-csv'), svgHidden: $('download-svg').hidden };
  // a file that is not text after a good result: the error, and the old results gone
  report.binary = { error: await dropFiles([new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0x0d, 0x0a])], 'picture.png')]), ...shown() };
  // labelled controls: every input, select and textarea has a label
  report.unlabelled = [...document.querySelectorAll('input, select, textarea')].filter((el) => (el as HTMLInputElement).labels?.length === 0).map((el) => el.id);
  return report;
}

void main()
  .catch((e: Error) => ({ error: e.stack ?? String(e) }))
  .then((body) => fetch('/report', { method: 'POST', body: JSON.stringify(body) }));
