// Bundles the command line, and the run reader's worker script, into one file each after tsc:
// Node then loads one module instead of about ninety (about 100 ms less start-up on a 2-core VM,
// `tie-eval --help` timed against tsc's output). The bundles are dist/cli/bin.js (replacing
// tsc's) and dist/cli/runWorker.js beside it, at the depth of every module they hold, so every URL
// the code resolves against import.meta.url (package.json, wasm/, build/Release/, ./runWorker.js)
// points where it does in the library (dist/index.js), which stays as tsc wrote it.
import { chmodSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: [
    { in: 'dist/cli/bin.js', out: 'bin' },
    { in: 'dist/runs/runWorker.js', out: 'runWorker' },
  ],
  outdir: 'dist/cli',
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // CommonJS dependencies (commander) call require() for Node's modules: an ES module has none
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
  logLevel: 'warning',
});

// executable, as npm's bin links make it on install: a rebuild writes a new file, and a bin link
// npx made before (its cache keeps the link) would otherwise meet "Permission denied"
chmodSync('dist/cli/bin.js', 0o755);
