import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './support/child.js';
import { scratchFiles } from './support/scratchFiles.js';
import { unless } from './support/skip.js';

// The package under Deno and Bun (their npm packages' binaries, named by DENO_BIN and BUN_BIN:
// .ci/run installs them when the registry serves them): an import and the command line, and
// which backend serves. Deno without permissions must fall back with readable reasons.
const deno = process.env.DENO_BIN;
const bun = process.env.BUN_BIN;
const noDeno = deno !== undefined && existsSync(deno) ? undefined : 'no Deno (DENO_BIN): .ci/run installs the deno package from npm where it can';
const noBun = bun !== undefined && existsSync(bun) ? undefined : 'no Bun (BUN_BIN): .ci/run installs the bun package from npm where it can';

/** A project with tie-eval installed (this folder, linked) and a script that evaluates a query and says which backend served. */
function project(): string {
  const { dir, file } = scratchFiles('runtime');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'tie-eval'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
  file('main.mjs', "import { evaluate, backendInfo } from 'tie-eval';\nconst info = backendInfo();\nconsole.log(JSON.stringify({ ap: evaluate({ scores: [3, 2, 2, 1], labels: [0, 1, 0, 1] }, ['AP']).AP, selected: info.selected, errors: info.errors }));\n");
  return dir;
}

/** The environment less a forced backend (CI's second pass forces wasm): each runtime chooses for itself. */
const { TIE_EVAL_BACKEND: _, ...env } = process.env;
const run = (bin: string, args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } => spawnSync(bin, args, { cwd, env, encoding: 'utf8', timeout: 60_000 });
const cliArgs = ['node_modules/tie-eval/dist/cli/bin.js', join(ROOT, 'examples/qrels.txt'), join(ROOT, 'examples/run.txt')];

unless(noDeno).describe('Deno', () => {
  const dir = project();
  it('imports with every permission on the addon, and without any falls back to the reference with readable reasons', () => {
    const all = run(deno!, ['run', '-A', 'main.mjs'], dir);
    expect(all.status, all.stderr).toBe(0);
    expect(JSON.parse(all.stdout)).toEqual({ ap: 0.4583333333333333, selected: 'native', errors: {} });
    const none = run(deno!, ['run', 'main.mjs'], dir);
    expect(none.status, none.stderr).toBe(0);
    const denied = JSON.parse(none.stdout);
    expect(denied.ap).toBe(0.4583333333333333);
    expect(denied.selected).toBe('js');
    expect(denied.errors.native).toMatch(/the native backend did not load: .*--allow-env/);
    const read = JSON.parse(run(deno!, ['run', '--allow-read', '--allow-env', 'main.mjs'], dir).stdout);
    expect(read.selected).toBe('wasm');
    expect(read.errors.native).toMatch(/--allow-ffi/);
  });
  it('runs the command line', () => {
    const r = run(deno!, ['run', '-A', ...cliArgs], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^AP +\tall\t0\.4752$/m);
  });
});

unless(noBun).describe('Bun', () => {
  const dir = project();
  it('imports on the addon and runs the command line', () => {
    const r = run(bun!, ['main.mjs'], dir);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ap: 0.4583333333333333, selected: 'native', errors: {} });
    const cli = run(bun!, cliArgs, dir);
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/^AP +\tall\t0\.4752$/m);
  });
});
