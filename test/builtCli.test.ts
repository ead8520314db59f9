import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './support/cli.js';
import { ROOT } from './support/child.js';
import { scratchFiles } from './support/scratchFiles.js';

// The installed command is dist/cli/bin.js, one file bundled by esbuild after tsc
// (scripts/bundleCli.mjs), as is the worker threads' runWorker.js: it must print what the sources
// print, finding package.json, the backends, its CommonJS dependencies and the workers from where it sits.
const BIN = join(ROOT, 'dist/cli/bin.js');
const { file } = scratchFiles('built');

const qrels = join(ROOT, 'examples/qrels.txt');
const run = join(ROOT, 'examples/run.txt');

/** The example run with every score shifted by the line's parity: a second system to compare. */
const other = file(
  'other.run',
  readFileSync(run, 'utf8')
    .split('\n')
    .map((line, i) => line.replace(/^(\S+\s+\S+\s+\S+\s+\S+\s+)(\S+)/, (_, head: string, score: string) => `${head}${Number(score) + (i % 2)}`))
    .join('\n'),
);

function built(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.runIf(existsSync(BIN))('the built command (dist/cli/bin.js)', () => {
  it('is bundled, as is the worker threads\' script: the command line imports only its own chunks (loaded on demand, but for two small shared ones), the worker nothing', () => {
    expect(readFileSync(join(ROOT, 'dist/cli/runWorker.js'), 'utf8')).not.toMatch(/from ["']\.\.?\//);
    const relative = (text: string): string[] => [...text.matchAll(/(?:from |import\()["'](\.\.?\/[^"']+)["']/g)].map((m) => m[1]!);
    const chunks = readdirSync(join(ROOT, 'dist/cli/chunks'));
    const fromBin = relative(readFileSync(BIN, 'utf8'));
    expect(fromBin.length).toBeGreaterThan(0);
    for (const path of fromBin) expect(chunks).toContain(path.replace(/^\.\/chunks\//, ''));
    expect(fromBin.filter((p) => !p.startsWith('./chunks/'))).toEqual([]);
    // the statistics of compare and the progress bar are not loaded with the command line
    expect(readFileSync(BIN, 'utf8')).not.toMatch(/node_modules\/(@stdlib|cli-progress)\//);
    for (const chunk of chunks) for (const path of relative(readFileSync(join(ROOT, 'dist/cli/chunks', chunk), 'utf8'))) expect(chunks).toContain(path.replace(/^\.\//, ''));
  });

  it.runIf(process.platform !== 'win32')('is executable, so that a bin link made before a rebuild still runs it', () => {
    expect(statSync(BIN).mode & 0o111).toBe(0o111);
    const r = spawnSync(BIN, ['--version'], { encoding: 'utf8' });
    expect([r.status, r.stdout.trim()]).toEqual([0, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version]);
  });

  it.each([
    ['--version'],
    ['-q', '--ties', 'range', qrels, run],
    ['--threads', '2', '-m', 'AP,nDCG@10', '-q', qrels, run],
    ['compare', '-m', 'AP', qrels, run, other],
    ['ties', run],
  ])('prints what the sources print: %s', async (...args) => {
    const want = await cli(...args);
    expect(want.code).toBe(0);
    expect(built(...args)).toEqual(want);
  });

  it('reads a run named - from its standard input (the stream made only when read)', () => {
    const r = spawnSync(process.execPath, [BIN, '-q', '-m', 'AP,P@5', qrels, '-'], { encoding: 'utf8', input: readFileSync(run) });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual(built('-q', '-m', 'AP,P@5', qrels, run));
  });
});
