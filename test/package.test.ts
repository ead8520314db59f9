import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from './support/child.js';
import { unless } from './support/skip.js';

/**
 * The package as a user gets it: `npm pack` (which builds the prebuilt addon), then a fresh
 * project installs the tarball with install scripts off (as pnpm 10 does by default) and uses
 * it with `require` and `import`, and type-checks a consumer of each kind. Needs the npm
 * registry for the package's runtime dependencies; CI's second run (WASM forced) leaves it out.
 */
const forced = (process.env.TIE_EVAL_BACKEND ?? '') !== '';
const registry = !forced && spawnSync('npm', ['ping'], { encoding: 'utf8', timeout: 30_000 }).status === 0;
const skipped = forced ? 'the packed package is tested where no backend is forced' : registry ? undefined : 'the npm registry is not reachable (npm ping failed): the packed package cannot install its dependencies';

unless(skipped).describe(
  'the packed package in a fresh project',
  () => {
  const dir = mkdtempSync(join(tmpdir(), 'tie-eval-pack-'));
  const project = join(dir, 'project');
  let files: string[] = [];
  let manifest: { scripts: Record<string, string> } = { scripts: {} };
  let unpacked: { scripts: Record<string, string> } = { scripts: {} };
  const run = (command: string, args: string[], cwd = project): { status: number | null; stdout: string; stderr: string } =>
    spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, TIE_EVAL_BACKEND: '' } });

  beforeAll(() => {
    // pack a copy of the sources: packing rebuilds the addon in build/, which the other suites load meanwhile
    const copy = join(dir, 'package');
    const listed = run('git', ['ls-files', '-z'], ROOT).stdout.split('\0').filter((f) => f !== '' && existsSync(join(ROOT, f)));
    for (const f of listed) cpSync(join(ROOT, f), join(copy, f), { recursive: true });
    // the addon `npm ci` built, after the sources (newer): packing reuses it, as after npm ci in a clone
    if (existsSync(join(ROOT, 'build/Release/tie_eval.node'))) cpSync(join(ROOT, 'build/Release/tie_eval.node'), join(copy, 'build/Release/tie_eval.node'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    const pack = run('npm', ['pack', '--json', '--pack-destination', dir], copy);
    expect(pack.status, pack.stderr).toBe(0);
    const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
    files = info.files.map((f) => f.path);
    manifest = JSON.parse(run('tar', ['-xzOf', join(dir, info.filename), 'package/package.json'], dir).stdout) as typeof manifest;
    unpacked = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as typeof unpacked;
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "version": "1.0.0", "private": true }\n');
    const install = run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', join(dir, info.filename)]);
    expect(install.status, install.stderr).toBe(0);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ships the prebuilt addon, the docs and LICENSE, and no source maps or unbundled modules', () => {
    expect(files).toContain(`prebuilds/${process.platform}-${process.arch}/tie-eval.glibc.node`);
    for (const f of ['LICENSE', 'CHANGELOG.md', 'README.md', 'docs/api.md', 'dist/index.js', 'dist/index.cjs', 'dist/cli/bin.js', 'dist/cli/runWorker.js', 'dist/browser.js', 'wasm/tie-eval.wasm', 'wasm/tie-eval.single.wasm']) expect(files).toContain(f);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => f.startsWith('dist/') && f.endsWith('.js') && !/^dist\/(index|runWorker|browser|cli\/bin|cli\/runWorker|cli\/chunks\/[\w-]+)\.js$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.includes('.browser.'))).toEqual([]);
  });

  it('serves a browser bundler dist/browser.js (the `browser` condition), with no Node module in it', async () => {
    writeFileSync(join(project, 'page.mjs'), "import { ready, evaluate } from 'tie-eval';\nawait ready();\ndocument.title = String(evaluate({ scores: [1, 1], labels: [1, 0] }, ['AP']).AP);\n");
    const { build } = await import('esbuild');
    const result = await build({ entryPoints: [join(project, 'page.mjs')], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent' });
    expect(Object.keys(result.metafile.inputs).filter((f) => f.includes('node_modules/tie-eval/')).map((f) => f.slice(f.indexOf('node_modules/')))).toEqual(['node_modules/tie-eval/dist/browser.js']);
    expect(result.outputFiles[0]!.text).not.toMatch(/from ["']node:|require\(["']node:/);
  });

  it('serves the native backend from the prebuilt binary, with no install step run', () => {
    expect(existsSync(join(project, 'node_modules/tie-eval/build'))).toBe(false);
    const cjs = run(process.execPath, ['-e', "const t = require('tie-eval'); console.log(JSON.stringify([t.backendInfo().selected, t.evaluate({ scores: [3, 2, 2, 1], labels: [0, 1, 0, 1] }, ['AP']).AP]))"]);
    expect(cjs.stderr).toBe('');
    expect(JSON.parse(cjs.stdout)).toEqual(['native', 0.4583333333333333]);
    const esm = run(process.execPath, ['--input-type=module', '-e', "import { backendInfo, evaluateRun } from 'tie-eval'; console.log(JSON.stringify([backendInfo().selected, evaluateRun({ q: { a: 1 } }, { q: { a: 1, b: 1 } }, ['P@1']).mean['P@1']]))"]);
    expect(esm.stderr).toBe('');
    expect(JSON.parse(esm.stdout)).toEqual(['native', 0.5]);
    const bin = run(join(project, 'node_modules/.bin/tie-eval'), ['-m', 'P.2', join(ROOT, 'examples/qrels.txt'), join(ROOT, 'examples/run.txt')]);
    expect(bin.stdout).toMatch(/^P_2\s+all\s+0\.\d{4}$/m);
  });

  it('carries no install script (npm asks no leave to run one), and packing puts the clone\'s package.json back', () => {
    expect(Object.keys(manifest.scripts).filter((s) => /^(pre|post)?install$|^prepare$/.test(s))).toEqual([]);
    expect(files).not.toContain('scripts/install.mjs');
    expect(unpacked.scripts.install).toBe('node scripts/install.mjs');
  });

  it('installs few packages', () => {
    const installed = readdirSync(join(project, 'node_modules')).flatMap((name) => (name.startsWith('@') ? readdirSync(join(project, 'node_modules', name)) : name.startsWith('.') ? [] : [name]));
    expect(installed.sort()).toEqual(['node-addon-api', 'node-gyp-build', 'tie-eval']);
  });

  it('type-checks a CommonJS and an ES module consumer', () => {
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, types: [], skipLibCheck: true, lib: ['es2023'] }, files: ['a.cts', 'b.mts'] }));
    writeFileSync(join(project, 'a.cts'), "import tie = require('tie-eval');\nconst ap: number = tie.evaluate({ scores: [1], labels: [1] }, ['AP']).AP!;\nexport = ap;\n");
    writeFileSync(join(project, 'b.mts'), "import { evaluate, type Query } from 'tie-eval';\nconst q: Query = { scores: [1], labels: [1] };\nexport const ap: number = evaluate(q, ['AP']).AP!;\n");
    const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.']);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it("type-checks the README's lines under strict, the package's own .d.ts included, without @types/node (nodenext and bundler resolution)", () => {
    // a browser project: the DOM's types, not Node's (no Buffer)
    writeFileSync(
      join(project, 'readme.mts'),
      [
        "import { evaluate, evaluateRuns } from 'tie-eval';",
        "export const one: number = evaluate({ scores: [3, 2, 2, 1], labels: [0, 1, 0, 1] }, ['AP', 'P@2', 'RR']).AP!;",
        "const { runs } = await evaluateRuns('examples/qrels.txt', ['examples/run.txt'], { measures: ['map', 'nDCG@10'] });",
        "export const map: number | undefined = runs[0]!.mean.average['map'];",
        "const both = await evaluateRuns('q', ['r'], { ties: ['average', 'sd'] });",
        "export const sd: number | undefined = both.runs[0]!.mean.sd['AP'];",
        '',
      ].join('\n'),
    );
    for (const [module, resolution] of [['nodenext', 'nodenext'], ['esnext', 'bundler']]) {
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module, moduleResolution: resolution, target: 'es2022', strict: true, noEmit: true, types: [], skipLibCheck: false, lib: ['es2022', 'dom'] }, files: ['readme.mts'] }));
      const tsc = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.']);
      expect(tsc.stdout + tsc.stderr, resolution).toBe('');
      expect(tsc.status).toBe(0);
    }
  });
  },
  { timeout: 600_000 },
);
