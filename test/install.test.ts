import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runChild } from './support/child.js';

/**
 * npm's install step on a machine without a C++ compiler: a copy of the package whose build
 * finds no compiler (CXX points nowhere) must still install, say so in one line, and serve
 * through WebAssembly.
 */
describe('install without a C++ compiler', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tie-eval-install-'));
  for (const part of ['package.json', 'binding.gyp', 'native', 'scripts', 'src', 'wasm']) cpSync(join(ROOT, part), join(dir, part), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the install script succeeds with one line, builds no addon, and WASM is selected', () => {
    const install = spawnSync(process.execPath, ['scripts/install.mjs'], { cwd: dir, env: { ...process.env, CXX: '/nonexistent/c++', CC: '/nonexistent/cc' }, encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr.trim().split('\n')).toHaveLength(1);
    expect(install.stderr).toMatch(new RegExp(`^tie-eval: native backend unavailable \\(no prebuilt addon for ${process.platform}-${process.arch}, and building it from source with node-gyp failed: .*\\); the WASM backend will serve`));
    expect(existsSync(join(dir, 'build/Release/tie_eval.node'))).toBe(false);

    const info = runChild(`import { backendInfo } from './src/index.ts'; const i = backendInfo(); console.log(JSON.stringify({ ...i, errors: Object.keys(i.errors) }));`, { TIE_EVAL_BACKEND: '' }, dir);
    expect(info.status, info.stderr).toBe(0);
    expect(JSON.parse(info.stdout)).toEqual({ selected: 'wasm', available: ['wasm', 'js'], errors: ['native'] });

    const forced = runChild(`import './src/index.ts';`, { TIE_EVAL_BACKEND: 'native' }, dir);
    expect(forced.status).not.toBe(0);
    expect(forced.stderr).toMatch(/TIE_EVAL_BACKEND: the native backend is not available: the native backend did not load/);
  });

  it.runIf(existsSync(join(ROOT, 'build/Release/tie_eval.node')))('does nothing where a prebuilt addon fits, which then serves', () => {
    const prebuilds = join(dir, `prebuilds/${process.platform}-${process.arch}`);
    mkdirSync(prebuilds, { recursive: true });
    cpSync(join(ROOT, 'build/Release/tie_eval.node'), join(prebuilds, 'node.napi.glibc.node'));
    try {
      const install = spawnSync(process.execPath, ['scripts/install.mjs'], { cwd: dir, env: { ...process.env, CXX: '/nonexistent/c++', CC: '/nonexistent/cc' }, encoding: 'utf8' });
      expect([install.status, install.stdout, install.stderr]).toEqual([0, '', '']);
      expect(existsSync(join(dir, 'build/Release/tie_eval.node'))).toBe(false);
      const info = runChild(`import { backendInfo } from './src/index.ts'; console.log(backendInfo().selected);`, { TIE_EVAL_BACKEND: '' }, dir);
      expect(info.stdout.trim()).toBe('native');
    } finally {
      rmSync(join(dir, 'prebuilds'), { recursive: true, force: true });
    }
  });

  it('a build from source says whether a clone built it (no prebuilds/) or the packed package lacked one for this platform', () => {
    // node-gyp stood in for by a script that succeeds at once: the message, not the build, is tested
    const gyp = join(dir, 'fake-node-gyp.cjs');
    writeFileSync(gyp, 'process.exit(0);\n');
    const install = (): string => {
      const r = spawnSync(process.execPath, ['scripts/install.mjs'], { cwd: dir, env: { ...process.env, npm_config_node_gyp: gyp }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      return r.stderr.trim();
    };
    expect(install()).toBe('tie-eval: built the native backend from source with node-gyp (a clone of the repository builds it; the packed package carries it prebuilt)');
    mkdirSync(join(dir, 'prebuilds'));
    try {
      expect(install()).toBe(`tie-eval: no prebuilt addon for ${process.platform}-${process.arch}: built the native backend from source with node-gyp`);
    } finally {
      rmSync(join(dir, 'prebuilds'), { recursive: true, force: true });
    }
  });

  it('TIE_EVAL_SKIP_NATIVE disables the addon build the same way', () => {
    const install = spawnSync(process.execPath, ['scripts/install.mjs'], { cwd: dir, env: { ...process.env, TIE_EVAL_SKIP_NATIVE: '1' }, encoding: 'utf8' });
    expect(install.status).toBe(0);
    expect(install.stderr).toMatch(/native backend unavailable \(TIE_EVAL_SKIP_NATIVE is set\)/);
  });
});
