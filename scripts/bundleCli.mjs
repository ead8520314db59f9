// Bundles the command line into one file after tsc: Node then loads one module instead of about
// ninety (about 100 ms less start-up on a 2-core VM, `tie-eval --help` timed against tsc's output).
// The bundle replaces tsc's dist/cli/bin.js at the same depth, so every URL the code resolves
// against import.meta.url (package.json, wasm/, build/Release/, runWorker.js) points where it did;
// the library (dist/index.js) and the worker thread's runWorker.js stay as tsc wrote them.
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/cli/bin.js'],
  outfile: 'dist/cli/bin.js',
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
