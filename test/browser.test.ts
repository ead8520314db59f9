import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { browserOptions } from '../scripts/browserBuild.mjs';
import { evaluateBatch, type TieMode } from '../src/index.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { cli } from './support/cli.js';
import { findChromium, NO_CHROMIUM, runPage } from './support/chromium.js';
import { unless } from './support/skip.js';

// The browser entry (the `browser` condition, dist/browser.js) and the same sources bundled with
// the package's browser build options, in headless Chromium: the WASM module fetched by ready(),
// Web Workers on a cross-origin-isolated page, one thread on any other; values equal to the bit
// to the TypeScript reference run here, and the evaluation of the bundled example files equal,
// as text, to the command line's.

const chromium = findChromium();
const MEASURES = ['AP', 'nDCG@10', 'ERR@20', 'P@10', 'bpref', 'infAP', 'iprec_at_recall_0.50', 'RR', 'R@100'];
const MODES: TieMode[] = ['average', 'optimistic', 'pessimistic', 'trec', 'input'];
const THREADS = [1, 4];

/** 500 seeded queries of 100-500 documents (enough entries for four threads), heavy ties, unjudged labels. */
function batchSpec(): { scores: number[]; labels: number[]; offsets: number[]; docs: string[] } {
  const next = rng(2008);
  const offsets = [0];
  for (let q = 0; q < 500; q++) offsets.push(offsets[q]! + randInt(next, 100, 500));
  const n = offsets.at(-1)!;
  const scores = Array.from({ length: n }, () => randInt(next, 0, 6) + pick(next, [0, 0, 0.5]));
  const labels = Array.from({ length: n }, () => pick(next, [-1, 0, 0, 0, 0, 1, 2, 3]));
  const docs = Array.from({ length: n }, (_, i) => `d${(i * 7919) % 100_003}`);
  return { scores, labels, offsets, docs };
}

/** A Float64Array's bytes as base64, as the page sends them. */
const bits = (values: Float64Array): string => Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');

interface Found {
  readonly before: string;
  readonly selected: string;
  readonly available: string[];
  readonly errors: Record<string, string>;
  readonly sameReady: boolean;
  readonly wasmThreads: number;
  readonly isolated: boolean;
  readonly selfCheck: { backend: string; values: number; unequal: number };
  readonly values: Record<string, string>;
  readonly preparedAp: string;
  readonly trec: string;
  readonly pathError: string;
}

unless(chromium === undefined ? NO_CHROMIUM : undefined).describe('in a browser (headless Chromium)', async () => {
  const spec = batchSpec();
  const page = await build({ ...browserOptions, entryPoints: ['test/browser/page.ts'], write: false, outdir: 'out' });
  const files = new Map<string, string | Uint8Array>([
    ['/test/index.html', '<!doctype html><meta charset="utf-8"><script type="module" src="/test/page.js"></script>'],
    ['/test/page.js', page.outputFiles![0]!.contents],
    ['/batch.json', JSON.stringify({ ...spec, measures: MEASURES, modes: MODES, threads: THREADS })],
    ['/run.txt.gz', gzipSync(readFileSync('examples/run.txt'))],
  ]);
  const batch = { scores: Float64Array.from(spec.scores), labels: Int32Array.from(spec.labels), offsets: Uint32Array.from(spec.offsets), docs: spec.docs };
  const want = new Map(MODES.map((ties) => [ties, evaluateBatch(batch, MEASURES, { ties, backend: 'js' })]));
  // the command line's text for the same files, runs named as the page names them
  const gz = join(mkdtempSync(join(tmpdir(), 'tie-eval-browser-')), 'run.txt.gz');
  writeFileSync(gz, files.get('/run.txt.gz')!);
  const expected = await cli('-q', '--ties', 'range', '-m', 'official', '-m', 'nDCG@10', '-m', 'ERR@20', 'examples/qrels.txt', 'examples/run.txt', gz);

  for (const isolated of [true, false]) {
    it(`${isolated ? 'on a cross-origin-isolated page, with Web Workers' : 'on a page that is not isolated, in one thread'}: shipped bundle and bundled sources agree with the reference and the command line`, async () => {
      const { report } = await runPage(chromium!, { root: process.cwd(), files, page: '/test/index.html', isolated, timeoutMs: 90_000 });
      const r = report as { error?: string; shipped: Found; bundled: Found; cores: number };
      expect(r.error).toBeUndefined();
      for (const [name, found] of [['shipped dist/browser.js', r.shipped], ['bundled sources', r.bundled]] as const) {
        console.log(`Chromium, ${isolated ? 'isolated' : 'not isolated'}, ${name}: backend ${found.selected} on ${found.wasmThreads} thread(s); selfCheck ${found.selfCheck.values} values, ${found.selfCheck.unequal} unequal; ${Object.keys(found.values).length} value arrays compared; the example files ${found.trec === expected.stdout.replaceAll(gz, 'run.txt.gz') ? 'equal' : 'differ from'} the command line's text`);
      }
      // the shipped bundle asks ready() for 4 threads, the bundled sources take the default
      expect(r.shipped.wasmThreads).toBe(isolated ? 4 : 1);
      expect(r.bundled.wasmThreads).toBe(isolated ? Math.min(4, r.cores) : 1);
      for (const found of [r.shipped, r.bundled]) {
        expect(found.before).toBe('js');
        expect(found.errors).toEqual({});
        expect([found.selected, found.available, found.isolated, found.sameReady]).toEqual(['wasm', ['wasm', 'js'], isolated, true]);
        expect(found.selfCheck.backend).toBe('wasm');
        expect(found.selfCheck.values).toBeGreaterThan(100_000);
        expect(found.selfCheck.unequal).toBe(0);
        for (const ties of MODES) {
          for (const threads of THREADS) for (const m of MEASURES) expect(found.values[`${ties}/${threads}/${m}`], `${ties} ${m} threads ${threads}`).toBe(bits(want.get(ties)!.perQuery[m]!));
        }
        expect(found.preparedAp).toBe(bits(want.get('average')!.perQuery.AP!));
        expect(found.trec).toBe(expected.stdout.replaceAll(gz, 'run.txt.gz'));
        expect(found.pathError).toMatch(/a browser reads no paths/);
      }
    });
  }
});

unless(chromium === undefined ? NO_CHROMIUM : undefined).describe('a bundle without its .wasm (headless Chromium)', () => {
  it('ready() warns once on the console with the fix (wasmBase), and the reference answers', async () => {
    const page = await build({ ...browserOptions, entryPoints: ['test/browser/missingWasm.ts'], write: false, outdir: 'out' });
    // an empty root: the module's URL (wasm/ beside the bundle) answers 404
    const root = mkdtempSync(join(tmpdir(), 'tie-eval-nowasm-'));
    const files = new Map<string, string | Uint8Array>([
      ['/app/index.html', '<!doctype html><meta charset="utf-8"><script type="module" src="/app/page.js"></script>'],
      ['/app/page.js', page.outputFiles![0]!.contents],
    ]);
    const { report, requests } = await runPage(chromium!, { root, files, page: '/app/index.html', isolated: false, timeoutMs: 60_000 });
    const r = report as { error?: string; warnings: string[]; selected: string; errors: string[]; again: string; ap: number };
    expect(r.error).toBeUndefined();
    expect(requests.some((path) => path.endsWith('.wasm'))).toBe(true);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/^tie-eval: the WebAssembly backend did not load \(fetching \S+tie-eval\.single\.wasm gave HTTP 404\); the TypeScript reference serves, .*wasmBase/);
    expect([r.selected, r.errors, r.again]).toEqual(['js', ['wasm'], 'js']);
    // two orders of the tie, AP 1/2 and 1/3
    expect(r.ap).toBeCloseTo(5 / 12, 15);
  });
});
