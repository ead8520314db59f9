import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli } from './support/cli.js';
import { findChromium, NO_CHROMIUM, runPage } from './support/chromium.js';
import { unless } from './support/skip.js';

// The web page (`npm run build:web`), in headless Chromium: its "Try the example" evaluation of
// the bundled example files shows the command line's numbers (`tie-eval ties`, `tie-eval range`).

const chromium = findChromium();

/** The page with a reporter that POSTs the tables it shows once it has rendered. */
const REPORTER = `<script>
document.addEventListener('tie-eval:rendered', (e) => {
  const cells = (id) => [...document.querySelectorAll('#' + id + ' tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
  const panels = [...document.querySelectorAll('#plot svg .panel')].map((p) => p.getAttribute('data-measure'));
  fetch('/report', { method: 'POST', body: JSON.stringify({ error: e.detail, status: document.getElementById('status').textContent, backend: document.getElementById('backend').textContent, ties: cells('ties'), ranges: cells('ranges'), panels }) });
});
</script>`;

/** Drops a run, the qrels and a gzip run (in that order: the page tells the qrels by their four fields) on the page once it is ready. */
const DROPPER = `<script type="module">
const ready = () => document.getElementById('backend').textContent.startsWith('ready');
while (!ready()) await new Promise((r) => setTimeout(r, 20));
const file = async (name) => new File([await (await fetch('/drop/' + name)).arrayBuffer()], name);
const data = new DataTransfer();
for (const name of ['a.run', 'qrels.txt', 'b.run.gz']) data.items.add(await file(name));
document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
</script>`;

/** A command line table's rows, cells split at runs of spaces (no cell holds a space). */
const rowsOf = (text: string): string[][] => text.trim().split('\n').map((line) => line.trim().split(/\s+/));

unless(chromium === undefined ? NO_CHROMIUM : undefined).describe('the web page (headless Chromium)', async () => {
  const built = spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { encoding: 'utf8' });
  const root = join(process.cwd(), 'web/dist');
  const html = readFileSync(join(root, 'index.html'), 'utf8').replace('<script type="module"', `${REPORTER}\n<script type="module"`);
  const ties = await cli('ties', 'examples/run.txt');
  const range = await cli('range', '-m', 'AP', '-m', 'nDCG@10', '-m', 'P@10', '-m', 'RR', 'examples/qrels.txt', 'examples/run.txt');

  // two runs for the drop: the example, and the example with its scores halved and floored (more ties), gzip
  const dir = mkdtempSync(join(tmpdir(), 'tie-eval-web-'));
  const a = join(dir, 'a.run');
  const b = join(dir, 'b.run.gz');
  const example = readFileSync('examples/run.txt', 'utf8');
  writeFileSync(a, example);
  writeFileSync(b, gzipSync(example.replace(/ (\d+) indegree$/gm, (_, score: string) => ` ${Math.floor(Number(score) / 2)} halved`)));
  const dropTies = await cli('ties', a, b);
  const dropRange = await cli('range', '-m', 'AP', '-m', 'nDCG@10', '-m', 'P@10', '-m', 'RR', 'examples/qrels.txt', a, b);
  const named = (rows: string[][]): string[][] => rows.map(([run, ...rest]) => [run === a ? 'a.run' : run === b ? 'b.run.gz' : run!, ...rest]);

  it('evaluates a qrels file and two runs dropped on it (one gzip), as the command line does', async () => {
    expect(built.status, built.stderr).toBe(0);
    const page = html.replace('<script type="module"', `${DROPPER}\n<script type="module"`);
    const files = new Map<string, string | Uint8Array>([['/index.html', page], ['/drop/a.run', readFileSync(a)], ['/drop/b.run.gz', readFileSync(b)], ['/drop/qrels.txt', readFileSync('examples/qrels.txt')]]);
    const { report, requests } = await runPage(chromium!, { root, files, page: '/index.html', isolated: false });
    // nothing leaves the machine: the page asks only for itself and the module (the rest is the test's)
    expect(new Set(requests.filter((p) => !p.startsWith('/drop/') && p !== '/report'))).toEqual(new Set(['/index.html', '/app.js', '/tie-eval.single.wasm']));
    const r = report as { error: string | null; status: string; ties: string[][]; ranges: string[][]; panels: string[] };
    expect(r.error).toBeNull();
    expect(r.status).toMatch(/^2 run\(s\), 3 queries/);
    expect(r.ties.slice(1)).toEqual(named(rowsOf(dropTies.stdout).slice(1, 3)));
    expect(r.ranges.slice(1)).toEqual(named(rowsOf(dropRange.stdout).slice(1)));
    expect(r.ranges.length).toBe(1 + 2 * 4);
  });

  for (const isolated of [false, true]) {
    it(`shows the command line's tie statistics and ranges for the example (${isolated ? '' : 'not '}cross-origin isolated)`, async () => {
      expect(built.status, built.stderr).toBe(0);
      const { report, requests } = await runPage(chromium!, { root, files: new Map([['/index.html', html]]), page: '/index.html?example', isolated });
      expect(new Set(requests.filter((p) => p !== '/report'))).toEqual(new Set(['/index.html', '/app.js', isolated ? '/tie-eval.wasm' : '/tie-eval.single.wasm', '/examples/qrels.txt', '/examples/run.txt']));
      const r = report as { error: string | null; status: string; backend: string; ties: string[][]; ranges: string[][]; panels: string[] };
      expect(r.error).toBeNull();
      // the example's 27 lines are too few to be worth entering WebAssembly (see ROUTE_TO_JS_BELOW)
      expect(r.status).toBe('1 run(s), 3 queries, on the js backend');
      // ready()'s default threads: min(4, cores) on an isolated page, else 1
      expect(r.backend).toBe(`ready: the wasm backend, ${isolated ? Math.min(4, availableParallelism()) : 1} thread(s)`);
      // the run's name: the file's (the page has no paths)
      const cliTies = rowsOf(ties.stdout).slice(0, 2);
      expect(r.ties.slice(1)).toEqual(cliTies.slice(1).map((row) => ['run.txt', ...row.slice(1)]));
      const cliRanges = rowsOf(range.stdout);
      expect(r.ranges.slice(1)).toEqual(cliRanges.slice(1).map((row) => ['run.txt', ...row.slice(1)]));
      expect(r.ranges.length).toBe(5);
      expect(r.panels).toEqual(['AP', 'nDCG@10', 'P@10', 'RR']);
    });
  }
});
