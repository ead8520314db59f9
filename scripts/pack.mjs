// npm's prepack and postpack steps (`node scripts/pack.mjs before|after`).
// before: dist/ and wasm/ built where stale (scripts/prepare.mjs); the prebuilt addon for this platform, in prebuilds/: the addon `npm ci` built in
// build/Release where it is newer than the C++ sources (copied and stripped, as prebuildify
// names and strips it), else built by prebuildify, its compiler's output kept for a failure;
// then package.json without the steps a packed package does not need (its addon is prebuilt,
// its dist/ built: no install, no prepare; where no prebuilt addon fits, the WASM backend
// serves), the original kept beside it until `after` puts it back.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = join(root, 'package.json');
const kept = join(root, 'package.json.unpacked');

if (process.argv[2] === 'after') {
  if (existsSync(kept)) renameSync(kept, manifest);
  process.exit(0);
}
// a pack that failed before `after` left the original beside it
if (existsSync(kept)) renameSync(kept, manifest);

// dist/ and wasm/ where they are older than their sources (npm does not run prepare once this
// step has taken it out of package.json)
const prepared = spawnSync(process.execPath, [join(root, 'scripts/prepare.mjs')], { cwd: root, stdio: 'inherit' });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

const newest = (path) => (statSync(path).isDirectory() ? Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name)))) : statSync(path).mtimeMs);
const built = join(root, 'build/Release/tie_eval.node');
const libc = process.platform === 'linux' ? (process.report?.getReport().header.glibcVersionRuntime ? '.glibc' : '.musl') : '';
const target = join(root, 'prebuilds', `${process.platform}-${process.arch}`, `tie-eval${libc}.node`);
if (existsSync(built) && statSync(built).mtimeMs > Math.max(newest(join(root, 'native')), statSync(join(root, 'binding.gyp')).mtimeMs)) {
  mkdirSync(join(target, '..'), { recursive: true });
  copyFileSync(built, target);
  if (process.platform === 'linux') spawnSync('strip', ['--strip-all', target]);
  console.error(`tie-eval: prebuilds/ takes the addon built in build/Release (${statSync(target).size} bytes, stripped)`);
} else {
  // package.json's build:prebuilds (its flags in one place), its output kept for a failure
  const build = spawnSync('npm', ['run', '--silent', 'build:prebuilds'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}`);
    console.error('tie-eval: building the prebuilt addon failed (above)');
    process.exit(build.status ?? 1);
  }
  console.error('tie-eval: built the prebuilt addon with prebuildify');
}
const text = readFileSync(manifest, 'utf8');
const pkg = JSON.parse(text);
delete pkg.scripts.install;
delete pkg.scripts.prepare;
pkg.files = pkg.files.filter((f) => f !== 'scripts/install.mjs');
writeFileSync(kept, text);
writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
