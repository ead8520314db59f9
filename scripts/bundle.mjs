// Builds the package's JavaScript from src/ with esbuild, after tsc wrote the declarations
// (dist/types) and checked the types:
// - dist/index.js (ES module) and dist/index.cjs (CommonJS): the library, one file each, its
//   dependencies inside (the t distribution), node-gyp-build (the addon loader) left to Node;
// - dist/runWorker.js: the run reader's worker thread, which both load beside them;
// - dist/cli/bin.js and dist/cli/runWorker.js: the command line with commander inside; one
//   module to load starts faster (about 100 ms less on a 2-core VM than the files apart), so
//   only what few runs need (compare's statistics, the progress bar) is in dist/cli/chunks/;
// - dist/browser.js: the library for browsers and bundlers (the `browser` condition), the same
//   API from the same sources with their browser variants (see browserBuild.mjs); it fetches
//   ../wasm/tie-eval*.wasm relative to itself in ready(); minified (a page loads it whole);
// - dist/cjs-types: the declarations again, marked CommonJS, for `require` (TypeScript reads a
//   declaration's module kind from the nearest package.json).
// Files are found from the package root (src/core/packageRoot.ts), so any depth works.
import { chmodSync, cpSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { browserOptions } from './browserBuild.mjs';

const common = { bundle: true, platform: 'node', target: 'node20', external: ['node-gyp-build'], logLevel: 'warning', sourcemap: false };
// CommonJS dependencies bundled into an ES module call require() for Node's modules: give them one
const esmRequire = { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" };

await build({ ...common, format: 'esm', banner: esmRequire, entryPoints: { index: 'src/index.ts', runWorker: 'src/runs/runWorker.ts' }, outdir: 'dist' });
await build({
  ...common,
  format: 'cjs',
  entryPoints: { index: 'src/index.ts' },
  outExtension: { '.js': '.cjs' },
  outdir: 'dist',
  // the module's own URL, where the ES module has import.meta.url (import.meta.resolve serves
  // only a run from the TypeScript sources)
  define: { 'import.meta': 'importMeta' },
  banner: { js: "const importMeta = { url: require('node:url').pathToFileURL(__filename).href };" },
});
// the command line apart from its worker, so that they share no chunk: `compare`'s statistics and
// the progress bar are imported on demand into chunks of their own (most runs load neither)
await build({ ...common, format: 'esm', banner: esmRequire, entryPoints: { bin: 'src/cli/bin.ts' }, outdir: 'dist/cli', splitting: true, chunkNames: 'chunks/[name]-[hash]' });
await build({ ...common, format: 'esm', banner: esmRequire, entryPoints: { runWorker: 'src/runs/runWorker.ts' }, outdir: 'dist/cli' });
await build({ ...browserOptions, entryPoints: { browser: 'src/index.ts' }, outdir: 'dist', minify: true });

cpSync('dist/types', 'dist/cjs-types', { recursive: true });
writeFileSync('dist/cjs-types/package.json', '{ "type": "commonjs" }\n');
// executable, as npm's bin links make it on install: a rebuild writes a new file, and a bin link
// npx made before (its cache keeps the link) would otherwise meet "Permission denied"
chmodSync('dist/cli/bin.js', 0o755);
