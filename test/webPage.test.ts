import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { browserOptions } from '../scripts/browserBuild.mjs';
import { measureArgs } from '../src/measures/measureArgs.js';
import { cli } from './support/cli.js';
import { findChromium, headlessFlags, NO_CHROMIUM, runPage } from './support/chromium.js';
import { unless } from './support/skip.js';

// The web page as `npm run build:web` builds it, in headless Chromium, driven as a person would
// (test/browser/webPage.ts): files dropped in any order, options, measure names, per-query
// values, tables and downloads equal to the command line's output, errors clearing old results,
// #example, requests only to itself; and `npm run serve:web`'s headers.

const chromium = findChromium();

describe('the measure box', () => {
  it('splits names at spaces, new lines and commas, but not trec_eval values or parentheses', () => {
    expect(measureArgs('AP, nDCG@10\nP.5,10 map')).toEqual(['AP', 'nDCG@10', 'P.5,10', 'map']);
    expect(measureArgs('P.5,10, ndcg.1=0,2=1 utility.1,-1,0,0')).toEqual(['P.5,10', 'ndcg.1=0,2=1', 'utility.1,-1,0,0']);
    expect(measureArgs(' nDCG(dcg=exp-log2, rel=2)@10,AP(norm=found)@5 ')).toEqual(['nDCG(dcg=exp-log2,rel=2)@10', 'AP(norm=found)@5']);
    expect(measureArgs(' ,\n ')).toEqual([]);
  });
});

/** Twelve queries, graded labels; two runs with ties, one with unjudged documents. */
function data(): { qrels: string; a: string; b: string } {
  let qrels = '';
  let a = '';
  let b = '';
  for (let q = 1; q <= 12; q++) {
    for (let d = 0; d < 8; d++) {
      qrels += `q${q} 0 d${d} ${(q * 7 + d * 3) % 4}\n`;
      a += `q${q} Q0 d${d} ${d + 1} ${Math.floor((8 - d) / 3)} a\n`;
      b += `q${q} Q0 d${(d + q) % 8} ${d + 1} ${8 - d} b\n`;
    }
    // a document the judgements lack, tied with the last ones (for -J)
    a += `q${q} Q0 u${q} 9 0 a\n`;
  }
  // a qrels query the runs lack, for -c
  qrels += 'q13 0 d0 1\n';
  return { qrels, a, b };
}

unless(chromium === undefined ? NO_CHROMIUM : undefined).describe('the web page (headless Chromium)', async () => {
  const built = spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { encoding: 'utf8' });
  const root = join(process.cwd(), 'web/dist');
  const driver = await build({ ...browserOptions, entryPoints: ['test/browser/webPage.ts'], write: false, outdir: 'out' });
  const { qrels, a, b } = data();
  const html = readFileSync('web/index.html', 'utf8').replace('</body>', '<script type="module" src="/test/driver.js"></script>\n</body>');
  const files = new Map<string, string | Uint8Array>([
    ['/index.html', html],
    ['/test/driver.js', driver.outputFiles![0]!.contents],
    ['/data/qrels.gz', gzipSync(qrels)],
    ['/data/a.run.gz', gzipSync(a)],
    ['/data/b.run.gz', gzipSync(b)],
    ['/data/qrels.diversity.txt', readFileSync('examples/qrels.diversity.txt')],
    ['/data/run.txt', readFileSync('examples/run.txt')],
  ]);
  // the command line on the same files, named as the page names them
  const dir = mkdtempSync(join(tmpdir(), 'tie-eval-web-'));
  for (const name of ['qrels.gz', 'a.run.gz', 'b.run.gz']) writeFileSync(join(dir, name), files.get(`/data/${name}`)!);
  const paths = ['qrels.gz', 'a.run.gz', 'b.run.gz'].map((n) => join(dir, n));
  const measures = ['-m', 'AP', '-m', 'nDCG@10', '-m', 'P@10', '-m', 'RR'];
  const command = async (...args: string[]): Promise<string> => (await cli(...args, ...measures, ...paths)).stdout.replaceAll(`${dir}/`, '');
  const csv = await command('--format', 'csv');
  const json = await command('--format', 'json');
  const optionsCsv = await command('--format', 'csv', '--ties', 'trec', '-l', '2', '-c', '-J', '-M', '5');
  const withoutBackend = (text: string): string => text.replace(/"backend": "[a-z]+"/g, '"backend": _').replace(/"backends": \{[^}]*\}/g, '"backends": _');
  const ties = (await cli('ties', ...paths.slice(1))).stdout.replaceAll(`${dir}/`, '');
  const ranges = await command('range');
  const exampleTies = await cli('ties', 'examples/run.txt');
  const exampleRanges = await cli('range', ...measures, 'examples/qrels.txt', 'examples/run.txt');
  // the diversity measures, with the options the page then has (-l 2, -c, -J, -M 5)
  const diversityArgs = ['-l', '2', '-c', '-J', '-M', '5', '-m', 'alpha-nDCG@5', '-m', 'ERR-IA@10'];
  for (const name of ['qrels.diversity.txt', 'run.txt']) writeFileSync(join(dir, name), files.get(`/data/${name}`)!);
  const diversityPaths = ['qrels.diversity.txt', 'run.txt'].map((n) => join(dir, n));
  const diversityCsv = (await cli('--format', 'csv', ...diversityArgs, ...diversityPaths)).stdout.replaceAll(`${dir}/`, '');
  const diversityMeans = await Promise.all(['average', 'trec'].map(async (ties) => JSON.parse((await cli('--format', 'json', '--ties', ties, ...diversityArgs, ...diversityPaths)).stdout) as { mean: Record<string, number> }));
  /** A command line table's rows, cells split at runs of spaces (no cell holds a space); the page's run names are the files'. */
  const rowsOf = (text: string): string[][] => text.trim().split('\n').map((line) => line.trim().split(/\s+/).map((cell) => cell.replace(/^examples\//, '')));

  it('takes files in any order, its options and names, shows per-query values, downloads what the command line prints, and clears results on an error', async () => {
    expect(built.status, built.stderr).toBe(0);
    const { report, requests } = await runPage(chromium!, { root, files, page: '/index.html', isolated: true, timeoutMs: 90_000 });
    const r = report as Record<string, any>;
    expect(r.error).toBeUndefined();
    // nothing leaves the machine: the page asks only for itself and its module (the rest is the test's)
    expect(new Set(requests.filter((p) => !p.startsWith('/data/') && !p.startsWith('/test/') && p !== '/report'))).toEqual(new Set(['/index.html', '/app.js', '/tie-eval.wasm']));
    console.log(`the page: ${r.backend}; ${r.qrelsAfter.status}`);
    // cross-origin isolated: more than one thread
    expect(r.backend).toMatch(/^ready: WebAssembly on [2-9]\d* threads$/);
    // runs first: the page asks for the qrels, and shows no results
    expect(r.runsAlone.error).toMatch(/give a qrels file/);
    expect(r.runsAlone.resultsHidden).toBe(true);
    // then the gzip qrels alone: told from the runs by content, the runs kept
    expect(r.qrelsAfter.error).toBeNull();
    expect(r.qrelsAfter.files).toBe('qrels: qrels.gz; runs: a.run.gz, b.run.gz');
    expect(r.qrelsAfter.resultsHidden).toBe(false);
    expect(r.qrelsAfter.ranges).toHaveLength(1 + 2 * 4);
    expect(r.qrelsAfter.perQuery).toBe(1 + 2 * 12);
    expect(r.qrelsAfter.status).toMatch(/^2 runs, 12 queries, queries per backend: (wasm|js) \d+/);
    // its tables: the command line's ties and range
    expect(r.qrelsAfter.ties).toEqual(rowsOf(ties).slice(0, 3).map((row, i) => (i === 0 ? r.qrelsAfter.ties[0] : row)));
    expect(r.qrelsAfter.ranges.slice(1)).toEqual(rowsOf(ranges).slice(1));
    // downloads: the command line's CSV and JSON (but the backend each ran on), the plot
    expect(r.csv).toBe(csv);
    expect(withoutBackend(r.json)).toBe(withoutBackend(json));
    expect(XMLValidator.validate(r.svg)).toBe(true);
    expect(r.svg).toMatch(/data-run="a\.run\.gz"/);
    // options: trec's order, -l 2, -c, -J, -M 5
    expect(r.optionsError).toBeNull();
    expect(r.optionsCsv).toBe(optionsCsv);
    expect(r.perQueryCaption).toBe('ties: trec');
    // names: trec_eval's commas kept, spaces in parentheses read
    expect(r.measuresError).toBeNull();
    expect(r.measureLabels).toEqual(['P_5', 'P_10', 'map', 'nDCG(dcg=exp-log2,rel=2)@10']);
    // per query: filtered by id, sorted by a column one way (a click) then the other (Enter on the focused header)
    expect(new Set(r.filtered)).toEqual(new Set(['q1', 'q10', 'q11', 'q12', 'q13']));
    expect(r.ascending).toEqual([...r.ascending].sort((x: number, y: number) => x - y));
    expect(r.focused).toBe(true);
    expect(r.descending).toEqual([...r.ascending].reverse());
    // the diversity measures: average and trec means (no bounds, no plot), the command line's CSV
    expect(r.diversity.error).toBeNull();
    expect(r.diversity.files).toBe('qrels: qrels.diversity.txt; runs: run.txt');
    expect(r.diversity.ranges.slice(1)).toEqual(['alpha-nDCG@5', 'ERR-IA@10'].map((m) => ['run.txt', m, '-', diversityMeans[0]!.mean[m]!.toFixed(4), diversityMeans[1]!.mean[m]!.toFixed(4), '-', '-', '-']));
    expect(r.diversity.csv).toBe(diversityCsv);
    expect(r.diversity.svgHidden).toBe(true);
    // a file that is not text: the error names it, the old results are gone
    expect(r.binary.error).toMatch(/picture\.png is not a text file/);
    expect(r.binary.resultsHidden).toBe(true);
    expect(r.binary.ranges).toEqual([]);
    expect(r.unlabelled).toEqual([]);
  });

  for (const isolated of [false, true]) {
    it(`#example evaluates the bundled example at load, as the command line does (${isolated ? '' : 'not '}cross-origin isolated)`, async () => {
      expect(built.status, built.stderr).toBe(0);
      const { report, requests } = await runPage(chromium!, { root, files, page: '/index.html#example', isolated, timeoutMs: 90_000 });
      const r = report as Record<string, any>;
      expect(r.error).toBeUndefined();
      expect(new Set(requests.filter((p) => !p.startsWith('/test/') && p !== '/report'))).toEqual(new Set(['/index.html', '/app.js', isolated ? '/tie-eval.wasm' : '/tie-eval.single.wasm', '/examples/qrels.txt', '/examples/run.txt']));
      // ready()'s default threads: min(4, cores) on an isolated page, else 1, and why
      const threads = isolated ? Math.min(4, availableParallelism()) : 1;
      expect(r.backend).toBe(`ready: WebAssembly on ${threads} thread${threads === 1 ? ' (one: the page is not cross-origin isolated; npm run serve:web serves it so)' : 's'}`);
      expect(r.example.files).toBe('qrels: qrels.txt; runs: run.txt (the bundled example)');
      // the example's 27 lines are too few to be worth entering WebAssembly (see ROUTE_TO_JS_BELOW), and the page says so
      expect(r.example.status).toBe('1 run, 3 queries, queries per backend: js 3 (batches under 32 documents run faster on the TypeScript reference than through WebAssembly)');
      expect(r.example.ties.slice(1)).toEqual(rowsOf(exampleTies.stdout).slice(1, 2));
      expect(r.example.ranges.slice(1)).toEqual(rowsOf(exampleRanges.stdout).slice(1));
    });
  }
});

unless(chromium === undefined ? NO_CHROMIUM : undefined).describe('the web page at a phone\'s and a desktop\'s width (headless Chromium)', async () => {
  const built = spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { encoding: 'utf8' });
  const root = join(process.cwd(), 'web/dist');
  const driver = await build({ ...browserOptions, entryPoints: ['test/browser/narrowPage.ts'], write: false, outdir: 'out' });
  const html = readFileSync('web/index.html', 'utf8').replace('</body>', '<script type="module" src="/test/narrow.js"></script>\n</body>');
  // a window's width is the desktop's; a phone's, narrower than headless Chromium's narrowest
  // window, is a frame of that width (its media queries read the frame's)
  const files = new Map<string, string | Uint8Array>([
    ['/index.html', html],
    ['/test/narrow.js', driver.outputFiles![0]!.contents],
    ['/phone.html', '<!doctype html><meta charset="utf-8"><iframe src="/index.html#example" style="width: 420px; height: 900px; border: 0"></iframe>'],
  ]);
  for (const [width, page] of [[420, '/phone.html'], [1280, '/index.html#example']] as const) {
    it(`at ${width} px nothing is wider than the window: the measures box, the tie select, the tables (they scroll inside), the plot`, async () => {
      expect(built.status, built.stderr).toBe(0);
      const { report } = await runPage(chromium!, { root, files, page, isolated: false, timeoutMs: 90_000, windowWidth: Math.max(width, 500) });
      const r = report as { error?: string; width: number; scrollWidth: number; hidden: boolean; parts: Record<string, number> };
      expect(r.error).toBeUndefined();
      expect(r.hidden).toBe(false);
      expect(r.width).toBe(width);
      expect(r.scrollWidth, JSON.stringify(r)).toBeLessThanOrEqual(r.width);
      for (const [part, right] of Object.entries(r.parts)) expect(right, `${part} at ${width} px`).toBeLessThanOrEqual(r.width);
    });
  }
});

describe('npm run serve:web', () => {
  it('serves a folder on 127.0.0.1 with the isolation headers, and prints the address', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tie-eval-serve-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>tie-eval</title>');
    const server = spawn(process.execPath, ['scripts/serveWeb.mjs', '--port', '0', '--root', root], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(d.toString())));
      const address = /http:\/\/127\.0\.0\.1:\d+\//.exec(line)![0];
      const response = await fetch(address);
      expect(response.status).toBe(200);
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(await response.text()).toMatch(/<title>tie-eval<\/title>/);
      expect((await fetch(`${address}../../etc/passwd`)).status).not.toBe(200);
    } finally {
      server.kill();
    }
  });

  unless(chromium === undefined ? NO_CHROMIUM : undefined).it('serves the built page so that it runs on more than one thread', async () => {
    expect(spawnSync(process.execPath, ['scripts/buildWeb.mjs'], { encoding: 'utf8' }).status).toBe(0);
    const server = spawn(process.execPath, ['scripts/serveWeb.mjs', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const profile = mkdtempSync(join(tmpdir(), 'tie-eval-serve-chromium-'));
    try {
      const line = await new Promise<string>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(d.toString())));
      const address = /http:\/\/127\.0\.0\.1:\d+\//.exec(line)![0];
      // the page's DOM once it has loaded (virtual time lets the module and the WASM load first; a slow start is tried again)
      let backend = '';
      for (let attempt = 0; attempt < 3 && !backend.startsWith('ready'); attempt++) {
        const dom = spawnSync(chromium!, [...headlessFlags(profile), '--virtual-time-budget=20000', '--dump-dom', address], { encoding: 'utf8', timeout: 60_000 });
        backend = /<p id="backend">([^<]*)<\/p>/.exec(dom.stdout)?.[1] ?? '';
      }
      const threads = Math.min(4, availableParallelism());
      expect(backend).toBe(`ready: WebAssembly on ${threads} thread${threads === 1 ? ' (one: the page is not cross-origin isolated; npm run serve:web serves it so)' : 's'}`);
    } finally {
      server.kill();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    }
  });
});
