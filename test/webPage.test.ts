import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './support/cli.js';
import { findChromium, runPage } from './support/chromium.js';

// The web page (`npm run build:web`), in headless Chromium: its "Try the example" evaluation of
// the bundled example files shows the command line's numbers (`tie-eval ties`, `tie-eval range`).

const chromium = findChromium();
if (chromium === undefined) console.log('SKIPPED: the web page suite, for want of Chromium (apt-get install chromium)');

/** The page with a reporter that POSTs the tables it shows once it has rendered. */
const REPORTER = `<script>
document.addEventListener('tie-eval:rendered', (e) => {
  const cells = (id) => [...document.querySelectorAll('#' + id + ' tr')].map((tr) => [...tr.cells].map((c) => c.textContent));
  const panels = [...document.querySelectorAll('#plot svg .panel')].map((p) => p.getAttribute('data-measure'));
  fetch('/report', { method: 'POST', body: JSON.stringify({ error: e.detail, status: document.getElementById('status').textContent, backend: document.getElementById('backend').textContent, ties: cells('ties'), ranges: cells('ranges'), panels }) });
});
</script>`;

/** A command line table's rows, cells split at runs of spaces (no cell holds a space). */
const rowsOf = (text: string): string[][] => text.trim().split('\n').map((line) => line.trim().split(/\s+/));

describe.skipIf(chromium === undefined)('the web page (headless Chromium)', async () => {
  const built = spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { encoding: 'utf8' });
  const root = join(process.cwd(), 'web/dist');
  const html = readFileSync(join(root, 'index.html'), 'utf8').replace('<script type="module"', `${REPORTER}\n<script type="module"`);
  const ties = await cli('ties', 'examples/run.txt');
  const range = await cli('range', '-m', 'AP', '-m', 'nDCG@10', '-m', 'P@10', '-m', 'RR', 'examples/qrels.txt', 'examples/run.txt');

  for (const isolated of [false, true]) {
    it(`shows the command line's tie statistics and ranges for the example (${isolated ? '' : 'not '}cross-origin isolated)`, async () => {
      expect(built.status, built.stderr).toBe(0);
      const { report } = await runPage(chromium!, { root, files: new Map([['/index.html', html]]), page: '/index.html?example', isolated });
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
