import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/packageRoot.js';
import type { Backend, BackendName } from './backend.js';
import { loadNativeBackend } from './native.js';
import { wasmBackend } from './wasm.js';
import { WasmMemory } from './wasmMemory.js';
import { workerHost } from './workerHost.js';

/** Where `npm run build` (asc, asconfig.json) writes the module: <package>/wasm/tie-eval.wasm (node-gyp owns build/). */
export const wasmPath = (): string => join(packageRoot(), 'wasm/tie-eval.wasm');

/**
 * Loads the WASM backend synchronously (the module is small enough to compile on the main
 * thread), with Node's worker threads. Throws when wasm/tie-eval.wasm is missing or does not load.
 */
export function loadWasmBackend(path: string = wasmPath()): Backend {
  return wasmBackend(new WasmMemory(new WebAssembly.Module(readFileSync(path)), workerHost));
}

/** The backends the facade loads at start, synchronously, in order of preference (the reference is always there). */
export const LOADERS: readonly (readonly [BackendName, () => Backend])[] = [
  ['native', () => loadNativeBackend()],
  ['wasm', () => loadWasmBackend()],
];
