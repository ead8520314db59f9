// `npm run build:web`: the web page (web/) bundled for browsers into web/dist/, with what it
// loads beside it: both WASM builds (ready() picks the one the page can use) and the example
// files its "Try the example" button fetches. Serve web/dist/ from any static host; with the
// headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy:
// require-corp the page is cross-origin isolated and evaluates on several threads.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { browserOptions } from './browserBuild.mjs';

rmSync('web/dist', { recursive: true, force: true });
mkdirSync('web/dist/examples', { recursive: true });
await build({ ...browserOptions, entryPoints: { app: 'web/main.ts' }, outdir: 'web/dist', minify: true });
copyFileSync('web/index.html', 'web/dist/index.html');
for (const wasm of ['tie-eval.wasm', 'tie-eval.single.wasm']) copyFileSync(`wasm/${wasm}`, `web/dist/${wasm}`);
for (const example of ['qrels.txt', 'run.txt']) copyFileSync(`examples/${example}`, `web/dist/examples/${example}`);
console.log('built the page into web/dist/: npm run serve:web serves it (cross-origin isolated, several threads) and prints its address');
