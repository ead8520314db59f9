// npm's prepare step (after `npm ci` in a clone, and before `npm pack`): builds dist/ and wasm/
// (`npm run build`) unless they are newer than every file they are built from, so that
// `npm pack` after `npm ci` does not build them a second time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'assembly', 'asconfig.json', 'tsconfig.build.json', 'scripts/bundle.mjs', 'scripts/generate.ts', 'scripts/browserBuild.mjs', 'scripts/browserShims.mjs'];
const OUTPUTS = ['dist/index.js', 'dist/index.cjs', 'dist/browser.js', 'dist/cli/bin.js', 'wasm/tie-eval.wasm', 'wasm/tie-eval.single.wasm'];

/** The newest modification time under a path (0 where it is absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = OUTPUTS.map((f) => join(root, f));
const oldest = built.every(existsSync) ? Math.min(...built.map((f) => statSync(f).mtimeMs)) : 0;
if (oldest > Math.max(...SOURCES.map((f) => newest(join(root, f))))) {
  console.error('tie-eval: dist/ and wasm/ are newer than their sources: not built again');
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(build.status ?? 1);
}
