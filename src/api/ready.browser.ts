import { addBackend, backendInfo } from '../backends/facade.js';
import { wasmBackend } from '../backends/wasm.js';
import { WasmMemory } from '../backends/wasmMemory.js';
import { workerHost } from '../backends/workerHost.js';
import { defaultThreads } from '../core/defaultThreads.js';
import type { ReadyInfo, ReadyOptions } from './ready.js';

let readying: Promise<ReadyInfo> | undefined;

/** ready() in a browser: see ready.ts for the contract. */
export function ready(options: ReadyOptions = {}): Promise<ReadyInfo> {
  return (readying ??= load(options));
}

async function load(options: ReadyOptions): Promise<ReadyInfo> {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  let wasmThreads = 1;
  try {
    const module = await compile(options.wasm ?? new URL(isolated ? 'tie-eval.wasm' : 'tie-eval.single.wasm', options.wasmBase ?? new URL('../wasm/', import.meta.url)));
    const memory = instantiate(module, isolated);
    const threads = options.threads ?? defaultThreads();
    if (memory.threads !== null && threads > 1) wasmThreads += await memory.threads.start(threads - 1);
    addBackend('wasm', () => wasmBackend(memory));
  } catch (e) {
    addBackend('wasm', () => {
      throw e;
    });
    // once (ready() loads once): a bundle that cannot fetch the module would else run on the
    // reference without a word, several times slower
    console.warn(
      `tie-eval: the WebAssembly backend did not load (${(e as Error).message}); the TypeScript reference serves, several times slower. Serve the package's wasm/tie-eval.single.wasm (and wasm/tie-eval.wasm for isolated pages) and give ready() its folder, ready({ wasmBase: new URL('/assets/', location.href) }), or the module itself, ready({ wasm }): see the package's docs/browser.md`,
    );
  }
  return { ...backendInfo(), wasmThreads };
}

/** The module from what ready() was given. */
async function compile(wasm: NonNullable<ReadyOptions['wasm']>): Promise<WebAssembly.Module> {
  if (wasm instanceof WebAssembly.Module) return wasm;
  if (wasm instanceof ArrayBuffer || wasm instanceof Uint8Array) return WebAssembly.compile(wasm);
  const response = wasm instanceof Response ? wasm : await fetch(wasm);
  if (!response.ok) throw new Error(`fetching ${response.url} gave HTTP ${response.status}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The module on shared memory with worker threads where the page is cross-origin isolated and
 * the module is the shared build, else on private memory in one thread.
 * @throws when a page that is not isolated was given the shared build
 */
function instantiate(module: WebAssembly.Module, isolated: boolean): WasmMemory {
  if (isolated) {
    try {
      return new WasmMemory(module, workerHost);
    } catch {
      // the single-thread build on an isolated page: it runs, in one thread
    }
  }
  try {
    return new WasmMemory(module, null);
  } catch (e) {
    throw new Error(`this page is not cross-origin isolated, so it cannot share memory: give ready() the single-thread build, wasm/tie-eval.single.wasm (${(e as Error).message})`, { cause: e });
  }
}
