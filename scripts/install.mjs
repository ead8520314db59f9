// npm's install step: build the native addon. Without a C++ toolchain (or with
// TIE_EVAL_SKIP_NATIVE=1) say so in one line and succeed: the WASM backend then serves.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const unavailable = (why) => {
  console.warn(`tie-eval: native backend unavailable (${why}); the WASM backend will serve`);
  process.exit(0);
};

if (process.env.TIE_EVAL_SKIP_NATIVE) unavailable('TIE_EVAL_SKIP_NATIVE is set');
let gyp;
try {
  gyp = createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js');
} catch {
  unavailable('node-gyp is not installed');
}
const build = spawnSync(process.execPath, [gyp, 'rebuild'], { encoding: 'utf8' });
if (build.status !== 0) {
  const lines = `${build.stderr ?? ''}${build.error?.message ?? ''}`.split('\n').filter((l) => /error|not found|No such/i.test(l));
  unavailable(`node-gyp rebuild failed: ${(lines[0] ?? `exit ${build.status}`).trim()}`);
}
