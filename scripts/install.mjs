// npm's install step. Where a prebuilt addon fits this platform (prebuilds/, shipped in the
// package) or one was built here before, there is nothing to do. Else it builds the addon from
// source with node-gyp (npm's own, or one on PATH) and says so in one line; without a C++
// toolchain (or with TIE_EVAL_SKIP_NATIVE=1) it says why in one line and succeeds: the WASM
// backend then serves.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const where = `${process.platform}-${process.arch}`;
const unavailable = (why) => {
  console.warn(`tie-eval: native backend unavailable (${why}); the WASM backend will serve`);
  process.exit(0);
};

if (process.env.TIE_EVAL_SKIP_NATIVE) unavailable('TIE_EVAL_SKIP_NATIVE is set');
try {
  createRequire(import.meta.url)('node-gyp-build').path(root);
  process.exit(0);
} catch {
  // no addon fits: build one
}
// npm tells its scripts where its own node-gyp is; else one on PATH
const gyp = process.env.npm_config_node_gyp;
const build = gyp ? spawnSync(process.execPath, [gyp, 'rebuild'], { cwd: root, encoding: 'utf8' }) : spawnSync('node-gyp', ['rebuild'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
if (build.status !== 0) {
  const lines = `${build.stderr ?? ''}${build.error?.message ?? ''}`.split('\n').filter((l) => /error|not found|No such|ENOENT/i.test(l));
  unavailable(`no prebuilt addon for ${where}, and building it from source with node-gyp failed: ${(lines[0] ?? `exit ${build.status}`).trim()}`);
}
// the packed package carries prebuilds/; a clone of the repository has none and always builds
console.warn(
  existsSync(join(root, 'prebuilds'))
    ? `tie-eval: no prebuilt addon for ${where}: built the native backend from source with node-gyp`
    : 'tie-eval: built the native backend from source with node-gyp (a clone of the repository builds it; the packed package carries it prebuilt)',
);
